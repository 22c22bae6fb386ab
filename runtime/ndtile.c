/* ndtile.c — numpy's functions that cut, repeat or reverse arrays: np.split,
 * np.tile, np.repeat, np.flip (fliplr, flipud).
 *
 * split and flip make views (numpy's do: writes through them reach the
 * original); tile and repeat copy into a new C-contiguous array.
 */
#include "nd_impl.h"

#include <stdio.h>

static int64_t int_arg(KrObj *o) { return kr_val_unbox(o, KR_INT).i; }
static bool is_int(KrObj *o) { return o->type == &kr_int_type || o->type == &kr_bool_type; }

/* A view of a with axis ax restricted to [lo, hi) (clipped). */
static KrArray *cut(KrArray *a, int ax, int64_t lo, int64_t hi) {
  int64_t n = a->shape[ax], sh[KR_MAXDIMS];
  lo = lo < 0 ? 0 : lo > n ? n : lo;
  hi = hi < lo ? lo : hi > n ? n : hi;
  memcpy(sh, a->shape, (size_t)a->ndim * sizeof *sh);
  sh[ax] = hi - lo;
  return kr_array_view(a, (KrDtype)a->dtype, a->data + lo * a->strides[ax], a->ndim, sh, a->strides);
}

/* np.split(ary, indices_or_sections, axis=0): a list of views, the given
 * number of equal parts or the parts between the given indices. */
KrObj *kr_np_split(KrObj *o, KrObj *parts, int64_t axis) {
  KrArray *a = kr_np_asarray(o, KR_NDTYPES);
  KrObj *list = NULL;
  if (!a)
    return NULL;
  int ax = a->ndim ? nd_axis(axis, a->ndim) : -1;
  if (!a->ndim)
    kr_raise(&kr_AxisError_type, "axis %lld is out of bounds for array of dimension 0", (long long)axis);
  if (ax < 0)
    goto out;
  int64_t n = a->shape[ax], cuts[KR_MAXDIMS * 8 + 2], *at = cuts, ncut;
  int64_t *heap = NULL;
  if (is_int(parts)) {
    int64_t k = int_arg(parts);
    if (k <= 0) {
      kr_raise(&kr_ValueError_type, "number sections must be larger than 0.");
      goto out;
    }
    if (n % k) {
      kr_raise(&kr_ValueError_type, "array split does not result in an equal division");
      goto out;
    }
    if (k + 1 > (int64_t)(sizeof cuts / sizeof *cuts) && !(at = heap = kr_alloc((size_t)(k + 1) * sizeof *at)))
      goto out;
    for (int64_t i = 0; i <= k; i++)
      at[i] = i * (n / k);
    ncut = k + 1;
  } else {
    KrArray *ix = kr_np_asarray(parts, KR_NDTYPES);
    if (!ix)
      goto out;
    if (ix->ndim != 1 || (ix->size && kr_dtype_kind[ix->dtype] != 'i' && kr_dtype_kind[ix->dtype] != 'u')) {
      kr_decref(&ix->h);
      kr_raise(&kr_TypeError_type, "indices_or_sections must be an int or a 1-d sequence of ints");
      goto out;
    }
    if (ix->size + 2 > (int64_t)(sizeof cuts / sizeof *cuts) &&
        !(at = heap = kr_alloc((size_t)(ix->size + 2) * sizeof *at))) {
      kr_decref(&ix->h);
      goto out;
    }
    at[0] = 0;
    for (int64_t i = 0; i < ix->size; i++) {
      int64_t v = kr_dt_load_i64((KrDtype)ix->dtype, ix->data + i * ix->strides[0]);
      at[i + 1] = v < 0 ? v + n : v; /* as a slice bound */
    }
    at[ix->size + 1] = n;
    ncut = ix->size + 2;
    kr_decref(&ix->h);
  }
  list = kr_list_new(KR_OBJ, ncut - 1);
  for (int64_t i = 0; list && i + 1 < ncut; i++) {
    KrArray *v = cut(a, ax, at[i], at[i + 1]);
    if (!v || kr_list_append(list, (KrVal){.o = &v->h}) < 0) {
      if (v)
        kr_decref(&v->h);
      kr_decref(list);
      list = NULL;
    } else
      kr_decref(&v->h);
  }
  kr_free(heap);
out:
  kr_decref(&a->h);
  return list;
}

/* np.tile(A, reps): A repeated reps times along each axis (A and reps
 * padded with leading 1s to the same length). */
KrObj *kr_np_tile(KrObj *o, KrObj *reps) {
  KrArray *a = kr_np_asarray(o, KR_NDTYPES);
  if (!a)
    return NULL;
  int64_t rp[KR_MAXDIMS], rep[KR_MAXDIMS], ash[KR_MAXDIMS], ast[KR_MAXDIMS], sh[KR_MAXDIMS];
  int nr = nd_shape_arg(reps, rp);
  KrArray *r = NULL;
  if (nr < 0)
    goto out;
  int nd = nr > a->ndim ? nr : a->ndim;
  for (int d = 0; d < nd; d++) {
    int i = d - (nd - nr), j = d - (nd - a->ndim);
    rep[d] = i < 0 ? 1 : rp[i];
    if (rep[d] < 0) {
      kr_raise(&kr_ValueError_type, "negative dimensions are not allowed");
      goto out;
    }
    ash[d] = j < 0 ? 1 : a->shape[j];
    ast[d] = j < 0 ? 0 : a->strides[j];
    sh[d] = ash[d] * rep[d];
  }
  r = kr_array_new((KrDtype)a->dtype, nd, sh, false);
  if (!r)
    goto out;
  int64_t idx[KR_MAXDIMS] = {0}, sz = kr_dtype_size[a->dtype];
  for (int64_t e = 0; e < r->size; e++) {
    const char *p = a->data;
    for (int d = 0; d < nd; d++)
      p += (idx[d] % ash[d]) * ast[d];
    memcpy(r->data + e * sz, p, (size_t)sz);
    for (int d = nd; --d >= 0;) {
      if (++idx[d] < sh[d])
        break;
      idx[d] = 0;
    }
  }
out:
  kr_decref(&a->h);
  return (KrObj *)r;
}

