/* sort.c — list.sort and the builtins over iterables: sorted, min, max,
 * sum, and `in` for any container.
 *
 * list.sort is CPython 3.11's listsort (Objects/listobject.c,
 * Objects/listsort.txt) step for step: natural runs, binary insertion up to
 * minrun, the powersort merge policy, galloping merges with the adaptive
 * min_gallop. Reproducing the algorithm rather than "a stable sort" matters
 * because Python programs can observe which comparisons are made: with an
 * inconsistent order (floats with NaNs) the result is whatever CPython's
 * sequence of comparisons makes it, and a comparison that raises
 * (TypeError between a str and an int) leaves the list in the partial
 * state CPython leaves it in.
 *
 * Keys and values are KrVal arrays; with a key function the keys are
 * computed first, into their own array, and the items move in step with
 * them (CPython's sortslice). The comparison is chosen once per sort from
 * the keys' kind: unboxed ints, floats and bools compare inline, strs
 * through kr_str_cmp, tuples through kr_tuple_cmp (which orders a pair of
 * floats, ints or strs inline), instances of one class through their
 * type's cmp slot, anything else through kr_val_cmp. */
#include "containers_impl.h"

/* ---------------------------------------------------------------- the sort */

typedef struct SortSlice {
  KrVal *keys;
  KrVal *values; /* NULL: the keys are the values */
} SortSlice;

#define MAX_MERGE_PENDING 64
#define MIN_GALLOP 7
#define MERGESTATE_TEMP_SIZE 256

enum { CMP_INT, CMP_FLOAT, CMP_BOOL, CMP_STR, CMP_TUPLE, CMP_SLOT, CMP_GENERIC };

typedef struct MergeState {
  int64_t min_gallop;
  int64_t listlen;     /* the length of the whole array: powersort needs it */
  KrVal *basekeys;
  SortSlice a;         /* temporary storage for merges */
  int64_t alloced;
  int n;               /* pending runs */
  struct {
    SortSlice base;
    int64_t len;
    int power;
  } pending[MAX_MERGE_PENDING];
  KrVal temparray[MERGESTATE_TEMP_SIZE];
  int cmp;             /* CMP_*: how keys compare */
  ValKind kind;        /* the keys' kind (for CMP_GENERIC) */
} MergeState;

/* key x < key y: 1, 0, or -1 on error. */
static int islt(MergeState *ms, KrVal x, KrVal y) {
  switch (ms->cmp) {
  case CMP_INT: return x.i < y.i;
  case CMP_FLOAT: return x.f < y.f;
  case CMP_BOOL: return x.b < y.b;
  case CMP_STR: return kr_str_cmp(x.o, y.o) < 0;
  case CMP_TUPLE: return kr_tuple_cmp(x.o, y.o, KR_LT);
  case CMP_SLOT: {
    int r = x.o->type->cmp(x.o, y.o, KR_LT);
    if (r != -2)
      return r;
    break; /* not supported: kr_val_cmp tries the reflection and raises */
  }
  default: break;
  }
  return kr_val_cmp(x, ms->kind, y, ms->kind, KR_LT);
}

#define ISLT(X, Y) islt(ms, (X), (Y))
#define IFLT(X, Y)                                                            \
  if ((k = ISLT(X, Y)) < 0)                                                   \
    goto fail;                                                                \
  if (k)

static void slice_copy(SortSlice *s1, int64_t i, SortSlice *s2, int64_t j) {
  s1->keys[i] = s2->keys[j];
  if (s1->values)
    s1->values[i] = s2->values[j];
}

static void slice_copy_incr(SortSlice *dst, SortSlice *src) {
  *dst->keys++ = *src->keys++;
  if (dst->values)
    *dst->values++ = *src->values++;
}

static void slice_copy_decr(SortSlice *dst, SortSlice *src) {
  *dst->keys-- = *src->keys--;
  if (dst->values)
    *dst->values-- = *src->values--;
}

static void slice_memcpy(SortSlice *s1, int64_t i, SortSlice *s2, int64_t j, int64_t n) {
  memcpy(&s1->keys[i], &s2->keys[j], sizeof(KrVal) * (size_t)n);
  if (s1->values)
    memcpy(&s1->values[i], &s2->values[j], sizeof(KrVal) * (size_t)n);
}

static void slice_memmove(SortSlice *s1, int64_t i, SortSlice *s2, int64_t j, int64_t n) {
  memmove(&s1->keys[i], &s2->keys[j], sizeof(KrVal) * (size_t)n);
  if (s1->values)
    memmove(&s1->values[i], &s2->values[j], sizeof(KrVal) * (size_t)n);
}

