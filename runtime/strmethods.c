/* strmethods.c — the methods of str, with CPython 3.11's results and
 * messages: searching (find, count, startswith...), splitting and joining,
 * stripping and padding, case mapping and the character-class predicates.
 *
 * Positions in the Python API are code point indexes; the text is UTF-8.
 * Searches clamp their bounds as CPython's ADJUST_INDICES does, convert
 * them to byte offsets once, search bytes (UTF-8 matches only whole
 * characters), and convert a hit back. ASCII strs take byte-at-a-time fast
 * paths; the rest decode code points and ask unicode.c.
 *
 * Case mapping is CPython's: full mappings (one character can become up to
 * three), title case for the first letter of capitalize() and title(), and
 * the final-sigma rule in lower(), capitalize(), title() and swapcase().
 */
#include "core_impl.h"
#include "platform.h"

#include <inttypes.h>
#include <string.h>

#define S(o) ((KrStr *)(o))

static KrObj *self_ref(KrObj *s) {
  kr_incref(s);
  return s;
}

/* CPython's ADJUST_INDICES: start and end (with `has`'s defaults 0 and
 * the end) clamped into [0, len], start possibly past end. */
static void adjust(int64_t len, int64_t *start, int64_t *end, int has) {
  int64_t a = has & 1 ? *start : 0, b = has & 2 ? *end : INT64_MAX;
  if (b > len)
    b = len;
  else if (b < 0 && (b += len) < 0)
    b = 0;
  if (a < 0 && (a += len) < 0)
    a = 0;
  *start = a;
  *end = b;
}

/* The last occurrence of needle in hay[0, n), or NULL. */
static const char *memrmem(const char *hay, int64_t n, const char *needle, int64_t m) {
  if (m == 0)
    return hay + n;
  for (int64_t i = n - m; i >= 0; i--) {
    const char *p = memrchr(hay, needle[0], (size_t)(i + 1));
    if (!p)
      return NULL;
    i = p - hay;
    if (memcmp(p, needle, (size_t)m) == 0)
      return p;
  }
  return NULL;
}

/* ---- searching */

static int64_t find_impl(KrObj *s, KrObj *sub, int64_t start, int64_t end, int has, bool reverse) {
  adjust(S(s)->nchars, &start, &end, has);
  if (end - start < S(sub)->nchars)
    return -1;
  if (S(sub)->len == 0)
    return reverse ? end : start;
  int64_t a = kr_str_offset(s, start), b = kr_str_offset(s, end);
  const char *hit = reverse ? memrmem(S(s)->data + a, b - a, S(sub)->data, S(sub)->len)
                            : memmem(S(s)->data + a, (size_t)(b - a), S(sub)->data, (size_t)S(sub)->len);
  if (!hit)
    return -1;
  return kr_str_char_index(s, hit - S(s)->data);
}

int64_t kr_str_find(KrObj *s, KrObj *sub, int64_t start, int64_t end, int has) {
  return find_impl(s, sub, start, end, has, false);
}

int64_t kr_str_rfind(KrObj *s, KrObj *sub, int64_t start, int64_t end, int has) {
  return find_impl(s, sub, start, end, has, true);
}

int64_t kr_str_index(KrObj *s, KrObj *sub, int64_t start, int64_t end, int has) {
  int64_t i = find_impl(s, sub, start, end, has, false);
  if (i < 0)
    kr_raise(&kr_ValueError_type, "substring not found");
  return i;
}

int64_t kr_str_rindex(KrObj *s, KrObj *sub, int64_t start, int64_t end, int has) {
  int64_t i = find_impl(s, sub, start, end, has, true);
  if (i < 0)
    kr_raise(&kr_ValueError_type, "substring not found");
  return i;
}

int64_t kr_str_count(KrObj *s, KrObj *sub, int64_t start, int64_t end, int has) {
  adjust(S(s)->nchars, &start, &end, has);
  if (end - start < S(sub)->nchars)
    return 0;
  if (S(sub)->len == 0)
    return end - start + 1;
  int64_t a = kr_str_offset(s, start), b = kr_str_offset(s, end);
  const char *p = S(s)->data + a, *stop = S(s)->data + b;
  int64_t m = S(sub)->len, count = 0;
  while (stop - p >= m) {
    const char *hit = memmem(p, (size_t)(stop - p), S(sub)->data, (size_t)m);
    if (!hit)
      break;
    count++;
    p = hit + m;
  }
  return count;
}

