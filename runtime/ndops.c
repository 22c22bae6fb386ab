/* ndops.c — numpy's functions over the array object: creation, dtype
 * objects, shape manipulation (views where numpy makes views), indexing,
 * conversion to Python values, reductions and matmul.
 */
#include "nd_impl.h"

#include <math.h>
#include <stdio.h>

/* The reduction loops are written for the vectoriser (see ndmath.c). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize", "vect-cost-model=dynamic")
#endif

static KrArray *arr(KrObj *o) { return (KrArray *)o; }

static bool category_int(KrDtype d) { return kr_dtype_kind[d] == 'i' || kr_dtype_kind[d] == 'u'; }

/* Item i of a list or tuple, boxed (new reference). */
static KrObj *seq_item(KrObj *o, int64_t i) {
  if (o->type == &kr_list_type) {
    KrList *l = KR_LIST(o);
    return kr_val_box(l->items[i], l->kind);
  }
  KrTuple *t = (KrTuple *)o;
  return kr_val_box(t->items[i], (ValKind)t->kinds[i]);
}

/* ------------------------------------------------------------ dtype objects */

static KrObj *dtype_repr(KrObj *o) {
  KrDtypeObj *d = (KrDtypeObj *)o;
  char buf[64];
  if (d->cls)
    snprintf(buf, sizeof buf, "<class 'numpy.%s'>", d->dt == KR_DT_BOOL ? "bool_" : kr_dtype_name[d->dt]);
  else
    snprintf(buf, sizeof buf, "dtype('%s')", kr_dtype_name[d->dt]);
  return kr_str_from_cstr(buf);
}
static KrObj *dtype_str(KrObj *o) {
  KrDtypeObj *d = (KrDtypeObj *)o;
  return d->cls ? dtype_repr(o) : kr_str_from_cstr(kr_dtype_name[d->dt]);
}
static int dtype_eq(KrObj *a, KrObj *b) {
  return b->type == &kr_dtype_type && ((KrDtypeObj *)a)->dt == ((KrDtypeObj *)b)->dt;
}
static int64_t dtype_hash(KrObj *o) { return kr_hash_int(((KrDtypeObj *)o)->dt); }

const KrType kr_dtype_type = {
    .name = "dtype", .module = "numpy", .repr = dtype_repr, .str = dtype_str, .eq = dtype_eq, .hash = dtype_hash,
};

static KrDtypeObj dtype_objs[2][KR_NDTYPES] = {
#define X(k, name, ctype, size, kind) {{-1, &kr_dtype_type}, KR_DT_##k, false},
    {KR_DTYPES(X)},
#undef X
#define X(k, name, ctype, size, kind) {{-1, &kr_dtype_type}, KR_DT_##k, true},
    {KR_DTYPES(X)},
#undef X
};

KrObj *kr_np_dtype(int dt, bool cls) { return &dtype_objs[cls][dt].h; }

/* A dtype argument: None gives dflt; a dtype object; a name ("float32"). */
static int dtype_arg(KrObj *o, KrDtype dflt, KrDtype *out) {
  if (!o || o == kr_None) {
    *out = dflt;
    return 0;
  }
  if (o->type == &kr_dtype_type) {
    *out = (KrDtype)((KrDtypeObj *)o)->dt;
    return 0;
  }
  if (o->type == &kr_str_type) {
    const char *s = kr_str_data(o);
    for (int d = 0; d < KR_NDTYPES; d++)
      if (!strcmp(s, kr_dtype_name[d])) {
        *out = (KrDtype)d;
        return 0;
      }
    static const struct { const char *name; KrDtype dt; } alias[] = {
        {"f4", KR_DT_FLOAT32}, {"f8", KR_DT_FLOAT64}, {"f2", KR_DT_FLOAT16}, {"i1", KR_DT_INT8},
        {"i2", KR_DT_INT16},   {"i4", KR_DT_INT32},   {"i8", KR_DT_INT64},   {"u1", KR_DT_UINT8},
        {"u2", KR_DT_UINT16},  {"u4", KR_DT_UINT32},  {"u8", KR_DT_UINT64},  {"float", KR_DT_FLOAT64},
        {"int", KR_DT_INT64},  {"bool", KR_DT_BOOL},  {"half", KR_DT_FLOAT16}, {"double", KR_DT_FLOAT64},
        {"single", KR_DT_FLOAT32}};
    for (size_t i = 0; i < sizeof alias / sizeof *alias; i++)
      if (!strcmp(s, alias[i].name)) {
        *out = alias[i].dt;
        return 0;
      }
    kr_raise(&kr_TypeError_type, "data type '%s' not understood", s);
    return -1;
  }
  kr_raise(&kr_TypeError_type, "Cannot interpret '%R' as a data type", o);
  return -1;
}

/* A shape argument: an int, or a tuple or list of ints. */
int nd_shape_arg(KrObj *o, int64_t *shape) {
  if (o->type == &kr_int_type) {
    shape[0] = ((KrInt *)o)->v;
    return 1;
  }
  if (o->type == &kr_tuple_type || o->type == &kr_list_type) {
    int64_t n = kr_obj_len(o);
    if (n > KR_MAXDIMS) {
      kr_raise(&kr_ValueError_type, "maximum supported dimension for an ndarray is %d, found %lld", KR_MAXDIMS,
               (long long)n);
      return -1;
    }
    for (int64_t i = 0; i < n; i++) {
      KrObj *it = seq_item(o, i);
      if (!it)
        return -1;
      if (it->type != &kr_int_type && it->type != &kr_bool_type) {
        kr_raise(&kr_TypeError_type, "'%s' object cannot be interpreted as an integer", it->type->name);
        kr_decref(it);
        return -1;
      }
      shape[i] = it->type == &kr_bool_type ? it == kr_True : ((KrInt *)it)->v;
      kr_decref(it);
    }
    return (int)n;
  }
  kr_raise(&kr_TypeError_type, "'%s' object cannot be interpreted as an integer", o->type->name);
  return -1;
}

/* The argument as an array (new reference): arrays as they are, anything
 * else through np.asarray. */
static KrArray *as_array(KrObj *o) {
  if (kr_is_array(o)) {
    kr_incref(o);
    return arr(o);
  }
  return kr_np_asarray(o, KR_NDTYPES);
}

/* ------------------------------------------------------------ creation */

static KrObj *filled(KrObj *shape, KrObj *dtype, KrDtype dflt, double v, bool fill) {
  int64_t sh[KR_MAXDIMS];
  int nd = nd_shape_arg(shape, sh);
  KrDtype dt;
  if (nd < 0 || dtype_arg(dtype, dflt, &dt) < 0)
    return NULL;
  KrArray *a = kr_array_new(dt, nd, sh, true);
  if (a && fill && v != 0) {
    int64_t sz = kr_dtype_size[dt];
    kr_dt_store_f64(dt, a->data, v);
    for (int64_t i = 1; i < a->size; i++)
      memcpy(a->data + i * sz, a->data, (size_t)sz);
  }
  return (KrObj *)a;
}

KrObj *kr_np_zeros(KrObj *shape, KrObj *dtype) { return filled(shape, dtype, KR_DT_FLOAT64, 0, false); }
KrObj *kr_np_empty(KrObj *shape, KrObj *dtype) { return filled(shape, dtype, KR_DT_FLOAT64, 0, false); }
KrObj *kr_np_ones(KrObj *shape, KrObj *dtype) { return filled(shape, dtype, KR_DT_FLOAT64, 1, true); }

/* The dtype numpy gives a Python value (np.array(1.5) is float64). */
static KrDtype value_dtype(KrObj *v) {
  if (kr_is_array(v))
    return (KrDtype)arr(v)->dtype;
  if (v->type == &kr_float_type)
    return KR_DT_FLOAT64;
  if (v->type == &kr_bool_type)
    return KR_DT_BOOL;
  return KR_DT_INT64;
}

/* Fill every item of a with the Python value v. */
static int fill_value(KrArray *a, KrObj *v) {
  KrArray *src = as_array(v);
  if (!src)
    return -1;
  if (src->ndim > 0) {
    kr_decref(&src->h);
    kr_raise(&kr_ValueError_type, "could not broadcast input array");
    return -1;
  }
  int64_t sz = kr_dtype_size[a->dtype];
  char one[16];
  KrArray *conv = nd_copy(src, (KrDtype)a->dtype);
  kr_decref(&src->h);
  if (!conv)
    return -1;
  memcpy(one, conv->data, (size_t)sz);
  kr_decref(&conv->h);
  for (int64_t i = 0; i < a->size; i++)
    memcpy(a->data + i * sz, one, (size_t)sz);
  return 0;
}

KrObj *kr_np_full(KrObj *shape, KrObj *value, KrObj *dtype) {
  int64_t sh[KR_MAXDIMS];
  int nd = nd_shape_arg(shape, sh);
  KrDtype dt;
  if (nd < 0 || dtype_arg(dtype, value_dtype(value), &dt) < 0)
    return NULL;
  KrArray *a = kr_array_new(dt, nd, sh, false);
  if (a && fill_value(a, value) < 0) {
    kr_decref(&a->h);
    return NULL;
  }
  return (KrObj *)a;
}

static KrObj *like(KrObj *proto, KrObj *value, KrObj *dtype) {
  KrArray *p = as_array(proto);
  if (!p)
    return NULL;
  KrDtype dt;
  KrArray *a = NULL;
  if (dtype_arg(dtype, (KrDtype)p->dtype, &dt) == 0 && (a = kr_array_new(dt, p->ndim, p->shape, true)) && value &&
      fill_value(a, value) < 0) {
    kr_decref(&a->h);
    a = NULL;
  }
  kr_decref(&p->h);
  return (KrObj *)a;
}
KrObj *kr_np_zeros_like(KrObj *a, KrObj *dtype) { return like(a, NULL, dtype); }
KrObj *kr_np_ones_like(KrObj *a, KrObj *dtype) {
  KrObj *one = kr_int_box(1);
  KrObj *r = like(a, one, dtype);
  kr_decref(one);
  return r;
}
KrObj *kr_np_full_like(KrObj *a, KrObj *value, KrObj *dtype) { return like(a, value, dtype); }

static bool is_num(KrObj *o) {
  return o->type == &kr_int_type || o->type == &kr_float_type || o->type == &kr_bool_type ||
         (kr_is_array(o) && arr(o)->ndim == 0);
}
static double num_f64(KrObj *o) {
  if (o->type == &kr_float_type)
    return ((KrFloat *)o)->v;
  if (o->type == &kr_bool_type)
    return o == kr_True;
  if (o->type == &kr_int_type)
    return (double)((KrInt *)o)->v;
  return kr_dt_load_f64((KrDtype)arr(o)->dtype, arr(o)->data);
}

KrObj *kr_np_arange(KrObj *start, KrObj *stop, KrObj *step, KrObj *dtype) {
  if (stop == kr_None) { /* arange(n) */
    stop = start;
    start = NULL;
  }
  KrObj *parts[3] = {start, stop, step == kr_None ? NULL : step};
  KrDtype dt = KR_DT_INT64;
  for (int i = 0; i < 3; i++)
    if (parts[i]) {
      if (!is_num(parts[i]))
        return kr_raise(&kr_TypeError_type, "unsupported operand type for arange(): '%s'", parts[i]->type->name);
      KrDtype v = value_dtype(parts[i]);
      dt = i == 0 && !start ? v : kr_dtype_promote(dt, v == KR_DT_BOOL ? KR_DT_INT64 : v);
    }
  if (dtype_arg(dtype, dt, &dt) < 0)
    return NULL;
  double a = start ? num_f64(start) : 0, b = num_f64(stop), s = parts[2] ? num_f64(parts[2]) : 1;
  if (s == 0)
    return kr_raise(&kr_ZeroDivisionError_type, "division by zero");
  double len = ceil((b - a) / s);
  int64_t n = len > 0 ? (int64_t)len : 0;
  KrArray *r = kr_array_new(dt, 1, &n, false);
  if (!r)
    return NULL;
  bool ints = category_int(dt);
  int64_t ia = start ? (int64_t)a : 0, is = (int64_t)s;
  for (int64_t i = 0; i < n; i++) {
    char *p = r->data + i * kr_dtype_size[dt];
    if (ints)
      kr_dt_store_i64(dt, p, ia + i * is);
    else
      kr_dt_store_f64(dt, p, a + (double)i * s);
  }
  return (KrObj *)r;
}

KrObj *kr_np_linspace(KrObj *start, KrObj *stop, int64_t num, bool endpoint, KrObj *dtype) {
  if (num < 0)
    return kr_raise(&kr_ValueError_type, "Number of samples, %lld, must be non-negative.", (long long)num);
  KrDtype dt;
  if (dtype_arg(dtype, KR_DT_FLOAT64, &dt) < 0)
    return NULL;
  double a = num_f64(start), b = num_f64(stop);
  int64_t div = endpoint ? num - 1 : num;
  double step = div > 0 ? (b - a) / (double)div : 0;
  KrArray *r = kr_array_new(dt, 1, &num, false);
  if (!r)
    return NULL;
  for (int64_t i = 0; i < num; i++) {
    double v = div > 0 ? a + (double)i * step : a;
    if (endpoint && num > 1 && i == num - 1)
      v = b;
    kr_dt_store_f64(dt, r->data + i * kr_dtype_size[dt], v);
  }
  return (KrObj *)r;
}

KrObj *kr_np_eye(int64_t n, KrObj *m, int64_t k, KrObj *dtype) {
  KrDtype dt;
  if (dtype_arg(dtype, KR_DT_FLOAT64, &dt) < 0)
    return NULL;
  int64_t sh[2] = {n, m == kr_None ? n : num_f64(m) >= 0 ? (int64_t)num_f64(m) : -1};
  KrArray *r = kr_array_new(dt, 2, sh, true);
  if (!r)
    return NULL;
  for (int64_t i = 0; i < sh[0]; i++)
    if (i + k >= 0 && i + k < sh[1])
      kr_dt_store_i64(dt, r->data + i * r->strides[0] + (i + k) * r->strides[1], 1);
  return (KrObj *)r;
}

KrObj *kr_np_frombuffer(KrObj *buf, KrObj *dtype, int64_t count, int64_t offset) {
  KrDtype dt;
  if (dtype_arg(dtype, KR_DT_FLOAT64, &dt) < 0)
    return NULL;
  int64_t len = kr_bytes_len(buf), item = kr_dtype_size[dt];
  if (offset < 0 || offset > len)
    return kr_raise(&kr_ValueError_type, "offset must be non-negative and no greater than buffer length (%lld)",
                    (long long)len);
  int64_t avail = len - offset;
  if (count < 0) {
    if (avail % item)
      return kr_raise(&kr_ValueError_type, "buffer size must be a multiple of element size");
    count = avail / item;
  } else if (count > avail / item) {
    return kr_raise(&kr_ValueError_type, "buffer is smaller than requested size");
  }
  int64_t shape[1] = {count}, strides[1] = {item};
  return (KrObj *)kr_array_over(buf, dt, (char *)kr_bytes_data(buf) + offset, 1, shape, strides);
}