static void slice_advance(SortSlice *s, int64_t n) {
  s->keys += n;
  if (s->values)
    s->values += n;
}

static void reverse_vals(KrVal *lo, KrVal *hi) {
  for (--hi; lo < hi; lo++, hi--) {
    KrVal t = *lo;
    *lo = *hi;
    *hi = t;
  }
}

static void reverse_slice(SortSlice *s, int64_t n) {
  reverse_vals(s->keys, s->keys + n);
  if (s->values)
    reverse_vals(s->values, s->values + n);
}

/* Sort [lo, hi) by binary insertion; [lo, start) is already sorted. Even
 * after an error the slice is a permutation of what it was. */
static int binarysort(MergeState *ms, SortSlice lo, KrVal *hi, KrVal *start) {
  int k;
  if (lo.keys == start)
    ++start;
  for (; start < hi; ++start) {
    KrVal *l = lo.keys, *r = start, *p;
    KrVal pivot = *r;
    do {
      p = l + ((r - l) >> 1);
      IFLT(pivot, *p)
      r = p;
      else l = p + 1;
    } while (l < r);
    for (p = start; p > l; --p)
      *p = *(p - 1);
    *l = pivot;
    if (lo.values) {
      int64_t li = l - lo.keys, si = start - lo.keys;
      KrVal vp = lo.values[si];
      for (int64_t q = si; q > li; --q)
        lo.values[q] = lo.values[q - 1];
      lo.values[li] = vp;
    }
  }
  return 0;
fail:
  return -1;
}

/* The length of the run at lo: ascending (a[0] <= a[1] <= ...) or strictly
 * descending (*descending set). -1 on error. */
static int64_t count_run(MergeState *ms, KrVal *lo, KrVal *hi, int *descending) {
  int k;
  *descending = 0;
  ++lo;
  if (lo == hi)
    return 1;
  int64_t n = 2;
  IFLT(*lo, *(lo - 1)) {
    *descending = 1;
    for (lo = lo + 1; lo < hi; ++lo, ++n) {
      IFLT(*lo, *(lo - 1));
      else break;
    }
  }
  else {
    for (lo = lo + 1; lo < hi; ++lo, ++n) {
      IFLT(*lo, *(lo - 1)) break;
    }
  }
  return n;
fail:
  return -1;
}

/* Where key goes in the sorted a[0:n], left of equal elements: the k with
 * a[k-1] < key <= a[k]. Starts from hint and gallops. -1 on error. */
static int64_t gallop_left(MergeState *ms, KrVal key, KrVal *a, int64_t n, int64_t hint) {
  int k;
  int64_t ofs, lastofs;
  a += hint;
  lastofs = 0;
  ofs = 1;
  IFLT(*a, key) {
    /* a[hint] < key: gallop right until a[hint + lastofs] < key <= a[hint + ofs] */
    const int64_t maxofs = n - hint;
    while (ofs < maxofs) {
      IFLT(a[ofs], key) {
        lastofs = ofs;
        ofs = (ofs << 1) + 1;
      }
      else break;
    }
    if (ofs > maxofs)
      ofs = maxofs;
    lastofs += hint;
    ofs += hint;
  }
  else {
    /* key <= a[hint]: gallop left until a[hint - ofs] < key <= a[hint - lastofs] */
    const int64_t maxofs = hint + 1;
    while (ofs < maxofs) {
      IFLT(*(a - ofs), key) break;
      lastofs = ofs;
      ofs = (ofs << 1) + 1;
    }
    if (ofs > maxofs)
      ofs = maxofs;
    int64_t t = lastofs;
    lastofs = hint - ofs;
    ofs = hint - t;
  }
  a -= hint;
  ++lastofs;
  while (lastofs < ofs) {
    int64_t m = lastofs + ((ofs - lastofs) >> 1);
    IFLT(a[m], key) lastofs = m + 1;
    else ofs = m;
  }
  return ofs;
fail:
  return -1;
}