/* CPython's tailmatch: does s[start:end] start (or end) with sub? */
static bool tailmatch(KrObj *s, KrObj *sub, int64_t start, int64_t end, int has, bool at_end) {
  adjust(S(s)->nchars, &start, &end, has);
  end -= S(sub)->nchars;
  if (end < start)
    return false;
  if (S(sub)->len == 0)
    return true;
  int64_t at = kr_str_offset(s, at_end ? end : start);
  return S(s)->len - at >= S(sub)->len && memcmp(S(s)->data + at, S(sub)->data, (size_t)S(sub)->len) == 0;
}

int kr_str_startswith(KrObj *s, KrObj **prefixes, int64_t n, int64_t start, int64_t end, int has) {
  for (int64_t i = 0; i < n; i++) {
    if (prefixes[i]->type != &kr_str_type) {
      kr_raise(&kr_TypeError_type, "tuple for startswith must only contain str, not %s", prefixes[i]->type->name);
      return -1;
    }
    if (tailmatch(s, prefixes[i], start, end, has, false))
      return 1;
  }
  return 0;
}

int kr_str_endswith(KrObj *s, KrObj **suffixes, int64_t n, int64_t start, int64_t end, int has) {
  for (int64_t i = 0; i < n; i++) {
    if (suffixes[i]->type != &kr_str_type) {
      kr_raise(&kr_TypeError_type, "tuple for endswith must only contain str, not %s", suffixes[i]->type->name);
      return -1;
    }
    if (tailmatch(s, suffixes[i], start, end, has, true))
      return 1;
  }
  return 0;
}

KrObj *kr_str_removeprefix(KrObj *s, KrObj *prefix) {
  int64_t m = S(prefix)->len;
  if (m > 0 && S(s)->len >= m && memcmp(S(s)->data, S(prefix)->data, (size_t)m) == 0)
    return kr_str_sub(s, S(s)->data + m, S(s)->len - m);
  return self_ref(s);
}

KrObj *kr_str_removesuffix(KrObj *s, KrObj *suffix) {
  int64_t m = S(suffix)->len, n = S(s)->len;
  if (m > 0 && n >= m && memcmp(S(s)->data + n - m, S(suffix)->data, (size_t)m) == 0)
    return kr_str_sub(s, S(s)->data, n - m);
  return self_ref(s);
}

/* ---- replace, join, partition */

KrObj *kr_str_replace(KrObj *s, KrObj *old, KrObj *new_, int64_t count) {
  if (count < 0)
    count = INT64_MAX;
  if (count == 0)
    return self_ref(s);
  const char *d = S(s)->data;
  int64_t n = S(s)->len, m = S(old)->len;
  KrBuf b;
  if (m == 0) { /* new before every character and at the end, count times */
    if (S(new_)->len == 0)
      return self_ref(s);
    kr_buf_init(&b, n + S(new_)->len * (S(s)->nchars + 1));
    int64_t i = 0;
    while (count > 0) {
      kr_buf_puts(&b, new_);
      count--;
      if (i >= n)
        break;
      int64_t at = i;
      u8_next(d, &i);
      kr_buf_put(&b, d + at, i - at);
    }
    kr_buf_put(&b, d + i, n - i);
    return kr_buf_finish(&b);
  }
  const char *hit = memmem(d, (size_t)n, S(old)->data, (size_t)m);
  if (!hit)
    return self_ref(s);
  kr_buf_init(&b, n);
  const char *p = d, *end = d + n;
  while (hit && count > 0) {
    kr_buf_put(&b, p, hit - p);
    kr_buf_puts(&b, new_);
    p = hit + m;
    count--;
    hit = memmem(p, (size_t)(end - p), S(old)->data, (size_t)m);
  }
  kr_buf_put(&b, p, end - p);
  return kr_buf_finish(&b);
}

