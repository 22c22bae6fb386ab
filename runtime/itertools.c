/* itertools.c — the module itertools that kiln provides: each function an
 * iterator object (KrIter first, a type whose base is kr_iterator_type), so
 * every consumer of iterators (for loops, list(), sum(), next()) takes it.
 *
 * The items come out in the kind their static type has: the emitter passes
 * the kinds (of the items, or of each tuple item), and items are converted
 * on the way (an int read from a list of objects, a boxed fill value), so
 * a tuple's slots always match what compiled code reads. The algorithms
 * and the orders are the ones Lib/itertools's documentation gives (and
 * itertoolsmodule.c implements): product's odometer, permutations' cycles,
 * combinations' indices; groupby's groups are invalidated when the outer
 * iterator moves on, as in CPython. */
#include "containers_impl.h"

typedef struct Itl {
  KrIter it;            /* next, kind (what it yields); it.src unused */
  KrObj *src;           /* the source iterator (owned), or NULL */
  KrObj **pools;        /* product, chain: lists or iterables (owned), npools of them */
  int64_t npools;
  int64_t *idx, *cyc;   /* odometer / cycles / indices */
  int64_t r, n;         /* tuple length, pool length */
  uint8_t *kinds;       /* the kinds of the tuple items it yields */
  int64_t nkinds;
  KrVal cur;            /* count: next value; repeat: the value; accumulate: the total */
  ValKind curk;         /* cur's kind, when has_cur */
  int64_t i1, i2, i3;   /* islice: next index to yield, stop, step; count: step; repeat: left */
  int64_t pos;          /* items taken from src */
  bool started, done, has_cur;
  KrObj *group;         /* groupby: the current group's iterator (borrowed marker) */
  KrVal gkey, gval;     /* groupby: the key and item read ahead */
  int64_t gen;          /* groupby: the group number */
} Itl;

static void itl_dealloc(KrObj *o) {
  Itl *t = (Itl *)o;
  kr_xdecref(t->src);
  for (int64_t i = 0; i < t->npools; i++)
    kr_xdecref(t->pools[i]);
  kr_free(t->pools);
  kr_free(t->idx);
  kr_free(t->cyc);
  kr_free(t->kinds);
  if (t->has_cur)
    kr_val_decref(t->cur, t->curk);
  kr_free(o);
}

const KrType kr_itertools_type = {.name = "itertools", .base = &kr_iterator_type, .size = sizeof(Itl),
                                  .dealloc = itl_dealloc};

static Itl *itl_new(int (*next)(KrIter *, KrVal *), ValKind kind) {
  Itl *t = (Itl *)kr_obj_new(&kr_itertools_type, sizeof(Itl));
  if (!t)
    return NULL;
  t->it.next = next;
  t->it.kind = kind;
  t->it.src = NULL;
  return t;
}

static int src_next(Itl *t, KrVal *out, ValKind want) {
  if (!t->src)
    return 0;
  KrVal v;
  int r = kr_iter_next(t->src, &v);
  if (r <= 0) {
    if (r == 0) {
      kr_decref(t->src);
      t->src = NULL;
    }
    return r;
  }
  t->pos++;
  ValKind have = ((KrIter *)t->src)->kind;
  if (have == want) {
    *out = v;
    return 1;
  }
  int e = krc_convert(v, have, want, out);
  kr_val_decref(v, have);
  return e < 0 ? -1 : 1;
}

static int set_src(Itl *t, KrObj *iterable) {
  t->src = kr_iter_new(iterable);
  return t->src ? 0 : -1;
}

static KrObj *fail(Itl *t) {
  kr_decref(&t->it.h);
  return NULL;
}

static uint8_t *kinds_copy(const uint8_t *kinds, int64_t n) {
  uint8_t *k = kr_alloc((size_t)(n ? n : 1));
  if (k)
    memcpy(k, kinds, (size_t)n);
  return k;
}

/* ---- count(start, step) */