/* The same, right of equal elements: the k with a[k-1] <= key < a[k]. */
static int64_t gallop_right(MergeState *ms, KrVal key, KrVal *a, int64_t n, int64_t hint) {
  int k;
  int64_t ofs, lastofs;
  a += hint;
  lastofs = 0;
  ofs = 1;
  IFLT(key, *a) {
    /* key < a[hint]: gallop left until a[hint - ofs] <= key < a[hint - lastofs] */
    const int64_t maxofs = hint + 1;
    while (ofs < maxofs) {
      IFLT(key, *(a - ofs)) {
        lastofs = ofs;
        ofs = (ofs << 1) + 1;
      }
      else break;
    }
    if (ofs > maxofs)
      ofs = maxofs;
    int64_t t = lastofs;
    lastofs = hint - ofs;
    ofs = hint - t;
  }
  else {
    /* a[hint] <= key: gallop right until a[hint + lastofs] <= key < a[hint + ofs] */
    const int64_t maxofs = n - hint;
    while (ofs < maxofs) {
      IFLT(key, a[ofs]) break;
      lastofs = ofs;
      ofs = (ofs << 1) + 1;
    }
    if (ofs > maxofs)
      ofs = maxofs;
    lastofs += hint;
    ofs += hint;
  }
  a -= hint;
  ++lastofs;
  while (lastofs < ofs) {
    int64_t m = lastofs + ((ofs - lastofs) >> 1);
    IFLT(key, a[m]) ofs = m;
    else lastofs = m + 1;
  }
  return ofs;
fail:
  return -1;
}

static void merge_init(MergeState *ms, int64_t list_size, bool has_keys, SortSlice *lo, ValKind kind) {
  if (has_keys) {
    ms->alloced = MERGESTATE_TEMP_SIZE / 2;
    ms->a.values = &ms->temparray[ms->alloced];
  } else {
    ms->alloced = MERGESTATE_TEMP_SIZE;
    ms->a.values = NULL;
  }
  ms->a.keys = ms->temparray;
  ms->n = 0;
  ms->min_gallop = MIN_GALLOP;
  ms->listlen = list_size;
  ms->basekeys = lo->keys;
  ms->kind = kind;
}

static void merge_freemem(MergeState *ms) {
  if (ms->a.keys != ms->temparray) {
    kr_free(ms->a.keys);
    ms->a.keys = ms->temparray;
  }
}

/* Room for need slots (of keys, and of values if there are any). */
static int merge_getmem(MergeState *ms, int64_t need) {
  if (need <= ms->alloced)
    return 0;
  int multiplier = ms->a.values ? 2 : 1;
  merge_freemem(ms);
  KrVal *p = kr_alloc((size_t)(multiplier * need) * sizeof(KrVal));
  if (!p)
    return -1;
  ms->a.keys = p;
  ms->alloced = need;
  if (ms->a.values)
    ms->a.values = p + need;
  return 0;
}

/* Merge the na elements at ssa with the nb elements after them, in place,
 * stably; na <= nb, and ssa.keys[na-1] belongs at the end. */
static int merge_lo(MergeState *ms, SortSlice ssa, int64_t na, SortSlice ssb, int64_t nb) {
  int64_t k;
  SortSlice dest;
  int result = -1;
  int64_t min_gallop;

  if (merge_getmem(ms, na) < 0)
    return -1;
  slice_memcpy(&ms->a, 0, &ssa, 0, na);
  dest = ssa;
  ssa = ms->a;

  slice_copy_incr(&dest, &ssb);
  --nb;
  if (nb == 0)
    goto succeed;
  if (na == 1)
    goto copy_b;

  min_gallop = ms->min_gallop;
  for (;;) {
    int64_t acount = 0, bcount = 0; /* times A, B won in a row */
    /* The straightforward merge, until one run wins consistently. */
    for (;;) {
      k = ISLT(ssb.keys[0], ssa.keys[0]);
      if (k) {
        if (k < 0)
          goto fail;
        slice_copy_incr(&dest, &ssb);
        ++bcount;
        acount = 0;
        --nb;
        if (nb == 0)
          goto succeed;
        if (bcount >= min_gallop)
          break;
      } else {
        slice_copy_incr(&dest, &ssa);
        ++acount;
        bcount = 0;
        --na;
        if (na == 1)
          goto copy_b;
        if (acount >= min_gallop)
          break;
      }
    }
    /* Galloping, until neither run wins consistently any more. */
    ++min_gallop;
    do {
      min_gallop -= min_gallop > 1;
      ms->min_gallop = min_gallop;
      k = gallop_right(ms, ssb.keys[0], ssa.keys, na, 0);
      acount = k;
      if (k) {
        if (k < 0)
          goto fail;
        slice_memcpy(&dest, 0, &ssa, 0, k);
        slice_advance(&dest, k);
        slice_advance(&ssa, k);
        na -= k;
        if (na == 1)
          goto copy_b;
        /* na == 0 is impossible for a consistent order, but possible. */
        if (na == 0)
          goto succeed;
      }
      slice_copy_incr(&dest, &ssb);
      --nb;
      if (nb == 0)
        goto succeed;

      k = gallop_left(ms, ssa.keys[0], ssb.keys, nb, 0);
      bcount = k;
      if (k) {
        if (k < 0)
          goto fail;
        slice_memmove(&dest, 0, &ssb, 0, k);
        slice_advance(&dest, k);
        slice_advance(&ssb, k);
        nb -= k;
        if (nb == 0)
          goto succeed;
      }
      slice_copy_incr(&dest, &ssa);
      --na;
      if (na == 1)
        goto copy_b;
    } while (acount >= MIN_GALLOP || bcount >= MIN_GALLOP);
    ++min_gallop; /* penalty for leaving galloping mode */
    ms->min_gallop = min_gallop;
  }
succeed:
  result = 0;
fail:
  if (na)
    slice_memcpy(&dest, 0, &ssa, 0, na);
  return result;
copy_b:
  /* The last element of A belongs at the end of the merge. */
  slice_memmove(&dest, 0, &ssb, 0, nb);
  slice_copy(&dest, nb, &ssa, 0);
  return 0;
}