KrObj *kr_str_join(KrObj *sep, KrObj **items, int64_t n) {
  for (int64_t i = 0; i < n; i++)
    if (items[i]->type != &kr_str_type)
      return kr_raise(&kr_TypeError_type, "sequence item %" PRId64 ": expected str instance, %s found", i,
                      items[i]->type->name);
  if (n == 0)
    return kr_str_empty();
  if (n == 1)
    return self_ref(items[0]);
  int64_t total = S(sep)->len * (n - 1), nchars = S(sep)->nchars * (n - 1);
  bool ascii = S(sep)->ascii;
  for (int64_t i = 0; i < n; i++) {
    total += S(items[i])->len;
    nchars += S(items[i])->nchars;
    ascii &= S(items[i])->ascii;
  }
  KrObj *r = kr_str_alloc(total);
  if (!r)
    return NULL;
  char *d = S(r)->data;
  for (int64_t i = 0; i < n; i++) {
    if (i) {
      kr_copy_bytes(d, S(sep)->data, S(sep)->len);
      d += S(sep)->len;
    }
    kr_copy_bytes(d, S(items[i])->data, S(items[i])->len);
    d += S(items[i])->len;
  }
  return kr_str_seal_known(r, nchars, ascii);
}

static int partition_impl(KrObj *s, KrObj *sep, KrObj *out[3], bool reverse) {
  out[0] = out[1] = out[2] = NULL;
  if (S(sep)->len == 0) {
    kr_raise(&kr_ValueError_type, "empty separator");
    return -1;
  }
  const char *d = S(s)->data;
  int64_t n = S(s)->len, m = S(sep)->len;
  const char *hit = reverse ? memrmem(d, n, S(sep)->data, m) : memmem(d, (size_t)n, S(sep)->data, (size_t)m);
  if (!hit) {
    out[reverse ? 2 : 0] = self_ref(s);
    out[1] = kr_str_empty();
    out[reverse ? 0 : 2] = kr_str_empty();
    return 0;
  }
  out[0] = kr_str_sub(s, d, hit - d);
  out[1] = self_ref(sep);
  out[2] = out[0] ? kr_str_sub(s, hit + m, d + n - hit - m) : NULL;
  if (!out[2]) {
    kr_xdecref(out[0]);
    kr_decref(out[1]);
    out[0] = out[1] = NULL;
    return -1;
  }
  return 0;
}

int kr_str_partition(KrObj *s, KrObj *sep, KrObj *out[3]) { return partition_impl(s, sep, out, false); }
int kr_str_rpartition(KrObj *s, KrObj *sep, KrObj *out[3]) { return partition_impl(s, sep, out, true); }

/* ---- split */

/* A growing array of new strs, the pieces of one str. */
typedef struct Parts {
  KrObj **items;
  int64_t n, cap;
  bool failed;
  bool ascii; /* the str split is ASCII, so are its pieces */
} Parts;

static void parts_add(Parts *p, KrObj *s) {
  if (p->failed || !s) {
    p->failed = true;
    kr_xdecref(s);
    return;
  }
  if (p->n == p->cap) {
    int64_t cap = p->cap ? p->cap * 2 : 8;
    KrObj **items = kr_realloc(p->items, (size_t)cap * sizeof *items);
    if (!items) {
      p->failed = true;
      kr_decref(s);
      return;
    }
    p->items = items;
    p->cap = cap;
  }
  p->items[p->n++] = s;
}

static void parts_add_bytes(Parts *p, const char *d, int64_t n) {
  if (!p->failed)
    parts_add(p, p->ascii ? kr_str_new_ascii(d, n) : kr_str_new(d, n));
}

static void parts_reverse(Parts *p) {
  for (int64_t i = 0, j = p->n - 1; i < j; i++, j--) {
    KrObj *t = p->items[i];
    p->items[i] = p->items[j];
    p->items[j] = t;
  }
}

static int64_t parts_done(Parts *p, KrObj ***out) {
  if (p->failed) {
    for (int64_t i = 0; i < p->n; i++)
      kr_decref(p->items[i]);
    kr_free(p->items);
    *out = NULL;
    return -1;
  }
  if (!p->items) { /* an empty result still gets an array */
    p->items = kr_alloc(sizeof(KrObj *));
    if (!p->items) {
      *out = NULL;
      return -1;
    }
  }
  *out = p->items;
  return p->n;
}

/* Is the code point at d[i] whitespace? Sets *next past it. */
static bool space_at(const char *d, int64_t i, int64_t *next) {
  unsigned char c = (unsigned char)d[i];
  if (c < 0x80) {
    *next = i + 1;
    return ascii_space(c);
  }
  *next = i;
  return uni_isspace(u8_next(d, next));
}

