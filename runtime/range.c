/* range.c — range, slice objects and slice arithmetic, and iteration: the
 * one iterator protocol every container shares.
 *
 * Slices: kr_slice_adjust is CPython's PySlice_Unpack + AdjustIndices, the
 * arithmetic behind every s[a:b:c] (list, tuple, bytes, range).
 *
 * range keeps start, stop, step as int64 and its length as a count that may
 * exceed INT64_MAX (range(-2**63, 2**63-1) iterates, but len() of it raises
 * OverflowError, as in CPython on a 64-bit build). Values are computed in
 * uint64 arithmetic, which wraps exactly where two's complement would not
 * overflow.
 *
 * Iteration: an iterator is a KrIter (containers.h) whose next() yields
 * KrVal items of one kind. The same struct works as a heap object
 * (kr_iter_new, for iter() and values that outlive a loop) and in the
 * caller's stack frame (kr_iter_init, for `for` loops: no allocation). Each
 * container's iterator keeps CPython's rules for mutation during the loop:
 * a list iterator re-reads the length each step, a dict or set iterator
 * raises RuntimeError when the size changed. */
#include "containers_impl.h"

#include <math.h>

/* ------------------------------------------------------------------- slices */

int64_t kr_slice_adjust(int64_t len, int64_t *start, int64_t *stop, int64_t *step, int has) {
  int64_t st = has & KR_SLICE_STEP ? *step : 1;
  if (st == 0) {
    kr_raise(&kr_ValueError_type, "slice step cannot be zero");
    return -1;
  }
  if (st < -INT64_MAX) /* so that -step cannot overflow */
    st = -INT64_MAX;
  int64_t a = has & KR_SLICE_START ? *start : st < 0 ? INT64_MAX : 0;
  int64_t b = has & KR_SLICE_STOP ? *stop : st < 0 ? INT64_MIN : INT64_MAX;
  if (a < 0) {
    a += len;
    if (a < 0)
      a = st < 0 ? -1 : 0;
  } else if (a >= len) {
    a = st < 0 ? len - 1 : len;
  }
  if (b < 0) {
    b += len;
    if (b < 0)
      b = st < 0 ? -1 : 0;
  } else if (b >= len) {
    b = st < 0 ? len - 1 : len;
  }
  *start = a;
  *stop = b;
  *step = st;
  if (st < 0)
    return b < a ? (a - b - 1) / (-st) + 1 : 0;
  return a < b ? (b - a - 1) / st + 1 : 0;
}

static KrObj *slice_repr(KrObj *self) {
  KrSlice *s = (KrSlice *)self;
  KrBuf b;
  kr_buf_init(&b, 32);
  kr_buf_put(&b, "slice(", 6);
  int64_t v[3] = {s->start, s->stop, s->step};
  for (int i = 0; i < 3; i++) {
    if (i)
      kr_buf_put(&b, ", ", 2);
    if (s->has & (1 << i))
      kr_buf_printf(&b, "%lld", (long long)v[i]);
    else
      kr_buf_put(&b, "None", 4);
  }
  kr_buf_putc(&b, ')');
  return kr_buf_finish(&b);
}

static int slice_eq(KrObj *self, KrObj *other) {
  if (other->type != &kr_slice_type)
    return 0;
  KrSlice *a = (KrSlice *)self, *b = (KrSlice *)other;
  if (a->has != b->has)
    return 0;
  return (!(a->has & 1) || a->start == b->start) && (!(a->has & 2) || a->stop == b->stop) &&
         (!(a->has & 4) || a->step == b->step);
}

const KrType kr_slice_type = {
    .name = "slice",
    .size = sizeof(KrSlice),
    .repr = slice_repr,
    .eq = slice_eq,
};

KrObj *kr_slice_new(int64_t start, int64_t stop, int64_t step, int has) {
  KrSlice *s = (KrSlice *)kr_obj_new(&kr_slice_type, sizeof(KrSlice));
  if (!s)
    return NULL;
  s->start = has & KR_SLICE_START ? start : 0;
  s->stop = has & KR_SLICE_STOP ? stop : 0;
  s->step = has & KR_SLICE_STEP ? step : 0;
  s->has = has & 7;
  return &s->h;
}

KrObj *kr_sliceobj_indices(KrObj *slice, int64_t len) {
  KrSlice *s = (KrSlice *)slice;
  if (len < 0)
    return kr_raise(&kr_ValueError_type, "length should not be negative");
  int64_t start = s->start, stop = s->stop, step = s->step;
  if (kr_slice_adjust(len, &start, &stop, &step, s->has) < 0)
    return NULL;
  if (s->has & KR_SLICE_STEP)
    step = s->step; /* slice.indices does not clamp the step, PySlice_Unpack does */
  KrVal items[3] = {{.i = start}, {.i = stop}, {.i = step}};
  uint8_t kinds[3] = {KR_INT, KR_INT, KR_INT};
  return kr_tuple_pack(3, items, kinds);
}

