/* ndarray.c — the array object: dtypes, allocation, views, the strided
 * iterator, conversion between dtypes, and shape manipulation.
 *
 * Memory: an array that owns its items keeps them in one 64-byte aligned
 * block (mem, freed with it); a view keeps the owner alive through base,
 * which always names the object that owns the memory (views of views point
 * at the owner, as numpy's base chain collapses), so freeing never walks a
 * chain.
 */
#include "nd_impl.h"
#include "core_impl.h"

#include <math.h>
#include <stdio.h>

/* The conversion and transpose loops are written for the vectoriser (see
 * ndmath.c). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize", "vect-cost-model=dynamic")
#endif

const char *const kr_dtype_name[KR_NDTYPES] = {
#define X(k, name, ctype, size, kind) name,
    KR_DTYPES(X)
#undef X
};
const uint8_t kr_dtype_size[KR_NDTYPES] = {
#define X(k, name, ctype, size, kind) size,
    KR_DTYPES(X)
#undef X
};
const char kr_dtype_kind[KR_NDTYPES] = {
#define X(k, name, ctype, size, kind) kind,
    KR_DTYPES(X)
#undef X
};

/* numpy's in-place casting error (a += 1.5 on integers): a TypeError that
 * prints, uncaught, under numpy's own name. */
const KrType kr_UFuncOutputCastingError_type = {
    .name = "_UFuncOutputCastingError", .module = "numpy.core._exceptions", .base = &kr_TypeError_type,
    .dealloc = kr_exc_dealloc, .repr = kr_exc_repr, .str = kr_exc_str,
};

/* numpy's AxisError is a ValueError and an IndexError. */
const KrType kr_AxisError_type = {
    .name = "AxisError", .module = "numpy", .base = &kr_ValueError_type, .base2 = &kr_IndexError_type,
    .dealloc = kr_exc_dealloc,
    .repr = kr_exc_repr, .str = kr_exc_str,
};

/* ------------------------------------------------------------ items */

static double load_raw(KrDtype dt, const char *p) {
  switch (dt) {
#define X(k, name, ctype, size, kind) \
  case KR_DT_##k: {                   \
    ctype v;                          \
    memcpy(&v, p, sizeof v);          \
    return (double)v;                 \
  }
    KR_DTYPES(X)
#undef X
  case KR_NDTYPES: break;
  }
  return 0;
}

/* The float16 and bfloat16 cases of the table above read the raw bits
 * (the X-macro cannot tell a half from a uint16); this fixes them up. */
double kr_dt_load_f64(KrDtype dt, const char *p) {
  if (dt == KR_DT_FLOAT16 || dt == KR_DT_BFLOAT16) {
    uint16_t h;
    memcpy(&h, p, 2);
    return dt == KR_DT_FLOAT16 ? kr_f16_to_f32(h) : kr_bf16_to_f32(h);
  }
  return load_raw(dt, p);
}
#define load_f64 kr_dt_load_f64

/* A float to an integer the way numpy's astype does on x86-64: truncation,
 * and the "integer indefinite" value (INT64_MIN) for nan and out of range. */
static inline int64_t f2i(double v) {
  if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0))
    return INT64_MIN;
  return (int64_t)v;
}

int64_t kr_dt_load_i64(KrDtype dt, const char *p) {
  switch (dt) {
  case KR_DT_BOOL: return *(const uint8_t *)p != 0;
  case KR_DT_INT8: return *(const int8_t *)p;
  case KR_DT_INT16: { int16_t v; memcpy(&v, p, 2); return v; }
  case KR_DT_INT32: { int32_t v; memcpy(&v, p, 4); return v; }
  case KR_DT_INT64: { int64_t v; memcpy(&v, p, 8); return v; }
  case KR_DT_UINT8: return *(const uint8_t *)p;
  case KR_DT_UINT16: { uint16_t v; memcpy(&v, p, 2); return v; }
  case KR_DT_UINT32: { uint32_t v; memcpy(&v, p, 4); return v; }
  case KR_DT_UINT64: { uint64_t v; memcpy(&v, p, 8); return (int64_t)v; }
  default: return f2i(load_f64(dt, p));
  }
}