KrObj *kr_np_scalar(int dt, KrObj *v) {
  if (kr_is_array(v) && arr(v)->ndim > 0) { /* np.float32(array): astype */
    KrArray *r = nd_copy(arr(v), (KrDtype)dt);
    return (KrObj *)r;
  }
  if (v->type == &kr_str_type) {
    double d = kr_str_to_float(v);
    if (kr_failed())
      return NULL;
    return (KrObj *)kr_array_scalar_f64((KrDtype)dt, d);
  }
  if (!is_num(v))
    return kr_raise(&kr_TypeError_type, "float() argument must be a string or a real number, not '%s'",
                    v->type->name);
  KrArray *r = kr_array_new((KrDtype)dt, 0, NULL, false);
  if (!r)
    return NULL;
  if (v->type == &kr_int_type && category_int((KrDtype)dt))
    kr_dt_store_i64((KrDtype)dt, r->data, ((KrInt *)v)->v);
  else if (kr_is_array(v)) {
    KrArray *c = nd_copy(arr(v), (KrDtype)dt);
    if (!c) {
      kr_decref(&r->h);
      return NULL;
    }
    memcpy(r->data, c->data, kr_dtype_size[dt]);
    kr_decref(&c->h);
  } else
    kr_dt_store_f64((KrDtype)dt, r->data, num_f64(v));
  r->flags |= KR_ARR_SCALAR;
  return (KrObj *)r;
}

/* np.array(nested lists): find the shape and the dtype, then fill. */
static int probe(KrObj *o, int depth, int64_t *shape, int *ndim, KrDtype *dt, bool *first) {
  if (o->type == &kr_list_type || o->type == &kr_tuple_type) {
    int64_t n = kr_obj_len(o);
    if (*first || depth >= *ndim) {
      if (!*first && depth >= *ndim)
        goto ragged;
      if (depth >= KR_MAXDIMS) {
        kr_raise(&kr_ValueError_type, "setting an array element with a sequence.");
        return -1;
      }
      shape[depth] = n;
      *ndim = depth + 1;
    } else if (shape[depth] != n)
      goto ragged;
    if (n == 0)
      *first = false;
    for (int64_t i = 0; i < n; i++) {
      KrObj *it = seq_item(o, i);
      if (!it)
        return -1;
      int rc = probe(it, depth + 1, shape, ndim, dt, first);
      kr_decref(it);
      if (rc < 0)
        return -1;
    }
    return 0;
  }
  if (kr_is_array(o)) {
    KrArray *a = arr(o);
    if (*first) {
      for (int i = 0; i < a->ndim; i++)
        shape[depth + i] = a->shape[i];
      *ndim = depth + a->ndim;
      *first = false;
    } else if (*ndim != depth + a->ndim)
      goto ragged;
    else
      for (int i = 0; i < a->ndim; i++)
        if (shape[depth + i] != a->shape[i])
          goto ragged;
    *dt = *dt == KR_NDTYPES ? (KrDtype)a->dtype : kr_dtype_promote(*dt, (KrDtype)a->dtype);
    return 0;
  }
  if (!is_num(o)) {
    kr_raise(&kr_TypeError_type, "kiln: np.array() of a '%s' item is not supported", o->type->name);
    return -1;
  }
  if (*first) {
    *ndim = depth;
    *first = false;
  } else if (depth != *ndim)
    goto ragged;
  {
    KrDtype v = value_dtype(o);
    *dt = *dt == KR_NDTYPES ? v : kr_dtype_promote(*dt, v);
  }
  return 0;
ragged:
  kr_raise(&kr_ValueError_type, "setting an array element with a sequence. The requested array has an "
                                "inhomogeneous shape after %d dimensions. The detected shape was ... ",
           depth);
  return -1;
}

static int fill(KrArray *r, KrObj *o, char **p) {
  if (o->type == &kr_list_type || o->type == &kr_tuple_type) {
    int64_t n = kr_obj_len(o);
    for (int64_t i = 0; i < n; i++) {
      KrObj *it = seq_item(o, i);
      if (!it)
        return -1;
      int rc = fill(r, it, p);
      kr_decref(it);
      if (rc < 0)
        return -1;
    }
    return 0;
  }
  KrDtype dt = (KrDtype)r->dtype;
  if (kr_is_array(o)) {
    KrArray *c = nd_copy(arr(o), dt);
    if (!c)
      return -1;
    memcpy(*p, c->data, (size_t)(c->size * kr_dtype_size[dt]));
    *p += c->size * kr_dtype_size[dt];
    kr_decref(&c->h);
    return 0;
  }
  if (o->type == &kr_int_type && category_int(dt))
    kr_dt_store_i64(dt, *p, ((KrInt *)o)->v);
  else
    kr_dt_store_f64(dt, *p, num_f64(o));
  *p += kr_dtype_size[dt];
  return 0;
}

KrArray *kr_np_asarray(KrObj *o, KrDtype want) {
  if (kr_is_array(o)) {
    if (want == KR_NDTYPES || want == arr(o)->dtype) {
      kr_incref(o);
      return arr(o);
    }
    return nd_copy(arr(o), want);
  }
  int64_t shape[KR_MAXDIMS];
  int ndim = 0;
  KrDtype dt = KR_NDTYPES;
  bool first = true;
  if (probe(o, 0, shape, &ndim, &dt, &first) < 0)
    return NULL;
  if (dt == KR_NDTYPES)
    dt = KR_DT_FLOAT64; /* np.array([]) */
  if (want != KR_NDTYPES)
    dt = want;
  KrArray *r = kr_array_new(dt, ndim, shape, false);
  char *p = r ? r->data : NULL;
  if (r && fill(r, o, &p) < 0) {
    kr_decref(&r->h);
    return NULL;
  }
  return r;
}

KrObj *kr_np_array(KrObj *o, KrObj *dtype) {
  KrDtype dt;
  if (dtype_arg(dtype, KR_NDTYPES, &dt) < 0)
    return NULL;
  if (kr_is_array(o)) { /* np.array copies */
    KrArray *r = nd_copy(arr(o), dt == KR_NDTYPES ? (KrDtype)arr(o)->dtype : dt);
    return (KrObj *)r;
  }
  return (KrObj *)kr_np_asarray(o, dt);
}

/* ------------------------------------------------------------ shape */

static KrObj *view_of(KrArray *a, int nd, const int64_t *shape, const int64_t *strides, char *data) {
  return (KrObj *)kr_array_view(a, (KrDtype)a->dtype, data, nd, shape, strides);
}

/* numpy's _attempt_nocopy: strides for viewing a (not contiguous, size >
 * 0) with shape sh, when each run of new axes spans old axes that merge
 * (stride[k] == shape[k+1] * stride[k+1]); false when a copy is needed. */
static bool reshape_nocopy(const KrArray *a, int nd, const int64_t *sh, int64_t *st) {
  int64_t od[KR_MAXDIMS], os[KR_MAXDIMS];
  int on = 0;
  for (int i = 0; i < a->ndim; i++)
    if (a->shape[i] != 1)
      od[on] = a->shape[i], os[on++] = a->strides[i];
  int oi = 0, oj = 1, ni = 0, nj = 1;
  while (ni < nd && oi < on) {
    int64_t np = sh[ni], op = od[oi];
    while (np != op) {
      if (np < op)
        np *= sh[nj++];
      else
        op *= od[oj++];
    }
    for (int k = oi; k < oj - 1; k++)
      if (os[k] != od[k + 1] * os[k + 1])
        return false;
    st[nj - 1] = os[oj - 1];
    for (int k = nj - 1; k > ni; k--)
      st[k - 1] = st[k] * sh[k];
    ni = nj++;
    oi = oj++;
  }
  int64_t last = ni >= 1 ? st[ni - 1] : kr_dtype_size[a->dtype];
  for (int k = ni; k < nd; k++)
    st[k] = last;
  return true;
}

KrObj *kr_np_reshape(KrObj *o, KrObj *shape) {
  KrArray *a = arr(o);
  int64_t sh[KR_MAXDIMS];
  int nd = nd_shape_arg(shape, sh);
  if (nd < 0)
    return NULL;
  int unknown = -1;
  int64_t known = 1;
  for (int i = 0; i < nd; i++) {
    if (sh[i] == -1) {
      if (unknown >= 0)
        return kr_raise(&kr_ValueError_type, "can only specify one unknown dimension");
      unknown = i;
    } else if (sh[i] < 0)
      return kr_raise(&kr_ValueError_type, "negative dimensions not allowed");
    else
      known *= sh[i];
  }
  if (unknown >= 0) {
    if (known == 0 || a->size % known)
      goto bad;
    sh[unknown] = a->size / known;
  } else if (known != a->size)
    goto bad;
  if (kr_array_is_contiguous(a)) {
    int64_t st[KR_MAXDIMS], s = kr_dtype_size[a->dtype];
    for (int i = nd; --i >= 0;) {
      st[i] = s;
      s *= sh[i] ? sh[i] : 1;
    }
    return view_of(a, nd, sh, st, a->data);
  }
  {
    int64_t st[KR_MAXDIMS];
    if (a->size > 0 && reshape_nocopy(a, nd, sh, st))
      return view_of(a, nd, sh, st, a->data);
    KrArray *c = nd_copy(a, (KrDtype)a->dtype);
    if (!c)
      return NULL;
    KrObj *r = kr_np_reshape(&c->h, shape);
    kr_decref(&c->h);
    return r;
  }
bad: {
  /* numpy's convert_shape_to_string: the shape as asked, leading -1s
   * dropped, later ones written "newaxis"; "(5,)" only for one item */
  char s1[512];
  int i = 0, n = 0;
  while (i < nd && sh[i] < 0)
    i++;
  if (i == nd)
    snprintf(s1, sizeof s1, "()");
  else {
    n = snprintf(s1, sizeof s1, "(%lld", (long long)sh[i]);
    for (int k = i + 1; k < nd && n < (int)sizeof s1 - 32; k++)
      n += sh[k] < 0 ? snprintf(s1 + n, sizeof s1 - (size_t)n, ",newaxis")
                     : snprintf(s1 + n, sizeof s1 - (size_t)n, ",%lld", (long long)sh[k]);
    snprintf(s1 + n, sizeof s1 - (size_t)n, nd == 1 ? ",)" : ")");
  }
  return kr_raise(&kr_ValueError_type, "cannot reshape array of size %lld into shape %s", (long long)a->size, s1);
}
}

static KrObj *permuted(KrArray *a, const int *perm) {
  int64_t sh[KR_MAXDIMS], st[KR_MAXDIMS];
  for (int i = 0; i < a->ndim; i++) {
    sh[i] = a->shape[perm[i]];
    st[i] = a->strides[perm[i]];
  }
  return view_of(a, a->ndim, sh, st, a->data);
}

KrObj *kr_np_transpose(KrObj *o, KrObj *axes) {
  KrArray *a = arr(o);
  int perm[KR_MAXDIMS];
  if (axes == kr_None) {
    for (int i = 0; i < a->ndim; i++)
      perm[i] = a->ndim - 1 - i;
  } else {
    int64_t ax[KR_MAXDIMS];
    int n = nd_shape_arg(axes, ax);
    if (n < 0)
      return NULL;
    if (n != a->ndim)
      return kr_raise(&kr_ValueError_type, "axes don't match array");
    bool seen[KR_MAXDIMS] = {0};
    for (int i = 0; i < n; i++) {
      int x = nd_axis(ax[i], a->ndim);
      if (x < 0)
        return NULL;
      if (seen[x])
        return kr_raise(&kr_ValueError_type, "repeated axis in transpose");
      seen[x] = true;
      perm[i] = x;
    }
  }
  return permuted(a, perm);
}

KrObj *kr_np_T(KrObj *a) { return kr_np_transpose(a, kr_None); }

KrObj *kr_np_swapaxes(KrObj *o, int64_t x, int64_t y) {
  KrArray *a = arr(o);
  int64_t xy[2] = {x, y};
  for (int k = 0; k < 2; k++)
    if (xy[k] < -a->ndim || xy[k] >= a->ndim)
      return kr_raise(&kr_AxisError_type, "axis%d: axis %lld is out of bounds for array of dimension %d", k + 1,
                      (long long)xy[k], a->ndim);
  int i = nd_axis(x, a->ndim), j = nd_axis(y, a->ndim);
  int perm[KR_MAXDIMS];
  for (int k = 0; k < a->ndim; k++)
    perm[k] = k;
  perm[i] = j, perm[j] = i;
  return permuted(a, perm);
}

KrObj *kr_np_expand_dims(KrObj *o, int64_t axis) {
  KrArray *a = arr(o);
  int ax = nd_axis(axis, a->ndim + 1);
  if (ax < 0)
    return NULL;
  int64_t sh[KR_MAXDIMS], st[KR_MAXDIMS];
  for (int i = 0, j = 0; i < a->ndim + 1; i++) {
    if (i == ax) {
      sh[i] = 1;
      st[i] = 0;
    } else {
      sh[i] = a->shape[j];
      st[i] = a->strides[j++];
    }
  }
  return view_of(a, a->ndim + 1, sh, st, a->data);
}

KrObj *kr_np_squeeze(KrObj *o, KrObj *axis) {
  KrArray *a = arr(o);
  bool drop[KR_MAXDIMS] = {0};
  if (axis == kr_None) {
    for (int i = 0; i < a->ndim; i++)
      drop[i] = a->shape[i] == 1;
  } else {
    int64_t ax[KR_MAXDIMS];
    int n = nd_shape_arg(axis, ax);
    if (n < 0)
      return NULL;
    for (int i = 0; i < n; i++) {
      int x = nd_axis(ax[i], a->ndim);
      if (x < 0)
        return NULL;
      if (a->shape[x] != 1)
        return kr_raise(&kr_ValueError_type, "cannot select an axis to squeeze out which has size not equal to one");
      drop[x] = true;
    }
  }
  int64_t sh[KR_MAXDIMS], st[KR_MAXDIMS];
  int nd = 0;
  for (int i = 0; i < a->ndim; i++)
    if (!drop[i]) {
      sh[nd] = a->shape[i];
      st[nd++] = a->strides[i];
    }
  return view_of(a, nd, sh, st, a->data);
}

KrObj *kr_np_ravel(KrObj *o) {
  KrObj *m1 = kr_int_box(-1);
  KrObj *r = kr_np_reshape(o, m1);
  kr_decref(m1);
  return r;
}

