/* str.c — the str type: creation, the builder, indexing and slicing,
 * comparison, hashing, repr, and the printf-style formatter behind
 * kr_raise and kr_str_from_fmt. The methods are in strmethods.c.
 *
 * Representation. A str is WTF-8 text in one block after its header: UTF-8
 * in which a lone surrogate (CPython's str may hold one) is encoded on its
 * own in three bytes; a surrogate pair stays two code points, as in
 * CPython. Byte order is code point order, so comparison is memcmp, and a
 * byte search finds only whole characters, so substring search is memmem.
 *
 * Indexing. An ascii str maps code point i to byte i. A non-ascii one of
 * more than KR_STR_STRIDE code points carries, after its text in the same
 * block, the byte offset of every KR_STR_STRIDE-th code point, built when
 * the str is made (it is immutable), so s[i] walks at most that many code
 * points and a loop over indexes stays linear.
 *
 * Bookkeeping. A str's code point count and ASCII flag are set when it is
 * made: from the operands where the operation knows them (a concatenation,
 * a repeat, a join, a piece of an ASCII str, a builder that saw only ASCII
 * text), else by a scan of the text, eight bytes at a time.
 *
 * Constants and one-character ASCII strs are immortal: made once, shared,
 * never counted as live objects. Every one-character str of U+0000..U+00FF
 * made here (a constant, a piece of a split, s[i], a slice) is the shared
 * one, as CPython shares its one-character Latin-1 strs.
 */
#include "core_impl.h"
#include "platform.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEADER offsetof(KrStr, data)

/* The shared strs of U+0080..U+00FF (those of ASCII: kr_str_ascii_chars,
 * in the public header), made at start-up (init_strs). */
static KrObj *latin1_chars[128];

static KrObj *str_repr_slot(KrObj *self) { return kr_str_repr(self); }
static KrObj *str_str_slot(KrObj *self) {
  kr_incref(self);
  return self;
}
static int64_t str_hash_slot(KrObj *self) { return kr_str_hash(self); }
static int str_eq_slot(KrObj *self, KrObj *other) {
  return other->type == &kr_str_type && kr_str_eq(self, other);
}
static int str_cmp_slot(KrObj *self, KrObj *other, int op) {
  if (other->type != &kr_str_type)
    return -2;
  int c = kr_str_cmp(self, other);
  switch (op) {
  case KR_LT: return c < 0;
  case KR_LE: return c <= 0;
  case KR_GT: return c > 0;
  case KR_GE: return c >= 0;
  case KR_EQ: return c == 0;
  default: return c != 0;
  }
}
static int64_t str_len_slot(KrObj *self) { return ((KrStr *)self)->nchars; }

const KrType kr_str_type = {
    .name = "str",
    .repr = str_repr_slot,
    .str = str_str_slot,
    .hash = str_hash_slot,
    .eq = str_eq_slot,
    .cmp = str_cmp_slot,
    .len = str_len_slot,
};

/* ---- making strs */

KrObj *kr_str_alloc(int64_t nbytes) {
  if (nbytes < 0 || (uint64_t)nbytes > (uint64_t)INT64_MAX / 2)
    return kr_raise_nomem();
  /* the text is not zeroed: the caller writes all of it */
  KrStr *s = (KrStr *)kr_obj_new_uninit(&kr_str_type, HEADER + (size_t)nbytes + 1);
  if (!s)
    return NULL;
  s->len = nbytes;
  s->nchars = 0;
  s->hash = -1;
  s->ascii = false;
  s->cursor = 0;
  s->index = NULL;
  return &s->h;
}

/* The index's place in the block: after the text and its NUL, aligned. */
static size_t index_at(int64_t len) { return (HEADER + (size_t)len + 1 + 7) & ~(size_t)7; }

/* Eight bytes at a time: a word's bytes that are >= 0x80 have bit 7 set in
 * w & HI, and its continuation bytes (10xxxxxx) in w & ~(w << 1) & HI. */
#define HI 0x8080808080808080ull
static inline uint64_t load8(const unsigned char *p) {
  uint64_t w;
  memcpy(&w, p, 8);
  return w;
}
static inline int64_t count_cont(uint64_t w) { /* continuation bytes in w */
  uint64_t c = (w & ~(w << 1) & HI) >> 7;  /* one bit per byte, at bit 0 */
  return (int64_t)((c * 0x0101010101010101ull) >> 56);
}

/* The byte (0..7) of the k-th (1 <= k <= 8) bit among starts, whose set
 * bits are bit 7 of their bytes: byte j of `upto` counts the bits in bytes
 * 0..j (at most 8), and adding 0x80 - k to every byte sets bit 7 where
 * that count reached k, no carry crossing a byte; the first such byte is
 * the one. No loop over the bits. */
static inline int nth_start(uint64_t starts, int64_t k) {
  uint64_t upto = (starts >> 7) * 0x0101010101010101ull;
  uint64_t reached = (upto + (uint64_t)(0x80 - k) * 0x0101010101010101ull) & HI;
  return __builtin_ctzll(reached) >> 3;
}

