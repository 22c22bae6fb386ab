/* tuple.c — tuple: a fixed array of KrVal slots, each with its own kind
 * (tuple[int, str] holds an unboxed int and a str object).
 *
 * One allocation holds the header, the items and, after them, one byte of
 * ValKind per item. The hash is CPython 3.11's (the xxHash-derived
 * tuplehash), since the order of a set of tuples depends on it, and is
 * kept in the tuple once computed when its items are plain (numbers, str,
 * None, such tuples), which makes a tuple dict key cost one hash, not one
 * per lookup; comparisons
 * find the first differing position with identity-then-== and compare that
 * pair with the operator, as tuplerichcompare does. Iterating a tuple whose
 * items have different kinds yields boxed objects (KR_OBJ), the type a
 * loop variable over it has. */
#include "containers_impl.h"
#include "core_impl.h"

#include <stddef.h>

static KrTuple empty_tuple = {{-1, &kr_tuple_type}, 0, NULL, -1};

static void tuple_dealloc(KrObj *self) {
  KrTuple *t = KR_TUPLE(self);
  for (int64_t i = t->len; --i >= 0;)
    if (t->kinds[i] == KR_OBJ)
      kr_xdecref(t->items[i].o);
  kr_free(t);
}

static int64_t tuple_len_slot(KrObj *self) { return KR_TUPLE(self)->len; }

static int tuple_eq_slot(KrObj *self, KrObj *other) {
  if (other->type != &kr_tuple_type)
    return 0;
  return kr_tuple_cmp(self, other, KR_EQ);
}

static int tuple_cmp_slot(KrObj *self, KrObj *other, int op) {
  if (other->type != &kr_tuple_type)
    return -2;
  return kr_tuple_cmp(self, other, op);
}

const KrType kr_tuple_type = {
    .name = "tuple",
    .dealloc = tuple_dealloc,
    .repr = kr_tuple_repr,
    .hash = kr_tuple_hash,
    .eq = tuple_eq_slot,
    .cmp = tuple_cmp_slot,
    .len = tuple_len_slot,
};

/* A tuple of n > 0 items of the given kinds (NULL: all objects), its items
 * zeroed or not (a caller that fills every item). */
static KrObj *tuple_make(int64_t n, const uint8_t *kinds, bool zero) {
  if (n > (INT64_MAX / 2) / (int64_t)(sizeof(KrVal) + 1))
    return kr_raise(&kr_MemoryError_type, "");
  size_t size = offsetof(KrTuple, items) + (size_t)n * (sizeof(KrVal) + 1);
  KrTuple *t = (KrTuple *)(zero ? kr_obj_new(&kr_tuple_type, size) : kr_obj_new_uninit(&kr_tuple_type, size));
  if (!t)
    return NULL;
  t->len = n;
  t->kinds = (uint8_t *)(t->items + n);
  t->hash = -1;
  if (kinds && n == 2) /* most tuples are pairs: two stores, where a call of memcpy cost more than the copy */
    t->kinds[0] = kinds[0], t->kinds[1] = kinds[1];
  else if (kinds)
    kr_copy_bytes((char *)t->kinds, (const char *)kinds, n);
  else
    memset(t->kinds, KR_OBJ, (size_t)n);
  return &t->h;
}

KrObj *kr_tuple_new(int64_t n, const uint8_t *kinds) {
  return n <= 0 ? &empty_tuple.h : tuple_make(n, kinds, true);
}

/* kr_tuple_new for a caller that fills every item: no zeroing (small ones). */
static KrObj *tuple_alloc(int64_t n, const uint8_t *kinds) {
  return n <= 0 || n > 64 ? kr_tuple_new(n, kinds) : tuple_make(n, kinds, false);
}

KrObj *kr_tuple_pack(int64_t n, const KrVal *items, const uint8_t *kinds) {
  KrObj *o = tuple_alloc(n, kinds);
  if (!o)
    return NULL;
  KrTuple *t = KR_TUPLE(o);
  for (int64_t i = 0; i < n; i++) {
    kr_val_incref(items[i], (ValKind)t->kinds[i]);
    t->items[i] = items[i];
  }
  return o;
}

KrObj *kr_tuple_pack_steal(int64_t n, KrVal *items, const uint8_t *kinds) {
  KrObj *o = tuple_alloc(n, kinds);
  if (!o) {
    for (int64_t i = 0; i < n; i++)
      kr_val_decref(items[i], kinds ? (ValKind)kinds[i] : KR_OBJ);
    return NULL;
  }
  if (n > 0)
    memcpy(KR_TUPLE(o)->items, items, (size_t)n * sizeof(KrVal));
  return o;
}