void kr_dt_store_f64(KrDtype dt, char *p, double v) {
  switch (dt) {
  case KR_DT_BOOL: *(uint8_t *)p = v != 0; return;
  case KR_DT_FLOAT16: { uint16_t h = kr_f32_to_f16((float)v); memcpy(p, &h, 2); return; }
  case KR_DT_BFLOAT16: { uint16_t h = kr_f32_to_bf16((float)v); memcpy(p, &h, 2); return; }
  case KR_DT_FLOAT32: { float f = (float)v; memcpy(p, &f, 4); return; }
  case KR_DT_FLOAT64: memcpy(p, &v, 8); return;
  case KR_DT_UINT64: {
    uint64_t u = v >= 9223372036854775808.0 && v < 18446744073709551616.0 ? (uint64_t)v : (uint64_t)f2i(v);
    memcpy(p, &u, 8);
    return;
  }
  default: kr_dt_store_i64(dt, p, f2i(v)); return;
  }
}

void kr_dt_store_i64(KrDtype dt, char *p, int64_t v) {
  switch (dt) {
  case KR_DT_BOOL: *(uint8_t *)p = v != 0; return;
  case KR_DT_INT8: case KR_DT_UINT8: *(uint8_t *)p = (uint8_t)v; return;
  case KR_DT_INT16: case KR_DT_UINT16: { uint16_t u = (uint16_t)v; memcpy(p, &u, 2); return; }
  case KR_DT_INT32: case KR_DT_UINT32: { uint32_t u = (uint32_t)v; memcpy(p, &u, 4); return; }
  case KR_DT_INT64: case KR_DT_UINT64: memcpy(p, &v, 8); return;
  default: kr_dt_store_f64(dt, p, (double)v); return;
  }
}

/* ------------------------------------------------------------ the object */

static void array_dealloc(KrObj *o) {
  KrArray *a = (KrArray *)o;
  if (a->flags & KR_ARR_OWNDATA)
    kr_free(a->mem);
  kr_xdecref(a->base);
  kr_free(a);
}

static int64_t array_len(KrObj *o) {
  KrArray *a = (KrArray *)o;
  if (a->ndim == 0) {
    if (a->flags & KR_ARR_SCALAR)
      kr_raise(&kr_TypeError_type, "object of type 'numpy.%s' has no len()",
               a->dtype == KR_DT_BOOL ? "bool_" : kr_dtype_name[a->dtype]);
    else
      kr_raise(&kr_TypeError_type, "len() of unsized object");
    return -1;
  }
  return a->shape[0];
}

static int array_truth(KrObj *o) {
  KrArray *a = (KrArray *)o;
  if (a->size != 1) {
    if (a->size == 0)
      return 0; /* numpy 1.24: a DeprecationWarning, and False */
    kr_raise(&kr_ValueError_type, "The truth value of an array with more than one element is ambiguous. "
                                  "Use a.any() or a.all()");
    return -1;
  }
  char *p = a->data;
  return kr_dtype_kind[a->dtype] == 'f' ? load_f64(a->dtype, p) != 0 : kr_dt_load_i64(a->dtype, p) != 0;
}

/* Scalars hash as the Python number they equal (np.float32(0.5) in a set
 * with 0.5); arrays are unhashable. */
static int64_t array_hash(KrObj *o) {
  KrArray *a = (KrArray *)o;
  if (a->ndim != 0 || !(a->flags & KR_ARR_SCALAR)) {
    kr_raise(&kr_TypeError_type, "unhashable type: 'numpy.ndarray'");
    return -1;
  }
  if (kr_dtype_kind[a->dtype] == 'f')
    return kr_hash_float(load_f64(a->dtype, a->data));
  return kr_hash_int(kr_dt_load_i64(a->dtype, a->data));
}