static int count_next(KrIter *it, KrVal *out) {
  Itl *t = (Itl *)it;
  if (t->done) {
    kr_raise(&kr_OverflowError_type, "Python int too large to convert to C int64 (kiln's ints are 64-bit)");
    return -1;
  }
  out->i = t->cur.i;
  if (__builtin_add_overflow(t->cur.i, t->i1, &t->cur.i))
    t->done = true;
  return 1;
}

KrObj *kr_itl_count(int64_t start, int64_t step) {
  Itl *t = itl_new(count_next, KR_INT);
  if (t) {
    t->cur.i = start;
    t->i1 = step;
  }
  return &t->it.h;
}

/* ---- repeat(x[, n]): n < 0 repeats forever (only internally; n given
 * negative yields nothing, as CPython) */

static int repeat_next(KrIter *it, KrVal *out) {
  Itl *t = (Itl *)it;
  if (t->i1 == 0)
    return 0;
  if (t->i1 > 0)
    t->i1--;
  *out = t->cur;
  kr_val_incref(*out, it->kind);
  return 1;
}

KrObj *kr_itl_repeat(KrObj *x, int64_t n, ValKind kind) {
  Itl *t = itl_new(repeat_next, kind);
  if (!t)
    return NULL;
  if (krc_convert((KrVal){.o = x}, KR_OBJ, kind, &t->cur) < 0)
    return fail(t);
  t->has_cur = true;
  t->curk = kind;
  t->i1 = n;
  return &t->it.h;
}

KrObj *kr_itl_repeat_n(KrObj *x, int64_t n, ValKind kind) { return kr_itl_repeat(x, n < 0 ? 0 : n, kind); }

/* ---- chain(a, b, ...), chain.from_iterable(x) */

static int chain_next(KrIter *it, KrVal *out) {
  Itl *t = (Itl *)it;
  for (;;) {
    if (t->src) {
      int r = src_next(t, out, it->kind);
      if (r != 0)
        return r;
    }
    KrObj *nextsrc = NULL;
    if (t->r) { /* from_iterable: the next iterable comes from pools[0] */
      if (!t->pools[0])
        return 0;
      KrVal v;
      int r = kr_iter_next(t->pools[0], &v);
      if (r < 0)
        return -1;
      if (r == 0) {
        kr_decref(t->pools[0]);
        t->pools[0] = NULL;
        return 0;
      }
      nextsrc = v.o; /* iterables are boxed */
    } else {
      if (t->n >= t->npools)
        return 0;
      nextsrc = t->pools[t->n++];
      kr_incref(nextsrc);
    }
    int e = set_src(t, nextsrc);
    kr_decref(nextsrc);
    if (e < 0)
      return -1;
  }
}

KrObj *kr_itl_chain(int64_t n, KrObj *const *iterables, ValKind kind) {
  Itl *t = itl_new(chain_next, kind);
  if (!t)
    return NULL;
  t->pools = kr_alloc((size_t)(n ? n : 1) * sizeof *t->pools);
  if (!t->pools)
    return fail(t);
  for (int64_t i = 0; i < n; i++) {
    kr_incref(iterables[i]);
    t->pools[t->npools++] = iterables[i];
  }
  return &t->it.h;
}

KrObj *kr_itl_chain_from_iterable(KrObj *iterable, ValKind kind) {
  Itl *t = itl_new(chain_next, kind);
  if (!t)
    return NULL;
  t->pools = kr_alloc(sizeof *t->pools);
  if (!t->pools)
    return fail(t);
  t->npools = 1;
  t->pools[0] = kr_iter_new(iterable);
  if (!t->pools[0])
    return fail(t);
  t->r = 1;
  return &t->it.h;
}

/* ---- islice(it, [start,] stop[, step]): i1 next index to yield, i2 stop
 * (-1: None), i3 step */

