/* ndfuncs.c — numpy's functions that are compositions of the runtime's
 * kernels, written as numpy 1.24 writes them (numpy/lib/nanfunctions.py,
 * numeric.py, function_base.py, twodim_base.py): the nan-ignoring
 * reductions, isclose and allclose, diff, outer, triu and tril; and
 * small loops of their own, take_along_axis, searchsorted, count_nonzero.
 *
 * The composed ones call the same ufuncs and reductions numpy's Python code
 * calls, in the same order and dtypes, so their results are numpy's bit for
 * bit (nanmean divides a float32 total by its count in float64, as numpy's
 * _divide_by_count does). Arguments are borrowed; each function returns a
 * new reference or NULL with the exception set.
 */
#include "nd_impl.h"

#include <stdio.h>
#include <string.h>

static KrArray *arr(KrObj *o) { return (KrArray *)o; }

static void drop(KrObj *o) {
  if (o)
    kr_decref(o);
}

static bool is_float(KrObj *o) { return kr_dtype_kind[arr(o)->dtype] == 'f'; }

/* ------------------------------------------------------------ nan reductions */

/* numpy's _replace_nan: a with its nans replaced by v (a new reference to a
 * when it is not a float array), and the mask of where they were (NULL
 * then). */
static KrObj *replace_nan(KrObj *a, double v, KrObj **mask) {
  *mask = NULL;
  if (!is_float(a)) {
    kr_incref(a);
    return a;
  }
  KrObj *m = kr_np_UISNAN(a), *fill = m ? kr_float_box(v) : NULL;
  KrObj *r = fill ? kr_np_where(m, fill, a) : NULL;
  drop(fill);
  if (!r) {
    drop(m);
    return NULL;
  }
  *mask = m;
  return r;
}

/* The argument as an array (a new reference). */
static KrObj *array_arg(KrObj *o) {
  if (kr_is_array(o)) {
    kr_incref(o);
    return o;
  }
  return (KrObj *)kr_np_asarray(o, KR_NDTYPES);
}

static KrObj *nan_fold(int op, KrObj *o, double fill, KrObj *axis, bool keepdims) {
  KrObj *a = array_arg(o), *mask = NULL;
  KrObj *t = a ? replace_nan(a, fill, &mask) : NULL;
  KrObj *r = t ? kr_np_reduce(op, t, axis, keepdims, 0) : NULL;
  drop(a), drop(t), drop(mask);
  return r;
}

KrObj *kr_np_nansum(KrObj *a, KrObj *axis, bool keepdims) { return nan_fold(ND_RSUM, a, 0.0, axis, keepdims); }
KrObj *kr_np_nanprod(KrObj *a, KrObj *axis, bool keepdims) { return nan_fold(ND_RPROD, a, 1.0, axis, keepdims); }

/* nanmean: the sum of the non-nan items over their count, the division in
 * float64 and its result cast back to the sum's dtype (numpy's
 * _divide_by_count with out=). An all-nan slice is nan. */
KrObj *kr_np_nanmean(KrObj *o, KrObj *axis, bool keepdims) {
  KrObj *a = array_arg(o);
  if (!a)
    return NULL;
  if (!is_float(a)) {
    KrObj *r = kr_np_reduce(ND_RMEAN, a, axis, keepdims, 0);
    kr_decref(a);
    return r;
  }
  KrObj *mask = NULL, *t = replace_nan(a, 0.0, &mask);
  KrObj *keep = t ? kr_np_ULNOT(mask) : NULL;
  KrObj *cnt = keep ? kr_np_reduce(ND_RSUM, keep, axis, keepdims, 0) : NULL;
  KrObj *tot = cnt ? kr_np_reduce(ND_RSUM, t, axis, keepdims, 0) : NULL;
  KrArray *tot64 = tot ? nd_copy(arr(tot), KR_DT_FLOAT64) : NULL;
  KrObj *q = tot64 ? kr_np_BTRUEDIV(&tot64->h, cnt) : NULL;
  KrArray *r = q ? nd_copy(arr(q), (KrDtype)arr(tot)->dtype) : NULL;
  if (r && r->ndim == 0)
    r->flags |= KR_ARR_SCALAR;
  drop(a), drop(mask), drop(t), drop(keep), drop(cnt), drop(tot), drop(q);
  if (tot64)
    kr_decref(&tot64->h);
  return (KrObj *)r;
}