KrObj *kr_np_flatten(KrObj *o) {
  KrArray *c = nd_copy(arr(o), (KrDtype)arr(o)->dtype);
  if (!c)
    return NULL;
  KrObj *r = kr_np_ravel(&c->h);
  kr_decref(&c->h);
  return r;
}

KrObj *kr_np_astype(KrObj *o, KrObj *dtype) {
  KrDtype dt;
  if (dtype_arg(dtype, KR_DT_FLOAT64, &dt) < 0)
    return NULL;
  return (KrObj *)nd_copy(arr(o), dt);
}

KrObj *kr_np_copy(KrObj *o) {
  KrArray *a = as_array(o);
  if (!a)
    return NULL;
  KrArray *r = nd_copy(a, (KrDtype)a->dtype);
  kr_decref(&a->h);
  return (KrObj *)r;
}

/* concatenate/stack: the arrays of a list or tuple, as arrays. */
static int array_list(KrObj *seq, KrArray ***out, const char *what) {
  if (seq->type != &kr_list_type && seq->type != &kr_tuple_type) {
    kr_raise(&kr_TypeError_type, "expected a list or tuple of arrays");
    return -1;
  }
  int64_t n = kr_obj_len(seq);
  if (n == 0) {
    kr_raise(&kr_ValueError_type, "need at least one array to %s", what);
    return -1;
  }
  KrArray **v = kr_alloc((size_t)n * sizeof *v);
  if (!v)
    return -1;
  for (int64_t i = 0; i < n; i++) {
    KrObj *it = seq_item(seq, i);
    v[i] = it ? as_array(it) : NULL;
    if (it)
      kr_decref(it);
    if (!v[i]) {
      while (--i >= 0)
        kr_decref(&v[i]->h);
      kr_free(v);
      return -1;
    }
  }
  *out = v;
  return (int)n;
}

static void free_list(KrArray **v, int n) {
  for (int i = 0; i < n; i++)
    kr_decref(&v[i]->h);
  kr_free(v);
}

static KrObj *concat(KrArray **v, int n, int64_t axis) {
  int nd = v[0]->ndim;
  if (nd == 0)
    return kr_raise(&kr_ValueError_type, "zero-dimensional arrays cannot be concatenated");
  int ax = nd_axis(axis, nd);
  if (ax < 0)
    return NULL;
  KrDtype dt = (KrDtype)v[0]->dtype;
  int64_t sh[KR_MAXDIMS];
  memcpy(sh, v[0]->shape, (size_t)nd * sizeof *sh);
  sh[ax] = 0;
  for (int i = 0; i < n; i++) {
    if (v[i]->ndim != nd)
      return kr_raise(&kr_ValueError_type,
                      "all the input arrays must have same number of dimensions, but the array at index 0 has %d "
                      "dimension(s) and the array at index %d has %d dimension(s)",
                      nd, i, v[i]->ndim);
    for (int d = 0; d < nd; d++)
      if (d != ax && v[i]->shape[d] != v[0]->shape[d])
        return kr_raise(&kr_ValueError_type,
                        "all the input array dimensions except for the concatenation axis must match exactly, but "
                        "along dimension %d, the array at index 0 has size %lld and the array at index %d has size "
                        "%lld",
                        d, (long long)v[0]->shape[d], i, (long long)v[i]->shape[d]);
    sh[ax] += v[i]->shape[ax];
    dt = i ? kr_dtype_promote(dt, (KrDtype)v[i]->dtype) : dt;
  }
  KrArray *r = kr_array_new(dt, nd, sh, false);
  if (!r)
    return NULL;
  int64_t off = 0;
  for (int i = 0; i < n; i++) {
    KrArray *dst = kr_array_view(r, dt, r->data + off * r->strides[ax], nd, v[i]->shape, r->strides);
    if (!dst) {
      kr_decref(&r->h);
      return NULL;
    }
    KrArray *src = nd_copy(v[i], dt); /* simple and correct; a direct strided copy would save a pass */
    if (!src) {
      kr_decref(&dst->h), kr_decref(&r->h);
      return NULL;
    }
    KrArray *ops[2] = {dst, src};
    NdIter it;
    nd_iter_init(&it, nd, v[i]->shape, 2, ops);
    int64_t sz = kr_dtype_size[dt];
    while (nd_iter_next(&it))
      for (int64_t k = 0; k < it.inner; k++)
        memcpy(it.ptr[0] + k * it.istride[0], it.ptr[1] + k * it.istride[1], (size_t)sz);
    kr_decref(&src->h), kr_decref(&dst->h);
    off += v[i]->shape[ax];
  }
  return (KrObj *)r;
}

KrObj *kr_np_concatenate(KrObj *arrays, int64_t axis) {
  KrArray **v;
  int n = array_list(arrays, &v, "concatenate");
  if (n < 0)
    return NULL;
  KrObj *r = concat(v, n, axis);
  free_list(v, n);
  return r;
}

/* np.vstack(tup): the arrays made at least 2-d ((n,) is (1, n)), joined
 * along axis 0; np.hstack(tup): made at least 1-d, joined along axis 0 when
 * the first is 1-d, else along axis 1. */
static KrObj *stack_along(KrObj *arrays, bool vertical) {
  KrArray **v;
  int n = array_list(arrays, &v, "concatenate");
  if (n < 0)
    return NULL;
  int want = vertical ? 2 : 1;
  bool ok = true;
  for (int i = 0; i < n && ok; i++) {
    KrArray *a = v[i];
    if (a->ndim >= want)
      continue;
    int64_t sh[2] = {1, 1}, st[2] = {0, 0};
    if (a->ndim == 1) {
      sh[want - 1] = a->shape[0];
      st[want - 1] = a->strides[0];
    }
    KrArray *e = kr_array_view(a, (KrDtype)a->dtype, a->data, want, sh, st);
    if (!e)
      ok = false;
    else {
      kr_decref(&a->h);
      v[i] = e;
    }
  }
  KrObj *r = ok ? concat(v, n, vertical || v[0]->ndim == 1 ? 0 : 1) : NULL;
  free_list(v, n);
  return r;
}

KrObj *kr_np_vstack(KrObj *arrays) { return stack_along(arrays, true); }
KrObj *kr_np_hstack(KrObj *arrays) { return stack_along(arrays, false); }

KrObj *kr_np_stack(KrObj *arrays, int64_t axis) {
  KrArray **v;
  int n = array_list(arrays, &v, "stack");
  if (n < 0)
    return NULL;
  KrObj *r = NULL;
  int ax = nd_axis(axis, v[0]->ndim + 1);
  for (int i = 1; i < n && ax >= 0; i++)
    if (v[i]->ndim != v[0]->ndim || memcmp(v[i]->shape, v[0]->shape, (size_t)v[0]->ndim * sizeof(int64_t))) {
      kr_raise(&kr_ValueError_type, "all input arrays must have the same shape");
      ax = -1;
    }
  if (ax >= 0) {
    for (int i = 0; i < n; i++) {
      KrArray *e = arr(kr_np_expand_dims(&v[i]->h, ax));
      if (!e) {
        ax = -1;
        break;
      }
      kr_decref(&v[i]->h);
      v[i] = e;
    }
    if (ax >= 0)
      r = concat(v, n, ax);
  }
  free_list(v, n);
  return r;
}

/* ------------------------------------------------------------ to Python */

static KrObj *item_box(KrDtype dt, const char *p) {
  switch (kr_dtype_kind[dt]) {
  case 'b': return kr_bool_box(*(const uint8_t *)p != 0);
  case 'f': return kr_float_box(kr_dt_load_f64(dt, p));
  default: return kr_int_box(kr_dt_load_i64(dt, p));
  }
}

static KrObj *tolist_at(KrArray *a, int d, const char *p) {
  KrDtype dt = (KrDtype)a->dtype;
  if (d == a->ndim)
    return item_box(dt, p);
  bool leaf = d == a->ndim - 1;
  ValKind k = !leaf ? KR_OBJ : kr_dtype_kind[dt] == 'f' ? KR_FLOAT : kr_dtype_kind[dt] == 'b' ? KR_BOOL : KR_INT;
  KrObj *l = kr_list_new(k, a->shape[d]);
  if (!l)
    return NULL;
  for (int64_t i = 0; i < a->shape[d]; i++, p += a->strides[d]) {
    KrVal v;
    if (!leaf) {
      v.o = tolist_at(a, d + 1, p);
      if (!v.o) {
        kr_decref(l);
        return NULL;
      }
    } else if (k == KR_FLOAT)
      v.f = kr_dt_load_f64(dt, p);
    else if (k == KR_BOOL)
      v.b = *(const uint8_t *)p != 0;
    else
      v.i = kr_dt_load_i64(dt, p);
    KR_LIST(l)->items[KR_LIST(l)->len++] = v;
  }
  return l;
}

KrObj *kr_np_tolist(KrObj *o) { return tolist_at(arr(o), 0, arr(o)->data); }

KrObj *kr_np_item(KrObj *o) {
  KrArray *a = arr(o);
  if (a->size != 1)
    return kr_raise(&kr_ValueError_type, "can only convert an array of size 1 to a Python scalar");
  /* the one item: the first along every dimension */
  return item_box((KrDtype)a->dtype, a->data);
}

double kr_np_float(KrObj *o) {
  KrArray *a = arr(o);
  if (a->size != 1) {
    kr_raise(&kr_TypeError_type, "only size-1 arrays can be converted to Python scalars");
    return 0;
  }
  return kr_dt_load_f64((KrDtype)a->dtype, a->data);
}

int64_t kr_np_int(KrObj *o) {
  KrArray *a = arr(o);
  if (a->size != 1) {
    kr_raise(&kr_TypeError_type, "only size-1 arrays can be converted to Python scalars");
    return 0;
  }
  if (kr_dtype_kind[a->dtype] == 'f') {
    double v = kr_dt_load_f64((KrDtype)a->dtype, a->data);
    if (isnan(v)) {
      kr_raise(&kr_ValueError_type, "cannot convert float NaN to integer");
      return 0;
    }
    if (isinf(v)) {
      kr_raise(&kr_OverflowError_type, "cannot convert float infinity to integer");
      return 0;
    }
    if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0)) {
      kr_raise(&kr_OverflowError_type, "int too large to convert");
      return 0;
    }
    return (int64_t)v;
  }
  return kr_dt_load_i64((KrDtype)a->dtype, a->data);
}

KrObj *kr_np_shape(KrObj *o) {
  KrArray *a = arr(o);
  KrObj *t = kr_tuple_new(a->ndim, NULL);
  if (!t)
    return NULL;
  for (int i = 0; i < a->ndim; i++) {
    ((KrTuple *)t)->kinds[i] = KR_INT;
    ((KrTuple *)t)->items[i].i = a->shape[i];
  }
  return t;
}

int64_t kr_np_ndim(KrObj *o) { return arr(o)->ndim; }
int64_t kr_np_size(KrObj *o) { return arr(o)->size; }
KrObj *kr_np_dtype_of(KrObj *o) { return kr_np_dtype(arr(o)->dtype, false); }

/* ------------------------------------------------------------ indexing */

static KrObj *ellipsis_repr(KrObj *o) {
  (void)o;
  return kr_str_from_cstr("Ellipsis");
}
static const KrType ellipsis_type = {.name = "ellipsis", .repr = ellipsis_repr};
KrObj kr_Ellipsis_obj = {-1, &ellipsis_type};

/* One component of an index, classified. */
typedef struct Idx {
  enum { IX_INT, IX_SLICE, IX_NEW, IX_ELLIPSIS, IX_ARRAY } kind;
  int64_t i;
  KrSlice *slice;
  KrArray *arr; /* IX_ARRAY: an int64 index array (bool masks become these) */
} Idx;