/* numpy scalars are instances of numpy.float32 and friends */
static const char *array_name_of(KrObj *o) {
  KrArray *a = (KrArray *)o;
  if (!(a->flags & KR_ARR_SCALAR))
    return "numpy.ndarray";
  static const char *const names[KR_NDTYPES] = {
#define X(k, name, ctype, size, kind) "numpy." name,
      KR_DTYPES(X)
#undef X
  };
  return a->dtype == KR_DT_BOOL ? "numpy.bool_" : names[a->dtype];
}

const KrType kr_ndarray_type = {
    .name = "ndarray",
    .dealloc = array_dealloc,
    .repr = kr_array_repr,
    .str = kr_array_str,
    .hash = array_hash,
    .len = array_len,
    .truth = array_truth,
    .iter = kr_np_iter_init,
    .name_of = array_name_of,
    .getitem = kr_np_getitem,
    .setitem = kr_np_setitem,
};

static KrArray *header(int ndim) {
  if (ndim > KR_MAXDIMS)
    return kr_raise(&kr_ValueError_type, "maximum supported dimension for an ndarray is %d, found %d",
                    KR_MAXDIMS, ndim);
  KrArray *a = (KrArray *)kr_obj_new(&kr_ndarray_type, sizeof(KrArray) + 2 * (size_t)ndim * sizeof(int64_t));
  if (!a)
    return NULL;
  a->ndim = (uint8_t)ndim;
  a->shape = a->dims;
  a->strides = a->dims + ndim;
  return a;
}

/* The number of items of a shape; -1 + ValueError when a dimension is
 * negative or the product overflows. */
static int64_t shape_size(int ndim, const int64_t *shape) {
  int64_t n = 1;
  for (int i = 0; i < ndim; i++) {
    if (shape[i] < 0)
      return kr_raise(&kr_ValueError_type, "negative dimensions are not allowed"), -1;
    if (shape[i] && n > INT64_MAX / shape[i])
      return kr_raise(&kr_ValueError_type, "array is too big; `arr.size * arr.dtype.itemsize` is larger than the "
                                           "maximum possible size."), -1;
    n *= shape[i];
  }
  return n;
}

/* An array of dtype dt and the given shape, C-contiguous, its memory
 * 64-byte aligned, zeroed or not. */
static KrArray *array_alloc(KrDtype dt, int ndim, const int64_t *shape, bool zero) {
  int64_t size = shape_size(ndim, shape);
  if (size < 0)
    return NULL;
  int64_t item = kr_dtype_size[dt];
  if (size > (INT64_MAX - 128) / item)
    return kr_raise(&kr_MemoryError_type, "Unable to allocate array with shape and data type %s", kr_dtype_name[dt]);
  KrArray *a = header(ndim);
  if (!a)
    return NULL;
  a->mem = zero ? kr_alloc((size_t)(size * item) + 64) : kr_alloc_uninit((size_t)(size * item) + 64);
  if (!a->mem) {
    kr_free(a);
    return NULL;
  }
  a->data = (char *)(((uintptr_t)a->mem + 63) & ~(uintptr_t)63);
  a->dtype = (uint8_t)dt;
  a->flags = KR_ARR_OWNDATA;
  a->size = size;
  int64_t stride = item;
  for (int i = ndim; --i >= 0;) {
    a->shape[i] = shape[i];
    a->strides[i] = stride;
    stride *= shape[i] ? shape[i] : 1;
  }
  return a;
}

KrArray *kr_array_new(KrDtype dt, int ndim, const int64_t *shape, bool zero) {
  (void)zero; /* always zeroed: callers written before nd_empty count on it */
  return array_alloc(dt, ndim, shape, true);
}