/* The code points of n bytes of WTF-8, and whether all are ASCII. */
static int64_t count_chars(const unsigned char *p, int64_t n, bool *ascii) {
  uint64_t any = 0;
  int64_t cont = 0, i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w = load8(p + i);
    any |= w;
    if (w & HI)
      cont += count_cont(w);
  }
  for (; i < n; i++) {
    any |= p[i];
    cont += (p[i] & 0xC0) == 0x80;
  }
  *ascii = (any & HI) == 0;
  return n - cont;
}

bool kr_utf8_is_ascii(const char *s, int64_t n) {
  const unsigned char *p = (const unsigned char *)s;
  uint64_t any = 0;
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    any |= load8(p + i);
  for (; i < n; i++)
    any |= p[i];
  return (any & HI) == 0;
}

/* Fill idx with the byte offset of every KR_STR_STRIDE-th code point of
 * p[0, n), a word at a time: a word's start bytes (not 10xxxxxx) are marked
 * by bit 7 of ~(w & ~(w << 1)); the stride is above 8, so at most one
 * indexed code point starts in a word, found by nth_start. */
_Static_assert(KR_STR_STRIDE > 8, "one index entry per word at most");
static void build_index(const unsigned char *p, int64_t n, int64_t *idx) {
  int64_t i = 0, k = 0, next = 0; /* k: code points that start before byte i; next: the next to index */
  for (; i + 8 <= n; i += 8) {
    uint64_t starts = ~(load8(p + i) & ~(load8(p + i) << 1)) & HI;
    int64_t c = (int64_t)(((starts >> 7) * 0x0101010101010101ull) >> 56);
    if (next < k + c) {
      idx[next / KR_STR_STRIDE] = i + nth_start(starts, next - k + 1);
      next += KR_STR_STRIDE;
    }
    k += c;
  }
  for (; i < n; i++)
    if ((p[i] & 0xC0) != 0x80) {
      if (k == next) {
        idx[next / KR_STR_STRIDE] = i;
        next += KR_STR_STRIDE;
      }
      k++;
    }
}

/* Finish a str whose code point count and ASCII-ness are known: the NUL,
 * the fields, and the index a long non-ASCII str carries. */
static KrObj *seal_index(KrObj *o, int64_t chars);
static inline KrObj *seal_as(KrObj *o, int64_t chars, bool ascii) {
  KrStr *s = (KrStr *)o;
  s->data[s->len] = 0;
  s->nchars = chars;
  s->ascii = ascii;
  s->index = NULL;
  if (ascii || chars <= KR_STR_STRIDE)
    return o;
  return seal_index(o, chars);
}

/* seal_as of a long non-ASCII str: its index, after the text in the same
 * block (out of line, so the common case above inlines into its callers). */
static __attribute__((noinline)) KrObj *seal_index(KrObj *o, int64_t chars) {
  KrStr *s = (KrStr *)o;
  int64_t n = s->len;
  int64_t nidx = (chars + KR_STR_STRIDE - 1) / KR_STR_STRIDE;
  size_t at = index_at(n);
  KrStr *t = kr_realloc(s, at + (size_t)nidx * sizeof(int64_t));
  if (!t) {
    kr_decref(o);
    return NULL;
  }
  int64_t *idx = (int64_t *)((char *)t + at);
  build_index((const unsigned char *)t->data, n, idx);
  t->index = idx;
  return &t->h;
}

KrObj *kr_str_seal(KrObj *o) {
  KrStr *s = (KrStr *)o;
  bool ascii;
  int64_t chars = count_chars((const unsigned char *)s->data, s->len, &ascii);
  return seal_as(o, chars, ascii);
}

KrObj *kr_str_seal_known(KrObj *o, int64_t nchars, bool ascii) { return seal_as(o, nchars, ascii); }

KrObj *kr_str_new(const char *utf8, int64_t len) {
  if (len == 0)
    return kr_str_empty();
  if (len == 1 && (unsigned char)utf8[0] < 0x80 && kr_str_ascii_chars[(unsigned char)utf8[0]])
    return kr_str_ascii_chars[(unsigned char)utf8[0]]; /* shared, as CPython's one-character strs */
  if (len == 2 && ((unsigned char)utf8[0] & 0xFE) == 0xC2) { /* U+0080..U+00FF */
    unsigned cp = (((unsigned char)utf8[0] & 0x1Fu) << 6) | ((unsigned char)utf8[1] & 0x3Fu);
    if (latin1_chars[cp - 0x80])
      return latin1_chars[cp - 0x80];
  }
  KrObj *s = kr_str_alloc(len);
  if (!s)
    return NULL;
  kr_copy_bytes(((KrStr *)s)->data, utf8, len);
  return kr_str_seal(s);
}

KrObj *kr_str_new_ascii(const char *ascii, int64_t len) {
  if (len == 0)
    return kr_str_empty();
  if (len == 1 && kr_str_ascii_chars[(unsigned char)ascii[0]])
    return kr_str_ascii_chars[(unsigned char)ascii[0]];
  KrObj *s = kr_str_alloc(len);
  if (!s)
    return NULL;
  kr_copy_bytes(((KrStr *)s)->data, ascii, len);
  return seal_as(s, len, true);
}