/* The mirror image: na >= nb, merging from the right. */
static int merge_hi(MergeState *ms, SortSlice ssa, int64_t na, SortSlice ssb, int64_t nb) {
  int64_t k;
  SortSlice dest, basea, baseb;
  int result = -1;
  int64_t min_gallop;

  if (merge_getmem(ms, nb) < 0)
    return -1;
  dest = ssb;
  slice_advance(&dest, nb - 1);
  slice_memcpy(&ms->a, 0, &ssb, 0, nb);
  basea = ssa;
  baseb = ms->a;
  ssb.keys = ms->a.keys + nb - 1;
  if (ssb.values)
    ssb.values = ms->a.values + nb - 1;
  slice_advance(&ssa, na - 1);

  slice_copy_decr(&dest, &ssa);
  --na;
  if (na == 0)
    goto succeed;
  if (nb == 1)
    goto copy_a;

  min_gallop = ms->min_gallop;
  for (;;) {
    int64_t acount = 0, bcount = 0;
    for (;;) {
      k = ISLT(ssb.keys[0], ssa.keys[0]);
      if (k) {
        if (k < 0)
          goto fail;
        slice_copy_decr(&dest, &ssa);
        ++acount;
        bcount = 0;
        --na;
        if (na == 0)
          goto succeed;
        if (acount >= min_gallop)
          break;
      } else {
        slice_copy_decr(&dest, &ssb);
        ++bcount;
        acount = 0;
        --nb;
        if (nb == 1)
          goto copy_a;
        if (bcount >= min_gallop)
          break;
      }
    }
    ++min_gallop;
    do {
      min_gallop -= min_gallop > 1;
      ms->min_gallop = min_gallop;
      k = gallop_right(ms, ssb.keys[0], basea.keys, na, na - 1);
      if (k < 0)
        goto fail;
      k = na - k;
      acount = k;
      if (k) {
        slice_advance(&dest, -k);
        slice_advance(&ssa, -k);
        slice_memmove(&dest, 1, &ssa, 1, k);
        na -= k;
        if (na == 0)
          goto succeed;
      }
      slice_copy_decr(&dest, &ssb);
      --nb;
      if (nb == 1)
        goto copy_a;

      k = gallop_left(ms, ssa.keys[0], baseb.keys, nb, nb - 1);
      if (k < 0)
        goto fail;
      k = nb - k;
      bcount = k;
      if (k) {
        slice_advance(&dest, -k);
        slice_advance(&ssb, -k);
        slice_memcpy(&dest, 1, &ssb, 1, k);
        nb -= k;
        if (nb == 1)
          goto copy_a;
        if (nb == 0)
          goto succeed;
      }
      slice_copy_decr(&dest, &ssa);
      --na;
      if (na == 0)
        goto succeed;
    } while (acount >= MIN_GALLOP || bcount >= MIN_GALLOP);
    ++min_gallop;
    ms->min_gallop = min_gallop;
  }
succeed:
  result = 0;
fail:
  if (nb)
    slice_memcpy(&dest, -(nb - 1), &baseb, 0, nb);
  return result;
copy_a:
  /* The first element of B belongs at the front of the merge. */
  slice_memmove(&dest, 1 - na, &ssa, 1 - na, na);
  slice_advance(&dest, -na);
  slice_advance(&ssa, -na);
  slice_copy(&dest, 0, &ssb, 0);
  return 0;
}

