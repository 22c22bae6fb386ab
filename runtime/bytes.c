/* bytes.c — bytes: an immutable byte string.
 *
 * The layout mirrors str's (length, cached hash, the bytes inline and a
 * NUL after them). Indexing gives ints; iteration yields KR_INT items.
 * Searching and splitting follow CPython's stringlib (the index clamping of
 * find/count/startswith, the whitespace and separator split algorithms and
 * where maxsplit stops them), repr picks its quote as bytes_repr does, and
 * decode is CPython's UTF-8 decoder where errors are concerned: the same
 * maximal invalid subsequences, so the same UnicodeDecodeError message
 * ("can't decode byte 0xe2 in position 0: invalid continuation byte") and
 * the same replacements under errors='replace'. */
#include "containers_impl.h"
#include "platform.h"

#include <stddef.h>
#include <stdio.h>

static bool b_isspace(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

static void bytes_dealloc(KrObj *self) { kr_free(self); }

static int64_t bytes_len_slot(KrObj *self) { return KR_BYTES(self)->len; }

static int bytes_eq_slot(KrObj *self, KrObj *other) {
  if (other->type != &kr_bytes_type)
    return 0;
  return kr_bytes_eq(self, other);
}

static int bytes_cmp_slot(KrObj *self, KrObj *other, int op) {
  if (other->type != &kr_bytes_type)
    return -2;
  return kr_bytes_cmp(self, other, op);
}

const KrType kr_bytes_type = {
    .name = "bytes",
    .dealloc = bytes_dealloc,
    .repr = kr_bytes_repr,
    .hash = kr_bytes_hash,
    .eq = bytes_eq_slot,
    .cmp = bytes_cmp_slot,
    .len = bytes_len_slot,
};

/* A bytes of n bytes for the caller to fill. */
static KrObj *bytes_alloc(int64_t n) {
  if (n < 0 || n > INT64_MAX / 2)
    return kr_raise(&kr_MemoryError_type, "");
  KrBytes *b = (KrBytes *)kr_obj_new(&kr_bytes_type, offsetof(KrBytes, data) + (size_t)n + 1);
  if (!b)
    return NULL;
  b->len = n;
  b->hash = -1;
  return &b->h;
}

KrObj *kr_bytes_new(const char *data, int64_t len) {
  KrObj *b = bytes_alloc(len);
  if (b && len)
    memcpy(KR_BYTES(b)->data, data, (size_t)len);
  return b;
}

KrObj *kr_bytes_zeros(int64_t n) {
  if (n < 0)
    return kr_raise(&kr_ValueError_type, "negative count");
  return bytes_alloc(n);
}

/* A byte value from an item: an int in range(0, 256). */
static int byte_of(KrVal v, ValKind k, unsigned char *out) {
  int64_t x;
  if (k == KR_INT)
    x = v.i;
  else if (k == KR_BOOL)
    x = v.b;
  else if (k == KR_OBJ && (v.o->type == &kr_int_type || v.o->type == &kr_bool_type))
    x = kr_val_unbox(v.o, KR_INT).i;
  else {
    krc_raisef(&kr_TypeError_type, "'%s' object cannot be interpreted as an integer", kr_type_name(v, k));
    return -1;
  }
  if (x < 0 || x > 255) {
    kr_raise(&kr_ValueError_type, "bytes must be in range(0, 256)");
    return -1;
  }
  *out = (unsigned char)x;
  return 0;
}

KrObj *kr_bytes_from_iter(KrObj *iterable) {
  if (iterable->type == &kr_bytes_type) {
    kr_incref(iterable);
    return iterable;
  }
  KrObj *l = krc_to_list(iterable, kr_iterable_kind(iterable));
  if (!l)
    return NULL;
  KrList *list = KR_LIST(l);
  KrObj *b = bytes_alloc(list->len);
  for (int64_t i = 0; b && i < list->len; i++)
    if (byte_of(list->items[i], list->kind, (unsigned char *)&KR_BYTES(b)->data[i]) < 0) {
      kr_decref(b);
      b = NULL;
    }
  kr_decref(l);
  return b;
}

int64_t kr_bytes_getitem(KrObj *o, int64_t i) {
  KrBytes *b = KR_BYTES(o);
  if (i < 0)
    i += b->len;
  if ((uint64_t)i >= (uint64_t)b->len) {
    kr_raise(&kr_IndexError_type, "index out of range");
    return 0;
  }
  return (unsigned char)b->data[i];
}

KrObj *kr_bytes_getslice(KrObj *o, int64_t start, int64_t stop, int64_t step, int has) {
  KrBytes *b = KR_BYTES(o);
  int64_t n = kr_slice_adjust(b->len, &start, &stop, &step, has);
  if (n < 0)
    return NULL;
  if (step == 1) {
    if (n == b->len) {
      kr_incref(o);
      return o;
    }
    return kr_bytes_new(b->data + start, n);
  }
  KrObj *r = bytes_alloc(n);
  if (!r)
    return NULL;
  uint64_t cur = (uint64_t)start;
  for (int64_t i = 0; i < n; i++, cur += (uint64_t)step)
    KR_BYTES(r)->data[i] = b->data[cur];
  return r;
}

KrObj *kr_bytes_concat(KrObj *ao, KrObj *bo) {
  KrBytes *a = KR_BYTES(ao), *b = KR_BYTES(bo);
  KrObj *r = bytes_alloc(a->len + b->len);
  if (!r)
    return NULL;
  memcpy(KR_BYTES(r)->data, a->data, (size_t)a->len);
  memcpy(KR_BYTES(r)->data + a->len, b->data, (size_t)b->len);
  return r;
}

KrObj *kr_bytes_repeat(KrObj *o, int64_t n) {
  KrBytes *b = KR_BYTES(o);
  if (n < 0)
    n = 0;
  if (n > 0 && b->len > INT64_MAX / 2 / n)
    return kr_raise(&kr_MemoryError_type, "");
  KrObj *r = bytes_alloc(b->len * n);
  if (!r)
    return NULL;
  for (int64_t i = 0; i < n; i++)
    memcpy(KR_BYTES(r)->data + i * b->len, b->data, (size_t)b->len);
  return r;
}

int kr_bytes_eq(KrObj *ao, KrObj *bo) {
  KrBytes *a = KR_BYTES(ao), *b = KR_BYTES(bo);
  return a->len == b->len && memcmp(a->data, b->data, (size_t)a->len) == 0;
}

int kr_bytes_cmp(KrObj *ao, KrObj *bo, int op) {
  KrBytes *a = KR_BYTES(ao), *b = KR_BYTES(bo);
  int64_t n = a->len < b->len ? a->len : b->len;
  int c = memcmp(a->data, b->data, (size_t)n);
  if (c == 0)
    c = a->len < b->len ? -1 : a->len > b->len;
  switch (op) {
  case KR_LT: return c < 0;
  case KR_LE: return c <= 0;
  case KR_GT: return c > 0;
  case KR_GE: return c >= 0;
  case KR_EQ: return c == 0;
  default: return c != 0;
  }
}

/* FNV-1a with a final mix. CPython's bytes hash is seeded per process, so
 * no program can depend on its values. */
int64_t kr_bytes_hash(KrObj *o) {
  KrBytes *b = KR_BYTES(o);
  if (b->hash != -1)
    return b->hash;
  if (b->len == 0)
    return b->hash = 0;
  uint64_t h = 0xcbf29ce484222325ull;
  for (int64_t i = 0; i < b->len; i++)
    h = (h ^ (unsigned char)b->data[i]) * 0x100000001b3ull;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  int64_t r = (int64_t)h;
  if (r == -1)
    r = -2;
  b->hash = r;
  return r;
}

KrObj *kr_bytes_repr(KrObj *o) {
  KrBytes *b = KR_BYTES(o);
  bool squote = memchr(b->data, '\'', (size_t)b->len) != NULL;
  bool dquote = memchr(b->data, '"', (size_t)b->len) != NULL;
  char quote = squote && !dquote ? '"' : '\'';
  static const char hexdigits[] = "0123456789abcdef";
  KrBuf out;
  kr_buf_init(&out, b->len + 3);
  kr_buf_putc(&out, 'b');
  kr_buf_putc(&out, quote);
  for (int64_t i = 0; i < b->len; i++) {
    unsigned char c = (unsigned char)b->data[i];
    if (c == quote || c == '\\') {
      kr_buf_putc(&out, '\\');
      kr_buf_putc(&out, (char)c);
    } else if (c == '\t') {
      kr_buf_put(&out, "\\t", 2);
    } else if (c == '\n') {
      kr_buf_put(&out, "\\n", 2);
    } else if (c == '\r') {
      kr_buf_put(&out, "\\r", 2);
    } else if (c < ' ' || c >= 0x7f) {
      char e[4] = {'\\', 'x', hexdigits[c >> 4], hexdigits[c & 15]};
      kr_buf_put(&out, e, 4);
    } else {
      kr_buf_putc(&out, (char)c);
    }
  }
  kr_buf_putc(&out, quote);
  return kr_buf_finish(&out);
}

int kr_bytes_contains(KrObj *o, KrVal v, ValKind k) {
  KrBytes *b = KR_BYTES(o);
  if (k == KR_OBJ && v.o->type == &kr_bytes_type) {
    KrBytes *s = KR_BYTES(v.o);
    if (s->len == 0)
      return 1;
    return memmem(b->data, (size_t)b->len, s->data, (size_t)s->len) != NULL;
  }
  int64_t x;
  if (k == KR_INT)
    x = v.i;
  else if (k == KR_BOOL)
    x = v.b;
  else if (k == KR_OBJ && (v.o->type == &kr_int_type || v.o->type == &kr_bool_type))
    x = kr_val_unbox(v.o, KR_INT).i;
  else {
    krc_raisef(&kr_TypeError_type, "a bytes-like object is required, not '%s'", kr_type_name(v, k));
    return -1;
  }
  if (x < 0 || x > 255) {
    kr_raise(&kr_ValueError_type, "byte must be in range(0, 256)");
    return -1;
  }
  return memchr(b->data, (int)x, (size_t)b->len) != NULL;
}

/* ------------------------------------------------------------------- search */

/* stringlib's ADJUST_INDICES: slice-style bounds clamped to [0, len]. */
static void adjust_indices(int64_t *start, int64_t *end, int64_t len, int has) {
  if (!(has & KR_SLICE_START))
    *start = 0;
  if (!(has & KR_SLICE_STOP))
    *end = INT64_MAX;
  if (*end > len)
    *end = len;
  else if (*end < 0) {
    *end += len;
    if (*end < 0)
      *end = 0;
  }
  if (*start < 0) {
    *start += len;
    if (*start < 0)
      *start = 0;
  }
}

static int64_t find_fwd(const char *s, int64_t n, const char *p, int64_t m) {
  if (m == 0)
    return 0;
  const char *r = memmem(s, (size_t)n, p, (size_t)m);
  return r ? r - s : -1;
}

static int64_t find_rev(const char *s, int64_t n, const char *p, int64_t m) {
  if (m == 0)
    return n;
  for (int64_t i = n - m; i >= 0; i--)
    if (s[i] == p[0] && memcmp(s + i, p, (size_t)m) == 0)
      return i;
  return -1;
}

static int64_t bytes_find_impl(KrObj *o, KrObj *sub, int64_t start, int64_t end, int has, bool rev) {
  KrBytes *b = KR_BYTES(o), *s = KR_BYTES(sub);
  adjust_indices(&start, &end, b->len, has);
  if (end - start < s->len)
    return -1;
  int64_t r = rev ? find_rev(b->data + start, end - start, s->data, s->len)
                  : find_fwd(b->data + start, end - start, s->data, s->len);
  return r < 0 ? -1 : start + r;
}

int64_t kr_bytes_find(KrObj *b, KrObj *sub, int64_t start, int64_t end, int has) {
  return bytes_find_impl(b, sub, start, end, has, false);
}

int64_t kr_bytes_rfind(KrObj *b, KrObj *sub, int64_t start, int64_t end, int has) {
  return bytes_find_impl(b, sub, start, end, has, true);
}

int64_t kr_bytes_index(KrObj *b, KrObj *sub, int64_t start, int64_t end, int has) {
  int64_t r = bytes_find_impl(b, sub, start, end, has, false);
  if (r < 0)
    kr_raise(&kr_ValueError_type, "subsection not found");
  return r;
}

int64_t kr_bytes_rindex(KrObj *b, KrObj *sub, int64_t start, int64_t end, int has) {
  int64_t r = bytes_find_impl(b, sub, start, end, has, true);
  if (r < 0)
    kr_raise(&kr_ValueError_type, "subsection not found");
  return r;
}

int64_t kr_bytes_count(KrObj *o, KrObj *sub, int64_t start, int64_t end, int has) {
  KrBytes *b = KR_BYTES(o), *s = KR_BYTES(sub);
  adjust_indices(&start, &end, b->len, has);
  int64_t n = end - start;
  if (n < 0)
    return 0;
  if (s->len == 0)
    return n + 1;
  int64_t count = 0, i = 0;
  while (i <= n - s->len) {
    int64_t r = find_fwd(b->data + start + i, n - i, s->data, s->len);
    if (r < 0)
      break;
    count++;
    i += r + s->len;
  }
  return count;
}

/* _Py_bytes_tailmatch for one prefix/suffix. */
static int tailmatch(KrBytes *b, KrBytes *sub, int64_t start, int64_t end, int has, bool suffix) {
  int64_t len = b->len, slen = sub->len;
  adjust_indices(&start, &end, len, has);
  if (!suffix) {
    if (start > len - slen)
      return 0;
  } else {
    if (end - start < slen || start > len)
      return 0;
    if (end - slen > start)
      start = end - slen;
  }
  if (end - start < slen)
    return 0;
  return memcmp(b->data + start, sub->data, (size_t)slen) == 0;
}

static int startend(KrObj *o, KrObj *x, int64_t start, int64_t end, int has, bool suffix) {
  if (x->type == &kr_tuple_type) {
    KrTuple *t = KR_TUPLE(x);
    for (int64_t i = 0; i < t->len; i++) {
      if (t->kinds[i] != KR_OBJ || t->items[i].o->type != &kr_bytes_type) {
        krc_raisef(&kr_TypeError_type, "a bytes-like object is required, not '%s'",
                   kr_type_name(t->items[i], (ValKind)t->kinds[i]));
        return -1;
      }
      if (tailmatch(KR_BYTES(o), KR_BYTES(t->items[i].o), start, end, has, suffix))
        return 1;
    }
    return 0;
  }
  return tailmatch(KR_BYTES(o), KR_BYTES(x), start, end, has, suffix);
}

int kr_bytes_startswith(KrObj *b, KrObj *prefix, int64_t start, int64_t end, int has) {
  return startend(b, prefix, start, end, has, false);
}

int kr_bytes_endswith(KrObj *b, KrObj *suffix, int64_t start, int64_t end, int has) {
  return startend(b, suffix, start, end, has, true);
}

/* ---------------------------------------------------------------- splitting */

static int split_add(KrObj *list, const char *s, int64_t i, int64_t j) {
  KrObj *part = kr_bytes_new(s + i, j - i);
  if (!part)
    return -1;
  int r = kr_list_append(list, (KrVal){.o = part});
  kr_decref(part);
  return r;
}

static KrObj *split_impl(KrObj *o, KrObj *sepo, int64_t maxcount, bool rev) {
  KrBytes *b = KR_BYTES(o);
  const char *s = b->data;
  int64_t n = b->len;
  if (maxcount < 0)
    maxcount = INT64_MAX;
  if (sepo && KR_BYTES(sepo)->len == 0)
    return kr_raise(&kr_ValueError_type, "empty separator");
  KrObj *list = kr_list_new(KR_OBJ, 0);
  if (!list)
    return NULL;
  int err = 0;
  if (!sepo && !rev) {
    int64_t i = 0, j;
    while (maxcount-- > 0) {
      while (i < n && b_isspace((unsigned char)s[i]))
        i++;
      if (i == n)
        break;
      j = i;
      i++;
      while (i < n && !b_isspace((unsigned char)s[i]))
        i++;
      err |= split_add(list, s, j, i);
    }
    if (i < n) {
      while (i < n && b_isspace((unsigned char)s[i]))
        i++;
      if (i != n)
        err |= split_add(list, s, i, n);
    }
  } else if (!sepo) {
    int64_t i = n - 1, j;
    while (maxcount-- > 0) {
      while (i >= 0 && b_isspace((unsigned char)s[i]))
        i--;
      if (i < 0)
        break;
      j = i;
      i--;
      while (i >= 0 && !b_isspace((unsigned char)s[i]))
        i--;
      err |= split_add(list, s, i + 1, j + 1);
    }
    if (i >= 0) {
      while (i >= 0 && b_isspace((unsigned char)s[i]))
        i--;
      if (i >= 0)
        err |= split_add(list, s, 0, i + 1);
    }
    kr_list_reverse(list);
  } else if (!rev) {
    KrBytes *sep = KR_BYTES(sepo);
    int64_t i = 0;
    while (maxcount-- > 0) {
      int64_t pos = find_fwd(s + i, n - i, sep->data, sep->len);
      if (pos < 0)
        break;
      err |= split_add(list, s, i, i + pos);
      i = i + pos + sep->len;
    }
    err |= split_add(list, s, i, n);
  } else {
    KrBytes *sep = KR_BYTES(sepo);
    int64_t j = n;
    while (maxcount-- > 0) {
      int64_t pos = find_rev(s, j, sep->data, sep->len);
      if (pos < 0)
        break;
      err |= split_add(list, s, pos + sep->len, j);
      j = pos;
    }
    err |= split_add(list, s, 0, j);
    kr_list_reverse(list);
  }
  if (err) {
    kr_decref(list);
    return NULL;
  }
  return list;
}

KrObj *kr_bytes_split(KrObj *b, KrObj *sep, int64_t maxsplit) { return split_impl(b, sep, maxsplit, false); }

KrObj *kr_bytes_rsplit(KrObj *b, KrObj *sep, int64_t maxsplit) { return split_impl(b, sep, maxsplit, true); }

KrObj *kr_bytes_join(KrObj *sepo, KrObj *iterable) {
  KrBytes *sep = KR_BYTES(sepo);
  KrObj *l = krc_to_list(iterable, KR_OBJ);
  if (!l)
    return NULL;
  KrList *items = KR_LIST(l);
  int64_t total = 0;
  for (int64_t i = 0; i < items->len; i++) {
    KrObj *x = items->items[i].o;
    if (x->type != &kr_bytes_type) {
      krc_raisef(&kr_TypeError_type, "sequence item %lld: expected a bytes-like object, %s found", (long long)i,
                 x->type == &kr_int_type ? "int" : x->type->name);
      kr_decref(l);
      return NULL;
    }
    total += KR_BYTES(x)->len + (i ? sep->len : 0);
  }
  KrObj *r = bytes_alloc(total);
  if (r) {
    char *p = KR_BYTES(r)->data;
    for (int64_t i = 0; i < items->len; i++) {
      KrBytes *x = KR_BYTES(items->items[i].o);
      if (i) {
        memcpy(p, sep->data, (size_t)sep->len);
        p += sep->len;
      }
      memcpy(p, x->data, (size_t)x->len);
      p += x->len;
    }
  }
  kr_decref(l);
  return r;
}

/* strip: which ends (1 left, 2 right), chars NULL for whitespace. */
static KrObj *strip_impl(KrObj *o, KrObj *chars, int ends) {
  KrBytes *b = KR_BYTES(o);
  bool set[256] = {false};
  if (chars) {
    for (int64_t i = 0; i < KR_BYTES(chars)->len; i++)
      set[(unsigned char)KR_BYTES(chars)->data[i]] = true;
  } else {
    for (int c = 0; c < 256; c++)
      set[c] = b_isspace((unsigned char)c);
  }
  int64_t i = 0, j = b->len;
  if (ends & 1)
    while (i < j && set[(unsigned char)b->data[i]])
      i++;
  if (ends & 2)
    while (j > i && set[(unsigned char)b->data[j - 1]])
      j--;
  if (i == 0 && j == b->len) {
    kr_incref(o);
    return o;
  }
  return kr_bytes_new(b->data + i, j - i);
}

KrObj *kr_bytes_strip(KrObj *b, KrObj *chars) { return strip_impl(b, chars, 3); }
KrObj *kr_bytes_lstrip(KrObj *b, KrObj *chars) { return strip_impl(b, chars, 1); }
KrObj *kr_bytes_rstrip(KrObj *b, KrObj *chars) { return strip_impl(b, chars, 2); }

KrObj *kr_bytes_replace(KrObj *o, KrObj *oldo, KrObj *newo, int64_t count) {
  KrBytes *b = KR_BYTES(o), *old = KR_BYTES(oldo), *new_ = KR_BYTES(newo);
  if (count < 0)
    count = INT64_MAX;
  /* How many replacements there will be. */
  int64_t nrep = 0;
  if (old->len == 0) {
    nrep = b->len + 1 < count ? b->len + 1 : count;
  } else {
    for (int64_t i = 0; nrep < count;) {
      int64_t r = find_fwd(b->data + i, b->len - i, old->data, old->len);
      if (r < 0)
        break;
      nrep++;
      i += r + old->len;
    }
  }
  if (nrep == 0) {
    kr_incref(o);
    return o;
  }
  __int128 total = (__int128)b->len + (__int128)nrep * (new_->len - old->len);
  if (total > INT64_MAX / 2)
    return kr_raise(&kr_OverflowError_type, "replace bytes is too long");
  KrObj *r = bytes_alloc((int64_t)total);
  if (!r)
    return NULL;
  char *p = KR_BYTES(r)->data;
  int64_t i = 0;
  if (old->len == 0) {
    for (int64_t k = 0; k < nrep; k++) {
      memcpy(p, new_->data, (size_t)new_->len);
      p += new_->len;
      if (i < b->len)
        *p++ = b->data[i++];
    }
  } else {
    for (int64_t k = 0; k < nrep; k++) {
      int64_t at = i + find_fwd(b->data + i, b->len - i, old->data, old->len);
      memcpy(p, b->data + i, (size_t)(at - i));
      p += at - i;
      memcpy(p, new_->data, (size_t)new_->len);
      p += new_->len;
      i = at + old->len;
    }
  }
  memcpy(p, b->data + i, (size_t)(b->len - i));
  return r;
}

static KrObj *map_case(KrObj *o, bool upper) {
  KrBytes *b = KR_BYTES(o);
  KrObj *r = bytes_alloc(b->len);
  if (!r)
    return NULL;
  for (int64_t i = 0; i < b->len; i++) {
    char c = b->data[i];
    if (upper && c >= 'a' && c <= 'z')
      c = (char)(c - 32);
    else if (!upper && c >= 'A' && c <= 'Z')
      c = (char)(c + 32);
    KR_BYTES(r)->data[i] = c;
  }
  return r;
}

KrObj *kr_bytes_upper(KrObj *b) { return map_case(b, true); }
KrObj *kr_bytes_lower(KrObj *b) { return map_case(b, false); }

KrObj *kr_bytes_hex(KrObj *o) {
  KrBytes *b = KR_BYTES(o);
  static const char hexdigits[] = "0123456789abcdef";
  KrBuf out;
  kr_buf_init(&out, 2 * b->len);
  for (int64_t i = 0; i < b->len; i++) {
    unsigned char c = (unsigned char)b->data[i];
    char e[2] = {hexdigits[c >> 4], hexdigits[c & 15]};
    kr_buf_put(&out, e, 2);
  }
  return kr_buf_finish(&out);
}

static int hexval(unsigned char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

KrObj *kr_bytes_fromhex(KrObj *s) {
  const char *p = kr_str_data(s);
  int64_t n = kr_str_bytes(s), i = 0, k = 0;
  KrObj *r = bytes_alloc(n / 2);
  if (!r)
    return NULL;
  while (i < n) {
    if (b_isspace((unsigned char)p[i])) {
      while (i < n && b_isspace((unsigned char)p[i]))
        i++;
      if (i >= n)
        break;
    }
    int top = hexval((unsigned char)p[i]);
    if (top < 0)
      goto error;
    i++;
    int bot = i < n ? hexval((unsigned char)p[i]) : -1;
    if (bot < 0)
      goto error;
    i++;
    KR_BYTES(r)->data[k++] = (char)(top << 4 | bot);
  }
  KR_BYTES(r)->len = k;
  KR_BYTES(r)->data[k] = 0;
  return r;
error:;
  /* the position in code points */
  int64_t pos = 0;
  for (int64_t j = 0; j < i && j < n; j++)
    pos += ((unsigned char)p[j] & 0xC0) != 0x80;
  kr_decref(r);
  return krc_raisef(&kr_ValueError_type, "non-hexadecimal number found in fromhex() arg at position %lld",
                    (long long)pos);
}

/* ------------------------------------------------------------------- decode */

enum { ERR_STRICT, ERR_REPLACE, ERR_IGNORE, ERR_SURROGATEESCAPE, ERR_BACKSLASHREPLACE, ERR_UNKNOWN };
enum { ENC_UTF8, ENC_ASCII, ENC_LATIN1 };

static bool name_is(const char *name, const char *const *list) {
  char norm[32];
  size_t n = 0;
  for (const char *p = name; *p && n + 1 < sizeof norm; p++) {
    char c = *p;
    if (c >= 'A' && c <= 'Z')
      c = (char)(c + 32);
    if (c == '_' || c == ' ')
      c = '-';
    norm[n++] = c;
  }
  norm[n] = 0;
  for (; *list; list++)
    if (strcmp(norm, *list) == 0)
      return true;
  return false;
}

/* Report one undecodable range [start, end) per the handler; 0 to go on. */
static int decode_error(KrBuf *out, int handler, const char *enc, KrBytes *b, int64_t start, int64_t end,
                        const char *reason, const char *errors) {
  switch (handler) {
  case ERR_REPLACE: return kr_buf_putcp(out, 0xFFFD);
  case ERR_IGNORE: return 0;
  case ERR_SURROGATEESCAPE:
    for (int64_t i = start; i < end; i++) {
      unsigned char c = (unsigned char)b->data[i];
      if (c < 128)
        break; /* cannot happen for these codecs' errors */
      kr_buf_putcp(out, 0xDC00 + c);
    }
    return 0;
  case ERR_BACKSLASHREPLACE:
    for (int64_t i = start; i < end; i++)
      kr_buf_printf(out, "\\x%02x", (unsigned char)b->data[i]);
    return 0;
  case ERR_UNKNOWN:
    krc_raisef(&kr_LookupError_type, "unknown error handler name '%s'", errors);
    return -1;
  default:
    if (end - start == 1)
      krc_raisef(&kr_UnicodeDecodeError_type, "'%s' codec can't decode byte 0x%02x in position %lld: %s", enc,
                 (unsigned char)b->data[start], (long long)start, reason);
    else
      krc_raisef(&kr_UnicodeDecodeError_type, "'%s' codec can't decode bytes in position %lld-%lld: %s", enc,
                 (long long)start, (long long)end - 1, reason);
    return -1;
  }
}

static bool is_cont(unsigned char c) { return (c & 0xC0) == 0x80; }

/* str.encode(encoding): UTF-8, ASCII or Latin-1, strict; a code point the
 * codec cannot encode (a surrogate for UTF-8) raises UnicodeEncodeError
 * naming the run of such characters, as CPython does. */
KrObj *kr_str_encode(KrObj *so, const char *encoding) {
  static const char *const utf8_names[] = {"utf-8", "utf8", "u8", "utf", "cp65001", NULL};
  static const char *const ascii_names[] = {"ascii", "us-ascii", "646", "us", NULL};
  static const char *const latin1_names[] = {"latin-1", "latin1", "iso-8859-1", "iso8859-1", "8859", "cp819",
                                             "l1", "latin", "iso-ir-100", NULL};
  const char *enc;
  int64_t limit; /* the first code point the codec cannot encode */
  if (!encoding || name_is(encoding, utf8_names))
    enc = "utf-8", limit = 0x110000;
  else if (name_is(encoding, ascii_names))
    enc = "ascii", limit = 0x80;
  else if (name_is(encoding, latin1_names))
    enc = "latin-1", limit = 0x100;
  else
    return krc_raisef(&kr_LookupError_type, "unknown encoding: %s", encoding);
  KrStr *str = (KrStr *)so;
  const unsigned char *p = (const unsigned char *)str->data, *end = p + str->len;
  KrObj *b = bytes_alloc(limit == 0x110000 ? str->len : str->nchars);
  if (!b)
    return NULL;
  char *out = KR_BYTES(b)->data;
  int64_t pos = 0, bad = -1, bad_end = -1, first_cp = 0;
  while (p < end) {
    const unsigned char *start = p;
    int64_t cp = *p++;
    if (cp >= 0xF0)
      cp = cp & 0x07, cp = (cp << 6) | (*p++ & 0x3F), cp = (cp << 6) | (*p++ & 0x3F), cp = (cp << 6) | (*p++ & 0x3F);
    else if (cp >= 0xE0)
      cp = cp & 0x0F, cp = (cp << 6) | (*p++ & 0x3F), cp = (cp << 6) | (*p++ & 0x3F);
    else if (cp >= 0xC0)
      cp = cp & 0x1F, cp = (cp << 6) | (*p++ & 0x3F);
    bool ok = cp < limit && !(limit == 0x110000 && cp >= 0xD800 && cp <= 0xDFFF);
    if (bad >= 0) {
      if (ok)
        break;
      bad_end = pos + 1;
    } else if (!ok) {
      bad = pos, bad_end = pos + 1, first_cp = cp;
    } else if (limit == 0x110000) {
      memcpy(out, start, (size_t)(p - start));
      out += p - start;
    } else
      *out++ = (char)cp;
    pos++;
  }
  if (bad < 0) {
    KR_BYTES(b)->len = out - KR_BYTES(b)->data;
    return b;
  }
  kr_decref(b);
  const char *reason = limit == 0x80 ? "ordinal not in range(128)"
                       : limit == 0x100 ? "ordinal not in range(256)"
                                        : "surrogates not allowed";
  if (bad_end - bad == 1) {
    char ch[16];
    if (first_cp < 0x100)
      snprintf(ch, sizeof ch, "\\x%02x", (unsigned)first_cp);
    else if (first_cp < 0x10000)
      snprintf(ch, sizeof ch, "\\u%04x", (unsigned)first_cp);
    else
      snprintf(ch, sizeof ch, "\\U%08x", (unsigned)first_cp);
    return krc_raisef(&kr_UnicodeEncodeError_type, "'%s' codec can't encode character '%s' in position %lld: %s",
                      enc, ch, (long long)bad, reason);
  }
  return krc_raisef(&kr_UnicodeEncodeError_type, "'%s' codec can't encode characters in position %lld-%lld: %s", enc,
                    (long long)bad, (long long)bad_end - 1, reason);
}

KrObj *kr_bytes_decode(KrObj *o, const char *encoding, const char *errors) {
  if (KR_BYTES(o)->len == 0) /* CPython returns '' before it looks the codec up */
    return kr_str_empty();
  static const char *const utf8_names[] = {"utf-8", "utf8", "u8", "utf", "cp65001", NULL};
  static const char *const ascii_names[] = {"ascii", "us-ascii", "646", "us", NULL};
  static const char *const latin1_names[] = {"latin-1", "latin1", "iso-8859-1", "iso8859-1", "8859", "cp819",
                                             "l1", "latin", "iso-ir-100", NULL};
  int enc;
  if (!encoding || name_is(encoding, utf8_names))
    enc = ENC_UTF8;
  else if (name_is(encoding, ascii_names))
    enc = ENC_ASCII;
  else if (name_is(encoding, latin1_names))
    enc = ENC_LATIN1;
  else
    return krc_raisef(&kr_LookupError_type, "unknown encoding: %s", encoding);
  int handler = ERR_STRICT;
  if (errors && strcmp(errors, "strict") != 0)
    handler = strcmp(errors, "replace") == 0            ? ERR_REPLACE
              : strcmp(errors, "ignore") == 0           ? ERR_IGNORE
              : strcmp(errors, "surrogateescape") == 0  ? ERR_SURROGATEESCAPE
              : strcmp(errors, "backslashreplace") == 0 ? ERR_BACKSLASHREPLACE
                                                        : ERR_UNKNOWN;
  KrBytes *b = KR_BYTES(o);
  const unsigned char *s = (const unsigned char *)b->data;
  int64_t n = b->len, i = 0;
  KrBuf out;
  kr_buf_init(&out, n);
  if (enc == ENC_LATIN1) {
    for (; i < n; i++)
      kr_buf_putcp(&out, s[i]);
    return kr_buf_finish(&out);
  }
  if (enc == ENC_ASCII) {
    for (; i < n; i++) {
      if (s[i] < 0x80)
        kr_buf_putc(&out, (char)s[i]);
      else if (decode_error(&out, handler, "ascii", b, i, i + 1, "ordinal not in range(128)", errors) < 0)
        goto fail;
    }
    return kr_buf_finish(&out);
  }
  while (i < n) {
    /* a run of ASCII */
    int64_t j = i;
    while (j < n && s[j] < 0x80)
      j++;
    kr_buf_put(&out, (const char *)s + i, j - i);
    i = j;
    if (i >= n)
      break;
    unsigned c = s[i];
    int64_t left = n - i, bad_end = 0; /* bad_end: end of the invalid range, 0 if valid */
    const char *reason = "invalid continuation byte";
    int len = 0;
    if (c < 0xC2) {
      bad_end = i + 1;
      reason = "invalid start byte";
    } else if (c < 0xE0) {
      if (left < 2)
        bad_end = n, reason = "unexpected end of data";
      else if (!is_cont(s[i + 1]))
        bad_end = i + 1;
      else
        len = 2;
    } else if (c < 0xF0) {
      if (left < 3) {
        if (left >= 2 && (!is_cont(s[i + 1]) || (s[i + 1] < 0xA0 ? c == 0xE0 : c == 0xED)))
          bad_end = i + 1;
        else
          bad_end = n, reason = "unexpected end of data";
      } else if (!is_cont(s[i + 1]) || (c == 0xE0 && s[i + 1] < 0xA0) || (c == 0xED && s[i + 1] >= 0xA0)) {
        bad_end = i + 1;
      } else if (!is_cont(s[i + 2])) {
        bad_end = i + 2;
      } else {
        len = 3;
      }
    } else if (c < 0xF5) {
      if (left < 4) {
        if (left >= 2 && (!is_cont(s[i + 1]) || (s[i + 1] < 0x90 ? c == 0xF0 : c == 0xF4)))
          bad_end = i + 1;
        else if (left >= 3 && !is_cont(s[i + 2]))
          bad_end = i + 2;
        else
          bad_end = n, reason = "unexpected end of data";
      } else if (!is_cont(s[i + 1]) || (c == 0xF0 && s[i + 1] < 0x90) || (c == 0xF4 && s[i + 1] >= 0x90)) {
        bad_end = i + 1;
      } else if (!is_cont(s[i + 2])) {
        bad_end = i + 2;
      } else if (!is_cont(s[i + 3])) {
        bad_end = i + 3;
      } else {
        len = 4;
      }
    } else {
      bad_end = i + 1;
      reason = "invalid start byte";
    }
    if (len) {
      kr_buf_put(&out, (const char *)s + i, len);
      i += len;
      continue;
    }
    if (decode_error(&out, handler, "utf-8", b, i, bad_end, reason, errors) < 0)
      goto fail;
    i = bad_end;
  }
  return kr_buf_finish(&out);
fail:
  kr_buf_discard(&out);
  return NULL;
}

/* ----------------------------------------------------------------- iterator */

static int bytes_iter_next(KrIter *it, KrVal *out) {
  if (!it->src)
    return 0;
  KrBytes *b = KR_BYTES(it->src);
  if (it->pos >= 0 && it->pos < b->len) {
    out->i = (unsigned char)b->data[it->pos];
    it->pos += it->a;
    return 1;
  }
  kr_decref(it->src);
  it->src = NULL;
  return 0;
}

int krc_bytes_iter_init(KrIter *it, KrObj *bytes, bool reverse) {
  it->next = bytes_iter_next;
  it->src = bytes;
  kr_incref(bytes);
  it->pos = reverse ? KR_BYTES(bytes)->len - 1 : 0;
  it->a = reverse ? -1 : 1;
  it->kind = KR_INT;
  return 0;
}

/* int.to_bytes(length, byteorder, signed=False): CPython's errors for a
 * negative length, an unknown byte order and a value that does not fit. */
KrObj *kr_int_to_bytes(int64_t v, int64_t length, KrObj *order, bool is_signed) {
  if (length < 0)
    return kr_raise(&kr_ValueError_type, "length argument must be non-negative");
  const char *o = kr_str_data(order);
  bool little = !strcmp(o, "little");
  if (!little && strcmp(o, "big"))
    return kr_raise(&kr_ValueError_type, "byteorder must be either 'little' or 'big'");
  if (!is_signed && v < 0)
    return kr_raise(&kr_OverflowError_type, "can't convert negative int to unsigned");
  /* does v fit in length bytes? */
  bool fits = length >= 8 ? true
              : is_signed ? (v >= -((int64_t)1 << (8 * length - 1)) && v < ((int64_t)1 << (8 * length - 1)))
                          : (uint64_t)v < ((uint64_t)1 << (8 * length));
  if (length == 0)
    fits = v == 0;
  if (!fits)
    return kr_raise(&kr_OverflowError_type, "int too big to convert");
  char *buf = kr_alloc((size_t)length + 1);
  if (!buf)
    return NULL;
  for (int64_t i = 0; i < length; i++) {
    unsigned char byte = i < 8 ? (unsigned char)((uint64_t)v >> (8 * i)) : (v < 0 ? 0xff : 0);
    buf[little ? i : length - 1 - i] = (char)byte;
  }
  KrObj *r = kr_bytes_new(buf, length);
  kr_free(buf);
  return r;
}

KrObj *kr_int_to_bytes2(int64_t v, int64_t length, KrObj *order) { return kr_int_to_bytes(v, length, order, false); }