/* -------------------------------------------------------------------- range */

static void *range_too_long(void) {
  return kr_raise(&kr_OverflowError_type, "Python int too large to convert to C ssize_t");
}

static KrObj *range_repr(KrObj *self) {
  KrRange *r = (KrRange *)self;
  KrBuf b;
  kr_buf_init(&b, 32);
  if (r->step == 1)
    kr_buf_printf(&b, "range(%lld, %lld)", (long long)r->start, (long long)r->stop);
  else
    kr_buf_printf(&b, "range(%lld, %lld, %lld)", (long long)r->start, (long long)r->stop, (long long)r->step);
  return kr_buf_finish(&b);
}

static uint64_t range_count(KrRange *r) { return kr_range_count(r->start, r->stop, r->step); }

static int range_equals(KrRange *a, KrRange *b) {
  if (a == b)
    return 1;
  uint64_t n = range_count(a);
  if (n != range_count(b))
    return 0;
  if (n == 0)
    return 1;
  if (a->start != b->start)
    return 0;
  if (n == 1)
    return 1;
  return a->step == b->step;
}

static int range_eq_slot(KrObj *self, KrObj *other) {
  if (other->type != &kr_range_type)
    return 0;
  return range_equals((KrRange *)self, (KrRange *)other);
}

/* hash((len, start, step)), with None for what does not matter. */
static int64_t range_hash(KrObj *self) {
  KrRange *r = (KrRange *)self;
  uint64_t n = range_count(r);
  if (n > INT64_MAX) {
    range_too_long();
    return -1;
  }
  KrVal items[3] = {{.i = (int64_t)n}, {.o = kr_None}, {.o = kr_None}};
  uint8_t kinds[3] = {KR_INT, KR_OBJ, KR_OBJ};
  if (n > 0) {
    items[1].i = r->start;
    kinds[1] = KR_INT;
    if (n > 1) {
      items[2].i = r->step;
      kinds[2] = KR_INT;
    }
  }
  KrObj *t = kr_tuple_pack(3, items, kinds);
  if (!t)
    return -1;
  int64_t h = kr_tuple_hash(t);
  kr_decref(t);
  return h;
}

static int64_t range_len_slot(KrObj *self) { return kr_range_len(self); }

static int range_truth(KrObj *self) { return range_count((KrRange *)self) != 0; }

const KrType kr_range_type = {
    .name = "range",
    .size = sizeof(KrRange),
    .repr = range_repr,
    .hash = range_hash,
    .eq = range_eq_slot,
    .len = range_len_slot,
    .truth = range_truth,
};

KrObj *kr_range_new(int64_t start, int64_t stop, int64_t step) {
  if (step == 0)
    return kr_raise(&kr_ValueError_type, "range() arg 3 must not be zero");
  KrRange *r = (KrRange *)kr_obj_new(&kr_range_type, sizeof(KrRange));
  if (!r)
    return NULL;
  r->start = start;
  r->stop = stop;
  r->step = step;
  uint64_t n = kr_range_count(start, stop, step);
  r->len = n > INT64_MAX ? -1 : (int64_t)n;
  return &r->h;
}

int64_t kr_range_len(KrObj *o) {
  KrRange *r = (KrRange *)o;
  if (r->len < 0) {
    range_too_long();
    return -1;
  }
  return r->len;
}

/* start + i * step, exact when the result is in range. */
static int64_t range_item(KrRange *r, uint64_t i) { return (int64_t)((uint64_t)r->start + i * (uint64_t)r->step); }

int64_t kr_range_getitem(KrObj *o, int64_t i) {
  KrRange *r = (KrRange *)o;
  uint64_t n = range_count(r);
  uint64_t k;
  if (i < 0) {
    if ((uint64_t)0 - (uint64_t)i > n)
      goto out;
    k = n - ((uint64_t)0 - (uint64_t)i);
  } else {
    if ((uint64_t)i >= n)
      goto out;
    k = (uint64_t)i;
  }
  return range_item(r, k);
out:
  kr_raise(&kr_IndexError_type, "range object index out of range");
  return 0;
}

KrObj *kr_range_slice(KrObj *o, int64_t start, int64_t stop, int64_t step, int has) {
  KrRange *r = (KrRange *)o;
  if (r->len < 0)
    return range_too_long();
  int64_t step0 = step;
  if (kr_slice_adjust(r->len, &start, &stop, &step, has) < 0)
    return NULL;
  if (has & KR_SLICE_STEP)
    step = step0; /* CPython computes with the slice's own step, unclamped */
  __int128 substart = (__int128)r->start + (__int128)start * r->step;
  __int128 substop = (__int128)r->start + (__int128)stop * r->step;
  __int128 substep = (__int128)r->step * step;
  if (substart < INT64_MIN || substart > INT64_MAX || substop < INT64_MIN || substop > INT64_MAX ||
      substep < INT64_MIN || substep > INT64_MAX)
    return range_too_long();
  return kr_range_new((int64_t)substart, (int64_t)substop, (int64_t)substep);
}

