/* list.c — list: a growable array of KrVal slots of one kind.
 *
 * The layout is public (KrList in containers.h) so that the emitter can
 * inline indexing, and the three hottest operations (l[i], l[i] = v,
 * l.append(v)) are inline functions there. Everything else follows
 * CPython 3.11's listobject.c where the result can be observed: slice
 * assignment with steps and its size errors, where an insert at a negative
 * index lands, the order in which comparisons are made (== finds the first
 * differing item with identity-then-==, then compares that pair with the
 * operator), and the error messages. Removed items are released only after
 * the list is consistent again, because a release can run arbitrary code.
 *
 * This file also holds helpers the other container files share
 * (containers_impl.h): reprs, kind conversion, KeyError, and walking the
 * items of any iterable. */
#include "containers_impl.h"

#include <stdarg.h>
#include <stdio.h>

/* -------------------------------------------------------------------- reprs */

int krc_buf_put_repr(KrBuf *b, KrVal v, ValKind k) {
  KrObj *s = kr_val_repr(v, k);
  if (!s) {
    kr_buf_discard(b);
    return -1;
  }
  int r = kr_buf_puts(b, s);
  kr_decref(s);
  return r;
}

_Thread_local KrcReprFrame *krc_repr_top;

/* ------------------------------------------------------------------- values */

static const char *kind_name(ValKind k) {
  switch (k) {
  case KR_INT: return "int";
  case KR_FLOAT: return "float";
  case KR_BOOL: return "bool";
  case KR_OBJ: break;
  }
  return "object";
}

int krc_convert(KrVal v, ValKind from, ValKind to, KrVal *out) {
  if (from == to) {
    kr_val_incref(v, from);
    *out = v;
    return 0;
  }
  if (to == KR_OBJ) {
    out->o = kr_val_box(v, from);
    return out->o ? 0 : -1;
  }
  if (from == KR_OBJ) {
    const KrType *want = to == KR_INT ? &kr_int_type : to == KR_FLOAT ? &kr_float_type : &kr_bool_type;
    if (v.o->type == want) {
      *out = kr_val_unbox(v.o, to);
      return 0;
    }
  }
  krc_raisef(&kr_TypeError_type, "expected a value of type %s, got %s", kind_name(to), kr_type_name(v, from));
  return -1;
}

void *krc_raisef(const KrType *t, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return kr_raise(t, "%s", msg);
}

void *krc_raise_repr(const KrType *t, const char *before, KrVal v, ValKind k, const char *after) {
  KrBuf b;
  kr_buf_init(&b, 0);
  kr_buf_put(&b, before, (int64_t)strlen(before));
  if (krc_buf_put_repr(&b, v, k) < 0)
    return NULL;
  kr_buf_put(&b, after, (int64_t)strlen(after));
  KrObj *msg = kr_buf_finish(&b);
  if (!msg)
    return NULL;
  kr_raise(t, "%s", kr_str_data(msg));
  kr_decref(msg);
  return NULL;
}

void *krc_key_error(KrVal key, ValKind k) {
  KrObj *o = kr_val_box(key, k);
  if (!o)
    return NULL;
  kr_raise_args(&kr_KeyError_type, &o, 1);
  kr_decref(o);
  return NULL;
}

/* ------------------------------------------------------------ walking items */

int krc_walk_init(KrcWalk *w, KrObj *iterable) {
  w->seq = NULL;
  w->i = 0;
  w->use_it = false;
  if (iterable->type == &kr_list_type || iterable->type == &kr_tuple_type) {
    w->seq = iterable;
    kr_incref(iterable);
    return 0;
  }
  if (kr_iter_init(&w->it, iterable) < 0)
    return -1;
  w->use_it = true;
  return 0;
}