int64_t kr_str_split(KrObj *s, KrObj *sep, int64_t maxsplit, KrObj ***out) {
  Parts p = {.ascii = S(s)->ascii};
  const char *d = S(s)->data;
  int64_t n = S(s)->len;
  if (maxsplit < 0)
    maxsplit = INT64_MAX;
  if (!sep && S(s)->ascii) { /* the same, a byte at a time */
    int64_t i = 0;
    while (maxsplit-- > 0) {
      while (i < n && ascii_space((unsigned char)d[i]))
        i++;
      if (i == n)
        break;
      int64_t j = i;
      while (i < n && !ascii_space((unsigned char)d[i]))
        i++;
      parts_add_bytes(&p, d + j, i - j);
    }
    if (i < n) {
      while (i < n && ascii_space((unsigned char)d[i]))
        i++;
      if (i < n)
        parts_add_bytes(&p, d + i, n - i);
    }
    return parts_done(&p, out);
  }
  if (!sep) {
    int64_t i = 0, nx;
    while (maxsplit-- > 0) {
      while (i < n && space_at(d, i, &nx))
        i = nx;
      if (i == n)
        break;
      int64_t j = i;
      space_at(d, i, &nx);
      i = nx;
      while (i < n && !space_at(d, i, &nx))
        i = nx;
      parts_add_bytes(&p, d + j, i - j);
    }
    if (i < n) {
      while (i < n && space_at(d, i, &nx))
        i = nx;
      if (i < n)
        parts_add_bytes(&p, d + i, n - i);
    }
    return parts_done(&p, out);
  }
  int64_t m = S(sep)->len;
  if (m == 0) {
    *out = NULL;
    kr_raise(&kr_ValueError_type, "empty separator");
    return -1;
  }
  const char *q = d, *end = d + n;
  while (maxsplit-- > 0) {
    const char *hit = memmem(q, (size_t)(end - q), S(sep)->data, (size_t)m);
    if (!hit)
      break;
    parts_add_bytes(&p, q, hit - q);
    q = hit + m;
  }
  if (q == d && !p.failed)
    parts_add(&p, self_ref(s));
  else
    parts_add_bytes(&p, q, end - q);
  return parts_done(&p, out);
}

/* Is the code point before d[i] whitespace? Sets *prev to its start. */
static bool space_before(const char *d, int64_t i, int64_t *prev) {
  unsigned char c = (unsigned char)d[i - 1];
  if (c < 0x80) {
    *prev = i - 1;
    return ascii_space(c);
  }
  *prev = i;
  return uni_isspace(u8_prev(d, prev));
}

int64_t kr_str_rsplit(KrObj *s, KrObj *sep, int64_t maxsplit, KrObj ***out) {
  Parts p = {.ascii = S(s)->ascii};
  const char *d = S(s)->data;
  int64_t n = S(s)->len;
  if (maxsplit < 0)
    maxsplit = INT64_MAX;
  if (!sep) {
    int64_t i = n, pv; /* i: the end of the unread text */
    while (maxsplit-- > 0) {
      while (i > 0 && space_before(d, i, &pv))
        i = pv;
      if (i == 0)
        break;
      int64_t j = i;
      space_before(d, i, &pv);
      i = pv;
      while (i > 0 && !space_before(d, i, &pv))
        i = pv;
      parts_add_bytes(&p, d + i, j - i);
    }
    if (i > 0) {
      while (i > 0 && space_before(d, i, &pv))
        i = pv;
      if (i > 0)
        parts_add_bytes(&p, d, i);
    }
    parts_reverse(&p);
    return parts_done(&p, out);
  }
  int64_t m = S(sep)->len;
  if (m == 0) {
    *out = NULL;
    kr_raise(&kr_ValueError_type, "empty separator");
    return -1;
  }
  int64_t e = n; /* the end of the unread text */
  while (maxsplit-- > 0) {
    const char *hit = memrmem(d, e, S(sep)->data, m);
    if (!hit)
      break;
    parts_add_bytes(&p, hit + m, d + e - hit - m);
    e = hit - d;
  }
  if (e == n && !p.failed)
    parts_add(&p, self_ref(s));
  else
    parts_add_bytes(&p, d, e);
  parts_reverse(&p);
  return parts_done(&p, out);
}

/* A line break for splitlines: \n \r \v \f \x1c \x1d \x1e \x85 \u2028
 * \u2029. Sets *next past it. */