static int islice_next(KrIter *it, KrVal *out) {
  Itl *t = (Itl *)it;
  for (;;) {
    if (!t->src || (t->i2 >= 0 && t->i1 >= t->i2)) {
      if (t->src && t->i2 >= 0) { /* CPython drops the source at the end */
        while (t->pos < t->i2) {
          KrVal v;
          int r = src_next(t, &v, it->kind);
          if (r <= 0)
            break;
          kr_val_decref(v, it->kind);
        }
        kr_decref(t->src);
        t->src = NULL;
      }
      return 0;
    }
    KrVal v;
    int64_t at = t->pos;
    int r = src_next(t, &v, it->kind);
    if (r <= 0)
      return r;
    if (at == t->i1) {
      *out = v;
      t->i1 += t->i3;
      return 1;
    }
    kr_val_decref(v, it->kind);
  }
}

KrObj *kr_itl_islice(KrObj *iterable, int64_t start, int64_t stop, int64_t step, ValKind kind) {
  if (start < 0 || stop < -1)
    return kr_raise(&kr_ValueError_type,
                    "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.");
  if (step < 1)
    return kr_raise(&kr_ValueError_type, "Step for islice() must be a positive integer or None.");
  Itl *t = itl_new(islice_next, kind);
  if (!t)
    return NULL;
  if (set_src(t, iterable) < 0)
    return fail(t);
  t->i1 = start;
  t->i2 = stop; /* -1: None */
  t->i3 = step;
  return &t->it.h;
}

/* stop -1 is None inside; given as -1 it is CPython's "Stop argument" error */
static KrObj *stop_error(void) {
  return kr_raise(&kr_ValueError_type,
                  "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.");
}
KrObj *kr_itl_islice1(KrObj *it, int64_t stop, ValKind k) {
  return stop == -1 ? stop_error() : kr_itl_islice(it, 0, stop, 1, k);
}
KrObj *kr_itl_islice2(KrObj *it, int64_t start, int64_t stop, ValKind k) {
  return stop == -1 ? stop_error() : kr_itl_islice(it, start, stop, 1, k);
}
KrObj *kr_itl_islice3(KrObj *it, int64_t start, int64_t stop, int64_t step, ValKind k) {
  return stop == -1 ? stop_error() : kr_itl_islice(it, start, stop, step, k);
}

/* ---- cycle(x) */

static int cycle_next(KrIter *it, KrVal *out) {
  Itl *t = (Itl *)it;
  KrList *saved = KR_LIST(t->pools[0]);
  if (t->src) {
    int r = src_next(t, out, it->kind);
    if (r < 0)
      return -1;
    if (r > 0)
      return kr_list_append(&saved->h, *out) < 0 ? -1 : 1;
  }
  if (saved->len == 0)
    return 0;
  if (t->n >= saved->len)
    t->n = 0;
  *out = saved->items[t->n++];
  kr_val_incref(*out, it->kind);
  return 1;
}

KrObj *kr_itl_cycle(KrObj *iterable, ValKind kind) {
  Itl *t = itl_new(cycle_next, kind);
  if (!t)
    return NULL;
  t->pools = kr_alloc(sizeof *t->pools);
  if (!t->pools)
    return fail(t);
  t->pools[0] = kr_list_new(kind, 0);
  t->npools = 1;
  if (!t->pools[0] || set_src(t, iterable) < 0)
    return fail(t);
  return &t->it.h;
}

/* ---- accumulate(x): running sums with +, as the items' type adds */