KrObj *kr_tuple_pair(KrVal a, ValKind ka, KrVal b, ValKind kb) {
  KrVal items[2] = {a, b};
  uint8_t kinds[2] = {(uint8_t)ka, (uint8_t)kb};
  return kr_tuple_pack(2, items, kinds);
}

KrObj *kr_tuple_from_iter(KrObj *iterable) {
  if (iterable->type == &kr_tuple_type) {
    kr_incref(iterable);
    return iterable;
  }
  KrObj *l = krc_to_list(iterable, kr_iterable_kind(iterable));
  if (!l)
    return NULL;
  KrList *list = KR_LIST(l);
  KrObj *t = kr_tuple_new(list->len, NULL);
  if (t && list->len > 0) {
    memset(KR_TUPLE(t)->kinds, list->kind, (size_t)list->len);
    for (int64_t i = 0; i < list->len; i++) {
      KR_TUPLE(t)->items[i] = list->items[i];
      kr_val_incref(list->items[i], list->kind);
    }
  }
  kr_decref(l);
  return t;
}

KrVal kr_tuple_getitem(KrObj *o, int64_t i) {
  KrTuple *t = KR_TUPLE(o);
  if (i < 0)
    i += t->len;
  if ((uint64_t)i >= (uint64_t)t->len) {
    kr_raise(&kr_IndexError_type, "tuple index out of range");
    return (KrVal){0};
  }
  kr_val_incref(t->items[i], (ValKind)t->kinds[i]);
  return t->items[i];
}

KrObj *kr_tuple_getslice(KrObj *o, int64_t start, int64_t stop, int64_t step, int has) {
  KrTuple *t = KR_TUPLE(o);
  int64_t n = kr_slice_adjust(t->len, &start, &stop, &step, has);
  if (n < 0)
    return NULL;
  if (start == 0 && step == 1 && n == t->len) {
    kr_incref(o);
    return o;
  }
  KrObj *r = kr_tuple_new(n, NULL);
  if (!r)
    return NULL;
  uint64_t cur = (uint64_t)start;
  for (int64_t i = 0; i < n; i++, cur += (uint64_t)step) {
    KR_TUPLE(r)->items[i] = t->items[cur];
    KR_TUPLE(r)->kinds[i] = t->kinds[cur];
    kr_val_incref(t->items[cur], (ValKind)t->kinds[cur]);
  }
  return r;
}

KrObj *kr_tuple_concat(KrObj *ao, KrObj *bo) {
  KrTuple *a = KR_TUPLE(ao), *b = KR_TUPLE(bo);
  if (b->len == 0 || a->len == 0) {
    KrObj *r = b->len == 0 ? ao : bo;
    kr_incref(r);
    return r;
  }
  KrObj *r = kr_tuple_new(a->len + b->len, NULL);
  if (!r)
    return NULL;
  KrTuple *t = KR_TUPLE(r);
  for (int64_t i = 0; i < a->len; i++) {
    t->items[i] = a->items[i];
    t->kinds[i] = a->kinds[i];
    kr_val_incref(a->items[i], (ValKind)a->kinds[i]);
  }
  for (int64_t i = 0; i < b->len; i++) {
    t->items[a->len + i] = b->items[i];
    t->kinds[a->len + i] = b->kinds[i];
    kr_val_incref(b->items[i], (ValKind)b->kinds[i]);
  }
  return r;
}

KrObj *kr_tuple_repeat(KrObj *o, int64_t n) {
  KrTuple *t = KR_TUPLE(o);
  if (t->len == 0 || n == 1) {
    kr_incref(o);
    return o;
  }
  if (n <= 0)
    return kr_tuple_new(0, NULL);
  if (t->len > INT64_MAX / (int64_t)(sizeof(KrVal) + 1) / n)
    return kr_raise(&kr_MemoryError_type, "");
  KrObj *r = kr_tuple_new(t->len * n, NULL);
  if (!r)
    return NULL;
  KrTuple *rt = KR_TUPLE(r);
  for (int64_t k = 0, j = 0; k < n; k++)
    for (int64_t i = 0; i < t->len; i++, j++) {
      rt->items[j] = t->items[i];
      rt->kinds[j] = t->kinds[i];
      kr_val_incref(t->items[i], (ValKind)t->kinds[i]);
    }
  return r;
}