KrObj *kr_str_sub(KrObj *s, const char *p, int64_t len) {
  return ((KrStr *)s)->ascii ? kr_str_new_ascii(p, len) : kr_str_new(p, len);
}

KrObj *kr_str_from_cstr(const char *s) { return kr_str_new(s, (int64_t)strlen(s)); }

/* Every str constant stays reachable from here as long as the process
 * lives: the generated code's kc_N may not hold it (gcc drops the store to
 * a static variable nothing reads, such as the "__main__" of a folded `if
 * __name__ == ...`), and LeakSanitizer would call the object lost. */
static KrObj **str_consts;
static size_t n_str_consts, cap_str_consts;
static pthread_mutex_t str_consts_mu = PTHREAD_MUTEX_INITIALIZER;

KrObj *kr_str_const(const char *utf8, int64_t len) {
  /* (a one-character ASCII constant is the shared character, so `c == '"'`
   * of a character taken from a str is decided by identity) */
  KrObj *s = kr_str_new(utf8, len);
  if (!s)
    return NULL;
  kr_obj_immortalize(s);
  pthread_mutex_lock(&str_consts_mu);
  if (n_str_consts == cap_str_consts) {
    size_t cap = cap_str_consts ? 2 * cap_str_consts : 64;
    KrObj **t = realloc(str_consts, cap * sizeof *t);
    if (t)
      str_consts = t, cap_str_consts = cap;
  }
  if (n_str_consts < cap_str_consts)
    str_consts[n_str_consts++] = s;
  pthread_mutex_unlock(&str_consts_mu);
  return s;
}

/* The empty str and the ASCII characters, made before main. If that
 * allocation fails (the machine is out of memory at start-up), they are
 * made on demand instead. */
static KrObj *empty_str;
KrObj *kr_str_ascii_chars[128];

__attribute__((constructor)) static void init_strs(void) {
  kr_alloc_nofail = true;
  empty_str = kr_str_alloc(0);
  if (empty_str) {
    empty_str = kr_str_seal(empty_str);
    kr_obj_immortalize(empty_str);
  }
  for (int c = 0; c < 128; c++) {
    KrObj *s = kr_str_alloc(1);
    if (!s)
      break;
    ((KrStr *)s)->data[0] = (char)c;
    s = kr_str_seal(s);
    kr_obj_immortalize(s);
    kr_str_ascii_chars[c] = s;
  }
  for (int c = 0x80; c < 0x100; c++) {
    KrObj *s = kr_str_alloc(2);
    if (!s)
      break;
    u8_encode((uint32_t)c, ((KrStr *)s)->data);
    s = kr_str_seal(s);
    kr_obj_immortalize(s);
    latin1_chars[c - 0x80] = s;
  }
  kr_alloc_nofail = false;
  kr_exc_clear();
}

KrObj *kr_str_empty(void) {
  if (KR_LIKELY(empty_str != NULL))
    return empty_str;
  KrObj *s = kr_str_alloc(0);
  return s ? kr_str_seal(s) : NULL;
}

KrObj *kr_str_char(uint32_t cp) {
  if (cp < 128 && kr_str_ascii_chars[cp])
    return kr_str_ascii_chars[cp];
  if (cp >= 0x80 && cp < 0x100 && latin1_chars[cp - 0x80])
    return latin1_chars[cp - 0x80];
  char b[4];
  int n = u8_encode(cp, b);
  KrObj *s = kr_str_alloc(n);
  if (!s)
    return NULL;
  memcpy(((KrStr *)s)->data, b, (size_t)n);
  return seal_as(s, 1, cp < 0x80);
}

KrObj *kr_str_chr(int64_t cp) {
  if (cp < 0 || cp > 0x10FFFF)
    return kr_raise(&kr_ValueError_type, "chr() arg not in range(0x110000)");
  return kr_str_char((uint32_t)cp);
}

int64_t kr_str_ord_slow(KrObj *s) {
  KrStr *t = (KrStr *)s;
  if (t->nchars != 1) {
    kr_raise(&kr_TypeError_type, "ord() expected a character, but string of length %" PRId64 " found",
             t->nchars);
    return -1;
  }
  int64_t i = 0;
  return u8_next(t->data, &i);
}

/* ---- the builder */

void kr_buf_init(KrBuf *b, int64_t cap_hint) {
  b->s = NULL;
  b->len = 0;
  b->cap = 0;
  b->failed = false;
  b->ascii = true;
  if (cap_hint > 0 && cap_hint < INT64_MAX / 8) { /* a larger hint is no help */
    b->s = kr_alloc_uninit(HEADER + (size_t)cap_hint + 1);
    if (b->s)
      b->cap = cap_hint;
    else
      b->failed = true;
  }
}