static int accumulate_next(KrIter *it, KrVal *out) {
  Itl *t = (Itl *)it;
  KrVal v;
  int r = src_next(t, &v, it->kind);
  if (r <= 0)
    return r;
  if (!t->has_cur) {
    t->cur = v;
    t->has_cur = true;
    t->curk = it->kind;
  } else {
    KrVal s;
    switch (it->kind) {
    case KR_INT:
      if (__builtin_add_overflow(t->cur.i, v.i, &s.i)) {
        kr_raise(&kr_OverflowError_type, "Python int too large to convert to C int64 (kiln's ints are 64-bit)");
        return -1;
      }
      break;
    case KR_FLOAT: s.f = t->cur.f + v.f; break;
    case KR_BOOL: s.b = t->cur.b + v.b; break; /* not reached: bools add to ints */
    default: /* numbers, strs, lists, tuples: a + b */
      s.o = t->cur.o->type == &kr_str_type && v.o->type == &kr_str_type       ? kr_str_concat(t->cur.o, v.o)
            : t->cur.o->type == &kr_list_type && v.o->type == &kr_list_type   ? kr_list_concat(t->cur.o, v.o)
            : t->cur.o->type == &kr_tuple_type && v.o->type == &kr_tuple_type ? kr_tuple_concat(t->cur.o, v.o)
                                                                               : kr_obj_add(t->cur.o, v.o);
      kr_decref(v.o);
      if (!s.o)
        return -1;
      kr_decref(t->cur.o);
      break;
    }
    t->cur = s;
  }
  *out = t->cur;
  kr_val_incref(*out, it->kind);
  return 1;
}

KrObj *kr_itl_accumulate(KrObj *iterable, ValKind kind) {
  Itl *t = itl_new(accumulate_next, kind);
  if (!t)
    return NULL;
  if (set_src(t, iterable) < 0)
    return fail(t);
  return &t->it.h;
}

/* ---- the tuple makers: product, permutations, combinations,
 * combinations_with_replacement, pairwise, zip_longest. Pools are lists of
 * the kind of the tuple item they fill. */

static KrObj *pool_of(KrObj *iterable, ValKind kind) { return kr_list_from_iter(iterable, kind); }

/* a tuple of r items: pool p's item idx[i] at i (kinds[i]) */
static KrObj *make_tuple(Itl *t, KrObj *const *pools, const int64_t *idx, int64_t r) {
  KrObj *tu = kr_tuple_new(r, t->kinds);
  if (!tu)
    return NULL;
  for (int64_t i = 0; i < r; i++) {
    KrList *p = KR_LIST(pools[i]);
    KrVal v = p->items[idx[i]];
    kr_val_incref(v, p->kind);
    KR_TUPLE(tu)->items[i] = v;
  }
  return tu;
}

static int product_next(KrIter *it, KrVal *out) {
  Itl *t = (Itl *)it;
  if (t->done)
    return 0;
  if (!t->started) {
    t->started = true;
    for (int64_t i = 0; i < t->r; i++)
      if (kr_list_len(t->pools[i]) == 0) {
        t->done = true;
        return 0;
      }
  } else {
    int64_t i = t->r - 1;
    for (; i >= 0; i--) {
      if (++t->idx[i] < kr_list_len(t->pools[i]))
        break;
      t->idx[i] = 0;
    }
    if (i < 0) {
      t->done = true;
      return 0;
    }
  }
  out->o = make_tuple(t, t->pools, t->idx, t->r);
  return out->o ? 1 : -1;
}

/* product(*iterables, repeat=rep): r = n * rep tuple items, kinds given */
KrObj *kr_itl_product(int64_t n, KrObj *const *iterables, int64_t rep, const uint8_t *kinds, int64_t nk) {
  if (rep < 0)
    return kr_raise(&kr_ValueError_type, "repeat argument cannot be negative");
  Itl *t = itl_new(product_next, KR_OBJ);
  if (!t)
    return NULL;
  int64_t r = n * rep;
  t->r = r;
  t->pools = kr_alloc((size_t)(r ? r : 1) * sizeof *t->pools);
  t->idx = kr_alloc((size_t)(r ? r : 1) * sizeof *t->idx);
  t->kinds = kinds_copy(kinds, nk);
  if (!t->pools || !t->idx || !t->kinds)
    return fail(t);
  for (int64_t i = 0; i < n; i++) {
    KrObj *p = pool_of(iterables[i], (ValKind)kinds[i]);
    if (!p)
      return fail(t);
    for (int64_t k = 0; k < rep; k++) {
      kr_incref(p);
      t->pools[k * n + i] = p;
    }
    kr_decref(p);
  }
  t->npools = r;
  return &t->it.h;
}