int kr_tuple_contains(KrObj *o, KrVal v, ValKind k) {
  KrTuple *t = KR_TUPLE(o);
  int cmp = 0;
  for (int64_t i = 0; cmp == 0 && i < t->len; i++)
    cmp = krc_eq(t->items[i], (ValKind)t->kinds[i], v, k);
  return cmp;
}

int64_t kr_tuple_index(KrObj *o, KrVal v, ValKind k, int64_t start, int64_t stop) {
  KrTuple *t = KR_TUPLE(o);
  if (start < 0) {
    start += t->len;
    if (start < 0)
      start = 0;
  }
  if (stop < 0) {
    stop += t->len;
  } else if (stop > t->len) {
    stop = t->len;
  }
  for (int64_t i = start; i < stop; i++) {
    int cmp = krc_eq(t->items[i], (ValKind)t->kinds[i], v, k);
    if (cmp > 0)
      return i;
    if (cmp < 0)
      return -1;
  }
  kr_raise(&kr_ValueError_type, "tuple.index(x): x not in tuple");
  return -1;
}

int64_t kr_tuple_count(KrObj *o, KrVal v, ValKind k) {
  KrTuple *t = KR_TUPLE(o);
  int64_t count = 0;
  for (int64_t i = 0; i < t->len; i++) {
    int cmp = krc_eq(t->items[i], (ValKind)t->kinds[i], v, k);
    if (cmp > 0)
      count++;
    else if (cmp < 0)
      return -1;
  }
  return count;
}

static inline int items_cmp(int64_t nv, const KrVal *v, const uint8_t *vk, int64_t nw, const KrVal *w,
                            const uint8_t *wk, int op) {
  int64_t i;
  for (i = 0; i < nv && i < nw; i++) {
    int k = krc_eq(v[i], (ValKind)vk[i], w[i], (ValKind)wk[i]);
    if (k < 0)
      return -1;
    if (!k)
      break;
  }
  if (i >= nv || i >= nw) {
    return krc_cmp_len(nv, nw, op);
  }
  if (op == KR_EQ)
    return 0;
  if (op == KR_NE)
    return 1;
  /* the items differ: two floats, two ints or two strs are ordered here,
   * without kr_val_cmp's dispatch */
  ValKind a = (ValKind)vk[i], b = (ValKind)wk[i];
  if (a == b && (a == KR_FLOAT || a == KR_INT)) {
    if (a == KR_FLOAT)
      return krc_cmp_float(v[i].f, w[i].f, op);
    return krc_cmp_len(v[i].i, w[i].i, op);
  }
  if (a == KR_OBJ && b == KR_OBJ && v[i].o->type == &kr_str_type && w[i].o->type == &kr_str_type)
    return krc_cmp_len(kr_str_cmp(v[i].o, w[i].o), 0, op);
  return kr_val_cmp(v[i], a, w[i], b, op);
}

int kr_items_cmp(int64_t nv, const KrVal *v, const uint8_t *vk, int64_t nw, const KrVal *w, const uint8_t *wk,
                 int op) {
  return items_cmp(nv, v, vk, nw, w, wk, op);
}

int kr_tuple_cmp(KrObj *vo, KrObj *wo, int op) {
  KrTuple *v = KR_TUPLE(vo), *w = KR_TUPLE(wo);
  return items_cmp(v->len, v->items, v->kinds, w->len, w->items, w->kinds, op);
}

int kr_tuple_eq(KrObj *a, KrObj *b) { return kr_tuple_cmp(a, b, KR_EQ); }

/* CPython 3.11's tuplehash (64-bit xxHash constants). */
#define XXPRIME_1 11400714785074694791ULL
#define XXPRIME_2 14029467366897019727ULL
#define XXPRIME_5 2870177450012600261ULL
#define XXROTATE(x) (((x) << 31) | ((x) >> 33))

/* True when hashing or comparing v with == runs no code of the program:
 * it is a number, a str, None or a tuple of such items (whose hash is
 * cached, below). */
static inline bool plain_item(KrVal v, ValKind k) {
  if (k != KR_OBJ)
    return true;
  const KrType *t = v.o->type;
  return t == &kr_str_type || (t == &kr_tuple_type && KR_TUPLE(v.o)->hash != -1) || t == &kr_int_type ||
         t == &kr_float_type || t == &kr_bool_type || t == &kr_NoneType;
}