/* nanmax, nanmin: the nans replaced by -inf (+inf), reduced, and nan where
 * a whole slice was nan (numpy's result there, which it also warns of). */
static KrObj *nan_extreme(int op, KrObj *o, KrObj *axis, bool keepdims) {
  KrObj *a = array_arg(o);
  if (!a)
    return NULL;
  if (!is_float(a)) {
    KrObj *r = kr_np_reduce(op, a, axis, keepdims, 0);
    kr_decref(a);
    return r;
  }
  KrObj *mask = NULL, *t = replace_nan(a, op == ND_RMAX ? -INFINITY : INFINITY, &mask);
  KrObj *r = t ? kr_np_reduce(op, t, axis, keepdims, 0) : NULL;
  KrObj *allnan = r ? kr_np_reduce(ND_RALL, mask, axis, keepdims, 0) : NULL;
  KrObj *nan = allnan ? kr_float_box(NAN) : NULL;
  KrObj *out = nan ? kr_np_where(allnan, nan, r) : NULL;
  if (out && arr(out)->dtype != arr(r)->dtype) { /* where promoted a float16 or a bfloat16 */
    KrArray *c = nd_copy(arr(out), (KrDtype)arr(r)->dtype);
    kr_decref(out);
    out = (KrObj *)c;
  }
  if (out && arr(out)->ndim == 0)
    arr(out)->flags |= KR_ARR_SCALAR;
  drop(a), drop(mask), drop(t), drop(r), drop(allnan), drop(nan);
  return out;
}

KrObj *kr_np_nanmax(KrObj *a, KrObj *axis, bool keepdims) { return nan_extreme(ND_RMAX, a, axis, keepdims); }
KrObj *kr_np_nanmin(KrObj *a, KrObj *axis, bool keepdims) { return nan_extreme(ND_RMIN, a, axis, keepdims); }

/* nanargmax, nanargmin: the index of the extreme over the non-nan items;
 * ValueError when a slice is all nan. */
static KrObj *nan_argextreme(int op, KrObj *o, KrObj *axis) {
  KrObj *a = array_arg(o);
  if (!a)
    return NULL;
  KrObj *mask = NULL, *t = replace_nan(a, op == ND_RARGMAX ? -INFINITY : INFINITY, &mask), *r = NULL;
  if (t && mask) {
    KrObj *allnan = kr_np_reduce(ND_RALL, mask, axis, false, 0);
    KrObj *any = allnan ? kr_np_reduce(ND_RANY, allnan, kr_None, false, 0) : NULL;
    bool bad = any && arr(any)->data[0];
    drop(allnan), drop(any);
    if (!any || bad) {
      if (bad)
        kr_raise(&kr_ValueError_type, "All-NaN slice encountered");
      drop(a), drop(mask), drop(t);
      return NULL;
    }
  }
  if (t)
    r = kr_np_reduce(op, t, axis, false, 0);
  drop(a), drop(mask), drop(t);
  return r;
}

KrObj *kr_np_nanargmax(KrObj *a, KrObj *axis) { return nan_argextreme(ND_RARGMAX, a, axis); }
KrObj *kr_np_nanargmin(KrObj *a, KrObj *axis) { return nan_argextreme(ND_RARGMIN, a, axis); }

/* ------------------------------------------------------------ isclose, allclose */

/* numpy 1.24's isclose: y is made at least float; where both are finite,
 * |x - y| <= atol + rtol * |y| (in their promoted dtype), elsewhere x == y,
 * and with equal_nan two nans are close. A 0-d result is a numpy bool. */