/* Room for n more bytes. */
static int buf_reserve(KrBuf *b, int64_t n) {
  if (b->failed)
    return -1;
  if (b->len + n <= b->cap)
    return 0;
  if (n > INT64_MAX / 4 - b->len) {
    kr_raise_nomem();
    goto fail;
  }
  int64_t cap = b->cap < 32 ? 32 : b->cap;
  while (cap < b->len + n)
    cap *= 2;
  KrStr *s = kr_realloc(b->s, HEADER + (size_t)cap + 1);
  if (!s)
    goto fail;
  b->s = s;
  b->cap = cap;
  return 0;

fail:
  kr_free(b->s);
  b->s = NULL;
  b->failed = true;
  return -1;
}

/* Append n bytes; the caller keeps b->ascii right. */
static int buf_write(KrBuf *b, const char *p, int64_t n) {
  if (n <= 0)
    return b->failed ? -1 : 0;
  if (buf_reserve(b, n) < 0)
    return -1;
  kr_copy_bytes(b->s->data + b->len, p, n);
  b->len += n;
  return 0;
}

int kr_buf_put(KrBuf *b, const char *p, int64_t n) {
  if (b->ascii && n > 0)
    b->ascii = kr_utf8_is_ascii(p, n);
  return buf_write(b, p, n);
}

int kr_buf_putc(KrBuf *b, char c) {
  b->ascii &= (unsigned char)c < 0x80;
  if (b->len < b->cap && !b->failed) {
    b->s->data[b->len++] = c;
    return 0;
  }
  return buf_write(b, &c, 1);
}

int kr_buf_putcp(KrBuf *b, uint32_t cp) {
  char t[4];
  b->ascii &= cp < 0x80;
  return buf_write(b, t, u8_encode(cp, t));
}

int kr_buf_puts(KrBuf *b, KrObj *str) {
  b->ascii &= ((KrStr *)str)->ascii;
  return buf_write(b, kr_str_data(str), kr_str_bytes(str));
}

int kr_buf_fill(KrBuf *b, uint32_t cp, int64_t n) {
  if (n <= 0)
    return b->failed ? -1 : 0;
  char t[4];
  int k = u8_encode(cp, t);
  if (n > INT64_MAX / 8) { /* no such str fits in memory */
    if (!b->failed) {
      kr_raise_nomem();
      kr_buf_discard(b);
    }
    return -1;
  }
  if (buf_reserve(b, n * k) < 0)
    return -1;
  b->ascii &= cp < 0x80;
  char *d = b->s->data + b->len;
  if (k == 1)
    memset(d, t[0], (size_t)n);
  else
    for (int64_t i = 0; i < n; i++)
      memcpy(d + i * k, t, (size_t)k);
  b->len += n * k;
  return 0;
}

int kr_buf_printf(KrBuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = kr_buf_vformat(b, fmt, ap);
  va_end(ap);
  return r;
}

KrObj *kr_buf_finish(KrBuf *b) {
  if (b->failed)
    return NULL;
  if (b->len == 0) {
    kr_free(b->s);
    b->s = NULL;
    return kr_str_empty();
  }
  KrStr *s = b->s;
  b->s = NULL;
  if (b->cap > b->len + 64) { /* give back the slack */
    KrStr *t = kr_realloc(s, HEADER + (size_t)b->len + 1);
    if (!t) {
      kr_free(s);
      return NULL;
    }
    s = t;
  }
  s->h.rc = 1;
  s->h.type = &kr_str_type;
  s->len = b->len;
  s->hash = -1;
  kr_live_objects++;
  return b->ascii ? seal_as(&s->h, b->len, true) : kr_str_seal(&s->h);
}

void kr_buf_discard(KrBuf *b) {
  kr_free(b->s);
  b->s = NULL;
  b->failed = true;
}

/* kr_raise's formatting: printf conversions one at a time (each through
 * snprintf with its own argument), plus %S and %R for objects. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
/* snprintf into small, or into a kr_alloc'ed big when it does not fit. */
#define EMIT(...)                                                                                  \
  do {                                                                                             \
    n = snprintf(small, sizeof small, __VA_ARGS__);                                                \
    if (n >= (int)sizeof small) {                                                                  \
      big = kr_alloc((size_t)n + 1);                                                               \
      if (big)                                                                                     \
        snprintf(big, (size_t)n + 1, __VA_ARGS__);                                                 \
    }                                                                                              \
  } while (0)