static int classify(KrObj *o, Idx *ix) {
  if (o->type == &kr_int_type || o->type == &kr_bool_type) {
    if (o->type == &kr_bool_type) { /* a[True]: a new axis of 1 (or 0); rare, refused */
      kr_raise(&kr_IndexError_type, "kiln: indexing with a Python bool is not supported");
      return -1;
    }
    ix->kind = IX_INT;
    ix->i = ((KrInt *)o)->v;
  } else if (o->type == &kr_slice_type) {
    ix->kind = IX_SLICE;
    ix->slice = (KrSlice *)o;
  } else if (o == kr_None)
    ix->kind = IX_NEW;
  else if (o == kr_Ellipsis)
    ix->kind = IX_ELLIPSIS;
  else if (kr_is_array(o) || o->type == &kr_list_type) {
    KrArray *a = as_array(o);
    if (!a)
      return -1;
    if (a->ndim == 0 && category_int((KrDtype)a->dtype)) { /* a[np.int64(1)] */
      ix->kind = IX_INT;
      ix->i = kr_dt_load_i64((KrDtype)a->dtype, a->data);
      kr_decref(&a->h);
      return 0;
    }
    if (!category_int((KrDtype)a->dtype) && a->dtype != KR_DT_BOOL && a->size > 0) {
      kr_decref(&a->h);
      kr_raise(&kr_IndexError_type, "arrays used as indices must be of integer (or boolean) type");
      return -1;
    }
    ix->kind = IX_ARRAY;
    ix->arr = a; /* bool masks are expanded by the caller */
  } else {
    kr_raise(&kr_IndexError_type, "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                                  "integer or boolean arrays are valid indices");
    return -1;
  }
  return 0;
}

/* The nonzero positions of a bool mask: ndim int64 arrays (np.nonzero). */
static int nonzero(KrArray *m, KrArray **out) {
  int64_t count = 0;
  KrArray *c = nd_as(m, KR_DT_BOOL);
  if (!c)
    return -1;
  for (int64_t i = 0; i < c->size; i++)
    count += c->data[i] != 0;
  for (int d = 0; d < c->ndim; d++) {
    out[d] = kr_array_new(KR_DT_INT64, 1, &count, false);
    if (!out[d]) {
      while (--d >= 0)
        kr_decref(&out[d]->h);
      kr_decref(&c->h);
      return -1;
    }
  }
  int64_t k = 0, pos[KR_MAXDIMS] = {0};
  for (int64_t i = 0; i < c->size; i++) {
    if (c->data[i]) {
      for (int d = 0; d < c->ndim; d++)
        ((int64_t *)out[d]->data)[k] = pos[d];
      k++;
    }
    for (int d = c->ndim; --d >= 0;) {
      if (++pos[d] < c->shape[d])
        break;
      pos[d] = 0;
    }
  }
  kr_decref(&c->h);
  return c->ndim;
}

/* A parsed index applied to a: the basic part as a view, the advanced
 * part (integer arrays) as per-output offsets. */
typedef struct Plan {
  KrArray *view;         /* the basic indexing of a (advanced axes kept whole) */
  bool scalar;           /* every dimension taken by an int: the result is one item */
  int nadv;              /* integer index arrays */
  KrArray *adv[KR_MAXDIMS];
  int adv_axis[KR_MAXDIMS]; /* the view's axis each indexes */
  bool adjacent;         /* the advanced axes are next to each other (numpy then keeps their place) */
} Plan;

static void plan_free(Plan *p) {
  if (p->view)
    kr_decref(&p->view->h);
  for (int i = 0; i < p->nadv; i++)
    kr_decref(&p->adv[i]->h);
}

static int plan_index(KrArray *a, KrObj *index, Plan *p) {
  memset(p, 0, sizeof *p);
  Idx ix[KR_MAXDIMS * 2];
  int n = 0;
  if (index->type == &kr_tuple_type) {
    int64_t len = kr_obj_len(index);
    if (len > KR_MAXDIMS * 2)
      return kr_raise(&kr_IndexError_type, "too many indices for array"), -1;
    for (int64_t i = 0; i < len; i++) {
      KrObj *it = seq_item(index, i);
      int rc = it ? classify(it, &ix[n]) : -1;
      if (it)
        kr_decref(it);
      if (rc < 0)
        goto fail;
      n++;
    }
  } else {
    if (classify(index, &ix[0]) < 0)
      return -1;
    n = 1;
  }
  /* expand bool masks into one index array per dimension they cover, each
   * dimension the mask's extent (the dimensions an index entry starts at:
   * counted from the front, from the back after an ellipsis) */
  int used = 0, ell = -1;
  for (int i = 0; i < n; i++) {
    if (ix[i].kind == IX_ELLIPSIS && ell < 0)
      ell = i;
    else if (ix[i].kind != IX_NEW && ix[i].kind != IX_ELLIPSIS)
      used += ix[i].kind == IX_ARRAY && ix[i].arr->dtype == KR_DT_BOOL ? ix[i].arr->ndim : 1;
  }
  for (int i = 0, at = 0; i < n; i++) {
    if (i == ell)
      at += a->ndim - used > 0 ? a->ndim - used : 0;
    if (ix[i].kind == IX_NEW || ix[i].kind == IX_ELLIPSIS)
      continue;
    if (ix[i].kind == IX_ARRAY && ix[i].arr->dtype == KR_DT_BOOL) {
      for (int j = 0; j < ix[i].arr->ndim && at + j < a->ndim; j++)
        if (ix[i].arr->shape[j] != a->shape[at + j]) {
          kr_raise(&kr_IndexError_type,
                   "boolean index did not match indexed array along dimension %d; dimension is %lld but "
                   "corresponding boolean dimension is %lld",
                   at + j, (long long)a->shape[at + j], (long long)ix[i].arr->shape[j]);
          goto fail;
        }
      at += ix[i].arr->ndim;
    } else
      at++;
  }
  Idx ex[KR_MAXDIMS * 2];
  int m = 0;
  for (int i = 0; i < n; i++) {
    if (ix[i].kind == IX_ARRAY && ix[i].arr->dtype == KR_DT_BOOL) {
      KrArray *parts[KR_MAXDIMS];
      int k = nonzero(ix[i].arr, parts);
      kr_decref(&ix[i].arr->h);
      ix[i].kind = IX_INT;
      if (k < 0)
        goto fail;
      for (int j = 0; j < k; j++)
        ex[m++] = (Idx){.kind = IX_ARRAY, .arr = parts[j]};
    } else
      ex[m++] = ix[i];
  }
  n = 0;
  int consumed = 0, ellipsis = -1;
  for (int i = 0; i < m; i++) {
    if (ex[i].kind == IX_ELLIPSIS) {
      if (ellipsis >= 0) {
        kr_raise(&kr_IndexError_type, "an index can only have a single ellipsis ('...')");
        goto fail2;
      }
      ellipsis = i;
    } else if (ex[i].kind != IX_NEW)
      consumed++;
  }
  if (consumed > a->ndim) {
    kr_raise(&kr_IndexError_type, "too many indices for array: array is %d-dimensional, but %d were indexed",
             a->ndim, consumed);
    goto fail2;
  }
  {
    int64_t sh[KR_MAXDIMS], st[KR_MAXDIMS];
    int nd = 0, src = 0;
    char *data = a->data;
    int last_adv = -2;
    p->adjacent = true;
    for (int i = 0; i < m; i++) {
      Idx *x = &ex[i];
      if (nd >= KR_MAXDIMS && (x->kind == IX_NEW || x->kind == IX_SLICE || x->kind == IX_ARRAY)) {
        kr_raise(&kr_IndexError_type, "too many dimensions");
        goto fail2;
      }
      switch (x->kind) {
      case IX_ELLIPSIS:
        for (int k = 0; k < a->ndim - consumed; k++, src++) {
          sh[nd] = a->shape[src];
          st[nd++] = a->strides[src];
        }
        break;
      case IX_NEW:
        sh[nd] = 1;
        st[nd++] = 0;
        break;
      case IX_INT: {
        int64_t i2 = x->i < 0 ? x->i + a->shape[src] : x->i;
        if (i2 < 0 || i2 >= a->shape[src]) {
          kr_raise(&kr_IndexError_type, "index %lld is out of bounds for axis %d with size %lld", (long long)x->i,
                   src, (long long)a->shape[src]);
          goto fail2;
        }
        data += i2 * a->strides[src];
        src++;
        break;
      }
      case IX_SLICE: {
        int64_t start = x->slice->start, stop = x->slice->stop, step = x->slice->step;
        int64_t len = kr_slice_adjust(a->shape[src], &start, &stop, &step, x->slice->has);
        if (len < 0)
          goto fail2;
        if (len > 0)
          data += start * a->strides[src];
        sh[nd] = len;
        st[nd++] = a->strides[src] * step;
        src++;
        break;
      }
      case IX_ARRAY:
        if (last_adv >= 0 && last_adv != i - 1)
          p->adjacent = false;
        last_adv = i;
        p->adv[p->nadv] = x->arr;
        p->adv_axis[p->nadv++] = nd;
        x->arr = NULL;
        sh[nd] = a->shape[src];
        st[nd++] = a->strides[src];
        src++;
        break;
      }
    }
    for (; src < a->ndim; src++) {
      sh[nd] = a->shape[src];
      st[nd++] = a->strides[src];
    }
    p->scalar = nd == 0 && p->nadv == 0;
    p->view = kr_array_view(a, (KrDtype)a->dtype, data, nd, sh, st);
    if (!p->view)
      goto fail2;
  }
  return 0;
fail2:
  for (int i = 0; i < m; i++)
    if (ex[i].kind == IX_ARRAY && ex[i].arr)
      kr_decref(&ex[i].arr->h);
  plan_free(p);
  p->view = NULL, p->nadv = 0;
  return -1;
fail:
  for (int i = 0; i < n; i++)
    if (ix[i].kind == IX_ARRAY)
      kr_decref(&ix[i].arr->h);
  return -1;
}

/* The advanced part of a plan: the result shape and, per result item, the
 * byte offset into view->data of the item it reads or writes. */
static KrArray *adv_offsets(Plan *p, int *ndim, int64_t *shape) {
  KrArray *v = p->view;
  int64_t bsh[KR_MAXDIMS];
  int bnd = 0;
  for (int i = 0; i < p->nadv; i++) {
    bnd = nd_broadcast_shape(bnd, bsh, p->adv[i]->ndim, p->adv[i]->shape, bsh);
    if (bnd < 0)
      return kr_raise(&kr_IndexError_type, "shape mismatch: indexing arrays could not be broadcast together");
  }
  /* result dims: the view's other axes, with the broadcast index dims in
   * place of the first advanced axis (adjacent) or in front (not) */
  bool is_adv[KR_MAXDIMS] = {0};
  for (int i = 0; i < p->nadv; i++)
    is_adv[p->adv_axis[i]] = true;
  int insert = p->adjacent ? p->adv_axis[0] : 0;
  int nd = 0;
  int64_t ost[KR_MAXDIMS]; /* the view stride of each result dim (0 for the index dims) */
  int rest_pos[KR_MAXDIMS];
  for (int d = 0, placed = 0; d <= v->ndim; d++) {
    if (!placed && (d == insert || d == v->ndim)) {
      for (int k = 0; k < bnd; k++) {
        shape[nd] = bsh[k];
        ost[nd++] = -1;
      }
      placed = 1;
    }
    if (d < v->ndim && !is_adv[d]) {
      rest_pos[nd] = d;
      shape[nd] = v->shape[d];
      ost[nd++] = v->strides[d];
    }
  }
  (void)rest_pos;
  if (nd > KR_MAXDIMS)
    return kr_raise(&kr_IndexError_type, "too many dimensions");
  *ndim = nd;
  KrArray *offs = kr_array_new(KR_DT_INT64, nd, shape, false);
  if (!offs)
    return NULL;
  /* broadcast each index array to the index dims, as int64 */
  KrArray *ib[KR_MAXDIMS];
  for (int i = 0; i < p->nadv; i++) {
    KrArray *c = nd_as(p->adv[i], KR_DT_INT64);
    ib[i] = c ? nd_broadcast_to(c, bnd, bsh) : NULL;
    if (c)
      kr_decref(&c->h);
    if (!ib[i]) {
      while (--i >= 0)
        kr_decref(&ib[i]->h);
      kr_decref(&offs->h);
      return NULL;
    }
  }
  int64_t pos[KR_MAXDIMS] = {0};
  int first_idx = p->adjacent ? insert : 0;
  /* map result position of index dims: they are result dims first_idx .. first_idx+bnd-1 */
  int64_t *o = (int64_t *)offs->data;
  KrArray *err = NULL;
  for (int64_t e = 0; e < offs->size; e++) {
    int64_t off = 0;
    for (int d = 0; d < nd; d++)
      if (ost[d] >= 0)
        off += pos[d] * ost[d];
    for (int i = 0; i < p->nadv && !err; i++) {
      char *q = ib[i]->data;
      for (int k = 0; k < bnd; k++)
        q += pos[first_idx + k] * ib[i]->strides[k];
      int64_t x = *(int64_t *)q, ax = p->adv_axis[i], len = v->shape[ax];
      int64_t x2 = x < 0 ? x + len : x;
      if (x2 < 0 || x2 >= len) {
        kr_raise(&kr_IndexError_type, "index %lld is out of bounds for axis %lld with size %lld", (long long)x,
                 (long long)ax, (long long)len);
        err = offs;
      }
      off += x2 * v->strides[ax];
    }
    if (err)
      break;
    o[e] = off;
    for (int d = nd; --d >= 0;) {
      if (++pos[d] < shape[d])
        break;
      pos[d] = 0;
    }
  }
  for (int i = 0; i < p->nadv; i++)
    kr_decref(&ib[i]->h);
  if (err) {
    kr_decref(&offs->h);
    return NULL;
  }
  return offs;
}

KrObj *kr_np_getitem(KrObj *o, KrObj *index) {
  KrArray *a = arr(o);
  Plan p;
  if (plan_index(a, index, &p) < 0)
    return NULL;
  KrObj *r;
  if (p.scalar) {
    KrArray *s = nd_copy(p.view, (KrDtype)a->dtype);
    if (s)
      s->flags |= KR_ARR_SCALAR;
    r = (KrObj *)s;
  } else if (p.nadv == 0) {
    kr_incref(&p.view->h);
    r = (KrObj *)p.view;
  } else {
    int nd;
    int64_t sh[KR_MAXDIMS];
    KrArray *offs = adv_offsets(&p, &nd, sh);
    KrArray *res = offs ? kr_array_new((KrDtype)a->dtype, nd, sh, false) : NULL;
    if (res) {
      int64_t sz = kr_dtype_size[a->dtype];
      const int64_t *off = (const int64_t *)offs->data;
      for (int64_t e = 0; e < res->size; e++)
        memcpy(res->data + e * sz, p.view->data + off[e], (size_t)sz);
    }
    if (offs)
      kr_decref(&offs->h);
    r = (KrObj *)res;
  }
  plan_free(&p);
  return r;
}

/* Whether v broadcasts into an assignment target of shape sh (extents
 * equal or 1, right-aligned; extra leading ones all 1); false + numpy's
 * ValueError (fancy: the message of an advanced-index assignment). */
static bool assignable(const KrArray *v, int nd, const int64_t *sh, bool fancy) {
  bool ok = true;
  for (int i = 0; i < v->ndim && ok; i++) {
    int d = i - (v->ndim - nd);
    ok = v->shape[i] == 1 || (d >= 0 && v->shape[i] == sh[d]);
  }
  if (!ok) {
    char s1[256], s2[256];
    nd_shape_str(s1, sizeof s1, v->ndim, v->shape);
    nd_shape_str(s2, sizeof s2, nd, sh);
    if (fancy)
      kr_raise(&kr_ValueError_type,
               "shape mismatch: value array of shape %s could not be broadcast to indexing result of shape %s", s1, s2);
    else
      kr_raise(&kr_ValueError_type, "could not broadcast input array from shape %s into shape %s", s1, s2);
  }
  return ok;
}

int kr_np_setitem(KrObj *o, KrObj *index, KrObj *value) {
  KrArray *a = arr(o);
  if (a->flags & KR_ARR_READONLY) {
    kr_raise(&kr_ValueError_type, "assignment destination is read-only");
    return -1;
  }
  Plan p;
  if (plan_index(a, index, &p) < 0)
    return -1;
  int rc = -1;
  KrArray *src = as_array(value), *conv = NULL, *dst = NULL, *offs = NULL;
  if (!src)
    goto done;
  conv = nd_as(src, (KrDtype)a->dtype);
  if (conv && conv == src) {
    /* the value may share memory with the destination (a[1:] = a[:-1]):
     * numpy reads all of it before writing, so take a copy then */
    if (kr_array_owner(src) == kr_array_owner(a)) {
      KrArray *c = nd_copy(src, (KrDtype)a->dtype);
      kr_decref(&conv->h);
      conv = c;
    }
  }
  if (!conv)
    goto done;
  int64_t sz = kr_dtype_size[a->dtype];
  if (p.nadv == 0) {
    if (!assignable(conv, p.view->ndim, p.view->shape, false))
      goto done;
    if (conv->ndim > p.view->ndim) { /* leading 1s dropped */
      KrArray *c2 = kr_array_view(conv, (KrDtype)conv->dtype, conv->data, p.view->ndim,
                                  conv->shape + conv->ndim - p.view->ndim, conv->strides + conv->ndim - p.view->ndim);
      kr_decref(&conv->h);
      if (!(conv = c2))
        goto done;
    }
    KrArray *ops[2] = {p.view, conv};
    NdIter it;
    nd_iter_init(&it, p.view->ndim, p.view->shape, 2, ops);
    while (nd_iter_next(&it)) {
      if (it.istride[0] == sz && it.istride[1] == sz) /* contiguous runs (out[h] = x): one copy each */
        memcpy(it.ptr[0], it.ptr[1], (size_t)(it.inner * sz));
      else
        for (int64_t k = 0; k < it.inner; k++)
          memcpy(it.ptr[0] + k * it.istride[0], it.ptr[1] + k * it.istride[1], (size_t)sz);
    }
    rc = 0;
  } else {
    int nd;
    int64_t sh[KR_MAXDIMS];
    offs = adv_offsets(&p, &nd, sh);
    if (!offs)
      goto done;
    if (kr_is_array(index) && arr(index)->dtype == KR_DT_BOOL && conv->ndim <= 1 && conv->size != 1 &&
        conv->size != offs->size) { /* a[mask] = v: numpy's own message */
      kr_raise(&kr_ValueError_type,
               "NumPy boolean array indexing assignment cannot assign %lld input values to the %lld output values "
               "where the mask is true",
               (long long)conv->size, (long long)offs->size);
      goto done;
    }
    if (!assignable(conv, nd, sh, true))
      goto done;
    if (conv->ndim > nd) { /* leading 1s dropped */
      KrArray *c2 = kr_array_view(conv, (KrDtype)conv->dtype, conv->data, nd, conv->shape + conv->ndim - nd,
                                  conv->strides + conv->ndim - nd);
      kr_decref(&conv->h);
      if (!(conv = c2))
        goto done;
    }
    dst = nd_broadcast_to(conv, nd, sh);
    if (!dst)
      goto done;
    KrArray *c2 = nd_copy(dst, (KrDtype)a->dtype);
    if (!c2)
      goto done;
    const int64_t *off = (const int64_t *)offs->data;
    for (int64_t e = 0; e < offs->size; e++)
      memcpy(p.view->data + off[e], c2->data + e * sz, (size_t)sz);
    kr_decref(&c2->h);
    rc = 0;
  }
done:
  if (src)
    kr_decref(&src->h);
  if (conv)
    kr_decref(&conv->h);
  if (dst)
    kr_decref(&dst->h);
  if (offs)
    kr_decref(&offs->h);
  plan_free(&p);
  return rc;
}

/* ------------------------------------------------------------ reductions */

/* numpy's pairwise summation (its pairwise_sum: eight accumulators over
 * blocks of up to 128, halves above), so sums of contiguous runs match
 * numpy's bit for bit. */
#define PAIRWISE(T)                                                               \
  static T pairwise_##T(const T *a, int64_t n) {                                  \
    if (n < 8) {                                                                  \
      T r = (T)0.0; /* numpy 1.24 sums from +0.0: sum([-0.0]) is 0.0 */         \
      for (int64_t i = 0; i < n; i++)                                             \
        r += a[i];                                                                \
      return r;                                                                   \
    }                                                                             \
    if (n <= 128) {                                                               \
      T r[8];                                                                     \
      for (int k = 0; k < 8; k++)                                                 \
        r[k] = a[k];                                                              \
      int64_t i;                                                                  \
      for (i = 8; i < n - (n % 8); i += 8)                                        \
        for (int k = 0; k < 8; k++)                                               \
          r[k] += a[i + k];                                                       \
      T res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7])); \
      for (; i < n; i++)                                                          \
        res += a[i];                                                              \
      return res;                                                                 \
    }                                                                             \
    int64_t n2 = n / 2;                                                           \
    n2 -= n2 % 8;                                                                 \
    return pairwise_##T(a, n2) + pairwise_##T(a + n2, n - n2);                    \
  }