int krc_walk_next(KrcWalk *w, KrVal *out, ValKind *kind) {
  if (w->use_it) {
    *kind = w->it.kind;
    return w->it.next(&w->it, out);
  }
  if (!w->seq)
    return 0;
  if (w->seq->type == &kr_list_type) {
    KrList *l = KR_LIST(w->seq);
    if (w->i < l->len) {
      *out = l->items[w->i++];
      *kind = l->kind;
      kr_val_incref(*out, l->kind);
      return 1;
    }
  } else {
    KrTuple *t = KR_TUPLE(w->seq);
    if (w->i < t->len) {
      *kind = (ValKind)t->kinds[w->i];
      *out = t->items[w->i++];
      kr_val_incref(*out, *kind);
      return 1;
    }
  }
  kr_decref(w->seq);
  w->seq = NULL;
  return 0;
}

void krc_walk_clear(KrcWalk *w) {
  if (w->use_it)
    kr_iter_clear(&w->it);
  else if (w->seq)
    kr_decref(w->seq);
  w->seq = NULL;
  w->use_it = false;
}

KrObj *krc_to_list(KrObj *iterable, ValKind kind) {
  KrObj *l = kr_list_new(kind, 0);
  if (!l)
    return NULL;
  if (kr_list_extend(l, iterable) < 0) {
    kr_decref(l);
    return NULL;
  }
  return l;
}

/* --------------------------------------------------------------------- list */

static void list_dealloc(KrObj *self) {
  KrList *l = KR_LIST(self);
  if (l->kind == KR_OBJ)
    for (int64_t i = l->len; --i >= 0;)
      kr_decref(l->items[i].o);
  kr_free(l->items);
  kr_free(l);
}

static int64_t list_len_slot(KrObj *self) { return KR_LIST(self)->len; }

static int list_eq_slot(KrObj *self, KrObj *other) {
  if (other->type != &kr_list_type)
    return 0;
  return kr_list_eq(self, other);
}

static int list_cmp_slot(KrObj *self, KrObj *other, int op) {
  if (other->type != &kr_list_type)
    return -2;
  return kr_list_cmp(self, other, op);
}

const KrType kr_list_type = {
    .name = "list",
    .size = sizeof(KrList),
    .dealloc = list_dealloc,
    .repr = kr_list_repr,
    .eq = list_eq_slot,
    .cmp = list_cmp_slot,
    .len = list_len_slot,
};

KrVal kr_list_index_error(void) {
  kr_raise(&kr_IndexError_type, "list index out of range");
  return (KrVal){0};
}

int kr_list_assign_index_error(void) {
  kr_raise(&kr_IndexError_type, "list assignment index out of range");
  return -1;
}

/* Capacity: at least need, growing by half again so appends are amortised
 * O(1). */
int kr_list_grow(KrList *l, int64_t need) {
  if (need <= l->cap)
    return 0;
  if (need > INT64_MAX / (int64_t)sizeof(KrVal) / 2) {
    kr_raise(&kr_MemoryError_type, "");
    return -1;
  }
  int64_t cap = l->cap < 4 ? 8 : l->cap + (l->cap >> 1); /* cap is -1 during a sort */
  if (cap < need)
    cap = need;
  /* a list's first items (`out = []` then appends, a literal) come from
   * the inline allocator, unzeroed: only slots below len are ever read */
  KrVal *items = l->items ? kr_realloc(l->items, (size_t)cap * sizeof(KrVal))
                          : kr_alloc_block((size_t)cap * sizeof(KrVal), false);
  if (!items)
    return -1;
  l->items = items;
  l->cap = cap;
  return 0;
}

/* Give memory back when a list has shrunk to a quarter of its capacity. */
static void list_shrink(KrList *l) {
  if (l->cap > 16 && l->len < l->cap / 4) {
    int64_t cap = l->len < 8 ? 8 : l->len * 2;
    KrVal *items = kr_realloc(l->items, (size_t)cap * sizeof(KrVal));
    if (items) {
      l->items = items;
      l->cap = cap;
    } else {
      kr_exc_clear(); /* keeping the bigger block is fine */
    }
  }
}

KrObj *kr_list_new(ValKind kind, int64_t cap) {
  KrList *l = (KrList *)kr_obj_new(&kr_list_type, sizeof(KrList));
  if (!l)
    return NULL;
  l->kind = kind;
  if (cap > 0 && kr_list_grow(l, cap) < 0) {
    kr_decref(&l->h);
    return NULL;
  }
  return &l->h;
}