static bool linebreak_at(const char *d, int64_t i, int64_t *next) {
  unsigned char c = (unsigned char)d[i];
  if (c < 0x80) {
    *next = i + 1;
    return (c >= 0x0A && c <= 0x0D) || (c >= 0x1C && c <= 0x1E);
  }
  *next = i;
  uint32_t cp = u8_next(d, next);
  return cp == 0x85 || cp == 0x2028 || cp == 0x2029;
}

int64_t kr_str_splitlines(KrObj *s, bool keepends, KrObj ***out) {
  Parts p = {.ascii = S(s)->ascii};
  const char *d = S(s)->data;
  int64_t n = S(s)->len;
  for (int64_t i = 0, j = 0, nx = 0; i < n;) {
    while (i < n && !linebreak_at(d, i, &nx))
      i = nx;
    int64_t eol = i;
    if (i < n) {
      if (d[i] == '\r' && i + 1 < n && d[i + 1] == '\n')
        i += 2;
      else
        i = nx;
      if (keepends)
        eol = i;
    }
    if (j == 0 && eol == n && !p.failed)
      parts_add(&p, self_ref(s));
    else
      parts_add_bytes(&p, d + j, eol - j);
    j = i;
  }
  return parts_done(&p, out);
}

/* ---- strip */

/* Is cp one of chars' characters (whitespace when chars is NULL)? */
static bool strip_char(KrObj *chars, uint32_t cp) {
  if (!chars)
    return cp < 0x80 ? ascii_space(cp) : uni_isspace(cp);
  if (cp < 0x80)
    return memchr(S(chars)->data, (int)cp, (size_t)S(chars)->len) != NULL;
  char t[4];
  int k = u8_encode(cp, t);
  return memmem(S(chars)->data, (size_t)S(chars)->len, t, (size_t)k) != NULL;
}

/* The bit set of the ASCII characters of the last constant (immortal, so
 * never freed and never another str at the same address) strip was given:
 * a loop's s.strip(".,;") makes it once. */
static _Thread_local const KrObj *strip_chars;
static _Thread_local uint64_t strip_set[2];

static KrObj *strip_impl(KrObj *s, KrObj *chars, bool left, bool right) {
  const char *d = S(s)->data;
  int64_t a = 0, b = S(s)->len;
  if (S(s)->ascii) { /* a byte at a time, against a bit set of the ASCII characters to strip */
    uint64_t set[2] = {0, 0};
    if (chars && chars == strip_chars) {
      set[0] = strip_set[0], set[1] = strip_set[1];
    } else if (chars) { /* (its non-ASCII characters cannot occur in s) */
      for (int64_t i = 0; i < S(chars)->len; i++) {
        unsigned char c = (unsigned char)S(chars)->data[i];
        if (c < 0x80)
          set[c >> 6] |= 1ull << (c & 63);
      }
      if (chars->rc < 0) {
        strip_chars = chars;
        strip_set[0] = set[0], strip_set[1] = set[1];
      }
    } else { /* ascii_space: \t..\r, \x1c..\x1f, ' ' */
      set[0] = (0x1Full << 0x09) | (0xFull << 0x1C) | (1ull << ' ');
    }
#define IN_SET(c) ((set[(c) >> 6] >> ((c) & 63)) & 1)
    if (left)
      while (a < b && IN_SET((unsigned char)d[a]))
        a++;
    if (right)
      while (b > a && IN_SET((unsigned char)d[b - 1]))
        b--;
#undef IN_SET
  } else {
    if (left)
      while (a < b) {
        int64_t nx = a;
        if (!strip_char(chars, u8_next(d, &nx)))
          break;
        a = nx;
      }
    if (right)
      while (b > a) {
        int64_t pv = b;
        if (!strip_char(chars, u8_prev(d, &pv)))
          break;
        b = pv;
      }
  }
  if (a == 0 && b == S(s)->len)
    return self_ref(s);
  return kr_str_sub(s, d + a, b - a);
}

KrObj *kr_str_strip(KrObj *s, KrObj *chars) { return strip_impl(s, chars, true, true); }
KrObj *kr_str_lstrip(KrObj *s, KrObj *chars) { return strip_impl(s, chars, true, false); }
KrObj *kr_str_rstrip(KrObj *s, KrObj *chars) { return strip_impl(s, chars, false, true); }

/* ---- padding */