KrArray *nd_empty(KrDtype dt, int ndim, const int64_t *shape) { return array_alloc(dt, ndim, shape, false); }

KrArray *kr_array_over(KrObj *owner, KrDtype dt, char *data, int ndim, const int64_t *shape,
                       const int64_t *strides) {
  KrArray *a = header(ndim);
  if (!a)
    return NULL;
  a->dtype = (uint8_t)dt;
  a->data = data;
  a->flags = KR_ARR_READONLY;
  a->base = owner;
  kr_incref(owner);
  a->size = 1;
  for (int i = 0; i < ndim; i++) {
    a->shape[i] = shape[i];
    a->strides[i] = strides[i];
    a->size *= shape[i];
  }
  return a;
}

KrArray *kr_array_view(KrArray *base, KrDtype dt, char *data, int ndim, const int64_t *shape,
                       const int64_t *strides) {
  KrArray *a = kr_array_over(kr_array_owner(base), dt, data, ndim, shape, strides);
  if (a)
    a->flags = base->flags & KR_ARR_READONLY; /* writable unless the viewed array is not */
  return a;
}

KrArray *kr_array_scalar_f64(KrDtype dt, double v) {
  KrArray *a = kr_array_new(dt, 0, NULL, false);
  if (!a)
    return NULL;
  kr_dt_store_f64(dt, a->data, v);
  a->flags |= KR_ARR_SCALAR;
  return a;
}

KrArray *kr_array_scalar_i64(KrDtype dt, int64_t v) {
  KrArray *a = kr_array_new(dt, 0, NULL, false);
  if (!a)
    return NULL;
  kr_dt_store_i64(dt, a->data, v);
  a->flags |= KR_ARR_SCALAR;
  return a;
}

bool kr_array_is_contiguous(const KrArray *a) {
  int64_t stride = kr_dtype_size[a->dtype];
  for (int i = a->ndim; --i >= 0;) {
    if (a->shape[i] == 1)
      continue;
    if (a->shape[i] == 0)
      return true;
    if (a->strides[i] != stride)
      return false;
    stride *= a->shape[i];
  }
  return true;
}

KrArray *kr_array_contiguous(KrArray *a) { return nd_as(a, (KrDtype)a->dtype); }

/* ------------------------------------------------------------ iteration */

void nd_iter_init(NdIter *it, int ndim, const int64_t *shape, int nop, KrArray *const *ops) {
  memset(it, 0, sizeof *it);
  it->nop = nop;
  /* full strides per operand, right-aligned, 0 where broadcast */
  int64_t st[ND_MAXOPS][KR_MAXDIMS];
  for (int k = 0; k < nop; k++) {
    KrArray *a = ops[k];
    int off = ndim - a->ndim;
    for (int d = 0; d < ndim; d++)
      st[k][d] = d < off || a->shape[d - off] == 1 ? 0 : a->strides[d - off];
    it->base[k] = a->data;
  }
  /* coalesce: drop length-1 dimensions, merge d into d+1 when every
   * operand steps over d as over shape[d+1] items of d+1 */
  int64_t sh[KR_MAXDIMS];
  int n = 0;
  for (int d = 0; d < ndim; d++) {
    if (shape[d] == 1)
      continue;
    if (n > 0) {
      bool merge = true;
      for (int k = 0; k < nop && merge; k++)
        merge = st[k][n - 1] == st[k][d] * shape[d];
      if (merge) {
        sh[n - 1] *= shape[d];
        for (int k = 0; k < nop; k++)
          st[k][n - 1] = st[k][d];
        continue;
      }
    }
    sh[n] = shape[d];
    for (int k = 0; k < nop; k++)
      st[k][n] = st[k][d];
    n++;
  }
  int64_t total = 1;
  for (int d = 0; d < ndim; d++)
    total *= shape[d];
  if (n == 0) { /* a single item (or none) */
    it->inner = total;
    it->ndim = 0;
    it->outer = total ? 1 : 0;
    return;
  }
  it->inner = sh[n - 1];
  for (int k = 0; k < nop; k++)
    it->istride[k] = st[k][n - 1];
  it->ndim = n - 1;
  it->outer = total ? 1 : 0;
  for (int d = 0; d < n - 1; d++) {
    it->shape[d] = sh[d];
    it->outer *= sh[d];
    for (int k = 0; k < nop; k++)
      it->strides[k][d] = st[k][d];
  }
}