PAIRWISE(float)
PAIRWISE(double)

/* numpy reduces a contiguous run in chunks of its buffer size (8192 items),
 * pairwise within a chunk, the chunks' sums added in order. */
#define CHUNKED(T)                                                     \
  static T chunked_##T(const T *a, int64_t n) {                        \
    T s = pairwise_##T(a, n < 8192 ? n : 8192);                        \
    for (int64_t i = 8192; i < n; i += 8192)                           \
      s += pairwise_##T(a + i, n - i < 8192 ? n - i : 8192);           \
    return s;                                                          \
  }
CHUNKED(float)
CHUNKED(double)

/* var and std of a run as numpy computes them in T: the mean (a sum in
 * order along an outer axis, seq, else chunked pairwise), then the same sum
 * of the squared deviations over n - ddof. */
#define VARIANCE(T, SQRT)                                                                 \
  static T sum_##T(const T *a, int64_t n, bool seq) {                                     \
    if (!seq)                                                                             \
      return chunked_##T(a, n);                                                           \
    T s = 0;                                                                              \
    for (int64_t i = 0; i < n; i++)                                                       \
      s += a[i];                                                                          \
    return s;                                                                             \
  }                                                                                       \
  static T variance_##T(const T *a, int64_t n, bool seq, int64_t ddof, bool std) {        \
    T mean = sum_##T(a, n, seq) / (T)n, s = 0;                                            \
    T *tmp = kr_alloc((size_t)n * sizeof(T) + 1);                                         \
    if (tmp) {                                                                            \
      for (int64_t i = 0; i < n; i++)                                                     \
        tmp[i] = (a[i] - mean) * (a[i] - mean);                                           \
      s = sum_##T(tmp, n, seq);                                                           \
      kr_free(tmp);                                                                       \
    }                                                                                     \
    T v = s / (T)(n - ddof);                                                              \
    return std ? SQRT(v) : v;                                                             \
  }
VARIANCE(float, sqrtf)
VARIANCE(double, sqrt)

/* max, min, argmax, argmin of a contiguous float run, as reduce_run's
 * scalar loop computes them (the first nan wins; max/min keep the later of
 * equal items, which only shows for -0.0 and 0.0; argmax/argmin the first
 * index), but in a form the compiler vectorises: a pass of lane-wise
 * maxima that also notes nans, then (argmax, argmin) the index found by a
 * scan. A nan or a zero result goes back to the scalar loop (-1: not
 * handled). */
#define EXTREMUM(T)                                                                         \
  static int64_t extremum_##T(const T *a, int64_t n, bool max, bool index, T *out) {        \
    enum { W = 16 };                                                                        \
    if (n < W)                                                                              \
      return -1;                                                                            \
    T acc[W];                                                                               \
    int bad = 0;                                                                            \
    for (int k = 0; k < W; k++)                                                             \
      acc[k] = a[k];                                                                        \
    int64_t i = W;                                                                          \
    if (max)                                                                                \
      for (; i + W <= n; i += W)                                                            \
        for (int k = 0; k < W; k++) {                                                       \
          T x = a[i + k];                                                                   \
          acc[k] = x > acc[k] ? x : acc[k];                                                 \
          bad |= x != x;                                                                    \
        }                                                                                   \
    else                                                                                    \
      for (; i + W <= n; i += W)                                                            \
        for (int k = 0; k < W; k++) {                                                       \
          T x = a[i + k];                                                                   \
          acc[k] = x < acc[k] ? x : acc[k];                                                 \
          bad |= x != x;                                                                    \
        }                                                                                   \
    T m = acc[0];                                                                           \
    for (int k = 0; k < W; k++) {                                                           \
      bad |= acc[k] != acc[k];                                                              \
      m = (max ? acc[k] > m : acc[k] < m) ? acc[k] : m;                                     \
    }                                                                                       \
    for (; i < n; i++) {                                                                    \
      bad |= a[i] != a[i];                                                                  \
      m = (max ? a[i] > m : a[i] < m) ? a[i] : m;                                           \
    }                                                                                       \
    if (bad || m == 0)                                                                      \
      return -1;                                                                            \
    *out = m;                                                                               \
    if (!index) /* max/min: no scalar scan for where it is */                               \
      return 0;                                                                             \
    for (i = 0; a[i] != m; i++)                                                             \
      ;                                                                                     \
    return i;                                                                               \
  }
EXTREMUM(float)
EXTREMUM(double)

static const char *const reduce_name[] = {"add", "multiply", "maximum", "minimum", "mean", "var", "std",
                                          "argmax", "argmin", "logical_or", "logical_and"};

/* The axes an axis argument names, as a mask; -1 on error. */
static int axes_mask(KrObj *axis, int ndim, bool *mask) {
  memset(mask, 0, (size_t)(ndim ? ndim : 1));
  if (axis == kr_None) {
    for (int i = 0; i < ndim; i++)
      mask[i] = true;
    return 0;
  }
  int64_t ax[KR_MAXDIMS];
  int n = nd_shape_arg(axis, ax);
  if (n < 0)
    return -1;
  for (int i = 0; i < n; i++) {
    int x = nd_axis(ax[i], ndim);
    if (x < 0)
      return -1;
    if (mask[x]) {
      kr_raise(&kr_ValueError_type, "duplicate value in 'axis'");
      return -1;
    }
    mask[x] = true;
  }
  return 0;
}

/* Reduce one contiguous run of n items of dtype c (the compute dtype) to a
 * double or an int64 (by kind). seq: sum in order (numpy's way along an
 * axis that is not innermost) rather than pairwise. */
typedef struct Acc {
  double f;
  int64_t i;
  bool isf;
} Acc;

static float h16(float x) { return kr_f16_to_f32(kr_f32_to_f16(x)); }

/* half: the array is float16 (c is then float32): numpy's float16 loops
 * add in float32 but round to half after each step of a sequential sum,
 * and var/std do every operation in float16. */
static Acc reduce_run(int op, KrDtype c, const char *p, int64_t n, bool seq, int64_t ddof, bool half) {
  Acc r = {0, 0, kr_dtype_kind[c] == 'f'};
  int64_t sz = kr_dtype_size[c];
  switch (op) {
  case ND_RSUM:
  case ND_RMEAN:
    if (c == KR_DT_FLOAT32) {
      const float *a = (const float *)p;
      float s = 0.0f;
      if (seq)
        for (int64_t i = 0; i < n; i++)
          s = half && op == ND_RSUM ? h16(s + a[i]) : s + a[i];
      else
        s = chunked_float(a, n);
      r.f = s;
      if (op == ND_RMEAN)
        r.f = (float)(s / (float)n);
    } else if (r.isf) {
      const double *a = (const double *)p;
      double s = 0.0;
      if (seq)
        for (int64_t i = 0; i < n; i++)
          s += a[i];
      else
        s = chunked_double(a, n);
      r.f = op == ND_RMEAN ? s / (double)n : s;
    } else {
      uint64_t s = 0;
      for (int64_t i = 0; i < n; i++)
        s += (uint64_t)kr_dt_load_i64(c, p + i * sz);
      r.i = (int64_t)s;
    }
    break;
  case ND_RPROD:
    if (r.isf) {
      double s = 1;
      for (int64_t i = 0; i < n; i++) {
        s *= kr_dt_load_f64(c, p + i * sz);
        if (c == KR_DT_FLOAT32)
          s = (float)s;
      }
      r.f = s;
    } else {
      uint64_t s = 1;
      for (int64_t i = 0; i < n; i++)
        s *= (uint64_t)kr_dt_load_i64(c, p + i * sz);
      r.i = (int64_t)s;
    }
    break;
  case ND_RMAX:
  case ND_RMIN:
  case ND_RARGMAX:
  case ND_RARGMIN: {
    bool max = op == ND_RMAX || op == ND_RARGMAX;
    int64_t best = 0;
    if (c == KR_DT_FLOAT32 || c == KR_DT_FLOAT64) {
      float mf;
      double md;
      bool index = op == ND_RARGMAX || op == ND_RARGMIN;
      best = c == KR_DT_FLOAT32 ? extremum_float((const float *)p, n, max, index, &mf)
                                : extremum_double((const double *)p, n, max, index, &md);
      if (best >= 0) {
        r.f = c == KR_DT_FLOAT32 ? mf : md;
        if (op == ND_RARGMAX || op == ND_RARGMIN)
          r.i = best, r.isf = false;
        break;
      }
      best = 0;
    }
    if (r.isf) {
      double b = kr_dt_load_f64(c, p);
      for (int64_t i = 1; i < n && !isnan(b); i++) {
        double x = kr_dt_load_f64(c, p + i * sz);
        if (isnan(x) || (max ? x > b : x < b))
          b = x, best = i;
        else if (x == b && op <= ND_RMIN)
          b = x; /* numpy's max/min keep the later of equal items: max([-0.0, 0.0]) is 0.0 */
      }
      r.f = b;
    } else {
      bool u64 = c == KR_DT_UINT64;
      int64_t b = kr_dt_load_i64(c, p);
      for (int64_t i = 1; i < n; i++) {
        int64_t x = kr_dt_load_i64(c, p + i * sz);
        bool gt = u64 ? (uint64_t)x > (uint64_t)b : x > b, lt = u64 ? (uint64_t)x < (uint64_t)b : x < b;
        if (max ? gt : lt)
          b = x, best = i;
      }
      r.i = b;
    }
    if (op == ND_RARGMAX || op == ND_RARGMIN)
      r.i = best, r.isf = false;
    break;
  }
  case ND_RVAR:
  case ND_RSTD: {
    /* numpy: the mean, then the sum of squared deviations, both in c */
    if (c == KR_DT_FLOAT32 && half) {
      const float *a = (const float *)p;
      float s = 0.0f;
      if (seq)
        for (int64_t i = 0; i < n; i++)
          s = h16(s + a[i]);
      else
        s = h16(pairwise_float(a, n));
      float mean = h16(s / (float)n);
      s = 0;
      float *tmp = kr_alloc((size_t)n * sizeof(float) + 1);
      if (tmp) {
        for (int64_t i = 0; i < n; i++) {
          float d = h16(a[i] - mean);
          tmp[i] = h16(d * d);
        }
        if (seq)
          for (int64_t i = 0; i < n; i++)
            s = h16(s + tmp[i]);
        else
          s = h16(pairwise_float(tmp, n));
        kr_free(tmp);
      }
      float v = h16(s / (float)(n - ddof));
      r.f = op == ND_RSTD ? h16(sqrtf(v)) : v;
    } else if (c == KR_DT_FLOAT32) {
      r.f = variance_float((const float *)p, n, seq, ddof, op == ND_RSTD);
    } else {
      r.f = variance_double((const double *)p, n, seq, ddof, op == ND_RSTD);
    }
    break;
  }
  case ND_RANY:
  case ND_RALL: {
    bool any = op == ND_RANY, acc = !any;
    for (int64_t i = 0; i < n; i++) {
      bool t = r.isf ? kr_dt_load_f64(c, p + i * sz) != 0 : kr_dt_load_i64(c, p + i * sz) != 0;
      if (any ? t : !t) {
        acc = any;
        break;
      }
    }
    r.i = acc, r.isf = false;
    break;
  }
  }
  return r;
}