static int fill_char(KrObj *fill, uint32_t *cp) {
  if (!fill) {
    *cp = ' ';
    return 0;
  }
  if (S(fill)->nchars != 1) {
    kr_raise(&kr_TypeError_type, "The fill character must be exactly one character long");
    return -1;
  }
  int64_t i = 0;
  *cp = u8_next(S(fill)->data, &i);
  return 0;
}

static KrObj *pad(KrObj *s, int64_t left, int64_t right, uint32_t fill) {
  if (left > INT64_MAX / 8 || right > INT64_MAX / 8)
    return kr_raise_nomem();
  KrBuf b;
  kr_buf_init(&b, S(s)->len + (left + right) * u8_len(fill));
  kr_buf_fill(&b, fill, left);
  kr_buf_puts(&b, s);
  kr_buf_fill(&b, fill, right);
  return kr_buf_finish(&b);
}

KrObj *kr_str_center(KrObj *s, int64_t width, KrObj *fill) {
  uint32_t f;
  if (fill_char(fill, &f) < 0)
    return NULL;
  if (width <= S(s)->nchars)
    return self_ref(s);
  int64_t marg = width - S(s)->nchars;
  int64_t left = marg / 2 + (marg & width & 1);
  return pad(s, left, marg - left, f);
}

KrObj *kr_str_ljust(KrObj *s, int64_t width, KrObj *fill) {
  uint32_t f;
  if (fill_char(fill, &f) < 0)
    return NULL;
  if (width <= S(s)->nchars)
    return self_ref(s);
  return pad(s, 0, width - S(s)->nchars, f);
}

KrObj *kr_str_rjust(KrObj *s, int64_t width, KrObj *fill) {
  uint32_t f;
  if (fill_char(fill, &f) < 0)
    return NULL;
  if (width <= S(s)->nchars)
    return self_ref(s);
  return pad(s, width - S(s)->nchars, 0, f);
}

KrObj *kr_str_zfill(KrObj *s, int64_t width) {
  if (width <= S(s)->nchars)
    return self_ref(s);
  int64_t fill = width - S(s)->nchars;
  KrBuf b;
  kr_buf_init(&b, S(s)->len + fill);
  const char *d = S(s)->data;
  int64_t skip = 0;
  if (S(s)->len > 0 && (d[0] == '+' || d[0] == '-')) { /* the sign stays in front */
    kr_buf_putc(&b, d[0]);
    skip = 1;
  }
  kr_buf_fill(&b, '0', fill);
  kr_buf_put(&b, d + skip, S(s)->len - skip);
  return kr_buf_finish(&b);
}

KrObj *kr_str_expandtabs(KrObj *s, int64_t tabsize) {
  if (tabsize > INT32_MAX || tabsize < INT32_MIN) /* CPython takes a C int */
    return kr_raise(&kr_OverflowError_type, "Python int too large to convert to C int");
  const char *d = S(s)->data;
  int64_t n = S(s)->len;
  if (!memchr(d, '\t', (size_t)n))
    return self_ref(s);
  KrBuf b;
  kr_buf_init(&b, n + 16);
  int64_t col = 0;
  for (int64_t i = 0; i < n;) {
    int64_t at = i;
    uint32_t cp = u8_next(d, &i);
    if (cp == '\t') {
      if (tabsize > 0) {
        int64_t incr = tabsize - col % tabsize;
        if (incr > INT64_MAX - col) {
          kr_buf_discard(&b);
          return kr_raise(&kr_OverflowError_type, "new string is too long");
        }
        col += incr;
        if (kr_buf_fill(&b, ' ', incr) < 0)
          break;
      }
    } else {
      col++;
      kr_buf_put(&b, d + at, i - at);
      if (cp == '\n' || cp == '\r')
        col = 0;
    }
  }
  return kr_buf_finish(&b);
}

/* ---- case mapping */

/* CPython's handle_capital_sigma: the Σ at byte i (of n) is final when a
 * cased letter precedes it and none follows, case-ignorable characters
 * skipped both ways. */
static uint32_t sigma_at(const char *d, int64_t n, int64_t i, int64_t next) {
  int64_t j = i;
  uint32_t c = 0;
  bool found = false;
  while (j > 0) {
    c = u8_prev(d, &j);
    if (!uni_iscase_ignorable(c)) {
      found = true;
      break;
    }
  }
  bool final = found && uni_iscased(c);
  if (final) {
    j = next;
    while (j < n) {
      c = u8_next(d, &j);
      if (!uni_iscase_ignorable(c)) {
        final = !uni_iscased(c);
        break;
      }
    }
  }
  return final ? 0x3C2 : 0x3C3;
}