KrObj *kr_list_from(ValKind kind, const KrVal *items, int64_t n) {
  KrObj *o = kr_list_new(kind, n);
  if (!o)
    return NULL;
  KrList *l = KR_LIST(o);
  for (int64_t i = 0; i < n; i++) {
    kr_val_incref(items[i], kind);
    l->items[i] = items[i];
  }
  l->len = n;
  return o;
}

KrObj *kr_list_from_steal(ValKind kind, KrVal *items, int64_t n) {
  KrObj *o = kr_list_new(kind, n);
  if (!o) {
    for (int64_t i = 0; i < n; i++)
      kr_val_decref(items[i], kind);
    return NULL;
  }
  if (n)
    memcpy(KR_LIST(o)->items, items, (size_t)n * sizeof(KrVal));
  KR_LIST(o)->len = n;
  return o;
}

KrObj *kr_list_from_iter(KrObj *iterable, ValKind kind) { return krc_to_list(iterable, kind); }

/* Drop n released values of kind k (the list is already consistent). */
static void release(KrVal *vals, int64_t n, ValKind k) {
  if (k == KR_OBJ)
    for (int64_t i = n; --i >= 0;)
      kr_decref(vals[i].o);
}

/* a[ilow:ihigh] = v (v a list of a's kind, or NULL to delete): CPython's
 * list_ass_slice. */
static int list_ass_slice(KrList *a, int64_t ilow, int64_t ihigh, KrList *v) {
  int64_t n = v ? v->len : 0;
  if (ilow < 0)
    ilow = 0;
  else if (ilow > a->len)
    ilow = a->len;
  if (ihigh < ilow)
    ihigh = ilow;
  else if (ihigh > a->len)
    ihigh = a->len;
  int64_t norig = ihigh - ilow;
  int64_t d = n - norig;
  if (a->len + d == 0) {
    kr_list_clear(&a->h);
    return 0;
  }
  KrVal stack[8];
  KrVal *recycle = stack;
  if (norig > 8 && a->kind == KR_OBJ) {
    recycle = kr_alloc((size_t)norig * sizeof(KrVal));
    if (!recycle)
      return -1;
  }
  if (a->kind == KR_OBJ && norig)
    memcpy(recycle, &a->items[ilow], (size_t)norig * sizeof(KrVal));
  if (d > 0 && kr_list_grow(a, a->len + d) < 0) {
    if (recycle != stack)
      kr_free(recycle);
    return -1;
  }
  if (d != 0)
    memmove(&a->items[ihigh + d], &a->items[ihigh], (size_t)(a->len - ihigh) * sizeof(KrVal));
  a->len += d;
  for (int64_t k = 0; k < n; k++) {
    KrVal w = v->items[k];
    kr_val_incref(w, a->kind);
    a->items[ilow + k] = w;
  }
  release(recycle, a->kind == KR_OBJ ? norig : 0, a->kind);
  if (recycle != stack)
    kr_free(recycle);
  if (d < 0)
    list_shrink(a);
  return 0;
}

int kr_list_delitem(KrObj *o, int64_t i) {
  KrList *l = KR_LIST(o);
  if (i < 0)
    i += l->len;
  if ((uint64_t)i >= (uint64_t)l->len)
    return kr_list_assign_index_error();
  KrVal old = l->items[i];
  memmove(&l->items[i], &l->items[i + 1], (size_t)(l->len - i - 1) * sizeof(KrVal));
  l->len--;
  kr_val_decref(old, l->kind);
  list_shrink(l);
  return 0;
}

KrObj *kr_list_getslice(KrObj *o, int64_t start, int64_t stop, int64_t step, int has) {
  KrList *l = KR_LIST(o);
  int64_t n = kr_slice_adjust(l->len, &start, &stop, &step, has);
  if (n < 0)
    return NULL;
  KrObj *r = kr_list_new(l->kind, n);
  if (!r)
    return NULL;
  KrList *rl = KR_LIST(r);
  uint64_t cur = (uint64_t)start;
  for (int64_t i = 0; i < n; i++, cur += (uint64_t)step) {
    KrVal v = l->items[cur];
    kr_val_incref(v, l->kind);
    rl->items[i] = v;
  }
  rl->len = n;
  return r;
}