/* Merge the runs at stack indices i and i + 1. */
static int merge_at(MergeState *ms, int i) {
  SortSlice ssa = ms->pending[i].base, ssb = ms->pending[i + 1].base;
  int64_t na = ms->pending[i].len, nb = ms->pending[i + 1].len;

  ms->pending[i].len = na + nb;
  if (i == ms->n - 3)
    ms->pending[i + 1] = ms->pending[i + 2];
  --ms->n;

  /* Where does b start in a? Elements of a before it are in place. */
  int64_t k = gallop_right(ms, *ssb.keys, ssa.keys, na, 0);
  if (k < 0)
    return -1;
  slice_advance(&ssa, k);
  na -= k;
  if (na == 0)
    return 0;
  /* Where does a end in b? Elements of b after it are in place. */
  nb = gallop_left(ms, ssa.keys[na - 1], ssb.keys, nb, nb - 1);
  if (nb <= 0)
    return (int)nb;
  if (na <= nb)
    return merge_lo(ms, ssa, na, ssb, nb);
  return merge_hi(ms, ssa, na, ssb, nb);
}

/* The "power" of the run at s1 (length n1) followed by one of length n2,
 * in an array of n: its depth in the merge tree powersort builds. */
static int powerloop(int64_t s1, int64_t n1, int64_t n2, int64_t n) {
  int result = 0;
  int64_t a = 2 * s1 + n1; /* 2 * the midpoints, to stay in integers */
  int64_t b = a + n1 + n2;
  for (;;) {
    ++result;
    if (a >= n) { /* both quotient bits are 1 */
      a -= n;
      b -= n;
    } else if (b >= n) { /* they differ */
      break;
    }
    a <<= 1;
    b <<= 1;
  }
  return result;
}

/* A new run of length n2 was found: merge the runs on the stack whose
 * power is greater than the top run's. */
static int found_new_run(MergeState *ms, int64_t n2) {
  if (ms->n) {
    int64_t s1 = ms->pending[ms->n - 1].base.keys - ms->basekeys;
    int64_t n1 = ms->pending[ms->n - 1].len;
    int power = powerloop(s1, n1, n2, ms->listlen);
    while (ms->n > 1 && ms->pending[ms->n - 2].power > power)
      if (merge_at(ms, ms->n - 2) < 0)
        return -1;
    ms->pending[ms->n - 1].power = power;
  }
  return 0;
}

static int merge_force_collapse(MergeState *ms) {
  while (ms->n > 1) {
    int n = ms->n - 2;
    if (n > 0 && ms->pending[n - 1].len < ms->pending[n + 1].len)
      --n;
    if (merge_at(ms, n) < 0)
      return -1;
  }
  return 0;
}

/* n if n < 64, else a k in 32..64 with n/k just below a power of 2. */
static int64_t merge_compute_minrun(int64_t n) {
  int64_t r = 0;
  while (n >= 64) {
    r |= n & 1;
    n >>= 1;
  }
  return n + r;
}

/* Sort keys (and values with them) in place: CPython's listsort core. */
static int timsort(SortSlice lo, int64_t n, ValKind kind, bool reverse) {
  MergeState ms;
  int result = -1;
  ms.cmp = CMP_GENERIC;
  switch (kind) {
  case KR_INT: ms.cmp = CMP_INT; break;
  case KR_FLOAT: ms.cmp = CMP_FLOAT; break;
  case KR_BOOL: ms.cmp = CMP_BOOL; break;
  case KR_OBJ: {
    const KrType *t = n > 0 ? lo.keys[0].o->type : NULL;
    /* instances of one class with a cmp slot (a dataclass(order=True), a
     * class with __lt__): the slot, without kr_val_cmp's dispatch; boxed
     * numbers go through kr_val_cmp, which unboxes them */
    ms.cmp = t == &kr_str_type     ? CMP_STR
             : t == &kr_tuple_type ? CMP_TUPLE
             : t && t->cmp && t != &kr_int_type && t != &kr_float_type && t != &kr_bool_type ? CMP_SLOT
                                   : CMP_GENERIC;
    for (int64_t i = 1; i < n && ms.cmp != CMP_GENERIC; i++)
      if (lo.keys[i].o->type != t)
        ms.cmp = CMP_GENERIC;
    break;
  }
  }
  merge_init(&ms, n, lo.values != NULL, &lo, kind);
  if (n < 2)
    return 0;
  /* Reverse sort stays stable by reversing, sorting, and reversing back. */
  if (reverse)
    reverse_slice(&lo, n);
  SortSlice whole = lo;
  int64_t nremaining = n;
  int64_t minrun = merge_compute_minrun(nremaining);
  do {
    int descending;
    int64_t r = count_run(&ms, lo.keys, lo.keys + nremaining, &descending);
    if (r < 0)
      goto fail;
    if (descending)
      reverse_slice(&lo, r);
    if (r < minrun) {
      const int64_t force = nremaining <= minrun ? nremaining : minrun;
      if (binarysort(&ms, lo, lo.keys + force, lo.keys + r) < 0)
        goto fail;
      r = force;
    }
    if (found_new_run(&ms, r) < 0)
      goto fail;
    ms.pending[ms.n].base = lo;
    ms.pending[ms.n].len = r;
    ++ms.n;
    slice_advance(&lo, r);
    nremaining -= r;
  } while (nremaining);
  if (merge_force_collapse(&ms) < 0)
    goto fail;
  result = 0;
fail:
  if (reverse)
    reverse_slice(&whole, n);
  merge_freemem(&ms);
  return result;
}