/* np.repeat(a, repeats, axis=None): each item (each slice along axis; the
 * flattened array when axis is None) repeated; repeats an int or one count
 * per item. */
KrObj *kr_np_repeat(KrObj *o, KrObj *repeats, KrObj *axis) {
  KrArray *a = kr_np_asarray(o, KR_NDTYPES), *c = NULL, *rc = NULL, *r = NULL;
  if (!a)
    return NULL;
  int ax = 0;
  if (axis == kr_None) {
    int64_t n = a->size;
    KrArray *flat = nd_as(a, (KrDtype)a->dtype);
    c = flat ? kr_array_view(flat, (KrDtype)a->dtype, flat->data, 1, &n, (int64_t[]){kr_dtype_size[a->dtype]})
             : NULL;
    if (flat)
      kr_decref(&flat->h);
  } else {
    ax = a->ndim ? nd_axis(int_arg(axis), a->ndim) : -1;
    if (!a->ndim)
      kr_raise(&kr_AxisError_type, "axis %lld is out of bounds for array of dimension 0", (long long)int_arg(axis));
    c = ax < 0 ? NULL : nd_as(a, (KrDtype)a->dtype);
  }
  if (!c)
    goto out;
  rc = kr_np_asarray(repeats, KR_DT_INT64);
  if (!rc)
    goto out;
  int64_t n = c->shape[ax];
  if (rc->ndim > 1 || (rc->size != 1 && rc->size != n)) {
    kr_raise(&kr_ValueError_type, "operands could not be broadcast together with shape (%lld,) (%lld,)",
             (long long)n, (long long)rc->size);
    goto out;
  }
  const int64_t *cnt = (const int64_t *)rc->data;
  int64_t total = 0, inner = kr_dtype_size[c->dtype], outer = 1;
  for (int64_t j = 0; j < n; j++) {
    int64_t k = cnt[rc->size == 1 ? 0 : j];
    if (k < 0) {
      kr_raise(&kr_ValueError_type, "repeats may not contain negative values.");
      goto out;
    }
    total += k;
  }
  for (int d = ax + 1; d < c->ndim; d++)
    inner *= c->shape[d];
  for (int d = 0; d < ax; d++)
    outer *= c->shape[d];
  int64_t sh[KR_MAXDIMS];
  memcpy(sh, c->shape, (size_t)c->ndim * sizeof *sh);
  sh[ax] = total;
  r = kr_array_new((KrDtype)c->dtype, c->ndim, sh, false);
  if (!r)
    goto out;
  char *q = r->data;
  for (int64_t i = 0; i < outer; i++)
    for (int64_t j = 0; j < n; j++) {
      const char *p = c->data + (i * n + j) * inner;
      for (int64_t k = cnt[rc->size == 1 ? 0 : j]; k > 0; k--, q += inner)
        memcpy(q, p, (size_t)inner);
    }
out:
  if (rc)
    kr_decref(&rc->h);
  if (c)
    kr_decref(&c->h);
  kr_decref(&a->h);
  return (KrObj *)r;
}

/* np.flip(m, axis=None): a view with the given axes (None: all) reversed. */
KrObj *kr_np_flip(KrObj *o, KrObj *axis) {
  KrArray *a = kr_np_asarray(o, KR_NDTYPES);
  if (!a)
    return NULL;
  bool rev[KR_MAXDIMS] = {0};
  KrArray *r = NULL;
  if (axis == kr_None) {
    for (int d = 0; d < a->ndim; d++)
      rev[d] = true;
  } else {
    int64_t ax[KR_MAXDIMS];
    int n = nd_shape_arg(axis, ax);
    for (int i = 0; i < n; i++) {
      int d = nd_axis(ax[i], a->ndim);
      if (d < 0)
        goto out;
      if (rev[d]) {
        kr_raise(&kr_ValueError_type, "repeated axis");
        goto out;
      }
      rev[d] = true;
    }
    if (n < 0)
      goto out;
  }
  int64_t st[KR_MAXDIMS];
  char *data = a->data;
  for (int d = 0; d < a->ndim; d++) {
    st[d] = rev[d] ? -a->strides[d] : a->strides[d];
    if (rev[d] && a->shape[d] > 0)
      data += (a->shape[d] - 1) * a->strides[d];
  }
  r = kr_array_view(a, (KrDtype)a->dtype, data, a->ndim, a->shape, st);
out:
  kr_decref(&a->h);
  return (KrObj *)r;
}

static KrObj *flip_axis(KrObj *o, int axis, int need) {
  KrArray *a = kr_np_asarray(o, KR_NDTYPES);
  if (!a)
    return NULL;
  int nd = a->ndim;
  kr_decref(&a->h);
  if (nd < need)
    return kr_raise(&kr_ValueError_type, need == 2 ? "Input must be >= 2-d." : "Input must be >= 1-d.");
  KrObj *ax = kr_int_box(axis);
  if (!ax)
    return NULL;
  KrObj *r = kr_np_flip(o, ax);
  kr_decref(ax);
  return r;
}

KrObj *kr_np_fliplr(KrObj *a) { return flip_axis(a, 1, 2); }
KrObj *kr_np_flipud(KrObj *a) { return flip_axis(a, 0, 1); }