KrObj *kr_itl_product1(KrObj *a, const uint8_t *kinds, int64_t nk) {
  return kr_itl_product(1, (KrObj *[]){a}, 1, kinds, nk);
}
KrObj *kr_itl_product2(KrObj *a, KrObj *b, const uint8_t *kinds, int64_t nk) {
  return kr_itl_product(2, (KrObj *[]){a, b}, 1, kinds, nk);
}
KrObj *kr_itl_product3(KrObj *a, KrObj *b, KrObj *c, const uint8_t *kinds, int64_t nk) {
  return kr_itl_product(3, (KrObj *[]){a, b, c}, 1, kinds, nk);
}
KrObj *kr_itl_product_rep(KrObj *a, int64_t rep, const uint8_t *kinds, int64_t nk) {
  return kr_itl_product(1, (KrObj *[]){a}, rep, kinds, nk);
}
KrObj *kr_itl_product2_rep(KrObj *a, KrObj *b, int64_t rep, const uint8_t *kinds, int64_t nk) {
  return kr_itl_product(2, (KrObj *[]){a, b}, rep, kinds, nk);
}

/* pool as the only pool r times over, for make_tuple */
static KrObj **same_pool(Itl *t) { return t->pools; }

enum { PERM, COMB, CWR };

static int combinatoric_next(KrIter *it, KrVal *out) {
  Itl *t = (Itl *)it;
  int64_t n = t->n, r = t->r, *idx = t->idx;
  if (t->done)
    return 0;
  if (t->started) {
    int64_t i;
    switch (t->i1) {
    case PERM:
      for (i = r - 1; i >= 0; i--) {
        t->cyc[i]--;
        if (t->cyc[i] == 0) { /* rotate idx[i:] left by one */
          int64_t first = idx[i];
          for (int64_t j = i; j < n - 1; j++)
            idx[j] = idx[j + 1];
          idx[n - 1] = first;
          t->cyc[i] = n - i;
        } else {
          int64_t j = t->cyc[i], tmp = idx[i];
          idx[i] = idx[n - j];
          idx[n - j] = tmp;
          break;
        }
      }
      break;
    case COMB:
      for (i = r - 1; i >= 0; i--)
        if (idx[i] != i + n - r)
          break;
      if (i >= 0) {
        idx[i]++;
        for (int64_t j = i + 1; j < r; j++)
          idx[j] = idx[j - 1] + 1;
      }
      break;
    default: /* CWR */
      for (i = r - 1; i >= 0; i--)
        if (idx[i] != n - 1)
          break;
      if (i >= 0) {
        int64_t v = idx[i] + 1;
        for (int64_t j = i; j < r; j++)
          idx[j] = v;
      }
      break;
    }
    if (i < 0) {
      t->done = true;
      return 0;
    }
  }
  t->started = true;
  KrObj *tu = kr_tuple_new(r, t->kinds);
  if (!tu)
    return -1;
  KrList *p = KR_LIST(same_pool(t)[0]);
  for (int64_t i = 0; i < r; i++) {
    KrVal v = p->items[idx[i]];
    kr_val_incref(v, p->kind);
    KR_TUPLE(tu)->items[i] = v;
  }
  out->o = tu;
  return 1;
}

