/* containers_impl.h — what the container files share and generated code
 * does not see: repr helpers, the recursion guard of
 * repr (CPython's Py_ReprEnter), kind conversion, CPython's
 * PyObject_RichCompareBool, KeyError(key), and the item walkers that let a
 * container consume any iterable. The `krc_` prefix marks these as private
 * to the containers (list.c, tuple.c, dict.c, set.c, range.c, bytes.c,
 * sort.c). */
#ifndef KILNRT_CONTAINERS_IMPL_H
#define KILNRT_CONTAINERS_IMPL_H

#include "kilnrt.h"

#include <string.h>

/* ---- reprs (list.c): append repr(v) to a str builder. */
int krc_buf_put_repr(KrBuf *b, KrVal v, ValKind k);

/* ---- repr's recursion guard: frames live on the C stack of the reprs
 * under way in this thread. */
typedef struct KrcReprFrame {
  KrObj *obj;
  struct KrcReprFrame *up;
} KrcReprFrame;
extern KR_TLS_HIDDEN _Thread_local KrcReprFrame *krc_repr_top;

/* 1 if o is already being repr'd further up (print '[...]'); else 0 and o
 * is entered (call krc_repr_leave with the same frame). */
static inline int krc_repr_enter(KrcReprFrame *f, KrObj *o) {
  for (KrcReprFrame *p = krc_repr_top; p; p = p->up)
    if (p->obj == o)
      return 1;
  f->obj = o;
  f->up = krc_repr_top;
  krc_repr_top = f;
  return 0;
}
static inline void krc_repr_leave(KrcReprFrame *f) { krc_repr_top = f->up; }

/* ---- values (list.c) */

/* v of kind `from` as a value of kind `to` (a new reference): boxes into
 * KR_OBJ, unboxes a KrInt/KrFloat/bool box into a scalar kind. -1 +
 * TypeError when the value cannot have that kind. */
int krc_convert(KrVal v, ValKind from, ValKind to, KrVal *out);
/* How a sequence comparison ends when one sequence is a prefix of the
 * other (or they are equal): the lengths decide, for any op. */
static inline int krc_cmp_len(int64_t x, int64_t y, int op) {
  switch (op) {
  case KR_LT: return x < y;
  case KR_LE: return x <= y;
  case KR_GT: return x > y;
  case KR_GE: return x >= y;
  case KR_EQ: return x == y;
  default: return x != y;
  }
}

/* x op y for two floats (NaN compares false, as in C and Python). */
static inline int krc_cmp_float(double x, double y, int op) {
  switch (op) {
  case KR_LT: return x < y;
  case KR_LE: return x <= y;
  case KR_GT: return x > y;
  case KR_GE: return x >= y;
  case KR_EQ: return x == y;
  default: return x != y;
  }
}

/* PyObject_RichCompareBool(a, b, Py_EQ): identical objects are equal. */
static inline int krc_eq(KrVal a, ValKind ka, KrVal b, ValKind kb) {
  if (ka == KR_OBJ && kb == KR_OBJ && a.o == b.o)
    return 1;
  if (ka == kb) {
    switch (ka) {
    case KR_INT: return a.i == b.i;
    case KR_FLOAT: return a.f == b.f;
    case KR_BOOL: return a.b == b.b;
    case KR_OBJ: break;
    }
  }
  return kr_val_eq(a, ka, b, kb);
}
/* hash(v) as kr_val_hash computes it, a str's or tuple's cached hash
 * read inline. */
static inline int64_t krc_hash(KrVal v, ValKind k) {
  if (k == KR_OBJ) {
    if (v.o->type == &kr_str_type)
      return kr_str_hash_cached(v.o);
    if (v.o->type == &kr_tuple_type && KR_TUPLE(v.o)->hash != -1)
      return KR_TUPLE(v.o)->hash;
    return kr_obj_hash(v.o);
  }
  return kr_val_hash(v, k);
}
/* A tuple whose hash is cached (kr_tuple_hash): its hash and == run no
 * code of the program. */
static inline bool krc_tuple_plain(KrVal v, ValKind k) {
  return k == KR_OBJ && v.o->type == &kr_tuple_type && __atomic_load_n(&KR_TUPLE(v.o)->hash, __ATOMIC_RELAXED) != -1;
}
/* a == b for two plain tuples (krc_tuple_plain): 1, 0 (never an error). */
int krc_tuple_eq_plain(KrObj *a, KrObj *b);
/* A for loop over a deque (collections.c). */
int krc_deque_iter_init(KrIter *it, KrObj *deque, bool reverse);
/* Raise KeyError(key): the exception's args are (key,). Returns NULL. */
void *krc_key_error(KrVal key, ValKind k);
/* Raise t with a message built printf-style (only C's own conversions). */
void *krc_raisef(const KrType *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Raise t(before + repr(v) + after): "5 is not in list". Returns NULL. */
void *krc_raise_repr(const KrType *t, const char *before, KrVal v, ValKind k, const char *after);

/* ---- walking the items of any iterable (list.c). Lists and tuples are
 * walked in place, everything else through an iterator. next gives new
 * references; it returns 1, 0 at the end, -1 on error. */
typedef struct KrcWalk {
  KrObj *seq;        /* a list or tuple walked by index, or NULL */
  int64_t i;
  KrIter it;         /* otherwise */
  bool use_it;
} KrcWalk;
int krc_walk_init(KrcWalk *w, KrObj *iterable);
int krc_walk_next(KrcWalk *w, KrVal *out, ValKind *kind);
void krc_walk_clear(KrcWalk *w);
/* All items of an iterable as a new list of kind `kind` (a list is
 * copied). */
KrObj *krc_to_list(KrObj *iterable, ValKind kind);

/* ---- shared pieces of the other files */
KrObj *krc_set_make(const KrType *t, ValKind kind);          /* set.c: an empty set or frozenset */
KrObj *krc_dict_view_repr(KrObj *view);                      /* dict.c */
int krc_dict_iter_init(KrIter *it, KrObj *dict_or_view);     /* dict.c */
int krc_dict_reviter_init(KrIter *it, KrObj *dict_or_view);  /* dict.c */
int krc_set_iter_init(KrIter *it, KrObj *set);               /* set.c */
int krc_range_iter_init(KrIter *it, KrObj *range, bool reverse); /* range.c */
int krc_bytes_iter_init(KrIter *it, KrObj *bytes, bool reverse); /* bytes.c */
int krc_list_iter_init(KrIter *it, KrObj *list, bool reverse);   /* list.c */
int krc_tuple_iter_init(KrIter *it, KrObj *tuple, bool reverse); /* tuple.c */


#endif