int kr_buf_vformat(KrBuf *b, const char *fmt, va_list ap) {
  va_list args;
  va_copy(args, ap);
  int rc = 0;
  const char *p = fmt;
  while (*p && rc == 0) {
    const char *q = strchr(p, '%');
    if (!q) {
      rc = kr_buf_put(b, p, (int64_t)strlen(p));
      break;
    }
    rc = kr_buf_put(b, p, q - p);
    if (rc)
      break;
    /* one conversion: %[flags][width][.prec][length]conv */
    const char *s = q + 1;
    while (*s && strchr("-+ #0", *s))
      s++;
    int star = 0;
    if (*s == '*')
      star++, s++;
    while (*s >= '0' && *s <= '9')
      s++;
    if (*s == '.') {
      s++;
      if (*s == '*')
        star++, s++;
      while (*s >= '0' && *s <= '9')
        s++;
    }
    int lng = 0; /* 1 l, 2 ll/j/z/t, -1 h/hh, 3 L */
    while (*s && strchr("hlLjzt", *s)) {
      lng = *s == 'h' ? -1 : *s == 'L' ? 3 : *s == 'l' ? lng + 1 : 2;
      s++;
    }
    char conv = *s;
    if (!conv)
      break;
    p = s + 1;
    /* the conversion without its length modifier: spec2 adds ll for ints */
    char spec[40];
    size_t k = 0;
    for (const char *t = q; t < p && k + 4 < sizeof spec; t++)
      if (!strchr("hlLjzt", *t))
        spec[k++] = *t;
    spec[k] = 0;
    int w1 = 0, w2 = 0;
    if (star >= 1)
      w1 = va_arg(args, int);
    if (star >= 2)
      w2 = va_arg(args, int);
    char small[128];
    char *big = NULL;
    int n = 0;
    switch (conv) {
    case '%': rc = kr_buf_putc(b, '%'); continue;
    case 'S':
    case 'R': {
      KrObj *o = va_arg(args, KrObj *);
      KrObj *t = conv == 'S' ? kr_obj_str(o) : kr_obj_repr(o);
      if (!t) {
        rc = -1;
        continue;
      }
      rc = kr_buf_puts(b, t);
      kr_decref(t);
      continue;
    }
    case 'c': {
      int v = va_arg(args, int);
      if (star == 2)
        EMIT(spec, w1, w2, v);
      else if (star == 1)
        EMIT(spec, w1, v);
      else
        EMIT(spec, v);
      break;
    }
    case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': {
      long long v;
      bool is_signed = conv == 'd' || conv == 'i';
      if (lng >= 2)
        v = is_signed ? va_arg(args, long long) : (long long)va_arg(args, unsigned long long);
      else if (lng == 1)
        v = is_signed ? va_arg(args, long) : (long long)va_arg(args, unsigned long);
      else
        v = is_signed ? va_arg(args, int) : (long long)va_arg(args, unsigned int);
      spec[k - 1] = 'l'; /* ...conv becomes ...llconv */
      spec[k] = 'l';
      spec[k + 1] = conv;
      spec[k + 2] = 0;
      if (star == 2)
        EMIT(spec, w1, w2, v);
      else if (star == 1)
        EMIT(spec, w1, v);
      else
        EMIT(spec, v);
      break;
    }
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A': {
      double v = lng == 3 ? (double)va_arg(args, long double) : va_arg(args, double);
      if (star == 2)
        EMIT(spec, w1, w2, v);
      else if (star == 1)
        EMIT(spec, w1, v);
      else
        EMIT(spec, v);
      break;
    }
    case 's': {
      const char *v = va_arg(args, const char *);
      if (star == 0 && strcmp(spec, "%s") == 0) {
        rc = kr_buf_put(b, v, (int64_t)strlen(v));
        continue;
      }
      if (star == 2)
        EMIT(spec, w1, w2, v);
      else if (star == 1)
        EMIT(spec, w1, v);
      else
        EMIT(spec, v);
      break;
    }
    case 'p': EMIT("%p", va_arg(args, void *)); break;
    default: rc = kr_buf_put(b, q, p - q); continue;
    }
    if (n >= (int)sizeof small && !big) {
      rc = -1;
    } else if (n > 0) {
      rc = kr_buf_put(b, big ? big : small, n);
    }
    kr_free(big);
  }
  va_end(args);
  if (rc && !b->failed)
    kr_buf_discard(b);
  return rc;
}
#undef EMIT
#pragma GCC diagnostic pop

KrObj *kr_str_from_fmt(const char *fmt, ...) {
  KrBuf b;
  kr_buf_init(&b, 0);
  va_list ap;
  va_start(ap, fmt);
  kr_buf_vformat(&b, fmt, ap);
  va_end(ap);
  return kr_buf_finish(&b);
}

/* ---- indexing */

_Static_assert(4 * KR_STR_STRIDE <= 256, "a cursor's byte count fits in 8 bits");

int64_t kr_str_offset(KrObj *o, int64_t i) {
  KrStr *s = (KrStr *)o;
  if (s->ascii)
    return i;
  if (i >= s->nchars)
    return s->len;
  int64_t base = 0, k = i;
  if (s->index) {
    base = s->index[i / KR_STR_STRIDE];
    k = i % KR_STR_STRIDE;
  }
  /* start from the code point found last time when it is nearer: one in
   * the same stride, so its offset is base plus the byte count kept (a str
   * only ever grows at its end, so what it found stays true) */
  int64_t off = base;
  uint32_t cur = __atomic_load_n(&s->cursor, __ATOMIC_RELAXED);
  int64_t ci = cur >> 8;
  if (ci <= i && i - ci < k) {
    off = base + (cur & 0xFF);
    k = i - ci;
  }
  /* the k-th code point after the one at off: skip whole words while the
   * code points starting in them are not past it, then find its start
   * byte in the word (its start bytes marked as in build_index), or
   * byte by byte in the last few bytes (i < nchars, so it is there) */
  if (k > 0) {
    const unsigned char *p = (const unsigned char *)s->data;
    off++;
    while (off + 8 <= s->len) {
      int64_t starts = 8 - count_cont(load8(p + off));
      if (starts >= k)
        break;
      k -= starts;
      off += 8;
    }
    if (off + 8 <= s->len) {
      uint64_t starts = ~(load8(p + off) & ~(load8(p + off) << 1)) & HI;
      off += nth_start(starts, k);
    } else {
      for (;; off++)
        if ((p[off] & 0xC0) != 0x80 && --k == 0)
          break;
    }
  }
  if (i < (1 << 24)) /* off - base < 4 * KR_STR_STRIDE */
    __atomic_store_n(&s->cursor, (uint32_t)(i << 8 | (off - base)), __ATOMIC_RELAXED);
  return off;
}