static KrObj *combinatoric(KrObj *iterable, int64_t r, int which, ValKind kind) {
  if (r < -1 || (r == -1 && which != PERM))
    return kr_raise(&kr_ValueError_type, "r must be non-negative");
  Itl *t = itl_new(combinatoric_next, KR_OBJ);
  if (!t)
    return NULL;
  t->pools = kr_alloc(sizeof *t->pools);
  if (!t->pools)
    return fail(t);
  t->pools[0] = pool_of(iterable, kind);
  if (!t->pools[0])
    return fail(t);
  t->npools = 1;
  int64_t n = kr_list_len(t->pools[0]);
  if (r == -1) /* permutations(x): r = len(x) */
    r = n;
  t->n = n;
  t->r = r;
  t->i1 = which;
  int64_t sz = (n > r ? n : r) + 1;
  t->idx = kr_alloc((size_t)sz * sizeof *t->idx);
  t->cyc = kr_alloc((size_t)sz * sizeof *t->cyc);
  t->kinds = kr_alloc((size_t)(r ? r : 1));
  if (!t->idx || !t->cyc || !t->kinds)
    return fail(t);
  memset(t->kinds, kind, (size_t)r);
  if (which == PERM) {
    for (int64_t i = 0; i < n; i++)
      t->idx[i] = i;
    for (int64_t i = 0; i < r; i++)
      t->cyc[i] = n - i;
    t->done = r > n;
  } else if (which == COMB) {
    for (int64_t i = 0; i < r; i++)
      t->idx[i] = i;
    t->done = r > n;
  } else {
    for (int64_t i = 0; i < r; i++)
      t->idx[i] = 0;
    t->done = n == 0 && r > 0;
  }
  return &t->it.h;
}

KrObj *kr_itl_permutations(KrObj *x, ValKind k) { return combinatoric(x, -1, PERM, k); }
KrObj *kr_itl_permutations_r(KrObj *x, int64_t r, ValKind k) {
  return r < 0 ? kr_raise(&kr_ValueError_type, "r must be non-negative") : combinatoric(x, r, PERM, k);
}
KrObj *kr_itl_combinations(KrObj *x, int64_t r, ValKind k) { return combinatoric(x, r, COMB, k); }
KrObj *kr_itl_cwr(KrObj *x, int64_t r, ValKind k) { return combinatoric(x, r, CWR, k); }

/* ---- pairwise(x) */

static int pairwise_next(KrIter *it, KrVal *out) {
  Itl *t = (Itl *)it;
  ValKind k = (ValKind)t->kinds[0];
  if (!t->has_cur) {
    int r = src_next(t, &t->cur, k);
    if (r <= 0)
      return r;
    t->has_cur = true;
    t->curk = k;
  }
  KrVal v;
  int r = src_next(t, &v, k);
  if (r <= 0)
    return r;
  KrObj *tu = kr_tuple_new(2, t->kinds);
  if (!tu) {
    kr_val_decref(v, k);
    return -1;
  }
  KR_TUPLE(tu)->items[0] = t->cur; /* the tuple takes the old reference */
  kr_val_incref(v, k);
  KR_TUPLE(tu)->items[1] = v;
  t->cur = v;
  out->o = tu;
  return 1;
}

KrObj *kr_itl_pairwise(KrObj *iterable, ValKind kind) {
  Itl *t = itl_new(pairwise_next, KR_OBJ);
  if (!t)
    return NULL;
  t->kinds = kr_alloc(2);
  if (!t->kinds || set_src(t, iterable) < 0)
    return fail(t);
  t->kinds[0] = t->kinds[1] = (uint8_t)kind;
  return &t->it.h;
}

/* ---- zip_longest(a, b, ..., fillvalue=f) */

static int zip_longest_next(KrIter *it, KrVal *out) {
  Itl *t = (Itl *)it;
  if (t->done)
    return 0;
  KrObj *tu = kr_tuple_new(t->npools, t->kinds);
  if (!tu)
    return -1;
  int64_t live = 0;
  for (int64_t i = 0; i < t->npools; i++) {
    ValKind k = (ValKind)t->kinds[i];
    KrVal v;
    int r = 0;
    if (t->pools[i]) {
      r = kr_iter_next(t->pools[i], &v);
      if (r < 0) {
        kr_decref(tu);
        return -1;
      }
      if (r == 0) {
        kr_decref(t->pools[i]);
        t->pools[i] = NULL;
      }
    }
    if (r > 0) {
      live++;
      ValKind have = ((KrIter *)t->pools[i])->kind;
      KrVal c;
      int e = krc_convert(v, have, k, &c);
      kr_val_decref(v, have);
      if (e < 0) {
        kr_decref(tu);
        return -1;
      }
      KR_TUPLE(tu)->items[i] = c;
    } else {
      KrVal c;
      if (krc_convert(t->cur, KR_OBJ, k, &c) < 0) {
        kr_decref(tu);
        return -1;
      }
      KR_TUPLE(tu)->items[i] = c;
    }
  }
  if (!live) {
    t->done = true;
    kr_decref(tu);
    return 0;
  }
  out->o = tu;
  return 1;
}