KrObj *kr_np_isclose(KrObj *xo, KrObj *yo, double rtol, double atol, bool equal_nan) {
  KrObj *x = array_arg(xo), *y0 = x ? array_arg(yo) : NULL, *y = NULL, *r = NULL;
  if (!y0) {
    drop(x);
    return NULL;
  }
  KrDtype yd = (KrDtype)arr(y0)->dtype;
  if (kr_dtype_kind[yd] == 'f')
    y = (kr_incref(y0), y0);
  else
    y = (KrObj *)nd_copy(arr(y0), KR_DT_FLOAT64);
  KrObj *rt = kr_float_box(rtol), *at = kr_float_box(atol);
  KrObj *d = y ? kr_np_BSUB(x, y) : NULL, *ad = d ? kr_np_UABS(d) : NULL;
  KrObj *ay = ad ? kr_np_UABS(y) : NULL, *ry = ay ? kr_np_BMUL(rt, ay) : NULL;
  KrObj *tol = ry ? kr_np_BADD(at, ry) : NULL, *within = tol ? kr_np_BLE(ad, tol) : NULL;
  KrObj *fx = within ? kr_np_UISFINITE(x) : NULL, *fy = fx ? kr_np_UISFINITE(y) : NULL;
  KrObj *fin = fy ? kr_np_BLAND(fx, fy) : NULL, *eq = fin ? kr_np_BEQ(x, y) : NULL;
  if (eq)
    r = kr_np_where(fin, within, eq);
  if (r && equal_nan) {
    KrObj *nx = kr_np_UISNAN(x), *ny = nx ? kr_np_UISNAN(y) : NULL, *both = ny ? kr_np_BLAND(nx, ny) : NULL;
    KrObj *r2 = both ? kr_np_BLOR(r, both) : NULL;
    drop(nx), drop(ny), drop(both), drop(r);
    r = r2;
  }
  if (r && arr(r)->ndim == 0)
    arr(r)->flags |= KR_ARR_SCALAR;
  drop(x), drop(y0), drop(y), drop(rt), drop(at), drop(d), drop(ad), drop(ay), drop(ry), drop(tol);
  drop(within), drop(fx), drop(fy), drop(fin), drop(eq);
  return r;
}

/* allclose: bool(all(isclose(...))), a Python bool (or -1 + exception). */
int kr_np_allclose(KrObj *x, KrObj *y, double rtol, double atol, bool equal_nan) {
  KrObj *c = kr_np_isclose(x, y, rtol, atol, equal_nan);
  KrObj *all = c ? kr_np_reduce(ND_RALL, c, kr_None, false, 0) : NULL;
  int r = all ? arr(all)->data[0] != 0 : -1;
  drop(c), drop(all);
  return r;
}

/* ------------------------------------------------------------ diff, outer */

/* np.diff(a, n=1, axis=-1): a[1:] - a[:-1] along axis, n times (not_equal
 * for bool arrays, as numpy). */
KrObj *kr_np_diff(KrObj *o, int64_t n, int64_t axis) {
  if (n < 0)
    return kr_raise(&kr_ValueError_type, "order must be non-negative but got %lld", (long long)n);
  KrObj *a = array_arg(o);
  if (!a)
    return NULL;
  if (arr(a)->ndim == 0) {
    kr_decref(a);
    return kr_raise(&kr_ValueError_type, "diff requires input that is at least one dimensional");
  }
  int ax = nd_axis(axis, arr(a)->ndim);
  if (ax < 0) {
    kr_decref(a);
    return NULL;
  }
  bool logical = arr(a)->dtype == KR_DT_BOOL;
  for (int64_t k = 0; k < n && a; k++) {
    KrArray *x = arr(a);
    int64_t len = x->shape[ax], sh[KR_MAXDIMS];
    memcpy(sh, x->shape, (size_t)x->ndim * sizeof *sh);
    sh[ax] = len > 0 ? len - 1 : 0;
    KrArray *hi = kr_array_view(x, (KrDtype)x->dtype, x->data + (len > 0 ? x->strides[ax] : 0), x->ndim, sh, x->strides);
    KrArray *lo = hi ? kr_array_view(x, (KrDtype)x->dtype, x->data, x->ndim, sh, x->strides) : NULL;
    KrObj *d = lo ? (logical ? kr_np_BNE(&hi->h, &lo->h) : kr_np_BSUB(&hi->h, &lo->h)) : NULL;
    if (hi)
      kr_decref(&hi->h);
    if (lo)
      kr_decref(&lo->h);
    kr_decref(a);
    a = d;
  }
  return a;
}