/* sum or mean of a C-contiguous float array over its leading axes (the
 * first axis of a matrix): numpy adds along such axes in order, row after
 * row, so the result is out[j] = ((0 + a[0][j]) + a[1][j]) + ...; adding
 * whole rows into an accumulator row is that order, without the transposed
 * copy the general path makes. False when the case is not that; *res is
 * the result or NULL + exception when it is. */
#define LEAD_SUM(T)                                                              \
  static void lead_sum_##T(const T *a, int64_t rows, int64_t cols, T *acc) {     \
    for (int64_t j = 0; j < cols; j++)                                           \
      acc[j] = 0;                                                                \
    for (int64_t i = 0; i < rows; i++) {                                         \
      const T *row = a + i * cols;                                               \
      for (int64_t j = 0; j < cols; j++)                                         \
        acc[j] += row[j];                                                        \
    }                                                                            \
  }
LEAD_SUM(float)
LEAD_SUM(double)

static bool lead_sum(int op, KrArray *a, KrDtype c, const bool *mask, bool keepdims, int64_t rows, int64_t cols,
                     KrObj **res) {
  if ((op != ND_RSUM && op != ND_RMEAN) || a->dtype != c || (c != KR_DT_FLOAT32 && c != KR_DT_FLOAT64) ||
      a->ndim < 2 || !mask[0] || mask[a->ndim - 1] || rows == 0 || !kr_array_is_contiguous(a))
    return false;
  int lead = 0;
  while (mask[lead])
    lead++;
  for (int i = lead; i < a->ndim; i++)
    if (mask[i])
      return false;
  int64_t oshape[KR_MAXDIMS];
  int ond = 0;
  for (int i = 0; i < a->ndim; i++)
    if (!mask[i] || keepdims)
      oshape[ond++] = mask[i] ? 1 : a->shape[i];
  KrArray *r = nd_empty(c, ond, oshape);
  if (r) {
    if (c == KR_DT_FLOAT32) {
      float *acc = (float *)r->data;
      lead_sum_float((const float *)a->data, rows, cols, acc);
      if (op == ND_RMEAN)
        for (int64_t j = 0; j < cols; j++)
          acc[j] = acc[j] / (float)rows;
    } else {
      double *acc = (double *)r->data;
      lead_sum_double((const double *)a->data, rows, cols, acc);
      if (op == ND_RMEAN)
        for (int64_t j = 0; j < cols; j++)
          acc[j] = acc[j] / (double)rows;
    }
  }
  *res = (KrObj *)r;
  return true;
}

KrObj *kr_np_reduce(int op, KrObj *o, KrObj *axis, bool keepdims, int64_t ddof) {
  KrArray *a = as_array(o);
  if (!a)
    return NULL;
  KrObj *result = NULL;
  KrArray *t = NULL, *src = NULL, *r = NULL;
  bool mask[KR_MAXDIMS + 1];
  if ((op == ND_RARGMAX || op == ND_RARGMIN) && axis != kr_None && axis->type != &kr_int_type) {
    kr_raise(&kr_TypeError_type, "'tuple' object cannot be interpreted as an integer");
    goto out;
  }
  if (axes_mask(axis, a->ndim, mask) < 0)
    goto out;
  KrDtype d = (KrDtype)a->dtype, c, rd;
  int cat = kr_dtype_kind[d] == 'f' ? 2 : d == KR_DT_BOOL ? 0 : 1;
  switch (op) {
  case ND_RSUM:
  case ND_RPROD:
    c = cat == 2 ? (d == KR_DT_FLOAT64 ? d : KR_DT_FLOAT32) : kr_dtype_kind[d] == 'u' ? KR_DT_UINT64 : KR_DT_INT64;
    rd = cat == 2 ? d : c;
    break;
  case ND_RMEAN:
  case ND_RVAR:
  case ND_RSTD:
    c = cat == 2 && d != KR_DT_FLOAT64 ? KR_DT_FLOAT32 : KR_DT_FLOAT64;
    rd = cat == 2 ? d : KR_DT_FLOAT64;
    break;
  case ND_RANY:
  case ND_RALL: c = d; rd = KR_DT_BOOL; break;
  case ND_RARGMAX:
  case ND_RARGMIN: c = d; rd = KR_DT_INT64; break;
  default: c = d; rd = d; break;
  }
  if (c == KR_DT_FLOAT16 || c == KR_DT_BFLOAT16)
    c = KR_DT_FLOAT32;
  /* kept axes first, reduced last; the reduced block made contiguous */
  int perm[KR_MAXDIMS], nk = 0, nr = 0;
  int64_t kept[KR_MAXDIMS], inner = 1, outer = 1;
  bool trailing = true; /* the reduced axes are the innermost ones */
  for (int i = 0; i < a->ndim; i++)
    if (!mask[i]) {
      perm[nk] = i;
      kept[nk++] = a->shape[i];
      outer *= a->shape[i];
    }
  for (int i = 0; i < a->ndim; i++)
    if (mask[i]) {
      if (i < a->ndim - 1 && !mask[i + 1])
        trailing = false;
      perm[nk + nr++] = i;
      inner *= a->shape[i];
    }
  if (inner == 0 && (op == ND_RMAX || op == ND_RMIN || op == ND_RARGMAX || op == ND_RARGMIN)) {
    kr_raise(&kr_ValueError_type,
             op >= ND_RARGMAX ? "attempt to get %s of an empty sequence"
                              : "zero-size array to reduction operation %s which has no identity",
             reduce_name[op]);
    goto out;
  }
  if (lead_sum(op, a, c, mask, keepdims, inner, outer, &result))
    goto out;
  t = arr(permuted(a, perm));
  src = t ? nd_as(t, c) : NULL;
  if (!src)
    goto out;
  int64_t oshape[KR_MAXDIMS];
  int ond = 0;
  for (int i = 0, k = 0; i < a->ndim; i++) {
    if (!mask[i])
      oshape[ond++] = kept[k++];
    else if (keepdims)
      oshape[ond++] = 1;
  }
  r = nd_empty(rd, ond, oshape); /* one item per kept position, each written below */
  if (!r)
    goto out;
  int64_t sz = kr_dtype_size[c], rsz = kr_dtype_size[rd];
  for (int64_t j = 0; j < outer; j++) {
    Acc v = reduce_run(op, c, src->data + j * inner * sz, inner, !trailing, ddof, d == KR_DT_FLOAT16);
    char *q = r->data + j * rsz;
    if (v.isf)
      kr_dt_store_f64(rd, q, v.f);
    else
      kr_dt_store_i64(rd, q, v.i);
  }
  if (r->ndim == 0)
    r->flags |= KR_ARR_SCALAR;
  result = (KrObj *)r;
  r = NULL;
out:
  if (r)
    kr_decref(&r->h);
  if (src)
    kr_decref(&src->h);
  if (t)
    kr_decref(&t->h);
  kr_decref(&a->h);
  return result;
}

/* (a * b).sum(axis, keepdims), which the emitter calls when the product
 * is used by the sum alone (emit.c, UNBUILT_NDMUL): without the product
 * array when a and b are contiguous float arrays of one shape and dtype
 * summed over the last axis (x * x summed per row: a squared norm). Each
 * row is summed exactly as the reduction sums a row of the product array
 * (chunked pairwise, each product rounded to the dtype first), so the
 * result is the same to the bit; rows are spread over the thread pool.
 * Anything else is the product and then the sum, as written. */
#define SUM_PRODUCT(T)                                                                    \
  static T pairwise_product_##T(const T *a, const T *b, int64_t n) { /* pairwise_T of a*b */ \
    if (n < 8) {                                                                          \
      T r = (T)0.0;                                                                       \
      for (int64_t i = 0; i < n; i++)                                                     \
        r += a[i] * b[i];                                                                 \
      return r;                                                                           \
    }                                                                                     \
    if (n <= 128) {                                                                       \
      T r[8];                                                                             \
      for (int k = 0; k < 8; k++)                                                         \
        r[k] = a[k] * b[k];                                                               \
      int64_t i;                                                                          \
      for (i = 8; i < n - (n % 8); i += 8)                                                \
        for (int k = 0; k < 8; k++)                                                       \
          r[k] += a[i + k] * b[i + k];                                                    \
      T res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));         \
      for (; i < n; i++)                                                                  \
        res += a[i] * b[i];                                                               \
      return res;                                                                         \
    }                                                                                     \
    int64_t n2 = n / 2;                                                                   \
    n2 -= n2 % 8;                                                                         \
    return pairwise_product_##T(a, b, n2) + pairwise_product_##T(a + n2, b + n2, n - n2); \
  }                                                                                       \
  static T sum_product_##T(const T *a, const T *b, int64_t n) { /* chunked_T of a*b */    \
    T s = pairwise_product_##T(a, b, n < 8192 ? n : 8192);                                \
    for (int64_t i = 8192; i < n; i += 8192)                                              \
      s += pairwise_product_##T(a + i, b + i, n - i < 8192 ? n - i : 8192);               \
    return s;                                                                             \
  }
SUM_PRODUCT(float)
SUM_PRODUCT(double)

typedef struct SumProduct {
  const char *a, *b;
  char *out;
  int64_t rows, n, step;
  bool f32;
} SumProduct;

static void sum_product_rows(void *ctx, int64_t t) {
  const SumProduct *sp = ctx;
  int64_t r0 = t * sp->step, r1 = r0 + sp->step < sp->rows ? r0 + sp->step : sp->rows;
  for (int64_t r = r0; r < r1; r++) {
    if (sp->f32)
      ((float *)sp->out)[r] = sum_product_float((const float *)sp->a + r * sp->n, (const float *)sp->b + r * sp->n,
                                                sp->n);
    else
      ((double *)sp->out)[r] = sum_product_double((const double *)sp->a + r * sp->n,
                                                  (const double *)sp->b + r * sp->n, sp->n);
  }
}

KrObj *kr_np_sum_mul(KrObj *x, KrObj *y, KrObj *axis, bool keepdims) {
  KrArray *a = (KrArray *)x, *b = (KrArray *)y;
  bool fast = kr_is_array(x) && kr_is_array(y) && a->dtype == b->dtype &&
              (a->dtype == KR_DT_FLOAT32 || a->dtype == KR_DT_FLOAT64) && a->ndim >= 1 && a->ndim == b->ndim &&
              axis->type == &kr_int_type && kr_array_is_contiguous(a) && kr_array_is_contiguous(b);
  for (int i = 0; fast && i < a->ndim; i++)
    fast = a->shape[i] == b->shape[i];
  if (fast) {
    int64_t ax = ((KrInt *)axis)->v;
    fast = ax == -1 || ax == a->ndim - 1;
  }
  if (!fast || a->shape[a->ndim - 1] == 0) {
    KrObj *p = kr_np_binop(ND_MUL, x, y);
    if (!p)
      return NULL;
    KrObj *r = kr_np_reduce(ND_RSUM, p, axis, keepdims, 0);
    kr_decref(p);
    return r;
  }
  int64_t oshape[KR_MAXDIMS], rows = 1;
  int ond = 0;
  for (int i = 0; i < a->ndim - 1; i++) {
    oshape[ond++] = a->shape[i];
    rows *= a->shape[i];
  }
  if (keepdims)
    oshape[ond++] = 1;
  KrArray *r = nd_empty((KrDtype)a->dtype, ond, oshape);
  if (!r)
    return NULL;
  SumProduct sp = {a->data, b->data, r->data, rows, a->shape[a->ndim - 1], rows, a->dtype == KR_DT_FLOAT32};
  int64_t nt = kr_num_threads();
  if (nt > 1 && rows > 1 && rows * sp.n >= (1 << 18)) { /* a few tasks per thread, each ~64K items or more */
    sp.step = (rows + nt * 4 - 1) / (nt * 4);
    kr_parallel_for((rows + sp.step - 1) / sp.step, sum_product_rows, &sp);
  } else {
    sum_product_rows(&sp, 0);
  }
  if (r->ndim == 0)
    r->flags |= KR_ARR_SCALAR;
  return (KrObj *)r;
}

KrObj *kr_np_cumulative(int op, KrObj *o, KrObj *axis) {
  KrArray *a = as_array(o), *src = NULL, *r = NULL;
  if (!a)
    return NULL;
  KrDtype d = (KrDtype)a->dtype;
  KrDtype c = kr_dtype_kind[d] == 'f' ? d : kr_dtype_kind[d] == 'u' ? KR_DT_UINT64 : KR_DT_INT64;
  int ax;
  if (axis == kr_None) {
    KrObj *flat = kr_np_ravel(&a->h);
    kr_decref(&a->h);
    if (!flat)
      return NULL;
    a = arr(flat);
    ax = 0;
  } else if ((ax = nd_axis(axis->type == &kr_int_type ? ((KrInt *)axis)->v : 0, a->ndim)) < 0) {
    kr_decref(&a->h);
    return NULL;
  }
  src = nd_copy(a, c);
  r = src;
  if (r) {
    int64_t n = r->shape[ax], stride = r->strides[ax], sz = kr_dtype_size[c];
    int64_t outer = n ? r->size / n : 0;
    int64_t inner_stride = stride / sz; /* items after ax */
    for (int64_t j = 0; j < outer; j++) {
      int64_t base = (j / inner_stride) * n * inner_stride + (j % inner_stride);
      char *p = r->data + base * sz;
      if (kr_dtype_kind[c] == 'f') {
        double acc = op ? 1 : 0;
        for (int64_t i = 0; i < n; i++, p += stride) {
          double x = kr_dt_load_f64(c, p);
          acc = op ? acc * x : acc + x;
          if (c == KR_DT_FLOAT32)
            acc = (float)acc;
          else if (c == KR_DT_FLOAT16) /* numpy rounds each step to half */
            acc = kr_f16_to_f32(kr_f32_to_f16((float)acc));
          kr_dt_store_f64(c, p, acc);
        }
      } else {
        uint64_t acc = op ? 1 : 0;
        for (int64_t i = 0; i < n; i++, p += stride) {
          uint64_t x = (uint64_t)kr_dt_load_i64(c, p);
          acc = op ? acc * x : acc + x;
          kr_dt_store_i64(c, p, (int64_t)acc);
        }
      }
    }
  }
  kr_decref(&a->h);
  return (KrObj *)r;
}

/* ------------------------------------------------------------ matmul */