static void put_mapped(KrBuf *b, const uint32_t *m, int k) {
  for (int i = 0; i < k; i++)
    kr_buf_putcp(b, m[i]);
}

/* The lowercase of the code point at d[at..next) into b (sigma aware). */
static void put_lower(KrBuf *b, const char *d, int64_t n, int64_t at, int64_t next, uint32_t cp) {
  if (cp == 0x3A3) {
    kr_buf_putcp(b, sigma_at(d, n, at, next));
    return;
  }
  uint32_t m[3];
  put_mapped(b, m, uni_lower(cp, m));
}

/* ASCII strs: a byte at a time (mode: l lower, u upper, s swapcase, c
 * capitalize, t title). */
static KrObj *ascii_map(KrObj *s, int mode) {
  KrObj *r = kr_str_alloc(S(s)->len);
  if (!r)
    return NULL;
  const char *d = S(s)->data;
  char *o = S(r)->data;
  int64_t n = S(s)->len;
  if (mode == 'l' || mode == 'u') { /* lower() and upper(): the common two, a loop of their own */
    unsigned char lo = mode == 'l' ? 'A' : 'a';
    for (int64_t i = 0; i < n; i++) {
      unsigned char c = (unsigned char)d[i];
      o[i] = (char)((unsigned)(c - lo) < 26u ? c ^ 0x20 : c);
    }
    return kr_str_seal_known(r, n, true);
  }
  bool prev_cased = false;
  for (int64_t i = 0; i < n; i++) {
    char c = d[i];
    bool up = c >= 'A' && c <= 'Z', lo = c >= 'a' && c <= 'z';
    switch (mode) {
    case 's': o[i] = up ? (char)(c + 32) : lo ? (char)(c - 32) : c; break;
    case 'c': o[i] = i == 0 ? (lo ? (char)(c - 32) : c) : (up ? (char)(c + 32) : c); break;
    case 't':
      o[i] = prev_cased ? (up ? (char)(c + 32) : c) : (lo ? (char)(c - 32) : c);
      prev_cased = up || lo;
      break;
    }
  }
  return kr_str_seal_known(r, S(s)->len, true);
}

KrObj *kr_str_lower(KrObj *s) {
  if (S(s)->ascii)
    return ascii_map(s, 'l');
  const char *d = S(s)->data;
  int64_t n = S(s)->len;
  KrBuf b;
  kr_buf_init(&b, n);
  for (int64_t i = 0; i < n;) {
    int64_t at = i;
    uint32_t cp = u8_next(d, &i);
    put_lower(&b, d, n, at, i, cp);
  }
  return kr_buf_finish(&b);
}

static KrObj *map_each(KrObj *s, int (*map)(uint32_t, uint32_t[3])) {
  const char *d = S(s)->data;
  int64_t n = S(s)->len;
  KrBuf b;
  kr_buf_init(&b, n);
  uint32_t m[3];
  for (int64_t i = 0; i < n;)
    put_mapped(&b, m, map(u8_next(d, &i), m));
  return kr_buf_finish(&b);
}

KrObj *kr_str_upper(KrObj *s) { return S(s)->ascii ? ascii_map(s, 'u') : map_each(s, uni_upper); }
KrObj *kr_str_casefold(KrObj *s) { return S(s)->ascii ? ascii_map(s, 'l') : map_each(s, uni_fold); }

KrObj *kr_str_swapcase(KrObj *s) {
  if (S(s)->ascii)
    return ascii_map(s, 's');
  const char *d = S(s)->data;
  int64_t n = S(s)->len;
  KrBuf b;
  kr_buf_init(&b, n);
  uint32_t m[3];
  for (int64_t i = 0; i < n;) {
    int64_t at = i;
    uint32_t cp = u8_next(d, &i);
    if (uni_isupper(cp))
      put_lower(&b, d, n, at, i, cp);
    else if (uni_islower(cp))
      put_mapped(&b, m, uni_upper(cp, m));
    else
      kr_buf_putcp(&b, cp);
  }
  return kr_buf_finish(&b);
}

