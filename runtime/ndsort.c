/* ndsort.c — numpy's sorting: np.sort, a.sort(), np.argsort, np.argpartition
 * and np.unique.
 *
 * Every one sorts lanes (the 1-d runs along one axis) with a stable merge
 * sort of item indices, NaN after every number as numpy orders them. numpy's
 * default kind (quicksort, an introsort) is not stable, but for distinct
 * values every sort gives the same order, and for kind='stable' numpy's is
 * this one. argpartition places each kth item by selection (introselect:
 * Hoare partitions around a median of three, a sort of what is left when
 * the partitions stop shrinking), O(n) where a sort would be O(n log n);
 * the order of the items between two kth places is unspecified, as in
 * numpy.
 */
#include "nd_impl.h"

#include <math.h>
#include <stdio.h>

/* One lane's items as sort keys: floats as doubles, integers as int64
 * (uint64 compared unsigned). */
typedef struct Lane {
  char kind; /* 'f', 'i' or 'u' (bool sorts as an unsigned integer) */
  const double *f;
  const int64_t *i;
} Lane;

static bool key_less(const Lane *l, int64_t x, int64_t y) {
  if (l->kind == 'f') {
    double a = l->f[x], b = l->f[y];
    return a < b || (isnan(b) && !isnan(a));
  }
  if (l->kind == 'u')
    return (uint64_t)l->i[x] < (uint64_t)l->i[y];
  return l->i[x] < l->i[y];
}

/* Stable merge sort of idx[0..n) by the lane's keys; tmp has room for n. */
static void merge_sort(const Lane *l, int64_t *idx, int64_t *tmp, int64_t n) {
  if (n < 2)
    return;
  if (n <= 16) { /* insertion sort: stable */
    for (int64_t i = 1; i < n; i++) {
      int64_t v = idx[i], j = i;
      while (j > 0 && key_less(l, v, idx[j - 1])) {
        idx[j] = idx[j - 1];
        j--;
      }
      idx[j] = v;
    }
    return;
  }
  int64_t h = n / 2;
  merge_sort(l, idx, tmp, h);
  merge_sort(l, idx + h, tmp, n - h);
  int64_t i = 0, j = h, k = 0;
  while (i < h && j < n)
    tmp[k++] = key_less(l, idx[j], idx[i]) ? idx[j++] : idx[i++];
  while (i < h)
    tmp[k++] = idx[i++];
  while (j < n)
    tmp[k++] = idx[j++];
  memcpy(idx, tmp, (size_t)n * sizeof *idx);
}

/* Put the item of rank k of idx[0..n) at idx[k], those before it not
 * greater, those after not smaller. A partition around the median of the
 * first, middle and last items moved to the front (the Hoare scheme: both
 * sides non-empty); after 2·log2(n) partitions the rest is sorted, so the
 * worst case stays O(n log n). */
static void select_rank(const Lane *l, int64_t *idx, int64_t *tmp, int64_t n, int64_t k) {
  int64_t lo = 0, hi = n;
  int budget = 2;
  for (int64_t m = n; m > 1; m >>= 1)
    budget += 2;
  while (hi - lo > 16) {
    if (budget-- == 0)
      break;
    int64_t a = lo, b = lo + (hi - lo) / 2, c = hi - 1, t;
    if (key_less(l, idx[b], idx[a]))
      t = a, a = b, b = t;
    if (key_less(l, idx[c], idx[b])) {
      t = b, b = c, c = t;
      if (key_less(l, idx[b], idx[a]))
        t = a, a = b, b = t;
    }
    t = idx[lo], idx[lo] = idx[b], idx[b] = t;
    int64_t p = idx[lo], i = lo - 1, j = hi;
    for (;;) {
      do
        i++;
      while (key_less(l, idx[i], p));
      do
        j--;
      while (key_less(l, p, idx[j]));
      if (i >= j)
        break;
      t = idx[i], idx[i] = idx[j], idx[j] = t;
    }
    if (k <= j) /* idx[lo..j] <= p <= idx[j+1..hi) */
      hi = j + 1;
    else
      lo = j + 1;
  }
  merge_sort(l, idx + lo, tmp, hi - lo);
}

static int check_kind(KrObj *kind) {
  if (kind == kr_None)
    return 0;
  if (kind->type != &kr_str_type) {
    kr_raise(&kr_TypeError_type, "sort kind must be a str or None");
    return -1;
  }
  const char *k = kr_str_data(kind);
  if (strcmp(k, "quicksort") && strcmp(k, "mergesort") && strcmp(k, "heapsort") && strcmp(k, "stable")) {
    kr_raise(&kr_ValueError_type, "sort kind must be one of 'quick', 'heap', or 'stable' (got '%s')", k);
    return -1;
  }
  return 0;
}