/* C (m×n) = A (m×k) · B (k×n) for one pair of 2-d operands of dtype c. */
static void mm2(KrDtype c, int64_t m, int64_t n, int64_t k, KrArray *A, const char *pa, KrArray *B, const char *pb,
                char *pc) {
  int64_t sz = kr_dtype_size[c];
  /* B given as the transpose of a contiguous N×K matrix (W.T): no copy */
  int na = A->ndim, nb = B->ndim;
  int64_t as0 = na >= 2 ? A->strides[na - 2] : 0, as1 = A->strides[na - 1];
  int64_t bs0 = B->strides[nb - 2], bs1 = B->strides[nb - 1];
  bool a_ok = as1 == sz && (m == 1 || as0 % sz == 0);
  bool b_rows = bs1 == sz && bs0 % sz == 0, b_trans = bs0 == sz && bs1 % sz == 0;
  /* a matrix times a column (M×K · K-vector): the GEMV of the vector by
   * the matrix stored N×K, so the matrix streams once and is not packed */
  if (c == KR_DT_FLOAT32 && n == 1 && m > 1 && as1 == sz && as0 % sz == 0 && (bs0 == sz || k == 1)) {
    kr_gemm_f32(1, m, k, (const float *)pb, k, (const float *)pa, as0 / sz, true, (float *)pc, m, false);
    return;
  }
  if (c == KR_DT_FLOAT32 && a_ok && (b_rows || b_trans)) {
    kr_gemm_f32(m, n, k, (const float *)pa, m == 1 ? k : as0 / sz, (const float *)pb,
                b_rows ? bs0 / sz : bs1 / sz, !b_rows, (float *)pc, n, false);
    return;
  }
  if (c == KR_DT_FLOAT64 && a_ok && (b_rows || b_trans)) {
    kr_gemm_f64(m, n, k, (const double *)pa, m == 1 ? k : as0 / sz, (const double *)pb,
                b_rows ? bs0 / sz : bs1 / sz, !b_rows, (double *)pc, n, false);
    return;
  }
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      if (kr_dtype_kind[c] == 'f') {
        double s = 0;
        for (int64_t l = 0; l < k; l++)
          s += kr_dt_load_f64(c, pa + i * as0 + l * as1) * kr_dt_load_f64(c, pb + l * bs0 + j * bs1);
        kr_dt_store_f64(c, pc + (i * n + j) * sz, s);
      } else {
        uint64_t s = 0;
        for (int64_t l = 0; l < k; l++)
          s += (uint64_t)kr_dt_load_i64(c, pa + i * as0 + l * as1) * (uint64_t)kr_dt_load_i64(c, pb + l * bs0 + j * bs1);
        kr_dt_store_i64(c, pc + (i * n + j) * sz, (int64_t)s);
      }
    }
}

KrObj *kr_np_matmul(KrObj *x, KrObj *y) {
  KrArray *a = as_array(x), *b = a ? as_array(y) : NULL;
  KrObj *result = NULL;
  KrArray *ca = NULL, *cb = NULL, *r = NULL;
  if (!b)
    goto out;
  if (a->ndim == 0 || b->ndim == 0) {
    kr_raise(&kr_ValueError_type, "matmul: Input operand %d does not have enough dimensions (has 0, gufunc core with "
                                  "signature (n?,k),(k,m?)->(n?,m?) requires 1)",
             a->ndim == 0 ? 0 : 1);
    goto out;
  }
  KrDtype d = kr_dtype_promote((KrDtype)a->dtype, (KrDtype)b->dtype), c = d;
  if (c == KR_DT_FLOAT16 || c == KR_DT_BFLOAT16)
    c = KR_DT_FLOAT32;
  if (d == KR_DT_BOOL)
    c = KR_DT_BOOL;
  /* convert dtype only; keep a transposed B as it is (mm2 uses it directly) */
  ca = a->dtype == c ? (kr_incref(&a->h), a) : nd_copy(a, c);
  cb = !ca ? NULL : b->dtype == c ? (kr_incref(&b->h), b) : nd_copy(b, c);
  if (!cb)
    goto out;
  /* 1-d operands: a row vector on the left, a column on the right */
  int64_t m = a->ndim == 1 ? 1 : a->shape[a->ndim - 2], k = a->shape[a->ndim - 1];
  int64_t k2 = b->ndim == 1 ? b->shape[0] : b->shape[b->ndim - 2], n = b->ndim == 1 ? 1 : b->shape[b->ndim - 1];
  if (k != k2) {
    kr_raise(&kr_ValueError_type, "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                                  "signature (n?,k),(k,m?)->(n?,m?) (size %lld is different from %lld)",
             (long long)k2, (long long)k);
    goto out;
  }
  /* batch dims broadcast */
  int ba = a->ndim > 2 ? a->ndim - 2 : 0, bb = b->ndim > 2 ? b->ndim - 2 : 0;
  int64_t bsh[KR_MAXDIMS];
  int bnd = nd_broadcast_shape(ba, a->shape, bb, b->shape, bsh);
  if (bnd < 0)
    goto out;
  int64_t osh[KR_MAXDIMS];
  int ond = 0;
  for (int i = 0; i < bnd; i++)
    osh[ond++] = bsh[i];
  if (a->ndim > 1)
    osh[ond++] = m;
  if (b->ndim > 1)
    osh[ond++] = n;
  r = nd_empty(c, ond, osh); /* mm2 writes every item */
  if (!r)
    goto out;
  int64_t nbatch = 1;
  for (int i = 0; i < bnd; i++)
    nbatch *= bsh[i];
  /* a 1-d B as a k×1 column: strides (item, 0) */
  int64_t colst[2] = {cb->strides[0], kr_dtype_size[c]};
  int64_t colsh[2] = {k, 1};
  KrArray *bview = cb;
  if (b->ndim == 1) {
    bview = kr_array_view(cb, c, cb->data, 2, colsh, colst);
    if (!bview)
      goto out;
  }
  int64_t idx[KR_MAXDIMS] = {0};
  for (int64_t e = 0; e < nbatch; e++) {
    const char *pa = ca->data, *pb = bview->data;
    for (int i = 0; i < bnd; i++) {
      int ia = i - (bnd - ba), ib = i - (bnd - bb);
      if (ia >= 0 && ca->shape[ia] != 1)
        pa += idx[i] * ca->strides[ia];
      if (ib >= 0 && cb->shape[ib] != 1)
        pb += idx[i] * cb->strides[ib];
    }
    mm2(c, m, n, k, ca, pa, bview, pb, r->data + e * m * n * kr_dtype_size[c]);
    for (int i = bnd; --i >= 0;) {
      if (++idx[i] < bsh[i])
        break;
      idx[i] = 0;
    }
  }
  if (bview != cb)
    kr_decref(&bview->h);
  if (c != d) {
    KrArray *o2 = nd_copy(r, d);
    kr_decref(&r->h);
    r = o2;
    if (!r)
      goto out;
  }
  if (r->ndim == 0)
    r->flags |= KR_ARR_SCALAR;
  result = (KrObj *)r;
  r = NULL;
out:
  if (r)
    kr_decref(&r->h);
  if (ca)
    kr_decref(&ca->h);
  if (cb)
    kr_decref(&cb->h);
  if (a)
    kr_decref(&a->h);
  if (b)
    kr_decref(&b->h);
  return result;
}

/* A C-contiguous view of c (contiguous itself) with shape sh. */
static KrArray *contig_view(KrArray *c, int nd, const int64_t *sh) {
  int64_t st[KR_MAXDIMS], s = kr_dtype_size[c->dtype];
  for (int i = nd; --i >= 0;) {
    st[i] = s;
    s *= sh[i] ? sh[i] : 1;
  }
  return kr_array_view(c, (KrDtype)c->dtype, c->data, nd, sh, st);
}

/* np.dot: with a 0-d operand it multiplies; 1-d and 2-d operands are
 * matmul's; N-d ones sum over a's last axis and b's second-to-last, the
 * result shaped a.shape[:-1] + b.shape[:-2] + b.shape[-1:] (b's summed axis
 * moved first, both flattened to matrices, one matmul). */
KrObj *kr_np_dot(KrObj *x, KrObj *y) {
  KrArray *a = as_array(x), *b = a ? as_array(y) : NULL;
  KrArray *bt = NULL, *ac = NULL, *bc = NULL, *a2 = NULL, *b2 = NULL, *r2 = NULL;
  KrObj *r = NULL;
  if (!b)
    goto out;
  if (a->ndim == 0 || b->ndim == 0) {
    r = kr_np_binop(ND_MUL, x, y);
    goto out;
  }
  int kb = b->ndim == 1 ? 0 : b->ndim - 2;
  int64_t k = a->shape[a->ndim - 1];
  if (k != b->shape[kb]) {
    char s1[256], s2[256];
    nd_shape_str(s1, sizeof s1, a->ndim, a->shape);
    nd_shape_str(s2, sizeof s2, b->ndim, b->shape);
    kr_raise(&kr_ValueError_type, "shapes %s and %s not aligned: %lld (dim %d) != %lld (dim %d)", s1, s2,
             (long long)k, a->ndim - 1, (long long)b->shape[kb], kb);
    goto out;
  }
  if (a->ndim <= 2 && b->ndim <= 2) {
    r = kr_np_matmul(&a->h, &b->h);
    goto out;
  }
  int64_t sh[KR_MAXDIMS], st[KR_MAXDIMS], osh[KR_MAXDIMS], rows = 1, cols = 1;
  int nd = 1, ond = 0;
  sh[0] = k, st[0] = b->strides[kb];
  for (int i = 0; i < b->ndim; i++)
    if (i != kb)
      sh[nd] = b->shape[i], st[nd++] = b->strides[i];
  for (int i = 0; i < a->ndim - 1; i++)
    rows *= osh[ond++] = a->shape[i];
  for (int i = 1; i < nd; i++)
    cols *= osh[ond++] = sh[i];
  if (!(bt = kr_array_view(b, (KrDtype)b->dtype, b->data, nd, sh, st)) || !(bc = nd_as(bt, (KrDtype)b->dtype)) ||
      !(ac = nd_as(a, (KrDtype)a->dtype)))
    goto out;
  int64_t ash[2] = {rows, k}, bsh[2] = {k, cols};
  if (!(a2 = contig_view(ac, 2, ash)) || !(b2 = contig_view(bc, 2, bsh)) ||
      !(r2 = (KrArray *)kr_np_matmul(&a2->h, &b2->h)))
    goto out;
  r = (KrObj *)contig_view(r2, ond, osh);
out:;
  KrArray *all[8] = {a, b, bt, ac, bc, a2, b2, r2};
  for (int i = 0; i < 8; i++)
    if (all[i])
      kr_decref(&all[i]->h);
  return r;
}

/* np.array_equal(a1, a2): same shape and every item equal (NaN is not). */
int kr_np_array_equal(KrObj *x, KrObj *y) {
  KrArray *a = as_array(x), *b = a ? as_array(y) : NULL;
  int r = -1;
  if (!b)
    goto out;
  r = 0;
  if (a->ndim != b->ndim || memcmp(a->shape, b->shape, (size_t)a->ndim * sizeof *a->shape))
    goto out;
  KrObj *eq = kr_np_BEQ(&a->h, &b->h);
  if (!eq) {
    r = -1;
    goto out;
  }
  KrArray *e = arr(eq);
  r = 1;
  for (int64_t i = 0; i < e->size && r; i++) /* e is new and contiguous */
    r = e->data[i] != 0;
  kr_decref(eq);
out:
  if (a)
    kr_decref(&a->h);
  if (b)
    kr_decref(&b->h);
  return r;
}

/* np.dtype(x): the dtype x names (a dtype, a scalar type, a name). */
KrObj *kr_np_dtype_ctor(KrObj *o) {
  KrDtype d;
  if (o == kr_None) /* np.dtype(None) is float64 */
    return kr_np_dtype(KR_DT_FLOAT64, false);
  if (dtype_arg(o, KR_DT_FLOAT64, &d) < 0)
    return NULL;
  return kr_np_dtype(d, false);
}

/* format(a, spec), f"{a:spec}": a numpy scalar or 0-d array formats its
 * item as the Python number (numpy's gentype_format); a larger array
 * takes only an empty spec (its str). */
KrObj *kr_np_format(KrObj *o, KrObj *spec) {
  if (arr(o)->ndim == 0) {
    KrObj *item = kr_np_item(o);
    if (!item)
      return NULL;
    KrObj *r = kr_format_obj(item, spec);
    kr_decref(item);
    return r;
  }
  if (kr_str_bytes(spec) == 0)
    return kr_array_str(o);
  return kr_raise(&kr_TypeError_type, "unsupported format string passed to numpy.ndarray.__format__");
}

KrObj *kr_np_format0(KrObj *o) {
  KrObj *empty = kr_str_new("", 0);
  if (!empty)
    return NULL;
  KrObj *r = kr_np_format(o, empty);
  kr_decref(empty);
  return r;
}

/* np.argwhere(a): the indices of the nonzero items, one row each
 * (count x ndim, int64); np.flatnonzero(a): their flat indices. */
KrObj *kr_np_argwhere(KrObj *o) {
  KrArray *a = as_array(o), *parts[KR_MAXDIMS], *r = NULL;
  if (!a)
    return NULL;
  if (a->ndim == 0) { /* numpy: a 0-d array is taken as 1-d */
    int64_t one = 1, st = 0;
    KrArray *v = kr_array_view(a, (KrDtype)a->dtype, a->data, 1, &one, &st);
    kr_decref(&a->h);
    if (!(a = v))
      return NULL;
    KrObj *w = kr_np_argwhere(&a->h);
    kr_decref(&a->h);
    if (!w)
      return NULL;
    int64_t sh[2] = {arr(w)->shape[0], 0};
    KrArray *e = kr_array_new(KR_DT_INT64, 2, sh, true);
    kr_decref(w);
    return (KrObj *)e;
  }
  int nd = nonzero(a, parts);
  if (nd >= 0) {
    int64_t sh[2] = {parts[0]->size, nd};
    r = kr_array_new(KR_DT_INT64, 2, sh, false);
    for (int64_t i = 0; r && i < sh[0]; i++)
      for (int d = 0; d < nd; d++)
        ((int64_t *)r->data)[i * nd + d] = ((int64_t *)parts[d]->data)[i];
    for (int d = 0; d < nd; d++)
      kr_decref(&parts[d]->h);
  }
  kr_decref(&a->h);
  return (KrObj *)r;
}

KrObj *kr_np_flatnonzero(KrObj *o) {
  KrObj *flat = kr_np_ravel(o);
  if (!flat)
    return NULL;
  KrArray *parts[1];
  int nd = nonzero(arr(flat), parts);
  kr_decref(flat);
  return nd < 0 ? NULL : (KrObj *)parts[0];
}

/* ------------------------------------------------------------ where, clip, round */

