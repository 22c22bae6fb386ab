/* ndsort.c — numpy's sorting: np.sort, a.sort(), np.argsort, np.argpartition
 * and np.unique.
 *
 * Every one sorts lanes (the 1-d runs along one axis) with a stable merge
 * sort of item indices, NaN after every number as numpy orders them. numpy's
 * default kind (quicksort, an introsort) is not stable, but for distinct
 * values every sort gives the same order, and for kind='stable' numpy's is
 * this one. argpartition's contract (the kth item in its sorted place,
 * smaller ones before, larger after) is met by a full sort.
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
 * false) or their indices, int64 (true), a new C-contiguous array. */
static KrArray *sorted(KrObj *o, KrObj *axis, bool want_idx) {
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
    merge_sort(&l, idx, tmp, n);
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
  return (KrObj *)sorted(a, axis, false);
}

KrObj *kr_np_argsort(KrObj *a, KrObj *axis, KrObj *kind) {
  if (check_kind(kind) < 0)
    return NULL;
  return (KrObj *)sorted(a, axis, true);
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
  KrArray *s = sorted(o, axis, false);
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
 * checked against the axis, then the lanes are sorted fully. */
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
  KrObj *r = nk < 0 ? NULL : (KrObj *)sorted(&a->h, axis, true);
  kr_decref(&a->h);
  return r;
}

/* np.unique(ar): the sorted distinct items of the flattened array (NaNs
 * collapsed into one, numpy 1.24's equal_nan=True). */
KrObj *kr_np_unique(KrObj *o) {
  KrArray *s = sorted(o, kr_None, false);
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