bool nd_iter_next(NdIter *it) {
  if (it->outer == 0)
    return false;
  if (!it->started) {
    it->started = true;
    for (int k = 0; k < it->nop; k++)
      it->ptr[k] = it->base[k];
    return true;
  }
  for (int d = it->ndim; --d >= 0;) {
    if (++it->idx[d] < it->shape[d]) {
      for (int k = 0; k < it->nop; k++)
        it->ptr[k] += it->strides[k][d];
      return true;
    }
    it->idx[d] = 0;
    for (int k = 0; k < it->nop; k++)
      it->ptr[k] -= it->strides[k][d] * (it->shape[d] - 1);
  }
  return false;
}

void nd_shape_str(char *buf, size_t cap, int ndim, const int64_t *shape) {
  size_t n = (size_t)snprintf(buf, cap, "(");
  for (int i = 0; i < ndim && n < cap; i++)
    n += (size_t)snprintf(buf + n, cap - n, i ? ",%lld" : "%lld", (long long)shape[i]);
  if (n < cap)
    n += (size_t)snprintf(buf + n, cap - n, ndim == 1 ? ",)" : ")");
}

int nd_broadcast_shape(int na, const int64_t *sa, int nb, const int64_t *sb, int64_t *out) {
  int n = na > nb ? na : nb;
  for (int i = 0; i < n; i++) {
    int64_t x = i < n - na ? 1 : sa[i - (n - na)], y = i < n - nb ? 1 : sb[i - (n - nb)];
    if (x != y && x != 1 && y != 1) {
      char s1[256], s2[256];
      nd_shape_str(s1, sizeof s1, na, sa);
      nd_shape_str(s2, sizeof s2, nb, sb);
      kr_raise(&kr_ValueError_type, "operands could not be broadcast together with shapes %s %s ", s1, s2);
      return -1;
    }
    out[i] = x == 1 ? y : x;
  }
  return n;
}

int nd_axis(int64_t axis, int ndim) {
  if (axis < -ndim || axis >= ndim) {
    kr_raise(&kr_AxisError_type, "axis %lld is out of bounds for array of dimension %d", (long long)axis, ndim);
    return -1;
  }
  return (int)(axis < 0 ? axis + ndim : axis);
}

/* ------------------------------------------------------------ conversion */

/* Typed conversion loops: one per (destination, source) pair of the
 * dtypes that have a C type (float16 and bfloat16 take the generic path),
 * each a contiguous loop the compiler vectorises and a strided one. The
 * conversions are numpy's astype: integers wrap, floats truncate toward
 * zero (nan and out-of-range give INT64_MIN, wrapped, as on x86-64),
 * anything is true when it is not zero. */
typedef void (*ConvLoop)(char *d, const char *s, int64_t n, int64_t ds, int64_t ss);

static inline uint64_t f2u64(double v) {
  return v >= 9223372036854775808.0 && v < 18446744073709551616.0 ? (uint64_t)v : (uint64_t)f2i(v);
}

/* x of kind SK converted to D of kind DK (the kinds are constants, so the
 * choice folds away) */
#define CONVERT(D, DK, SK, x)                                                             \
  ((DK) == 'b'                                     ? (D)((x) != 0)                        \
   : (SK) == 'f' && (DK) == 'u' && sizeof(D) == 8 ? (D)f2u64((double)(x))                \
   : (SK) == 'f' && (DK) != 'f'                    ? (D)f2i((double)(x))                  \
                                                   : (D)(x))