KrObj *kr_itl_zip_longest(int64_t n, KrObj *const *iterables, KrObj *fill, const uint8_t *kinds, int64_t nk) {
  Itl *t = itl_new(zip_longest_next, KR_OBJ);
  if (!t)
    return NULL;
  t->pools = kr_alloc((size_t)(n ? n : 1) * sizeof *t->pools);
  t->kinds = kinds_copy(kinds, nk);
  if (!t->pools || !t->kinds)
    return fail(t);
  for (int64_t i = 0; i < n; i++) {
    t->pools[i] = kr_iter_new(iterables[i]);
    if (!t->pools[i])
      return fail(t);
    t->npools++;
  }
  kr_incref(fill);
  t->cur.o = fill;
  t->has_cur = true;
  t->curk = KR_OBJ;
  return &t->it.h;
}

KrObj *kr_itl_zip_longest2(KrObj *a, KrObj *b, const uint8_t *kinds, int64_t nk) {
  return kr_itl_zip_longest(2, (KrObj *[]){a, b}, kr_None, kinds, nk);
}
KrObj *kr_itl_zip_longest3(KrObj *a, KrObj *b, KrObj *c, const uint8_t *kinds, int64_t nk) {
  return kr_itl_zip_longest(3, (KrObj *[]){a, b, c}, kr_None, kinds, nk);
}
KrObj *kr_itl_zip_longest2f(KrObj *a, KrObj *b, KrObj *f, const uint8_t *kinds, int64_t nk) {
  return kr_itl_zip_longest(2, (KrObj *[]){a, b}, f, kinds, nk);
}
KrObj *kr_itl_zip_longest3f(KrObj *a, KrObj *b, KrObj *c, KrObj *f, const uint8_t *kinds, int64_t nk) {
  return kr_itl_zip_longest(3, (KrObj *[]){a, b, c}, f, kinds, nk);
}

/* ---- groupby(x) and groupby over (key, item) pairs (desugar.c's form of
 * groupby(x, key=F)). A group is an iterator that yields while the outer
 * iterator is at its group (gen) and the key read ahead is its key. */

typedef struct Group {
  KrIter it;
  Itl *parent;   /* owned */
  int64_t gen;
} Group;

static void group_dealloc(KrObj *o) {
  kr_decref(&((Group *)o)->parent->it.h);
  kr_free(o);
}

static const KrType group_type = {.name = "itertools._grouper", .base = &kr_iterator_type, .size = sizeof(Group),
                                  .dealloc = group_dealloc};

/* Read the next (key, item) from the source into gkey/gval: 1, 0 at the end, -1. */
static int group_advance(Itl *t) {
  ValKind kk = (ValKind)t->kinds[0], vk = (ValKind)t->kinds[1];
  if (t->started) {
    kr_val_decref(t->gkey, kk);
    kr_val_decref(t->gval, vk);
    t->started = false;
  }
  KrVal v;
  int r = src_next(t, &v, t->r ? KR_OBJ : vk);
  if (r <= 0) {
    if (r == 0)
      t->done = true;
    return r;
  }
  if (t->r) { /* a (key, item) pair */
    KrTuple *p = KR_TUPLE(v.o);
    if (krc_convert(p->items[0], (ValKind)p->kinds[0], kk, &t->gkey) < 0 ||
        krc_convert(p->items[1], (ValKind)p->kinds[1], vk, &t->gval) < 0) {
      kr_decref(v.o);
      return -1;
    }
    kr_decref(v.o);
  } else {
    t->gval = v;
    kr_val_incref(v, vk);
    t->gkey = v;
  }
  t->started = true;
  return 1;
}