int64_t kr_tuple_hash(KrObj *o) {
  KrTuple *t = KR_TUPLE(o);
  int64_t cached = __atomic_load_n(&t->hash, __ATOMIC_RELAXED);
  if (cached != -1)
    return cached;
  uint64_t acc = XXPRIME_5;
  bool plain = true;
  for (int64_t i = 0; i < t->len; i++) {
    KrVal v = t->items[i];
    ValKind k = (ValKind)t->kinds[i];
    int64_t h;
    if (k == KR_OBJ && v.o->type == &kr_str_type) { /* the common key item: plain, its hash cached */
      h = kr_str_hash_cached(v.o);
    } else {
      h = krc_hash(v, k);
      if (h == -1 && kr_failed())
        return -1;
      plain = plain && plain_item(v, k);
    }
    uint64_t lane = (uint64_t)h;
    acc += lane * XXPRIME_2;
    acc = XXROTATE(acc);
    acc *= XXPRIME_1;
  }
  acc += (uint64_t)t->len ^ (XXPRIME_5 ^ 3527539UL);
  int64_t h = acc == (uint64_t)-1 ? 1546275796 : (int64_t)acc;
  /* A hash made of plain items alone is the same every time and computing
   * it has no effect a program can see, so it is kept (CPython 3.11 keeps
   * none); a user class's __hash__ runs again each time, as in CPython. */
  if (plain)
    __atomic_store_n(&t->hash, h, __ATOMIC_RELAXED);
  return h;
}

int krc_tuple_eq_plain(KrObj *ao, KrObj *bo) {
  KrTuple *a = KR_TUPLE(ao), *b = KR_TUPLE(bo);
  if (a->len != b->len)
    return 0;
  for (int64_t i = 0; i < a->len; i++) {
    KrVal x = a->items[i], y = b->items[i];
    ValKind kx = (ValKind)a->kinds[i], ky = (ValKind)b->kinds[i];
    int eq;
    if (kx == KR_OBJ && ky == KR_OBJ && x.o->type == &kr_str_type && y.o->type == &kr_str_type)
      eq = kr_str_eq(x.o, y.o);
    else
      eq = krc_eq(x, kx, y, ky);
    if (eq <= 0)
      return eq;
  }
  return 1;
}

KrObj *kr_tuple_repr(KrObj *o) {
  KrTuple *t = KR_TUPLE(o);
  if (t->len == 0)
    return kr_str_new("()", 2);
  KrcReprFrame f;
  if (krc_repr_enter(&f, o))
    return kr_str_new("(...)", 5);
  KrBuf b;
  kr_buf_init(&b, 2 + 3 * t->len);
  kr_buf_putc(&b, '(');
  for (int64_t i = 0; i < t->len; i++) {
    if (i > 0)
      kr_buf_put(&b, ", ", 2);
    if (krc_buf_put_repr(&b, t->items[i], (ValKind)t->kinds[i]) < 0)
      break;
  }
  if (t->len == 1)
    kr_buf_putc(&b, ',');
  kr_buf_putc(&b, ')');
  krc_repr_leave(&f);
  return kr_buf_finish(&b);
}

/* ----------------------------------------------------------------- iterator */

/* The kind of every item, or KR_OBJ when they differ. */
static ValKind uniform_kind(KrTuple *t) {
  for (int64_t i = 1; i < t->len; i++)
    if (t->kinds[i] != t->kinds[0])
      return KR_OBJ;
  return t->len ? (ValKind)t->kinds[0] : KR_OBJ;
}

static int tuple_iter_next(KrIter *it, KrVal *out) {
  if (!it->src)
    return 0;
  KrTuple *t = KR_TUPLE(it->src);
  if (it->pos >= 0 && it->pos < t->len) {
    int64_t i = it->pos;
    it->pos += it->a;
    return krc_convert(t->items[i], (ValKind)t->kinds[i], it->kind, out) < 0 ? -1 : 1;
  }
  kr_decref(it->src);
  it->src = NULL;
  return 0;
}

int krc_tuple_iter_init(KrIter *it, KrObj *tuple, bool reverse) {
  KrTuple *t = KR_TUPLE(tuple);
  it->next = tuple_iter_next;
  it->src = tuple;
  kr_incref(tuple);
  it->pos = reverse ? t->len - 1 : 0;
  it->a = reverse ? -1 : 1;
  it->kind = uniform_kind(t);
  return 0;
}