int kr_list_delslice(KrObj *o, int64_t start, int64_t stop, int64_t step, int has) {
  KrList *self = KR_LIST(o);
  int64_t slicelength = kr_slice_adjust(self->len, &start, &stop, &step, has);
  if (slicelength < 0)
    return -1;
  if (step == 1)
    return list_ass_slice(self, start, stop, NULL);
  if (slicelength <= 0)
    return 0;
  if (step < 0) {
    stop = start + 1;
    start = stop + step * (slicelength - 1) - 1;
    step = -step;
  }
  KrVal *garbage = NULL;
  if (self->kind == KR_OBJ) {
    garbage = kr_alloc((size_t)slicelength * sizeof(KrVal));
    if (!garbage)
      return -1;
  }
  /* Move the items that stay (step - 1 after each deleted one, then the
   * tail) down over the deleted ones. */
  uint64_t cur;
  int64_t i;
  for (cur = (uint64_t)start, i = 0; cur < (uint64_t)stop; cur += (uint64_t)step, i++) {
    int64_t lim = step - 1;
    if (garbage)
      garbage[i] = self->items[cur];
    if (cur + (uint64_t)step >= (uint64_t)self->len)
      lim = self->len - (int64_t)cur - 1;
    memmove(self->items + cur - i, self->items + cur + 1, (size_t)lim * sizeof(KrVal));
  }
  cur = (uint64_t)start + (uint64_t)slicelength * (uint64_t)step;
  if (cur < (uint64_t)self->len)
    memmove(self->items + cur - slicelength, self->items + cur, (size_t)(self->len - (int64_t)cur) * sizeof(KrVal));
  self->len -= slicelength;
  if (garbage) {
    for (i = 0; i < slicelength; i++)
      kr_decref(garbage[i].o);
    kr_free(garbage);
  }
  list_shrink(self);
  return 0;
}

int kr_list_setslice(KrObj *o, int64_t start, int64_t stop, int64_t step, int has, KrObj *iterable) {
  KrList *self = KR_LIST(o);
  int64_t slicelength = kr_slice_adjust(self->len, &start, &stop, &step, has);
  if (slicelength < 0)
    return -1;
  /* CPython takes PySequence_Fast(v): all of v's items first (a copy when v
   * is the list itself). */
  KrObj *seqo = krc_to_list(iterable, self->kind);
  if (!seqo)
    return -1;
  KrList *seq = KR_LIST(seqo);
  int r = 0;
  if (step == 1) {
    r = list_ass_slice(self, start, stop, seq);
  } else if (seq->len != slicelength) {
    krc_raisef(&kr_ValueError_type, "attempt to assign sequence of size %lld to extended slice of size %lld",
               (long long)seq->len, (long long)slicelength);
    r = -1;
  } else if (slicelength > 0) {
    KrVal *garbage = NULL;
    if (self->kind == KR_OBJ) {
      garbage = kr_alloc((size_t)slicelength * sizeof(KrVal));
      if (!garbage) {
        kr_decref(seqo);
        return -1;
      }
    }
    uint64_t cur = (uint64_t)start;
    for (int64_t i = 0; i < slicelength; i++, cur += (uint64_t)step) {
      if (garbage)
        garbage[i] = self->items[cur];
      KrVal w = seq->items[i];
      kr_val_incref(w, self->kind);
      self->items[cur] = w;
    }
    if (garbage) {
      for (int64_t i = 0; i < slicelength; i++)
        kr_decref(garbage[i].o);
      kr_free(garbage);
    }
  }
  kr_decref(seqo);
  return r;
}