/* The code point index of byte offset off (at a character's start). */
static int64_t char_index(KrStr *s, int64_t off) {
  if (s->ascii)
    return off;
  int64_t base = 0, from = 0;
  if (s->index) { /* the last indexed code point at or before off */
    int64_t lo = 0, hi = (s->nchars + KR_STR_STRIDE - 1) / KR_STR_STRIDE;
    while (hi - lo > 1) {
      int64_t mid = (lo + hi) / 2;
      if (s->index[mid] <= off)
        lo = mid;
      else
        hi = mid;
    }
    base = lo * KR_STR_STRIDE;
    from = s->index[lo];
  }
  const unsigned char *p = (const unsigned char *)s->data;
  for (int64_t j = from; j < off; j++)
    base += (p[j] & 0xC0) != 0x80;
  return base;
}

int64_t kr_str_char_index(KrObj *s, int64_t off) { return char_index((KrStr *)s, off); }

KrObj *kr_str_getitem_slow(KrObj *o, int64_t i) {
  KrStr *s = (KrStr *)o;
  if (i < 0)
    i += s->nchars;
  if (i < 0 || i >= s->nchars)
    return kr_raise(&kr_IndexError_type, "string index out of range");
  if (s->ascii)
    return kr_str_char((unsigned char)s->data[i]);
  int64_t off = kr_str_offset(o, i);
  return kr_str_char(u8_next(s->data, &off));
}

KrObj *kr_str_next(KrObj *o, int64_t *pos) {
  KrStr *s = (KrStr *)o;
  if (*pos >= s->len)
    return NULL;
  return kr_str_char(u8_next(s->data, pos));
}

KrObj *kr_str_slice(KrObj *o, int64_t start, int64_t stop, int64_t step, int has) {
  KrStr *s = (KrStr *)o;
  int64_t n = kr_slice_adjust(s->nchars, &start, &stop, &step, has);
  if (n < 0)
    return NULL;
  if (n == 0)
    return kr_str_empty();
  if (n == s->nchars && step == 1) {
    kr_incref(o);
    return o;
  }
  if (step == 1) {
    int64_t a = kr_str_offset(o, start), b = kr_str_offset(o, start + n);
    return kr_str_sub(o, s->data + a, b - a);
  }
  if (s->ascii) {
    KrObj *r = kr_str_alloc(n);
    if (!r)
      return NULL;
    char *d = ((KrStr *)r)->data;
    for (int64_t k = 0; k < n; k++) /* k * step stays in range: the last index is in the str */
      d[k] = s->data[start + k * step];
    return seal_as(r, n, true);
  }
  KrBuf b;
  kr_buf_init(&b, n * 2);
  int64_t off = kr_str_offset(o, start);
  for (int64_t k = 0; k < n; k++) {
    int64_t at = off;
    uint32_t cp = u8_next(s->data, &at);
    kr_buf_putcp(&b, cp);
    if (k + 1 == n)
      break;
    if (step > 0) {
      off = at;
      for (int64_t j = 1; j < step; j++)
        u8_next(s->data, &off);
    } else {
      for (int64_t j = 0; j < -step; j++)
        u8_prev(s->data, &off);
    }
  }
  return kr_buf_finish(&b);
}

/* ---- operators */

KrObj *kr_str_concat(KrObj *a, KrObj *b) {
  KrStr *x = (KrStr *)a, *y = (KrStr *)b;
  if (y->len == 0) {
    kr_incref(a);
    return a;
  }
  if (x->len == 0) {
    kr_incref(b);
    return b;
  }
  if (x->len > INT64_MAX / 2 - y->len)
    return kr_raise(&kr_OverflowError_type, "strings are too large to concat");
  KrObj *r = kr_str_alloc(x->len + y->len);
  if (!r)
    return NULL;
  memcpy(((KrStr *)r)->data, x->data, (size_t)x->len);
  memcpy(((KrStr *)r)->data + x->len, y->data, (size_t)y->len);
  return seal_as(r, x->nchars + y->nchars, x->ascii && y->ascii); /* a surrogate pair stays two */
}