#define CONV_LOOP(DN, D, DK, SN, S, SK)                                                     \
  static void conv_##DN##_##SN(char *d, const char *s, int64_t n, int64_t ds, int64_t ss) { \
    if (ds == sizeof(D) && ss == sizeof(S)) {                                               \
      D *restrict pd = (D *)d;                                                              \
      const S *ps = (const S *)s;                                                           \
      for (int64_t i = 0; i < n; i++)                                                       \
        pd[i] = CONVERT(D, DK, SK, ps[i]);                                                  \
    } else {                                                                                \
      for (int64_t i = 0; i < n; i++, d += ds, s += ss) {                                   \
        S x;                                                                                \
        memcpy(&x, s, sizeof x);                                                            \
        D y = CONVERT(D, DK, SK, x);                                                        \
        memcpy(d, &y, sizeof y);                                                            \
      }                                                                                     \
    }                                                                                       \
  }

/* every source for one destination */
#define CONV_FROM_ALL(DN, D, DK)                                                          \
  CONV_LOOP(DN, D, DK, BOOL, uint8_t, 'b') CONV_LOOP(DN, D, DK, INT8, int8_t, 'i')        \
  CONV_LOOP(DN, D, DK, INT16, int16_t, 'i') CONV_LOOP(DN, D, DK, INT32, int32_t, 'i')     \
  CONV_LOOP(DN, D, DK, INT64, int64_t, 'i') CONV_LOOP(DN, D, DK, UINT8, uint8_t, 'u')     \
  CONV_LOOP(DN, D, DK, UINT16, uint16_t, 'u') CONV_LOOP(DN, D, DK, UINT32, uint32_t, 'u') \
  CONV_LOOP(DN, D, DK, UINT64, uint64_t, 'u') CONV_LOOP(DN, D, DK, FLOAT32, float, 'f')   \
  CONV_LOOP(DN, D, DK, FLOAT64, double, 'f')
CONV_FROM_ALL(BOOL, uint8_t, 'b')
CONV_FROM_ALL(INT8, int8_t, 'i')
CONV_FROM_ALL(INT16, int16_t, 'i')
CONV_FROM_ALL(INT32, int32_t, 'i')
CONV_FROM_ALL(INT64, int64_t, 'i')
CONV_FROM_ALL(UINT8, uint8_t, 'u')
CONV_FROM_ALL(UINT16, uint16_t, 'u')
CONV_FROM_ALL(UINT32, uint32_t, 'u')
CONV_FROM_ALL(UINT64, uint64_t, 'u')
CONV_FROM_ALL(FLOAT32, float, 'f')
CONV_FROM_ALL(FLOAT64, double, 'f')