static int group_next(KrIter *it, KrVal *out) {
  Group *g = (Group *)it;
  Itl *t = g->parent;
  if (g->gen != t->gen || t->done || !t->started)
    return 0;
  ValKind kk = (ValKind)t->kinds[0], vk = (ValKind)t->kinds[1];
  if (t->has_cur) { /* the group's key: compare the item read ahead with it */
    int eq = krc_eq(t->cur, kk, t->gkey, kk);
    if (eq < 0)
      return -1;
    if (!eq)
      return 0;
  }
  *out = t->gval;
  kr_val_incref(*out, vk);
  if (group_advance(t) < 0) {
    kr_val_decref(*out, vk);
    return -1;
  }
  return 1;
}

static int groupby_next(KrIter *it, KrVal *out) {
  Itl *t = (Itl *)it;
  ValKind kk = (ValKind)t->kinds[0];
  if (!t->pos && !t->started && !t->done && group_advance(t) < 0)
    return -1;
  /* skip the rest of the current group */
  while (t->has_cur && t->started) {
    int eq = krc_eq(t->cur, kk, t->gkey, kk);
    if (eq < 0)
      return -1;
    if (!eq)
      break;
    if (group_advance(t) < 0)
      return -1;
  }
  if (!t->started)
    return 0;
  if (t->has_cur)
    kr_val_decref(t->cur, kk);
  t->cur = t->gkey;
  kr_val_incref(t->cur, kk);
  t->has_cur = true;
  t->gen++;
  Group *g = (Group *)kr_obj_new(&group_type, sizeof(Group));
  if (!g)
    return -1;
  g->it.next = group_next;
  g->it.kind = (ValKind)t->kinds[1];
  g->parent = t;
  kr_incref(&t->it.h);
  g->gen = t->gen;
  uint8_t kinds[2] = {(uint8_t)kk, KR_OBJ};
  KrVal items[2] = {t->cur, {.o = &g->it.h}};
  kr_val_incref(items[0], kk);
  out->o = kr_tuple_pack_steal(2, items, kinds);
  return out->o ? 1 : -1;
}

static void groupby_dealloc(KrObj *o) {
  Itl *t = (Itl *)o;
  if (t->started) {
    kr_val_decref(t->gkey, (ValKind)t->kinds[0]);
    kr_val_decref(t->gval, (ValKind)t->kinds[1]);
  }
  if (t->has_cur)
    kr_val_decref(t->cur, (ValKind)t->kinds[0]);
  t->has_cur = false;
  itl_dealloc(o);
}

static const KrType groupby_type = {.name = "itertools.groupby", .base = &kr_iterator_type, .size = sizeof(Itl),
                                    .dealloc = groupby_dealloc};

static KrObj *groupby(KrObj *iterable, bool pairs, ValKind kk, ValKind vk) {
  Itl *t = (Itl *)kr_obj_new(&groupby_type, sizeof(Itl));
  if (!t)
    return NULL;
  t->it.next = groupby_next;
  t->it.kind = KR_OBJ;
  t->r = pairs;
  t->kinds = kr_alloc(2);
  if (!t->kinds || set_src(t, iterable) < 0)
    return fail(t);
  t->kinds[0] = (uint8_t)kk;
  t->kinds[1] = (uint8_t)vk;
  return &t->it.h;
}

KrObj *kr_itl_groupby(KrObj *iterable, ValKind kk, ValKind vk) { return groupby(iterable, false, kk, vk); }
KrObj *kr_itl_groupby_pairs(KrObj *pairs, bool unused, ValKind kk, ValKind vk) {
  (void)unused;
  return groupby(pairs, true, kk, vk);
}