KrObj *kr_str_concat_n(int64_t n, KrObj *const *parts) {
  int64_t len = 0, nchars = 0, nonempty = 0, last = 0;
  bool ascii = true;
  for (int64_t i = 0; i < n; i++) {
    KrStr *x = (KrStr *)parts[i];
    if (x->len == 0)
      continue;
    if (x->len > INT64_MAX / 2 - len)
      return kr_raise(&kr_OverflowError_type, "strings are too large to concat");
    len += x->len;
    nchars += x->nchars;
    ascii = ascii && x->ascii;
    nonempty++;
    last = i;
  }
  if (nonempty == 0)
    return kr_str_empty();
  if (nonempty == 1) { /* as a + '' is a */
    kr_incref(parts[last]);
    return parts[last];
  }
  KrObj *r = kr_str_alloc(len);
  if (!r)
    return NULL;
  char *p = ((KrStr *)r)->data;
  for (int64_t i = 0; i < n; i++) {
    KrStr *x = (KrStr *)parts[i];
    kr_copy_bytes(p, x->data, x->len);
    p += x->len;
  }
  return seal_as(r, nchars, ascii); /* a surrogate pair stays two, as in kr_str_concat */
}

/* The block size for a str that grows by appends: what it needs up to the
 * largest small block, then rounded up to a quarter of its power of two,
 * so appends reallocate a few times per doubling (linear time in all, as
 * CPython's in-place append), never by more than a quarter. */
static size_t grow_size(size_t n) {
  if (n <= 512)
    return n;
  int k = 63 - __builtin_clzll((unsigned long long)n);
  size_t step = (size_t)1 << (k - 2);
  return (n + step - 1) & ~(step - 1);
}

KrObj *kr_str_append_n(KrObj **pa, int64_t n, KrObj *const *parts) {
  KrStr *x = (KrStr *)*pa;
  if (x->h.rc != 1 || x->index) /* shared (or immortal), or carrying an index after its text */
    return kr_str_concat_n(n, parts);
  int64_t add = 0, nchars = x->nchars;
  bool ascii = x->ascii;
  for (int64_t i = 1; i < n; i++) {
    KrStr *y = (KrStr *)parts[i];
    if (y == x || y->len > INT64_MAX / 4 - x->len - add)
      return kr_str_concat_n(n, parts);
    add += y->len;
    nchars += y->nchars;
    ascii = ascii && y->ascii;
  }
  if (add == 0 || (!ascii && nchars > KR_STR_STRIDE)) /* a long non-ASCII str needs its index rebuilt */
    return kr_str_concat_n(n, parts);
  size_t need = HEADER + (size_t)(x->len + add) + 1;
  if (need > kr_alloc_usable(x)) {
    KrStr *t = kr_realloc(x, grow_size(need));
    if (!t)
      return NULL; /* *pa is as it was */
    x = t;
  }
  char *p = x->data + x->len;
  for (int64_t i = 1; i < n; i++) {
    const KrStr *y = (const KrStr *)parts[i];
    kr_copy_bytes(p, y->data, y->len);
    p += y->len;
  }
  x->len += add;
  x->data[x->len] = 0;
  x->nchars = nchars;
  x->ascii = ascii;
  x->hash = -1;
  *pa = NULL;
  return &x->h;
}

KrObj *kr_str_repeat(KrObj *o, int64_t n) {
  KrStr *s = (KrStr *)o;
  if (n <= 0 || s->len == 0)
    return kr_str_empty();
  if (n == 1) {
    kr_incref(o);
    return o;
  }
  if (s->nchars > INT64_MAX / n)
    return kr_raise(&kr_OverflowError_type, "repeated string is too long");
  if (s->len > INT64_MAX / 4 / n)
    return kr_raise_nomem();
  int64_t total = s->len * n;
  KrObj *r = kr_str_alloc(total);
  if (!r)
    return NULL;
  char *d = ((KrStr *)r)->data;
  if (s->len == 1) {
    memset(d, s->data[0], (size_t)total);
  } else { /* doubling copies */
    memcpy(d, s->data, (size_t)s->len);
    int64_t done = s->len;
    while (done < total) {
      int64_t k = done < total - done ? done : total - done;
      memcpy(d + done, d, (size_t)k);
      done += k;
    }
  }
  return seal_as(r, s->nchars * n, s->ascii);
}

int kr_str_cmp(KrObj *a, KrObj *b) {
  KrStr *x = (KrStr *)a, *y = (KrStr *)b;
  int64_t n = x->len < y->len ? x->len : y->len;
  int c = memcmp(x->data, y->data, (size_t)n);
  if (c)
    return c < 0 ? -1 : 1;
  return x->len < y->len ? -1 : x->len > y->len;
}

int kr_str_contains(KrObj *s, KrObj *sub) {
  KrStr *x = (KrStr *)s, *y = (KrStr *)sub;
  if (y->len == 0)
    return 1;
  return memmem(x->data, (size_t)x->len, y->data, (size_t)y->len) != NULL;
}

/* A 64-bit hash of the bytes, 8 at a time through a 128-bit multiply
 * (wyhash's mixing). CPython's str hash is seeded per process, so no
 * program can depend on its values; this one is fixed, so runs repeat. */