/* v as an int if v equals one (ints, bools, integral floats); 0 if not. */
static int as_int(KrVal v, ValKind k, int64_t *out) {
  if (k == KR_OBJ) {
    if (v.o->type == &kr_int_type || v.o->type == &kr_bool_type) {
      *out = kr_val_unbox(v.o, KR_INT).i;
      return 1;
    }
    if (v.o->type != &kr_float_type)
      return 0;
    v.f = ((KrFloat *)v.o)->v;
    k = KR_FLOAT;
  }
  switch (k) {
  case KR_INT: *out = v.i; return 1;
  case KR_BOOL: *out = v.b; return 1;
  case KR_FLOAT:
    if (!(v.f >= -9223372036854775808.0 && v.f < 9223372036854775808.0) || floor(v.f) != v.f)
      return 0;
    *out = (int64_t)v.f;
    return 1;
  case KR_OBJ: break;
  }
  return 0;
}

/* Is x in r? Its position goes to *pos (it can exceed INT64_MAX). */
static bool range_position(KrRange *r, int64_t x, uint64_t *pos) {
  if (r->step > 0 ? !(r->start <= x && x < r->stop) : !(r->stop < x && x <= r->start))
    return false;
  __int128 d = (__int128)x - r->start;
  if (d % r->step != 0)
    return false;
  *pos = (uint64_t)(d / r->step);
  return true;
}

int kr_range_contains(KrObj *o, KrVal v, ValKind k) {
  int64_t x;
  uint64_t pos;
  return as_int(v, k, &x) && range_position((KrRange *)o, x, &pos);
}

int64_t kr_range_index(KrObj *o, KrVal v, ValKind k) {
  int64_t x;
  uint64_t pos;
  bool is_int = k == KR_INT || k == KR_BOOL ||
                (k == KR_OBJ && (v.o->type == &kr_int_type || v.o->type == &kr_bool_type));
  if (as_int(v, k, &x) && range_position((KrRange *)o, x, &pos)) {
    if (pos > INT64_MAX) {
      kr_int_overflow(); /* the index is not a kiln int */
      return -1;
    }
    return (int64_t)pos;
  }
  if (is_int)
    krc_raise_repr(&kr_ValueError_type, "", v, k, " is not in range");
  else
    kr_raise(&kr_ValueError_type, "sequence.index(x): x not in sequence");
  return -1;
}

int64_t kr_range_count_of(KrObj *o, KrVal v, ValKind k) { return kr_range_contains(o, v, k); }

/* ----------------------------------------------------------------- iterators */

static void iter_dealloc(KrObj *self) {
  kr_xdecref(((KrIter *)self)->src);
  kr_free(self);
}

const KrType kr_iterator_type = {
    .name = "iterator",
    .size = sizeof(KrIter),
    .dealloc = iter_dealloc,
};

bool kr_is_iter(KrObj *o) { return kr_isinstance(o, &kr_iterator_type); }

/* it->a start, it->b step, it->end the count (as uint64), it->pos the
 * index of the next item. */
static int range_iter_next(KrIter *it, KrVal *out) {
  if ((uint64_t)it->pos >= (uint64_t)it->end)
    return 0;
  uint64_t i = (uint64_t)it->pos++;
  out->i = (int64_t)((uint64_t)it->a + i * (uint64_t)it->b);
  return 1;
}

/* reversed(range): the same items from the last. */
static int range_reviter_next(KrIter *it, KrVal *out) {
  if ((uint64_t)it->pos >= (uint64_t)it->end)
    return 0;
  uint64_t i = (uint64_t)it->end - 1 - (uint64_t)it->pos++;
  out->i = (int64_t)((uint64_t)it->a + i * (uint64_t)it->b);
  return 1;
}

int krc_range_iter_init(KrIter *it, KrObj *range, bool reverse) {
  KrRange *r = (KrRange *)range;
  it->next = reverse ? range_reviter_next : range_iter_next;
  it->src = NULL; /* the numbers are all it needs */
  it->pos = 0;
  it->end = (int64_t)range_count(r);
  it->a = r->start;
  it->b = r->step;
  it->kind = KR_INT;
  return 0;
}

/* A proxy: iterating an iterator object from a stack iterator. */
static int proxy_next(KrIter *it, KrVal *out) {
  if (!it->src)
    return 0;
  return kr_iter_next(it->src, out);
}