KrObj *kr_str_capitalize(KrObj *s) {
  if (S(s)->ascii)
    return ascii_map(s, 'c');
  const char *d = S(s)->data;
  int64_t n = S(s)->len;
  KrBuf b;
  kr_buf_init(&b, n);
  uint32_t m[3];
  for (int64_t i = 0; i < n;) {
    int64_t at = i;
    uint32_t cp = u8_next(d, &i);
    if (at == 0)
      put_mapped(&b, m, uni_title(cp, m));
    else
      put_lower(&b, d, n, at, i, cp);
  }
  return kr_buf_finish(&b);
}

KrObj *kr_str_title(KrObj *s) {
  if (S(s)->ascii)
    return ascii_map(s, 't');
  const char *d = S(s)->data;
  int64_t n = S(s)->len;
  KrBuf b;
  kr_buf_init(&b, n);
  uint32_t m[3];
  bool prev_cased = false;
  for (int64_t i = 0; i < n;) {
    int64_t at = i;
    uint32_t cp = u8_next(d, &i);
    if (prev_cased)
      put_lower(&b, d, n, at, i, cp);
    else
      put_mapped(&b, m, uni_title(cp, m));
    prev_cased = uni_iscased(cp);
  }
  return kr_buf_finish(&b);
}

/* ---- predicates */

/* Every character satisfies pred, and there is at least one. */
static int all_chars(KrObj *s, bool (*pred)(uint32_t)) {
  const char *d = S(s)->data;
  int64_t n = S(s)->len;
  if (n == 0)
    return 0;
  for (int64_t i = 0; i < n;)
    if (!pred(u8_next(d, &i)))
      return 0;
  return 1;
}

static bool isalnum_cp(uint32_t cp) {
  return uni_isalpha(cp) || uni_isdecimal(cp) || uni_isdigit(cp) || uni_isnumeric(cp);
}

int kr_str_isalnum(KrObj *s) { return all_chars(s, isalnum_cp); }
int kr_str_isalpha(KrObj *s) { return all_chars(s, uni_isalpha); }
int kr_str_isascii(KrObj *s) { return S(s)->ascii; }
int kr_str_isdecimal(KrObj *s) { return all_chars(s, uni_isdecimal); }
int kr_str_isdigit(KrObj *s) { return all_chars(s, uni_isdigit); }
int kr_str_isnumeric(KrObj *s) { return all_chars(s, uni_isnumeric); }
int kr_str_isspace(KrObj *s) { return all_chars(s, uni_isspace); }
int kr_str_isprintable(KrObj *s) { return S(s)->len == 0 || all_chars(s, uni_isprintable); }

int kr_str_isidentifier(KrObj *s) {
  const char *d = S(s)->data;
  int64_t n = S(s)->len;
  if (n == 0)
    return 0;
  int64_t i = 0;
  uint32_t first = u8_next(d, &i);
  if (first != '_' && !uni_isxid_start(first))
    return 0;
  while (i < n)
    if (!uni_isxid_continue(u8_next(d, &i)))
      return 0;
  return 1;
}

int kr_str_islower(KrObj *s) {
  const char *d = S(s)->data;
  bool cased = false;
  for (int64_t i = 0; i < S(s)->len;) {
    uint32_t cp = u8_next(d, &i);
    if (uni_isupper(cp) || uni_istitle(cp))
      return 0;
    cased |= uni_islower(cp);
  }
  return cased;
}

int kr_str_isupper(KrObj *s) {
  const char *d = S(s)->data;
  bool cased = false;
  for (int64_t i = 0; i < S(s)->len;) {
    uint32_t cp = u8_next(d, &i);
    if (uni_islower(cp) || uni_istitle(cp))
      return 0;
    cased |= uni_isupper(cp);
  }
  return cased;
}

int kr_str_istitle(KrObj *s) {
  const char *d = S(s)->data;
  bool cased = false, prev_cased = false;
  for (int64_t i = 0; i < S(s)->len;) {
    uint32_t cp = u8_next(d, &i);
    if (uni_isupper(cp) || uni_istitle(cp)) {
      if (prev_cased)
        return 0;
      prev_cased = cased = true;
    } else if (uni_islower(cp)) {
      if (!prev_cased)
        return 0;
      prev_cased = cased = true;
    } else {
      prev_cased = false;
    }
  }
  return cased;
}