KrObj *kr_list_concat(KrObj *ao, KrObj *bo) {
  KrList *a = KR_LIST(ao), *b = KR_LIST(bo);
  ValKind kind = a->kind == b->kind ? a->kind : KR_OBJ;
  int64_t n = a->len + b->len;
  KrObj *r = kr_list_new(kind, n);
  if (!r)
    return NULL;
  KrList *rl = KR_LIST(r);
  for (int pass = 0; pass < 2; pass++) {
    KrList *src = pass ? b : a;
    for (int64_t i = 0; i < src->len; i++) {
      if (krc_convert(src->items[i], src->kind, kind, &rl->items[rl->len]) < 0) {
        kr_decref(r);
        return NULL;
      }
      rl->len++;
    }
  }
  return r;
}

KrObj *kr_list_repeat(KrObj *o, int64_t n) {
  KrList *l = KR_LIST(o);
  if (n < 0)
    n = 0;
  if (n > 0 && l->len > INT64_MAX / (int64_t)sizeof(KrVal) / n)
    return kr_raise(&kr_MemoryError_type, "");
  int64_t size = l->len * n;
  KrObj *r = kr_list_new(l->kind, size);
  if (!r)
    return NULL;
  KrList *rl = KR_LIST(r);
  for (int64_t k = 0; k < n; k++)
    for (int64_t i = 0; i < l->len; i++) {
      KrVal v = l->items[i];
      kr_val_incref(v, l->kind);
      rl->items[rl->len++] = v;
    }
  return r;
}

int kr_list_irepeat(KrObj *o, int64_t n) {
  KrList *l = KR_LIST(o);
  int64_t size = l->len;
  if (size == 0 || n == 1)
    return 0;
  if (n < 1) {
    kr_list_clear(o);
    return 0;
  }
  if (size > INT64_MAX / (int64_t)sizeof(KrVal) / n) {
    kr_raise(&kr_MemoryError_type, "");
    return -1;
  }
  if (kr_list_grow(l, size * n) < 0)
    return -1;
  for (int64_t k = 1; k < n; k++)
    for (int64_t j = 0; j < size; j++) {
      KrVal v = l->items[j];
      kr_val_incref(v, l->kind);
      l->items[l->len++] = v;
    }
  return 0;
}

int kr_list_extend(KrObj *o, KrObj *iterable) {
  KrList *self = KR_LIST(o);
  /* A list or tuple (or the list itself): its length now, then its items. */
  if (iterable->type == &kr_list_type) {
    KrList *src = KR_LIST(iterable);
    int64_t n = src->len, m = self->len;
    if (n == 0)
      return 0;
    if (kr_list_grow(self, m + n) < 0)
      return -1;
    for (int64_t i = 0; i < n; i++) {
      if (krc_convert(src->items[i], src->kind, self->kind, &self->items[m + i]) < 0)
        return -1;
      self->len++;
    }
    return 0;
  }
  if (iterable->type == &kr_tuple_type) {
    KrTuple *t = KR_TUPLE(iterable);
    if (kr_list_grow(self, self->len + t->len) < 0)
      return -1;
    for (int64_t i = 0; i < t->len; i++) {
      if (krc_convert(t->items[i], (ValKind)t->kinds[i], self->kind, &self->items[self->len]) < 0)
        return -1;
      self->len++;
    }
    return 0;
  }
  KrIter it;
  if (kr_iter_init(&it, iterable) < 0)
    return -1;
  KrVal v;
  int r;
  while ((r = it.next(&it, &v)) > 0) {
    KrVal c;
    if (it.kind == self->kind) {
      c = v;
    } else {
      r = krc_convert(v, it.kind, self->kind, &c);
      kr_val_decref(v, it.kind);
      if (r < 0)
        break;
    }
    if (self->len >= self->cap && kr_list_grow(self, self->len + 1) < 0) {
      kr_val_decref(c, self->kind);
      r = -1;
      break;
    }
    self->items[self->len++] = c;
  }
  kr_iter_clear(&it);
  return r < 0 ? -1 : 0;
}