static uint64_t mix64(uint64_t a, uint64_t b) {
  __uint128_t r = (__uint128_t)a * b;
  return (uint64_t)r ^ (uint64_t)(r >> 64);
}

int64_t kr_str_hash(KrObj *o) {
  KrStr *s = (KrStr *)o;
  int64_t h = __atomic_load_n(&s->hash, __ATOMIC_RELAXED);
  if (h != -1)
    return h;
  if (s->len == 0) /* hash('') is 0 in CPython, as hash(b'') */
    return 0;
  const uint64_t k0 = 0xa0761d6478bd642full, k1 = 0xe7037ed1a0b428dbull, k2 = 0x8ebc6af09c88c6e3ull;
  uint64_t x = k2 ^ (uint64_t)s->len;
  const char *p = s->data;
  int64_t n = s->len;
  while (n >= 8) {
    uint64_t w;
    memcpy(&w, p, 8);
    x = mix64(x ^ w, k0);
    p += 8;
    n -= 8;
  }
  uint64_t w = 0;
  memcpy(&w, p, (size_t)n);
  x = mix64(x ^ w ^ ((uint64_t)n << 56), k1);
  x = mix64(x, k0 ^ (uint64_t)s->len);
  h = (int64_t)x;
  if (h == -1)
    h = -2;
  __atomic_store_n(&s->hash, h, __ATOMIC_RELAXED);
  return h;
}

/* ---- repr */

/* The quote repr uses: ' unless the text holds ' and no ". */
static char pick_quote(KrStr *s) {
  return memchr(s->data, '\'', (size_t)s->len) && !memchr(s->data, '"', (size_t)s->len) ? '"' : '\'';
}

static void put_escape(KrBuf *b, uint32_t cp) {
  if (cp <= 0xff)
    kr_buf_printf(b, "\\x%02x", (unsigned)cp);
  else if (cp <= 0xffff)
    kr_buf_printf(b, "\\u%04x", (unsigned)cp);
  else
    kr_buf_printf(b, "\\U%08x", (unsigned)cp);
}

static KrObj *repr_impl(KrObj *o, bool ascii_only) {
  KrStr *s = (KrStr *)o;
  char q = pick_quote(s);
  KrBuf b;
  kr_buf_init(&b, s->len + 2);
  kr_buf_putc(&b, q);
  for (int64_t i = 0; i < s->len;) {
    unsigned char c = (unsigned char)s->data[i];
    if (c < 0x80) {
      i++;
      switch (c) {
      case '\t': kr_buf_put(&b, "\\t", 2); continue;
      case '\n': kr_buf_put(&b, "\\n", 2); continue;
      case '\r': kr_buf_put(&b, "\\r", 2); continue;
      case '\\': kr_buf_put(&b, "\\\\", 2); continue;
      }
      if (c == (unsigned char)q) {
        kr_buf_putc(&b, '\\');
        kr_buf_putc(&b, (char)c);
      } else if (c < 0x20 || c == 0x7f) {
        put_escape(&b, c);
      } else {
        kr_buf_putc(&b, (char)c);
      }
      continue;
    }
    int64_t at = i;
    uint32_t cp = u8_next(s->data, &i);
    if (!ascii_only && uni_isprintable(cp))
      kr_buf_put(&b, s->data + at, i - at);
    else
      put_escape(&b, cp);
  }
  kr_buf_putc(&b, q);
  return kr_buf_finish(&b);
}

KrObj *kr_str_repr(KrObj *s) { return repr_impl(s, false); }

/* ascii(s): repr(s) with every non-ASCII character escaped. */
KrObj *kr_str_ascii(KrObj *s) { return repr_impl(s, true); }

/* ---- encoding */

int kr_str_find_surrogates(KrObj *o, int64_t *start, int64_t *end) {
  KrStr *s = (KrStr *)o;
  if (s->ascii)
    return -1;
  const unsigned char *p = (const unsigned char *)s->data;
  for (int64_t i = 0, k = 0; i < s->len; k++) {
    if (p[i] == 0xED && p[i + 1] >= 0xA0) { /* U+D800..U+DFFF */
      *start = k;
      while (i < s->len && p[i] == 0xED && p[i + 1] >= 0xA0)
        i += 3, k++;
      *end = k;
      return 0;
    }
    u8_next(s->data, &i);
  }
  return -1;
}

void *kr_str_raise_encode_error(KrObj *o) {
  int64_t a, z;
  if (kr_str_find_surrogates(o, &a, &z) < 0)
    return NULL;
  if (z - a == 1) {
    int64_t off = kr_str_offset(o, a);
    uint32_t cp = u8_next(kr_str_data(o), &off);
    return kr_raise(&kr_UnicodeEncodeError_type,
                    "'utf-8' codec can't encode character '\\u%04x' in position %" PRId64
                    ": surrogates not allowed",
                    (unsigned)cp, a);
  }
  return kr_raise(&kr_UnicodeEncodeError_type,
                  "'utf-8' codec can't encode characters in position %" PRId64 "-%" PRId64
                  ": surrogates not allowed",
                  a, z - 1);
}