int kr_list_sort(KrObj *o, KrKeyFn key, void *data, ValKind key_kind, bool reverse) {
  KrList *self = KR_LIST(o);
  /* The list is empty while it is sorted, so a key function or comparison
   * that changes it cannot disturb the sort; a change is an error after.
   * cap -1 marks it, as CPython's allocated = -1: anything that stores an
   * item sets a real capacity (and clear() of the empty list keeps it). */
  int64_t n = self->len, cap = self->cap;
  KrVal *items = self->items;
  self->len = 0;
  self->cap = -1;
  self->items = NULL;

  int result = -1;
  KrVal *keys = NULL;
  SortSlice lo = {items, NULL};
  ValKind kind = self->kind;
  if (key) {
    keys = kr_alloc((size_t)(n ? n : 1) * sizeof(KrVal));
    if (!keys)
      goto restore;
    for (int64_t i = 0; i < n; i++) {
      keys[i] = key(data, items[i]);
      if (kr_failed()) { /* a failing key function returns no reference */
        while (--i >= 0)
          kr_val_decref(keys[i], key_kind);
        kr_free(keys);
        keys = NULL;
        goto restore;
      }
    }
    lo.keys = keys;
    lo.values = items;
    kind = key_kind;
  }
  result = timsort(lo, n, kind, reverse);
  if (keys) {
    for (int64_t i = 0; i < n; i++)
      kr_val_decref(keys[i], key_kind);
    kr_free(keys);
  }
  if (result == 0 && self->cap != -1) {
    kr_raise(&kr_ValueError_type, "list modified during sort");
    result = -1;
  }
restore:;
  /* Put the items back; drop whatever the list was given meanwhile. */
  KrVal *junk = self->items;
  int64_t njunk = self->len;
  self->items = items;
  self->len = n;
  self->cap = cap;
  if (junk) {
    if (self->kind == KR_OBJ)
      while (--njunk >= 0)
        kr_decref(junk[njunk].o);
    kr_free(junk);
  }
  return result;
}

KrObj *kr_list_sort_keys(KrObj *items, KrObj *keys, bool reverse) {
  KrList *l = KR_LIST(items), *k = KR_LIST(keys);
  /* One key per item (the comprehension over items made them); neither
   * list is reachable from the program (desugar's hidden names), so no
   * comparison can change them under the sort. */
  if (timsort((SortSlice){k->items, l->items}, l->len, k->kind, reverse) < 0)
    return NULL;
  kr_incref(items);
  return items;
}

KrObj *kr_sorted(KrObj *iterable, KrKeyFn key, void *data, ValKind key_kind, bool reverse) {
  KrObj *l = krc_to_list(iterable, kr_iterable_kind(iterable));
  if (!l)
    return NULL;
  if (kr_list_sort(l, key, data, key_kind, reverse) < 0) {
    kr_decref(l);
    return NULL;
  }
  return l;
}

/* ------------------------------------------------------------- min and max */