int kr_list_insert(KrObj *o, int64_t where, KrVal v) {
  KrList *l = KR_LIST(o);
  int64_t n = l->len;
  if (kr_list_grow(l, n + 1) < 0)
    return -1;
  if (where < 0) {
    where += n;
    if (where < 0)
      where = 0;
  }
  if (where > n)
    where = n;
  memmove(&l->items[where + 1], &l->items[where], (size_t)(n - where) * sizeof(KrVal));
  kr_val_incref(v, l->kind);
  l->items[where] = v;
  l->len++;
  return 0;
}

int kr_list_remove(KrObj *o, KrVal v, ValKind k) {
  KrList *l = KR_LIST(o);
  for (int64_t i = 0; i < l->len; i++) {
    KrVal item = l->items[i];
    kr_val_incref(item, l->kind);
    int cmp = krc_eq(item, l->kind, v, k);
    kr_val_decref(item, l->kind);
    if (cmp > 0)
      return list_ass_slice(l, i, i + 1, NULL);
    if (cmp < 0)
      return -1;
  }
  kr_raise(&kr_ValueError_type, "list.remove(x): x not in list");
  return -1;
}

KrVal kr_list_pop(KrObj *o, int64_t i) {
  KrList *l = KR_LIST(o);
  if (l->len == 0) {
    kr_raise(&kr_IndexError_type, "pop from empty list");
    return (KrVal){0};
  }
  if (i < 0)
    i += l->len;
  if ((uint64_t)i >= (uint64_t)l->len) {
    kr_raise(&kr_IndexError_type, "pop index out of range");
    return (KrVal){0};
  }
  KrVal v = l->items[i]; /* the list's reference becomes the caller's */
  memmove(&l->items[i], &l->items[i + 1], (size_t)(l->len - i - 1) * sizeof(KrVal));
  l->len--;
  list_shrink(l);
  return v;
}

int64_t kr_list_index(KrObj *o, KrVal v, ValKind k, int64_t start, int64_t stop) {
  KrList *l = KR_LIST(o);
  if (start < 0) {
    start += l->len;
    if (start < 0)
      start = 0;
  }
  if (stop < 0) {
    stop += l->len;
    if (stop < 0)
      stop = 0;
  }
  for (int64_t i = start; i < stop && i < l->len; i++) {
    KrVal item = l->items[i];
    kr_val_incref(item, l->kind);
    int cmp = krc_eq(item, l->kind, v, k);
    kr_val_decref(item, l->kind);
    if (cmp > 0)
      return i;
    if (cmp < 0)
      return -1;
  }
  krc_raise_repr(&kr_ValueError_type, "", v, k, " is not in list");
  return -1;
}

int64_t kr_list_count(KrObj *o, KrVal v, ValKind k) {
  KrList *l = KR_LIST(o);
  int64_t count = 0;
  for (int64_t i = 0; i < l->len; i++) {
    KrVal item = l->items[i];
    kr_val_incref(item, l->kind);
    int cmp = krc_eq(item, l->kind, v, k);
    kr_val_decref(item, l->kind);
    if (cmp > 0)
      count++;
    else if (cmp < 0)
      return -1;
  }
  return count;
}

int kr_list_contains(KrObj *o, KrVal v, ValKind k) {
  KrList *l = KR_LIST(o);
  int cmp = 0;
  for (int64_t i = 0; cmp == 0 && i < l->len; i++) {
    KrVal item = l->items[i];
    kr_val_incref(item, l->kind);
    cmp = krc_eq(item, l->kind, v, k);
    kr_val_decref(item, l->kind);
  }
  return cmp;
}

void kr_list_clear(KrObj *o) {
  KrList *l = KR_LIST(o);
  KrVal *items = l->items;
  int64_t n = l->len;
  if (!items)
    return;
  /* Empty the list first: releasing an item can run code that uses it. */
  l->items = NULL;
  l->len = l->cap = 0;
  release(items, n, l->kind);
  kr_free(items);
}

KrObj *kr_list_copy(KrObj *o) { return kr_list_from(KR_LIST(o)->kind, KR_LIST(o)->items, KR_LIST(o)->len); }