/* np.outer(a, b): a.ravel()[:, None] * b.ravel()[None, :]. */
KrObj *kr_np_outer(KrObj *ao, KrObj *bo) {
  KrObj *a = array_arg(ao), *b = a ? array_arg(bo) : NULL;
  KrObj *fa = b ? kr_np_ravel(a) : NULL, *fb = fa ? kr_np_ravel(b) : NULL, *r = NULL;
  if (fb) {
    int64_t sa[2] = {arr(fa)->shape[0], 1}, ta[2] = {arr(fa)->strides[0], 0};
    int64_t sb[2] = {1, arr(fb)->shape[0]}, tb[2] = {0, arr(fb)->strides[0]};
    KrArray *va = kr_array_view(arr(fa), (KrDtype)arr(fa)->dtype, arr(fa)->data, 2, sa, ta);
    KrArray *vb = va ? kr_array_view(arr(fb), (KrDtype)arr(fb)->dtype, arr(fb)->data, 2, sb, tb) : NULL;
    if (vb)
      r = kr_np_BMUL(&va->h, &vb->h);
    if (va)
      kr_decref(&va->h);
    if (vb)
      kr_decref(&vb->h);
  }
  drop(a), drop(b), drop(fa), drop(fb);
  return r;
}

/* ------------------------------------------------------------ triu, tril */

/* A copy of m with the items below diagonal k (triu) or above it (tril) of
 * each matrix of its last two axes zeroed; a 1-d m is its own rows
 * stacked (numpy's broadcast of tri(N) against it). */
static KrObj *triangle(KrObj *o, int64_t k, bool upper) {
  KrObj *m = array_arg(o);
  if (!m)
    return NULL;
  KrArray *a = arr(m);
  if (a->ndim == 0) {
    kr_decref(m);
    return kr_raise(&kr_ValueError_type, "input array must be at least 1-d");
  }
  KrArray *src = a;
  if (a->ndim == 1) {
    int64_t sh[2] = {a->shape[0], a->shape[0]}, st[2] = {0, a->strides[0]};
    src = kr_array_view(a, (KrDtype)a->dtype, a->data, 2, sh, st);
    if (!src) {
      kr_decref(m);
      return NULL;
    }
  }
  KrArray *r = nd_copy(src, (KrDtype)src->dtype);
  if (src != a)
    kr_decref(&src->h);
  kr_decref(m);
  if (!r)
    return NULL;
  int64_t rows = r->shape[r->ndim - 2], cols = r->shape[r->ndim - 1], isz = kr_dtype_size[r->dtype];
  int64_t mats = rows > 0 && cols > 0 ? r->size / (rows * cols) : 0;
  for (int64_t b = 0; b < mats; b++)
    for (int64_t i = 0; i < rows; i++) {
      char *row = r->data + (b * rows + i) * cols * isz;
      /* triu zeroes j < i + k, tril zeroes j > i + k */
      int64_t lo = upper ? 0 : i + k + 1, hi = upper ? i + k : cols;
      lo = lo < 0 ? 0 : lo > cols ? cols : lo;
      hi = hi < 0 ? 0 : hi > cols ? cols : hi;
      if (hi > lo)
        memset(row + lo * isz, 0, (size_t)((hi - lo) * isz));
    }
  return (KrObj *)r;
}