/* Sort a along axis (None: the flattened array): the sorted items (want_idx
 * false) or their indices, int64 (true), a new C-contiguous array. With nk
 * ranks kth[] (ascending, in range), each lane is only partitioned so that
 * those ranks hold their sorted items (argpartition). */
static KrArray *sorted(KrObj *o, KrObj *axis, bool want_idx, const int64_t *kth, int nk) {
  KrArray *a = kr_np_asarray(o, KR_NDTYPES), *c = NULL, *r = NULL;
  int64_t *idx = NULL, *tmp = NULL;
  double *fk = NULL;
  int64_t *ik = NULL;
  if (!a)
    return NULL;
  int ax;
  if (axis == kr_None) {
    int64_t n = a->size;
    KrArray *flat = nd_as(a, (KrDtype)a->dtype);
    if (!flat)
      goto out;
    c = kr_array_view(flat, (KrDtype)a->dtype, flat->data, 1, &n, (int64_t[]){kr_dtype_size[a->dtype]});
    kr_decref(&flat->h);
    ax = 0;
  } else {
    if (axis->type != &kr_int_type && axis->type != &kr_bool_type) {
      kr_raise(&kr_TypeError_type, "'%s' object cannot be interpreted as an integer", axis->type->name);
      goto out;
    }
    if (a->ndim == 0) {
      kr_raise(&kr_AxisError_type, "axis %lld is out of bounds for array of dimension 0",
               (long long)kr_val_unbox(axis, KR_INT).i);
      goto out;
    }
    ax = nd_axis(kr_val_unbox(axis, KR_INT).i, a->ndim);
    c = ax < 0 ? NULL : nd_as(a, (KrDtype)a->dtype);
  }
  if (!c)
    goto out;
  KrDtype dt = (KrDtype)c->dtype;
  r = kr_array_new(want_idx ? KR_DT_INT64 : dt, c->ndim, c->shape, false);
  int64_t n = c->shape[ax], inner = 1, sz = kr_dtype_size[dt];
  for (int d = ax + 1; d < c->ndim; d++)
    inner *= c->shape[d];
  int64_t lanes = n ? c->size / n : 0;
  char kind = kr_dtype_kind[dt] == 'b' ? 'u' : kr_dtype_kind[dt];
  idx = kr_alloc((size_t)(n + 1) * sizeof *idx);
  tmp = kr_alloc((size_t)(n + 1) * sizeof *tmp);
  if (kind == 'f')
    fk = kr_alloc((size_t)(n + 1) * sizeof *fk);
  else
    ik = kr_alloc((size_t)(n + 1) * sizeof *ik);
  if (!r || !idx || !tmp || (!fk && !ik))
    goto fail;
  Lane l = {kind, fk, ik};
  for (int64_t lane = 0; lane < lanes; lane++) {
    int64_t base = (lane / inner) * n * inner + lane % inner; /* in items */
    for (int64_t j = 0; j < n; j++) {
      const char *p = c->data + (base + j * inner) * sz;
      if (fk)
        fk[j] = kr_dt_load_f64(dt, p);
      else
        ik[j] = kr_dt_load_i64(dt, p);
      idx[j] = j;
    }
    if (nk == 0)
      merge_sort(&l, idx, tmp, n);
    for (int i = 0, from = 0; i < nk; from = (int)kth[i++] + 1) /* each rank in what lies past the last */
      select_rank(&l, idx + from, tmp, n - from, kth[i] - from);
    for (int64_t j = 0; j < n; j++) {
      char *q = r->data + (base + j * inner) * kr_dtype_size[r->dtype];
      if (want_idx)
        *(int64_t *)q = idx[j];
      else
        memcpy(q, c->data + (base + idx[j] * inner) * sz, (size_t)sz);
    }
  }
  goto out;
fail:
  if (r)
    kr_decref(&r->h);
  r = NULL;
out:
  kr_free(idx), kr_free(tmp), kr_free(fk), kr_free(ik);
  if (c)
    kr_decref(&c->h);
  kr_decref(&a->h);
  return r;
}

KrObj *kr_np_sort(KrObj *a, KrObj *axis, KrObj *kind) {
  if (check_kind(kind) < 0)
    return NULL;
  return (KrObj *)sorted(a, axis, false, NULL, 0);
}