#define CONV_ROW(DN)                                                                         \
  [KR_DT_##DN] = {[KR_DT_BOOL] = conv_##DN##_BOOL,     [KR_DT_INT8] = conv_##DN##_INT8,       \
                  [KR_DT_INT16] = conv_##DN##_INT16,   [KR_DT_INT32] = conv_##DN##_INT32,     \
                  [KR_DT_INT64] = conv_##DN##_INT64,   [KR_DT_UINT8] = conv_##DN##_UINT8,     \
                  [KR_DT_UINT16] = conv_##DN##_UINT16, [KR_DT_UINT32] = conv_##DN##_UINT32,   \
                  [KR_DT_UINT64] = conv_##DN##_UINT64, [KR_DT_FLOAT32] = conv_##DN##_FLOAT32, \
                  [KR_DT_FLOAT64] = conv_##DN##_FLOAT64}
/* conv_loops[dst][src]; NULL for the half types */
static const ConvLoop conv_loops[KR_NDTYPES][KR_NDTYPES] = {
    CONV_ROW(BOOL),   CONV_ROW(INT8),   CONV_ROW(INT16),  CONV_ROW(INT32),   CONV_ROW(INT64),  CONV_ROW(UINT8),
    CONV_ROW(UINT16), CONV_ROW(UINT32), CONV_ROW(UINT64), CONV_ROW(FLOAT32), CONV_ROW(FLOAT64),
};

/* One item of src (dtype sd) converted into dst (dtype dd): the generic
 * path, through double or int64, that float16 and bfloat16 take. */
static void convert_item(KrDtype dd, char *d, KrDtype sd, const char *s) {
  if (dd == sd)
    memcpy(d, s, kr_dtype_size[dd]);
  else if (kr_dtype_kind[dd] != 'f' && kr_dtype_kind[sd] != 'f' && dd != KR_DT_BOOL)
    kr_dt_store_i64(dd, d, kr_dt_load_i64(sd, s));
  else if (dd == KR_DT_BOOL)
    *(uint8_t *)d = kr_dtype_kind[sd] == 'f' ? load_f64(sd, s) != 0 : kr_dt_load_i64(sd, s) != 0;
  else if (kr_dtype_kind[sd] != 'f' && kr_dtype_kind[dd] == 'f')
    kr_dt_store_f64(dd, d, sd == KR_DT_UINT64 ? (double)(uint64_t)kr_dt_load_i64(sd, s)
                                              : (double)kr_dt_load_i64(sd, s));
  else
    kr_dt_store_f64(dd, d, load_f64(sd, s));
}

/* A same-dtype copy of a transposed plane, dst[i][j] = src[j][i], in tiles
 * small enough that both sides stay in L1 (a plain loop would read or
 * write with the stride of a whole row). n0 × n1 items; dst steps ds0
 * along i and one item along j, src one item along i and ss1 along j. */
#define TRANSPOSE_TILE 32
#define TRANSPOSE(T)                                                                                   \
  static void transpose_##T(char *d, const char *s, int64_t n0, int64_t n1, int64_t ds0, int64_t ss1) { \
    for (int64_t i0 = 0; i0 < n0; i0 += TRANSPOSE_TILE) {                                              \
      int64_t i1 = i0 + TRANSPOSE_TILE < n0 ? i0 + TRANSPOSE_TILE : n0;                                \
      for (int64_t j0 = 0; j0 < n1; j0 += TRANSPOSE_TILE) {                                            \
        int64_t j1 = j0 + TRANSPOSE_TILE < n1 ? j0 + TRANSPOSE_TILE : n1;                              \
        for (int64_t i = i0; i < i1; i++) {                                                            \
          T *restrict row = (T *)(d + i * ds0);                                                        \
          const char *col = s + i * (int64_t)sizeof(T);                                                \
          for (int64_t j = j0; j < j1; j++)                                                            \
            memcpy(&row[j], col + j * ss1, sizeof(T));                                                 \
        }                                                                                              \
      }                                                                                                \
    }                                                                                                  \
  }
TRANSPOSE(uint8_t)
TRANSPOSE(uint16_t)
TRANSPOSE(uint32_t)
TRANSPOSE(uint64_t)

/* A same-dtype copy into dst whose inner stride is one item, from src whose
 * inner stride is not but one of whose outer dimensions (t) steps by one
 * item: dimension t and the inner one form a transposed plane, copied tile
 * by tile; the other outer dimensions are walked here. False when the
 * layout is not that (the caller copies row by row). */