void kr_list_reverse(KrObj *o) {
  KrList *l = KR_LIST(o);
  for (int64_t lo = 0, hi = l->len - 1; lo < hi; lo++, hi--) {
    KrVal t = l->items[lo];
    l->items[lo] = l->items[hi];
    l->items[hi] = t;
  }
}

/* CPython's list_richcompare: the first index where the items differ
 * (identity, then ==), then the sizes or that pair decide. */
int kr_list_cmp(KrObj *vo, KrObj *wo, int op) {
  KrList *vl = KR_LIST(vo), *wl = KR_LIST(wo);
  if (vl->len != wl->len && (op == KR_EQ || op == KR_NE))
    return op == KR_NE;
  int64_t i;
  for (i = 0; i < vl->len && i < wl->len; i++) {
    KrVal a = vl->items[i], b = wl->items[i];
    if (vl->kind == KR_OBJ && wl->kind == KR_OBJ && a.o == b.o)
      continue;
    kr_val_incref(a, vl->kind);
    kr_val_incref(b, wl->kind);
    int k = krc_eq(a, vl->kind, b, wl->kind);
    kr_val_decref(a, vl->kind);
    kr_val_decref(b, wl->kind);
    if (k < 0)
      return -1;
    if (!k)
      break;
  }
  if (i >= vl->len || i >= wl->len) {
    return krc_cmp_len(vl->len, wl->len, op);
  }
  if (op == KR_EQ)
    return 0;
  if (op == KR_NE)
    return 1;
  KrVal a = vl->items[i], b = wl->items[i];
  kr_val_incref(a, vl->kind);
  kr_val_incref(b, wl->kind);
  int r = kr_val_cmp(a, vl->kind, b, wl->kind, op);
  kr_val_decref(a, vl->kind);
  kr_val_decref(b, wl->kind);
  return r;
}

int kr_list_eq(KrObj *a, KrObj *b) { return kr_list_cmp(a, b, KR_EQ); }

KrObj *kr_list_repr(KrObj *o) {
  KrList *l = KR_LIST(o);
  if (l->len == 0)
    return kr_str_new("[]", 2);
  KrcReprFrame f;
  if (krc_repr_enter(&f, o))
    return kr_str_new("[...]", 5);
  KrBuf b;
  kr_buf_init(&b, 2 + 3 * l->len);
  kr_buf_putc(&b, '[');
  /* repr() of an item may change the list: re-read the length each time. */
  for (int64_t i = 0; i < l->len; i++) {
    if (i > 0)
      kr_buf_put(&b, ", ", 2);
    KrVal v = l->items[i];
    kr_val_incref(v, l->kind);
    int r = krc_buf_put_repr(&b, v, l->kind);
    kr_val_decref(v, l->kind);
    if (r < 0)
      break;
  }
  kr_buf_putc(&b, ']');
  krc_repr_leave(&f);
  return kr_buf_finish(&b);
}

/* ----------------------------------------------------------------- iterator */

static int list_iter_next(KrIter *it, KrVal *out) {
  if (!it->src)
    return 0;
  KrList *l = KR_LIST(it->src);
  if (it->pos < l->len) {
    *out = l->items[it->pos++];
    kr_val_incref(*out, l->kind);
    return 1;
  }
  kr_decref(it->src);
  it->src = NULL;
  return 0;
}

static int list_reviter_next(KrIter *it, KrVal *out) {
  if (!it->src)
    return 0;
  KrList *l = KR_LIST(it->src);
  if (it->pos >= 0 && it->pos < l->len) {
    *out = l->items[it->pos--];
    kr_val_incref(*out, l->kind);
    return 1;
  }
  it->pos = -1;
  kr_decref(it->src);
  it->src = NULL;
  return 0;
}

int krc_list_iter_init(KrIter *it, KrObj *list, bool reverse) {
  it->next = reverse ? list_reviter_next : list_iter_next;
  it->src = list;
  kr_incref(list);
  it->pos = reverse ? KR_LIST(list)->len - 1 : 0;
  it->kind = KR_LIST(list)->kind;
  return 0;
}