KrObj *kr_np_triu(KrObj *m, int64_t k) { return triangle(m, k, true); }
KrObj *kr_np_tril(KrObj *m, int64_t k) { return triangle(m, k, false); }

/* ------------------------------------------------------------ take_along_axis */

/* np.take_along_axis(arr, indices, axis): out[..., j, ...] =
 * arr[..., indices[..., j, ...], ...] along axis, the other axes of arr and
 * indices broadcast together; axis None: arr flattened.
 * numpy's errors: different ndim, a non-integer index array, an index out
 * of bounds. */
KrObj *kr_np_take_along_axis(KrObj *ao, KrObj *io, KrObj *axis) {
  KrObj *a = array_arg(ao), *ix = a ? array_arg(io) : NULL, *out = NULL;
  if (!ix) {
    drop(a);
    return NULL;
  }
  int ax = 0;
  if (axis == kr_None) { /* numpy reads arr.flat */
    KrObj *flat = kr_np_ravel(a);
    if (!flat)
      goto done;
    kr_decref(a);
    a = flat;
  } else if ((ax = nd_axis(kr_val_unbox(axis, KR_INT).i, arr(a)->ndim)) < 0)
    goto done;
  KrArray *x = arr(a), *id = arr(ix);
  char k = kr_dtype_kind[id->dtype];
  if (k != 'i' && k != 'u') {
    kr_raise(&kr_IndexError_type, "`indices` must be an integer array");
    goto done;
  }
  if (id->ndim != x->ndim) {
    kr_raise(&kr_ValueError_type, "`indices` and `arr` must have the same number of dimensions");
    goto done;
  }
  int nd = x->ndim;
  int64_t sh[KR_MAXDIMS];
  for (int d = 0; d < nd; d++) {
    int64_t p = d == ax ? 1 : x->shape[d], q = id->shape[d];
    if (d == ax)
      sh[d] = q;
    else if (p == q || q == 1)
      sh[d] = p;
    else if (p == 1)
      sh[d] = q;
    else { /* numpy's message names the shapes of the index arrays it builds */
      char msg[1024], one[256];
      size_t len = 0;
      msg[0] = 0;
      for (int e = 0; e < nd; e++) {
        int64_t s1[KR_MAXDIMS];
        for (int f = 0; f < nd; f++)
          s1[f] = e == ax ? id->shape[f] : f == e ? x->shape[f] : 1;
        nd_shape_str(one, sizeof one, nd, s1);
        len += (size_t)snprintf(msg + len, len < sizeof msg ? sizeof msg - len : 0, "%s ", one);
      }
      kr_raise(&kr_IndexError_type, "shape mismatch: indexing arrays could not be broadcast together with shapes %s",
               msg);
      goto done;
    }
  }
  KrArray *r = kr_array_new((KrDtype)x->dtype, nd, sh, false);
  if (!r)
    goto done;
  int64_t isz = kr_dtype_size[x->dtype], n = x->shape[ax], pos[KR_MAXDIMS] = {0};
  for (int64_t i = 0; i < r->size; i++) {
    const char *ip = id->data, *src = x->data;
    for (int d = 0; d < nd; d++) {
      if (d != ax && x->shape[d] != 1)
        src += pos[d] * x->strides[d];
      if (id->shape[d] != 1)
        ip += pos[d] * id->strides[d];
    }
    int64_t j = kr_dt_load_i64((KrDtype)id->dtype, ip);
    if (j < -n || j >= n) {
      kr_raise(&kr_IndexError_type, "index %lld is out of bounds for axis %d with size %lld", (long long)j, ax,
               (long long)n);
      kr_decref(&r->h);
      goto done;
    }
    memcpy(r->data + i * isz, src + (j < 0 ? j + n : j) * x->strides[ax], (size_t)isz);
    for (int d = nd - 1; d >= 0 && ++pos[d] == sh[d]; d--)
      pos[d] = 0;
  }
  out = (KrObj *)r;
done:
  drop(a), drop(ix);
  return out;
}