static bool copy_transposed(const NdIter *it, int64_t sz) {
  if (it->istride[0] != sz || it->istride[1] == sz || it->inner < 4 || (sz & (sz - 1)) || sz > 8)
    return false;
  int t = -1;
  for (int d = it->ndim; --d >= 0;)
    if (it->strides[1][d] == sz && it->shape[d] >= 2) {
      t = d;
      break;
    }
  if (t < 0)
    return false;
  int64_t idx[KR_MAXDIMS] = {0};
  for (;;) {
    char *d = it->base[0];
    const char *s = it->base[1];
    for (int k = 0; k < it->ndim; k++)
      if (k != t)
        d += idx[k] * it->strides[0][k], s += idx[k] * it->strides[1][k];
    int64_t n0 = it->shape[t], n1 = it->inner, ds0 = it->strides[0][t], ss1 = it->istride[1];
    switch (sz) {
    case 1: transpose_uint8_t(d, s, n0, n1, ds0, ss1); break;
    case 2: transpose_uint16_t(d, s, n0, n1, ds0, ss1); break;
    case 4: transpose_uint32_t(d, s, n0, n1, ds0, ss1); break;
    default: transpose_uint64_t(d, s, n0, n1, ds0, ss1); break;
    }
    int k = it->ndim;
    while (--k >= 0) {
      if (k == t)
        continue;
      if (++idx[k] < it->shape[k])
        break;
      idx[k] = 0;
    }
    if (k < 0)
      return true;
  }
}

/* Copy src into dst (same shape), converting items. */
static void copy_into(KrArray *dst, KrArray *src) {
  KrArray *ops[2] = {dst, src};
  NdIter it;
  nd_iter_init(&it, dst->ndim, dst->shape, 2, ops);
  KrDtype dd = (KrDtype)dst->dtype, sd = (KrDtype)src->dtype;
  int64_t sz = kr_dtype_size[dd];
  if (it.outer == 0)
    return;
  if (dd == sd && copy_transposed(&it, sz))
    return;
  ConvLoop fn = dd == sd ? NULL : conv_loops[dd][sd];
  while (nd_iter_next(&it)) {
    char *d = it.ptr[0], *s = it.ptr[1];
    int64_t ds = it.istride[0], ss = it.istride[1];
    if (fn) {
      fn(d, s, it.inner, ds, ss);
    } else if (dd == sd && ds == sz && ss == sz) {
      memcpy(d, s, (size_t)(it.inner * sz));
    } else if (dd == sd) {
      for (int64_t i = 0; i < it.inner; i++, d += ds, s += ss)
        memcpy(d, s, (size_t)sz);
    } else {
      for (int64_t i = 0; i < it.inner; i++, d += ds, s += ss)
        convert_item(dd, d, sd, s);
    }
  }
}

KrArray *nd_copy(KrArray *a, KrDtype dt) {
  KrArray *r = nd_empty(dt, a->ndim, a->shape);
  if (r)
    copy_into(r, a);
  return r;
}

KrArray *nd_as(KrArray *a, KrDtype dt) {
  if (a->dtype == dt && kr_array_is_contiguous(a)) {
    kr_incref(&a->h);
    return a;
  }
  return nd_copy(a, dt);
}

KrArray *nd_broadcast_to(KrArray *a, int ndim, const int64_t *shape) {
  int64_t st[KR_MAXDIMS];
  int off = ndim - a->ndim;
  for (int d = 0; d < ndim; d++)
    st[d] = d < off || a->shape[d - off] == 1 ? 0 : a->strides[d - off];
  KrArray *v = kr_array_view(a, (KrDtype)a->dtype, a->data, ndim, shape, st);
  if (v)
    v->flags |= KR_ARR_READONLY;
  return v;
}

/* np.ascontiguousarray(a): a C-contiguous array (a itself when it is one),
 * at least 1-d, as numpy's. */
KrObj *kr_np_ascontiguous(KrObj *o) {
  KrArray *a = kr_np_asarray(o, KR_NDTYPES);
  if (!a)
    return NULL;
  KrArray *c = nd_as(a, (KrDtype)a->dtype);
  kr_decref(&a->h);
  if (c && c->ndim == 0) {
    int64_t one = 1, st = kr_dtype_size[c->dtype];
    KrArray *v = kr_array_view(c, (KrDtype)c->dtype, c->data, 1, &one, &st);
    kr_decref(&c->h);
    c = v;
  }
  return (KrObj *)c;
}