/* for ch in s: one-character strs. */
static int str_iter_next(KrIter *it, KrVal *out) {
  if (!it->src)
    return 0;
  KrObj *c = kr_str_next(it->src, &it->pos);
  if (!c) {
    if (kr_failed())
      return -1;
    kr_decref(it->src);
    it->src = NULL;
    return 0;
  }
  out->o = c;
  return 1;
}

/* reversed(s): by index from the end. */
static int str_reviter_next(KrIter *it, KrVal *out) {
  if (!it->src)
    return 0;
  if (it->pos < 0) {
    kr_decref(it->src);
    it->src = NULL;
    return 0;
  }
  out->o = kr_str_getitem(it->src, it->pos--);
  return out->o ? 1 : -1;
}

/* Fill it for iterable; the header is left to the caller. */
static int iter_setup(KrIter *it, KrObj *o, bool reverse) {
  const KrType *t = o->type;
  it->src = NULL;
  it->pos = it->end = it->a = it->b = 0;
  it->kind = KR_OBJ;
  if (t == &kr_list_type)
    return krc_list_iter_init(it, o, reverse);
  if (t == &kr_tuple_type)
    return krc_tuple_iter_init(it, o, reverse);
  if (t == &kr_range_type)
    return krc_range_iter_init(it, o, reverse);
  if (t == &kr_bytes_type)
    return krc_bytes_iter_init(it, o, reverse);
  if (t == &kr_deque_type)
    return krc_deque_iter_init(it, o, reverse);
  if (t == &kr_dict_type || t == &kr_dict_keys_type || t == &kr_dict_values_type || t == &kr_dict_items_type)
    return reverse ? krc_dict_reviter_init(it, o) : krc_dict_iter_init(it, o);
  if (t == &kr_str_type) {
    it->src = o;
    kr_incref(o);
    it->next = reverse ? str_reviter_next : str_iter_next;
    if (reverse) {
      it->pos = kr_str_len(o) - 1;
    }
    return 0;
  }
  if (!reverse && (t == &kr_set_type || t == &kr_frozenset_type))
    return krc_set_iter_init(it, o);
  if (!reverse && kr_is_iter(o)) {
    it->src = o;
    kr_incref(o);
    it->next = proxy_next;
    it->kind = ((KrIter *)o)->kind;
    return 0;
  }
  if (t->iter)
    return t->iter(it, o, reverse);
  if (reverse)
    krc_raisef(&kr_TypeError_type, "'%s' object is not reversible", t->name);
  else
    krc_raisef(&kr_TypeError_type, "'%s' object is not iterable", t->name);
  return -1;
}

int kr_iter_init(KrIter *it, KrObj *iterable) {
  it->h.rc = -1;
  it->h.type = &kr_iterator_type;
  return iter_setup(it, iterable, false);
}

void kr_iter_clear(KrIter *it) {
  kr_xdecref(it->src);
  it->src = NULL;
}

static KrObj *iter_object(KrObj *o, bool reverse) {
  KrIter *it = (KrIter *)kr_obj_new(&kr_iterator_type, sizeof(KrIter));
  if (!it)
    return NULL;
  if (iter_setup(it, o, reverse) < 0) {
    kr_decref(&it->h);
    return NULL;
  }
  return &it->h;
}

KrObj *kr_iter_new(KrObj *iterable) {
  if (kr_is_iter(iterable)) {
    kr_incref(iterable);
    return iterable;
  }
  return iter_object(iterable, false);
}

KrObj *kr_reversed(KrObj *seq) { return iter_object(seq, true); }

ValKind kr_iterable_kind(KrObj *o) {
  const KrType *t = o->type;
  if (t == &kr_list_type)
    return KR_LIST(o)->kind;
  if (t == &kr_tuple_type) {
    KrTuple *tu = KR_TUPLE(o);
    for (int64_t i = 1; i < tu->len; i++)
      if (tu->kinds[i] != tu->kinds[0])
        return KR_OBJ;
    return tu->len ? (ValKind)tu->kinds[0] : KR_OBJ;
  }
  if (t == &kr_dict_type || t == &kr_dict_keys_type)
    return t == &kr_dict_type ? KR_DICT(o)->kkind : KR_DICT(((KrDictView *)o)->dict)->kkind;
  if (t == &kr_dict_values_type)
    return KR_DICT(((KrDictView *)o)->dict)->vkind;
  if (t == &kr_set_type || t == &kr_frozenset_type)
    return KR_SET(o)->kind;
  if (t == &kr_range_type || t == &kr_bytes_type)
    return KR_INT;
  if (t == &kr_deque_type)
    return KR_DEQUE(o)->kind;
  if (kr_is_iter(o))
    return ((KrIter *)o)->kind;
  return KR_OBJ;
}