static KrVal min_max(KrObj *iterable, KrKeyFn key, void *data, ValKind key_kind, const KrVal *dflt, int op,
                     const char *name) {
  KrIter it;
  KrVal item, val, maxitem = {0}, maxval = {0};
  bool have = false;
  if (kr_iter_init(&it, iterable) < 0)
    return (KrVal){0};
  ValKind ik = it.kind, vk = key ? key_kind : ik;
  int r;
  while ((r = it.next(&it, &item)) > 0) {
    if (key) {
      val = key(data, item);
      if (kr_failed()) {
        kr_val_decref(item, ik);
        r = -1;
        break;
      }
    } else {
      val = item;
    }
    if (!have) {
      maxitem = item;
      maxval = val;
      have = true;
      continue;
    }
    int cmp;
    switch (vk) {
    case KR_INT: cmp = op == KR_LT ? val.i < maxval.i : val.i > maxval.i; break;
    case KR_FLOAT: cmp = op == KR_LT ? val.f < maxval.f : val.f > maxval.f; break;
    case KR_BOOL: cmp = op == KR_LT ? val.b < maxval.b : val.b > maxval.b; break;
    default: cmp = kr_val_cmp(val, vk, maxval, vk, op); break;
    }
    if (cmp < 0) {
      if (key)
        kr_val_decref(val, vk);
      kr_val_decref(item, ik);
      r = -1;
      break;
    }
    if (cmp > 0) {
      if (key)
        kr_val_decref(maxval, vk);
      kr_val_decref(maxitem, ik);
      maxitem = item;
      maxval = val;
    } else {
      if (key)
        kr_val_decref(val, vk);
      kr_val_decref(item, ik);
    }
  }
  kr_iter_clear(&it);
  if (have && key)
    kr_val_decref(maxval, vk);
  if (r < 0) {
    if (have)
      kr_val_decref(maxitem, ik);
    return (KrVal){0};
  }
  if (!have) {
    if (dflt) {
      kr_val_incref(*dflt, ik);
      return *dflt;
    }
    krc_raisef(&kr_ValueError_type, "%s() arg is an empty sequence", name);
    return (KrVal){0};
  }
  return maxitem;
}

KrVal kr_min(KrObj *iterable, KrKeyFn key, void *data, ValKind key_kind, const KrVal *dflt) {
  return min_max(iterable, key, data, key_kind, dflt, KR_LT, "min");
}

KrVal kr_max(KrObj *iterable, KrKeyFn key, void *data, ValKind key_kind, const KrVal *dflt) {
  return min_max(iterable, key, data, key_kind, dflt, KR_GT, "max");
}

/* --------------------------------------------------------------------- sum */

/* An int-valued item: an int, a bool, or a box of one. */
static int item_int(KrVal v, ValKind k, int64_t *out) {
  switch (k) {
  case KR_INT: *out = v.i; return 1;
  case KR_BOOL: *out = v.b; return 1;
  case KR_FLOAT: return 0;
  case KR_OBJ: break;
  }
  if (v.o->type == &kr_int_type || v.o->type == &kr_bool_type) {
    *out = kr_val_unbox(v.o, KR_INT).i;
    return 1;
  }
  return 0;
}

static void *sum_type_error(const char *left, KrVal v, ValKind k) {
  return krc_raisef(&kr_TypeError_type, "unsupported operand type(s) for +: '%s' and '%s'", left,
                    kr_type_name(v, k));
}

int64_t kr_sum_int(KrObj *iterable, int64_t start) {
  KrIter it;
  if (kr_iter_init(&it, iterable) < 0)
    return 0;
  int64_t acc = start, x;
  KrVal v;
  int r;
  while ((r = it.next(&it, &v)) > 0) {
    int ok = item_int(v, it.kind, &x);
    if (!ok)
      sum_type_error("int", v, it.kind);
    kr_val_decref(v, it.kind);
    if (!ok) {
      r = -1;
      break;
    }
    if (__builtin_add_overflow(acc, x, &acc)) {
      kr_int_overflow();
      r = -1;
      break;
    }
  }
  kr_iter_clear(&it);
  return r < 0 ? 0 : acc;
}

double kr_sum_float(KrObj *iterable, double start) {
  KrIter it;
  if (kr_iter_init(&it, iterable) < 0)
    return 0;
  double acc = start;
  int64_t x;
  KrVal v;
  int r;
  while ((r = it.next(&it, &v)) > 0) {
    if (it.kind == KR_FLOAT) {
      acc += v.f;
      continue;
    }
    if (it.kind == KR_OBJ && v.o->type == &kr_float_type) {
      acc += ((KrFloat *)v.o)->v;
    } else if (item_int(v, it.kind, &x)) {
      acc += (double)x;
    } else {
      sum_type_error("float", v, it.kind);
      kr_val_decref(v, it.kind);
      r = -1;
      break;
    }
    kr_val_decref(v, it.kind);
  }
  kr_iter_clear(&it);
  return r < 0 ? 0 : acc;
}