KrObj *kr_np_argsort(KrObj *a, KrObj *axis, KrObj *kind) {
  if (check_kind(kind) < 0)
    return NULL;
  return (KrObj *)sorted(a, axis, true, NULL, 0);
}

/* a.sort(axis=-1): in place (axis None is numpy's error here). */
int kr_np_sort_inplace(KrObj *o, KrObj *axis, KrObj *kind) {
  KrArray *a = (KrArray *)o;
  if (check_kind(kind) < 0)
    return -1;
  if (a->flags & KR_ARR_READONLY) {
    kr_raise(&kr_ValueError_type, "assignment destination is read-only");
    return -1;
  }
  if (axis == kr_None) {
    kr_raise(&kr_TypeError_type, "'NoneType' object cannot be interpreted as an integer");
    return -1;
  }
  KrArray *s = sorted(o, axis, false, NULL, 0);
  if (!s)
    return -1;
  KrArray *ops[2] = {a, s};
  NdIter it;
  nd_iter_init(&it, a->ndim, a->shape, 2, ops);
  int64_t sz = kr_dtype_size[a->dtype];
  while (nd_iter_next(&it))
    for (int64_t k = 0; k < it.inner; k++)
      memcpy(it.ptr[0] + k * it.istride[0], it.ptr[1] + k * it.istride[1], (size_t)sz);
  kr_decref(&s->h);
  return 0;
}

/* np.argpartition(a, kth, axis=-1): kth (an int or a sequence of ints) is
 * checked against the axis, then each lane is partitioned at those ranks. */
KrObj *kr_np_argpartition(KrObj *o, KrObj *kth, KrObj *axis) {
  KrArray *a = kr_np_asarray(o, KR_NDTYPES);
  if (!a)
    return NULL;
  int64_t ks[KR_MAXDIMS];
  int nk = nd_shape_arg(kth, ks);
  int64_t n = a->size;
  if (nk >= 0 && axis != kr_None) {
    int ax = a->ndim ? nd_axis(kr_val_unbox(axis, KR_INT).i, a->ndim) : -1;
    if (!a->ndim)
      kr_raise(&kr_AxisError_type, "axis %lld is out of bounds for array of dimension 0",
               (long long)kr_val_unbox(axis, KR_INT).i);
    n = ax < 0 ? 0 : a->shape[ax];
    if (ax < 0)
      nk = -1;
  }
  for (int i = 0; i < nk; i++)
    if (ks[i] < -n || ks[i] >= n) {
      kr_raise(&kr_ValueError_type, "kth(=%lld) out of bounds (%lld)", (long long)ks[i], (long long)n);
      nk = -1;
      break;
    }
  for (int i = 0; i < nk; i++) /* the ranks ascending, each once */
    ks[i] += ks[i] < 0 ? n : 0;
  for (int i = 1; i < nk; i++)
    for (int j = i; j > 0 && ks[j] < ks[j - 1]; j--) {
      int64_t t = ks[j];
      ks[j] = ks[j - 1], ks[j - 1] = t;
    }
  int m = 0;
  for (int i = 0; i < nk; i++)
    if (!m || ks[i] != ks[m - 1])
      ks[m++] = ks[i];
  KrObj *r = nk < 0 ? NULL : (KrObj *)sorted(&a->h, axis, true, ks, m);
  kr_decref(&a->h);
  return r;
}

/* np.unique(ar): the sorted distinct items of the flattened array (NaNs
 * collapsed into one, numpy 1.24's equal_nan=True). */
KrObj *kr_np_unique(KrObj *o) {
  KrArray *s = sorted(o, kr_None, false, NULL, 0);
  if (!s)
    return NULL;
  KrDtype dt = (KrDtype)s->dtype;
  int64_t sz = kr_dtype_size[dt], m = 0;
  bool f = kr_dtype_kind[dt] == 'f';
  for (int64_t i = 0; i < s->size; i++) {
    const char *p = s->data + i * sz;
    if (m) {
      const char *q = s->data + (m - 1) * sz;
      bool same = f ? (kr_dt_load_f64(dt, p) == kr_dt_load_f64(dt, q) ||
                       (isnan(kr_dt_load_f64(dt, p)) && isnan(kr_dt_load_f64(dt, q))))
                    : !memcmp(p, q, (size_t)sz);
      if (same)
        continue;
    }
    memmove(s->data + m * sz, p, (size_t)sz);
    m++;
  }
  KrArray *r = kr_array_view(s, dt, s->data, 1, &m, &sz);
  kr_decref(&s->h);
  return (KrObj *)r;
}