KrObj *kr_np_where(KrObj *cond, KrObj *x, KrObj *y) {
  KrArray *c = as_array(cond);
  if (!c)
    return NULL;
  /* the three broadcast together, numpy's message naming all three */
  KrArray *bx = kr_np_asarray(x, KR_NDTYPES), *by = bx ? kr_np_asarray(y, KR_NDTYPES) : NULL;
  bool ok = by != NULL;
  if (ok) {
    KrArray *three[3] = {c, bx, by};
    int n = 0;
    for (int i = 0; i < 3; i++)
      n = three[i]->ndim > n ? three[i]->ndim : n;
    for (int d = 0; d < n && ok; d++) {
      int64_t ext = 1;
      for (int i = 0; i < 3 && ok; i++) {
        int k = d - (n - three[i]->ndim);
        int64_t e = k < 0 ? 1 : three[i]->shape[k];
        if (e != 1 && ext != 1 && e != ext)
          ok = false;
        else if (e != 1)
          ext = e;
      }
    }
    if (!ok) {
      char s[3][256];
      for (int i = 0; i < 3; i++)
        nd_shape_str(s[i], sizeof s[i], three[i]->ndim, three[i]->shape);
      kr_raise(&kr_ValueError_type, "operands could not be broadcast together with shapes %s %s %s ", s[0], s[1],
               s[2]);
    }
  }
  if (bx)
    kr_decref(&bx->h);
  if (by)
    kr_decref(&by->h);
  /* the result dtype: x and y promoted as a ufunc would */
  KrObj *probe_r = ok ? kr_np_binop(0 /* add */, x, y) : NULL;
  if (!probe_r) {
    kr_decref(&c->h);
    return NULL;
  }
  KrDtype dt = (KrDtype)arr(probe_r)->dtype;
  kr_decref(probe_r);
  KrArray *ax = kr_np_asarray(x, KR_NDTYPES), *ay = ax ? kr_np_asarray(y, KR_NDTYPES) : NULL;
  KrArray *cx = ay ? nd_as(ax, dt) : NULL, *cy = cx ? nd_as(ay, dt) : NULL, *cc = cy ? nd_as(c, KR_DT_BOOL) : NULL;
  KrArray *r = NULL;
  int64_t s1[KR_MAXDIMS], s2[KR_MAXDIMS];
  int n1, n2;
  if (cc && (n1 = nd_broadcast_shape(cc->ndim, cc->shape, cx->ndim, cx->shape, s1)) >= 0 &&
      (n2 = nd_broadcast_shape(n1, s1, cy->ndim, cy->shape, s2)) >= 0 && (r = kr_array_new(dt, n2, s2, false))) {
    KrArray *ops[4] = {r, cc, cx, cy};
    NdIter it;
    nd_iter_init(&it, n2, s2, 4, ops);
    int64_t sz = kr_dtype_size[dt];
    while (nd_iter_next(&it))
      for (int64_t k = 0; k < it.inner; k++)
        memcpy(it.ptr[0] + k * it.istride[0],
               *(it.ptr[1] + k * it.istride[1]) ? it.ptr[2] + k * it.istride[2] : it.ptr[3] + k * it.istride[3],
               (size_t)sz);
  }
  KrArray *all[6] = {c, ax, ay, cx, cy, cc};
  for (int i = 0; i < 6; i++)
    if (all[i])
      kr_decref(&all[i]->h);
  if (r && r->ndim == 0)
    r->flags |= KR_ARR_SCALAR;
  return (KrObj *)r;
}

KrObj *kr_np_clip(KrObj *a, KrObj *lo, KrObj *hi) {
  KrObj *t = a;
  kr_incref(t);
  if (lo != kr_None) {
    KrObj *u = kr_np_binop(ND_MAX, t, lo);
    kr_decref(t);
    if (!u)
      return NULL;
    t = u;
  }
  if (hi != kr_None) {
    KrObj *u = kr_np_binop(ND_MIN, t, hi);
    kr_decref(t);
    t = u;
  }
  return t;
}

KrObj *kr_np_round(KrObj *o, int64_t decimals) {
  KrArray *a = as_array(o);
  if (!a)
    return NULL;
  KrDtype d = (KrDtype)a->dtype;
  KrArray *r;
  if (kr_dtype_kind[d] != 'f') {
    r = nd_copy(a, d); /* integers round to themselves (decimals >= 0) */
    if (r && decimals < 0 && d != KR_DT_BOOL) { /* numpy: x / 10**-d in float64, rint, times 10**-d */
      double f = pow(10.0, (double)-decimals);
      for (int64_t i = 0; i < r->size; i++) {
        char *p = r->data + i * kr_dtype_size[d];
        kr_dt_store_f64(d, p, rint(kr_dt_load_f64(d, p) / f) * f);
      }
    }
  } else {
    r = nd_copy(a, d == KR_DT_FLOAT64 ? d : KR_DT_FLOAT32);
    if (r) {
      double f = pow(10.0, (double)(decimals < 0 ? -decimals : decimals));
      for (int64_t i = 0; i < r->size; i++) {
        char *p = r->data + i * kr_dtype_size[r->dtype];
        double x = kr_dt_load_f64((KrDtype)r->dtype, p), y;
        if (r->dtype == KR_DT_FLOAT32) {
          float xf = (float)x, ff = (float)f;
          y = decimals >= 0 ? rintf(xf * ff) / ff : rintf(xf / ff) * ff;
        } else
          y = decimals >= 0 ? rint(x * f) / f : rint(x / f) * f;
        kr_dt_store_f64((KrDtype)r->dtype, p, y);
      }
      if (r->dtype != d) {
        KrArray *c = nd_copy(r, d);
        kr_decref(&r->h);
        r = c;
      }
    }
  }
  if (r && r->ndim == 0 && (a->flags & KR_ARR_SCALAR))
    r->flags |= KR_ARR_SCALAR;
  kr_decref(&a->h);
  return (KrObj *)r;
}

/* ------------------------------------------------------------ iteration */

static int array_iter_next(KrIter *it, KrVal *out) {
  KrArray *a = arr(it->src);
  if (it->pos == it->end)
    return 0;
  int64_t i = it->pos;
  it->pos += it->a;
  char *p = a->data + i * a->strides[0];
  KrArray *r;
  if (a->ndim == 1) {
    r = kr_array_new((KrDtype)a->dtype, 0, NULL, false);
    if (r) {
      memcpy(r->data, p, kr_dtype_size[a->dtype]);
      r->flags |= KR_ARR_SCALAR;
    }
  } else
    r = kr_array_view(a, (KrDtype)a->dtype, p, a->ndim - 1, a->shape + 1, a->strides + 1);
  if (!r)
    return -1;
  out->o = &r->h;
  return 1;
}

int kr_np_iter_init(KrIter *it, KrObj *o, bool reverse) {
  KrArray *a = arr(o);
  if (a->ndim == 0) {
    kr_raise(&kr_TypeError_type, "iteration over a 0-d array");
    return -1;
  }
  kr_incref(o);
  it->src = o;
  it->kind = KR_OBJ;
  it->next = array_iter_next;
  it->pos = reverse ? a->shape[0] - 1 : 0;
  it->end = reverse ? -1 : a->shape[0];
  it->a = reverse ? -1 : 1;
  return 0;
}

/* ------------------------------------------------------------ entry points */

KrObj *kr_np_sum(KrObj *a, KrObj *axis, bool kd) { return kr_np_reduce(ND_RSUM, a, axis, kd, 0); }
KrObj *kr_np_prod(KrObj *a, KrObj *axis, bool kd) { return kr_np_reduce(ND_RPROD, a, axis, kd, 0); }
KrObj *kr_np_max(KrObj *a, KrObj *axis, bool kd) { return kr_np_reduce(ND_RMAX, a, axis, kd, 0); }
KrObj *kr_np_min(KrObj *a, KrObj *axis, bool kd) { return kr_np_reduce(ND_RMIN, a, axis, kd, 0); }
KrObj *kr_np_mean(KrObj *a, KrObj *axis, bool kd) { return kr_np_reduce(ND_RMEAN, a, axis, kd, 0); }
KrObj *kr_np_any(KrObj *a, KrObj *axis, bool kd) { return kr_np_reduce(ND_RANY, a, axis, kd, 0); }
KrObj *kr_np_all(KrObj *a, KrObj *axis, bool kd) { return kr_np_reduce(ND_RALL, a, axis, kd, 0); }
KrObj *kr_np_var(KrObj *a, KrObj *axis, int64_t ddof, bool kd) { return kr_np_reduce(ND_RVAR, a, axis, kd, ddof); }
KrObj *kr_np_std(KrObj *a, KrObj *axis, int64_t ddof, bool kd) { return kr_np_reduce(ND_RSTD, a, axis, kd, ddof); }
KrObj *kr_np_argmax(KrObj *a, KrObj *axis) { return kr_np_reduce(ND_RARGMAX, a, axis, false, 0); }
KrObj *kr_np_argmin(KrObj *a, KrObj *axis) { return kr_np_reduce(ND_RARGMIN, a, axis, false, 0); }
KrObj *kr_np_cumsum(KrObj *a, KrObj *axis) { return kr_np_cumulative(0, a, axis); }
KrObj *kr_np_cumprod(KrObj *a, KrObj *axis) { return kr_np_cumulative(1, a, axis); }

KrObj *kr_np_asarray_dt(KrObj *a, KrObj *dtype) {
  KrDtype dt;
  if (dtype_arg(dtype, KR_NDTYPES, &dt) < 0)
    return NULL;
  return (KrObj *)kr_np_asarray(a, dt);
}

KrObj *kr_np_empty_like(KrObj *a, KrObj *dtype) { return like(a, NULL, dtype); }

KrObj *kr_np_getslice(KrObj *a, int64_t lo, int64_t hi, int64_t step, int64_t has) {
  KrObj *s = kr_slice_new(lo, hi, step, (int)has);
  if (!s)
    return NULL;
  KrObj *r = kr_np_getitem(a, s);
  kr_decref(s);
  return r;
}

int kr_np_setslice(KrObj *a, int64_t lo, int64_t hi, int64_t step, int64_t has, KrObj *v) {
  KrObj *s = kr_slice_new(lo, hi, step, (int)has);
  if (!s)
    return -1;
  int r = kr_np_setitem(a, s, v);
  kr_decref(s);
  return r;
}

/* ord=None: the 2-norm of the flattened array (axis None) or along an axis,
 * computed as numpy does, sqrt(sum(x*x)) in the array's float type. */
KrObj *kr_np_norm(KrObj *o, KrObj *axis, bool keepdims) {
  KrArray *a = as_array(o);
  if (!a)
    return NULL;
  KrArray *f = kr_dtype_kind[a->dtype] == 'f' ? (kr_incref(&a->h), a) : nd_copy(a, KR_DT_FLOAT64);
  kr_decref(&a->h);
  if (!f)
    return NULL;
  KrObj *sq = kr_np_BMUL(&f->h, &f->h);
  kr_decref(&f->h);
  if (!sq)
    return NULL;
  KrObj *s = kr_np_sum(sq, axis, keepdims);
  kr_decref(sq);
  if (!s)
    return NULL;
  KrObj *r = kr_np_USQRT(s);
  kr_decref(s);
  return r;
}


KrObj *kr_np_dtype_name(KrObj *dt) { return kr_str_from_cstr(kr_dtype_name[((KrDtypeObj *)dt)->dt]); }
int64_t kr_np_dtype_itemsize(KrObj *dt) { return kr_dtype_size[((KrDtypeObj *)dt)->dt]; }
int64_t kr_np_nbytes(KrObj *a) { return arr(a)->size * kr_dtype_size[arr(a)->dtype]; }
int64_t kr_np_itemsize(KrObj *a) { return kr_dtype_size[arr(a)->dtype]; }

KrObj *kr_np_inplace(int op, KrObj *o, KrObj *b) {
  KrArray *a = arr(o), *ab = as_array(b);
  if (!ab)
    return NULL;
  bool ok = true;
  for (int i = 0; i < ab->ndim && ok; i++) { /* numpy names the output too: (3,) (4,) (3,) */
    int j = i - (ab->ndim - a->ndim);
    int64_t x = ab->shape[i], y = j >= 0 ? a->shape[j] : 1;
    ok = x == y || x == 1 || y == 1;
  }
  if (!ok) {
    char s1[256], s2[256];
    nd_shape_str(s1, sizeof s1, a->ndim, a->shape);
    nd_shape_str(s2, sizeof s2, ab->ndim, ab->shape);
    kr_decref(&ab->h);
    return kr_raise(&kr_ValueError_type, "operands could not be broadcast together with shapes %s %s %s ", s1, s2, s1);
  }
  kr_decref(&ab->h);
  KrObj *r = kr_np_binop(op, o, b);
  if (!r)
    return NULL;
  KrArray *ra = arr(r);
  int ca = kr_dtype_kind[a->dtype] == 'f' ? 2 : a->dtype == KR_DT_BOOL ? 0 : 1;
  int cr = kr_dtype_kind[ra->dtype] == 'f' ? 2 : ra->dtype == KR_DT_BOOL ? 0 : 1;
  if (cr > ca) {
    kr_decref(r);
    return kr_raise(&kr_UFuncOutputCastingError_type,
                    "Cannot cast ufunc '%s' output from dtype('%s') to dtype('%s') with casting rule 'same_kind'",
                    kr_np_binop_name(op), kr_dtype_name[ra->dtype], kr_dtype_name[a->dtype]);
  }
  if (a->flags & KR_ARR_SCALAR) /* numpy scalars are immutable: s += 1 makes a new one */
    return r;
  if (ra->ndim != a->ndim || memcmp(ra->shape, a->shape, (size_t)a->ndim * sizeof *a->shape)) {
    char s1[256], s2[256];
    nd_shape_str(s1, sizeof s1, a->ndim, a->shape);
    nd_shape_str(s2, sizeof s2, ra->ndim, ra->shape);
    kr_decref(r);
    return kr_raise(&kr_ValueError_type,
                    "non-broadcastable output operand with shape %s doesn't match the broadcast shape %s", s1, s2);
  }
  int rc = kr_np_setitem(o, kr_Ellipsis, r);
  kr_decref(r);
  if (rc < 0)
    return NULL;
  kr_incref(o);
  return o;
}
#define X(k, s) \
  KrObj *kr_np_I##k(KrObj *a, KrObj *b) { return kr_np_inplace(ND_##k, a, b); }
ND_BINOPS(X)
#undef X

#define X(k, name, ctype, size, kind)                                      \
  KrObj *kr_np_dt_##k(void) { return kr_np_dtype(KR_DT_##k, true); }       \
  KrObj *kr_np_sc_##k(KrObj *v) { return kr_np_scalar(KR_DT_##k, v); }
KR_DTYPES(X)
#undef X

KrObj *kr_np_ellipsis(void) { return kr_Ellipsis; }