/* ------------------------------------------------------------ searchsorted */

/* x < y in numpy's sort order (nan after everything). */
static bool sort_lt(double x, double y) { return x < y || (y != y && x == x); }

/* np.searchsorted(a, v, side='left'): for each item of v, the index where
 * it would go in the sorted 1-d a, before equal items ('left') or after
 * them ('right'). Compared as int64 when both are integer arrays, else as
 * float64. The result has v's shape (an int64 scalar for a number). */
KrObj *kr_np_searchsorted(KrObj *ao, KrObj *vo, KrObj *side) {
  bool right;
  const char *s = kr_str_data(side);
  if (!strcmp(s, "left"))
    right = false;
  else if (!strcmp(s, "right"))
    right = true;
  else
    return kr_raise(&kr_ValueError_type, "search side must be 'left' or 'right' (got '%s')", s);
  KrObj *a = array_arg(ao), *v = a ? array_arg(vo) : NULL, *out = NULL;
  if (!v) {
    drop(a);
    return NULL;
  }
  KrArray *x = arr(a), *y = arr(v);
  if (x->ndim != 1) {
    kr_raise(&kr_ValueError_type, "object too deep for desired array");
    goto done;
  }
  bool ints = kr_dtype_kind[x->dtype] != 'f' && kr_dtype_kind[y->dtype] != 'f';
  KrArray *yc = nd_as(y, ints ? KR_DT_INT64 : KR_DT_FLOAT64);
  KrArray *r = yc ? kr_array_new(KR_DT_INT64, y->ndim, y->shape, false) : NULL;
  if (r) {
    int64_t n = x->shape[0];
    for (int64_t i = 0; i < r->size; i++) {
      int64_t lo = 0, hi = n;
      while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        const char *p = x->data + mid * x->strides[0];
        bool before; /* a[mid] goes before the value */
        if (ints) {
          int64_t am = kr_dt_load_i64((KrDtype)x->dtype, p), val = ((int64_t *)yc->data)[i];
          before = right ? !(val < am) : am < val;
        } else {
          double am = kr_dt_load_f64((KrDtype)x->dtype, p), val = ((double *)yc->data)[i];
          before = right ? !sort_lt(val, am) : sort_lt(am, val);
        }
        if (before)
          lo = mid + 1;
        else
          hi = mid;
      }
      ((int64_t *)r->data)[i] = lo;
    }
    if (r->ndim == 0)
      r->flags |= KR_ARR_SCALAR;
    out = (KrObj *)r;
  }
  if (yc)
    kr_decref(&yc->h);
done:
  drop(a), drop(v);
  return out;
}

/* ------------------------------------------------------------ count_nonzero */

/* np.count_nonzero(a): a Python int; with an axis, an int64 array of the
 * counts along it (numpy's). */
int64_t kr_np_count_nonzero(KrObj *o, KrObj *none) {
  KrObj *a = array_arg(o);
  KrArray *b = a ? nd_as(arr(a), KR_DT_BOOL) : NULL;
  int64_t n = 0;
  for (int64_t i = 0; b && i < b->size; i++)
    n += b->data[i] != 0;
  drop(a);
  if (b)
    kr_decref(&b->h);
  return n;
}

KrObj *kr_np_count_nonzero_axis(KrObj *o, KrObj *axis) {
  KrObj *a = array_arg(o);
  KrArray *b = a ? nd_as(arr(a), KR_DT_BOOL) : NULL;
  KrObj *r = b ? kr_np_reduce(ND_RSUM, &b->h, axis, false, 0) : NULL;
  drop(a);
  if (b)
    kr_decref(&b->h);
  return r;
}