/* sum() of dynamic values, CPython's builtin_sum: an int fast path, a float
 * fast path once the total is a float, and + on anything else (here: a
 * TypeError, as kiln's dynamic values are numbers when summed). */
KrObj *kr_sum_obj(KrObj *iterable, KrObj *start) {
  KrIter it;
  if (kr_iter_init(&it, iterable) < 0)
    return NULL;
  KrVal v;
  int r;
  bool is_float = start->type == &kr_float_type;
  int64_t iacc = 0;
  double facc = 0;
  if (is_float)
    facc = ((KrFloat *)start)->v;
  else if (!item_int((KrVal){.o = start}, KR_OBJ, &iacc)) {
    kr_iter_clear(&it);
    return sum_type_error(start->type->name, (KrVal){.o = kr_int_box(0)}, KR_OBJ);
  }
  bool any = false;
  while ((r = it.next(&it, &v)) > 0) {
    int64_t x;
    double f;
    bool isf = false;
    any = true;
    if (it.kind == KR_FLOAT || (it.kind == KR_OBJ && v.o->type == &kr_float_type)) {
      f = it.kind == KR_FLOAT ? v.f : ((KrFloat *)v.o)->v;
      isf = true;
    } else if (!item_int(v, it.kind, &x)) {
      sum_type_error(is_float ? "float" : "int", v, it.kind);
      kr_val_decref(v, it.kind);
      r = -1;
      break;
    }
    kr_val_decref(v, it.kind);
    if (is_float) {
      facc += isf ? f : (double)x;
    } else if (isf) {
      facc = (double)iacc + f;
      is_float = true;
    } else if (__builtin_add_overflow(iacc, x, &iacc)) {
      kr_int_overflow();
      r = -1;
      break;
    }
  }
  kr_iter_clear(&it);
  if (r < 0)
    return NULL;
  if (!any) {
    kr_incref(start);
    return start;
  }
  return is_float ? kr_float_box(facc) : kr_int_box(iacc);
}

/* ---------------------------------------------------------------------- in */

int kr_contains(KrObj *c, KrVal v, ValKind k) {
  const KrType *t = c->type;
  if (t == &kr_list_type)
    return kr_list_contains(c, v, k);
  if (t == &kr_tuple_type)
    return kr_tuple_contains(c, v, k);
  if (t == &kr_dict_type)
    return kr_dict_contains(c, v, k);
  if (t == &kr_set_type || t == &kr_frozenset_type)
    return kr_set_contains(c, v, k);
  if (t == &kr_range_type)
    return kr_range_contains(c, v, k);
  if (t == &kr_bytes_type)
    return kr_bytes_contains(c, v, k);
  if (t == &kr_str_type) {
    if (k != KR_OBJ || v.o->type != &kr_str_type) {
      krc_raisef(&kr_TypeError_type, "'in <string>' requires string as left operand, not %s", kr_type_name(v, k));
      return -1;
    }
    return kr_str_contains(c, v.o);
  }
  if (t == &kr_dict_keys_type)
    return kr_dict_contains(((KrDictView *)c)->dict, v, k);
  if (t == &kr_dict_items_type) { /* dictitems_contains: a 2-tuple, its key looked up */
    if (k != KR_OBJ || v.o->type != &kr_tuple_type || kr_tuple_len(v.o) != 2)
      return 0;
    KrDict *d = KR_DICT(((KrDictView *)c)->dict);
    KrVal found;
    int r = kr_dict_lookup(&d->h, KR_TUPLE(v.o)->items[0], kr_tuple_kind(v.o, 0), &found);
    if (r <= 0)
      return r;
    kr_val_incref(found, d->vkind);
    r = krc_eq(found, d->vkind, KR_TUPLE(v.o)->items[1], kr_tuple_kind(v.o, 1));
    kr_val_decref(found, d->vkind);
    return r;
  }
  /* Anything iterable: compare item by item (CPython's
   * _PySequence_IterSearch). */
  KrIter it;
  if (kr_iter_init(&it, c) < 0) {
    if (kr_exc_matches(&kr_TypeError_type)) {
      kr_exc_clear();
      krc_raisef(&kr_TypeError_type, "argument of type '%s' is not iterable", t->name);
    }
    return -1;
  }
  KrVal item;
  int r, found = 0;
  while ((r = it.next(&it, &item)) > 0) {
    found = krc_eq(item, it.kind, v, k);
    kr_val_decref(item, it.kind);
    if (found)
      break;
  }
  kr_iter_clear(&it);
  if (r < 0 || found < 0)
    return -1;
  return found;
}
