/* nn.c — kiln.nn's fused kernels: the operations transformer code needs,
 * each one pass over its rows instead of numpy's chain of temporaries.
 *
 * Each kernel has the semantics of its Python definition in
 * python/kiln/nn.py (which is what CPython runs), computed in float32 for
 * float32/float16/bfloat16 inputs and in float64 for float64 (and integer)
 * inputs; the result has the dtype numpy's version would give. Rows are the
 * last axis of a C-contiguous copy of the input (no copy when it already is
 * one), and rows are spread over the thread pool.
 */
#include "nd_impl.h"
#include "quant.h"

#include <math.h>
#include <stdlib.h>
#include <pthread.h>
#include <stdatomic.h>

/* ------------------------------------------------------------ rows */

/* The input as a C-contiguous array of its compute dtype (float32 or
 * float64), and the dtype of the result. */
static KrArray *rows_of(KrObj *o, KrDtype *out) {
  KrArray *a = kr_np_asarray(o, KR_NDTYPES);
  if (!a)
    return NULL;
  KrDtype d = (KrDtype)a->dtype;
  KrDtype c = d == KR_DT_FLOAT32 || d == KR_DT_FLOAT16 || d == KR_DT_BFLOAT16 ? KR_DT_FLOAT32 : KR_DT_FLOAT64;
  *out = kr_dtype_kind[d] == 'f' ? d : KR_DT_FLOAT64;
  KrArray *r = nd_as(a, c);
  kr_decref(&a->h);
  if (r && r->ndim == 0) {
    kr_decref(&r->h);
    return kr_raise(&kr_ValueError_type, "kiln.nn: expected an array with at least one dimension");
  }
  return r;
}

/* r (compute dtype) as the result dtype; steals r */
static KrObj *as_result(KrArray *r, KrDtype out) {
  if (!r || r->dtype == out)
    return (KrObj *)r;
  KrArray *c = nd_copy(r, out);
  kr_decref(&r->h);
  return (KrObj *)c;
}

/* A 1-d parameter (a norm's weight) of length n in the compute dtype. */
static KrArray *param_of(KrObj *o, KrDtype c, int64_t n, const char *what) {
  KrArray *a = kr_np_asarray(o, KR_NDTYPES);
  if (!a)
    return NULL;
  KrArray *r = nd_as(a, c);
  kr_decref(&a->h);
  if (r && (r->ndim != 1 || r->shape[0] != n)) {
    kr_raise(&kr_ValueError_type, "kiln.nn: %s must have shape (%lld,), not %d-d with %lld items", what,
             (long long)n, r->ndim, (long long)r->size);
    kr_decref(&r->h);
    return NULL;
  }
  return r;
}

typedef struct RowJob {
  const KrArray *x;
  KrArray *y;
  int64_t n, rows;
  const KrArray *w, *b;
  double eps, offset;
  int kind;
} RowJob;

/* ------------------------------------------------------------ softmax */

#define SOFTMAX_ROW(T, EXP)                                            \
  static void softmax_row_##T(const T *x, T *y, int64_t n) {          \
    T m = x[0];                                                        \
    for (int64_t i = 1; i < n; i++)                                    \
      m = x[i] > m || m != m ? x[i] : m;                               \
    T s = 0;                                                           \
    for (int64_t i = 0; i < n; i++) {                                  \
      y[i] = EXP(x[i] - m);                                            \
      s += y[i];                                                       \
    }                                                                  \
    for (int64_t i = 0; i < n; i++)                                    \
      y[i] = y[i] / s;                                                 \
  }
SOFTMAX_ROW(double, exp)
static void softmax_row_float(const float *x, float *y, int64_t n); /* vectorised: after the activations */

static void softmax_rows(void *ctx, int64_t i) {
  RowJob *j = ctx;
  if (j->x->dtype == KR_DT_FLOAT32)
    softmax_row_float((const float *)j->x->data + i * j->n, (float *)j->y->data + i * j->n, j->n);
  else
    softmax_row_double((const double *)j->x->data + i * j->n, (double *)j->y->data + i * j->n, j->n);
}

static KrObj *run_rows(KrArray *x, KrDtype out, RowJob *j, void (*fn)(void *, int64_t)) {
  KrArray *y = nd_empty((KrDtype)x->dtype, x->ndim, x->shape);
  if (!y) {
    kr_decref(&x->h);
    return NULL;
  }
  j->x = x;
  j->y = y;
  j->n = x->shape[x->ndim - 1];
  j->rows = j->n ? x->size / j->n : 0;
  if (j->n)
    kr_parallel_for(j->rows, fn, j);
  kr_decref(&x->h);
  return as_result(y, out);
}

KrObj *kr_nn_softmax(KrObj *o, int64_t axis) {
  KrDtype out;
  KrArray *x = rows_of(o, &out);
  if (!x)
    return NULL;
  int ax = nd_axis(axis, x->ndim);
  if (ax < 0) {
    kr_decref(&x->h);
    return NULL;
  }
  if (ax != x->ndim - 1) { /* another axis: swap it last, compute, swap back */
    KrObj *t = kr_np_swapaxes(&x->h, ax, -1);
    kr_decref(&x->h);
    if (!t)
      return NULL;
    KrObj *r = kr_nn_softmax(t, -1);
    kr_decref(t);
    if (!r)
      return NULL;
    KrObj *back = kr_np_swapaxes(r, ax, -1);
    kr_decref(r);
    KrObj *c = back ? kr_np_copy(back) : NULL;
    kr_xdecref(back);
    return c;
  }
  RowJob j = {0};
  return run_rows(x, out, &j, softmax_rows);
}

/* ------------------------------------------------------------ norms */

enum { NORM_RMS, NORM_LAYER };

/* numpy's pairwise summation (eight accumulators over blocks of up to 128,
 * halves above; ndops.c has the same for sums) of x[i] - c, or of its
 * square: the means of the Python version's np.mean(x * x) and
 * np.mean(d * d) bit for bit, each square rounded before it is added as
 * numpy's temporary holds it. Eight independent accumulators are also what
 * lets the loop run at the adder's throughput instead of its latency. */
#define PAIRWISE_DEV(T)                                                                   \
  static T pairwise_dev_##T(const T *a, int64_t n, T c, bool sq) {                        \
    if (n < 8) {                                                                          \
      T r = (T)0.0;                                                                       \
      for (int64_t i = 0; i < n; i++) {                                                   \
        T d = a[i] - c;                                                                   \
        r += sq ? d * d : d;                                                              \
      }                                                                                   \
      return r;                                                                           \
    }                                                                                     \
    if (n <= 128) {                                                                       \
      T r[8];                                                                             \
      for (int k = 0; k < 8; k++) {                                                       \
        T d = a[k] - c;                                                                   \
        r[k] = sq ? d * d : d;                                                            \
      }                                                                                   \
      int64_t i;                                                                          \
      if (sq)                                                                             \
        for (i = 8; i < n - (n % 8); i += 8)                                              \
          for (int k = 0; k < 8; k++) {                                                   \
            T d = a[i + k] - c;                                                           \
            r[k] += d * d;                                                                \
          }                                                                               \
      else                                                                                \
        for (i = 8; i < n - (n % 8); i += 8)                                              \
          for (int k = 0; k < 8; k++)                                                     \
            r[k] += a[i + k] - c;                                                         \
      T res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));         \
      for (; i < n; i++) {                                                                \
        T d = a[i] - c;                                                                   \
        res += sq ? d * d : d;                                                            \
      }                                                                                   \
      return res;                                                                         \
    }                                                                                     \
    int64_t n2 = n / 2;                                                                   \
    n2 -= n2 % 8;                                                                         \
    return pairwise_dev_##T(a, n2, c, sq) + pairwise_dev_##T(a + n2, n - n2, c, sq);      \
  }
PAIRWISE_DEV(float)
PAIRWISE_DEV(double)

/* One row as the Python version computes it: RMS, x * (1 / sqrt(mean(x*x)
 * + eps)); layer, d / sqrt(mean(d*d) + eps) with d = x - mean(x); then the
 * weight (plus offset) and the bias. Rows are at most numpy's buffer
 * (8192 items) for the sums to be numpy's exactly; longer rows sum in
 * chunks the way numpy's reduction does. */
#define NORM_ROW(T, SQRT)                                                                  \
  static void norm_layer_out_##T(const T *restrict x, T *restrict y, const T *w, const T *b, int64_t n, T mean, \
                                 T sd) {                                                   \
    for (int64_t i = 0; i < n; i++) {                                                      \
      T v = (x[i] - mean) / sd;                                                            \
      if (w)                                                                               \
        v = v * w[i];                                                                      \
      if (b)                                                                               \
        v = v + b[i];                                                                      \
      y[i] = v;                                                                            \
    }                                                                                      \
  }                                                                                        \
  static T chunked_dev_##T(const T *a, int64_t n, T c, bool sq) {                         \
    T s = pairwise_dev_##T(a, n < 8192 ? n : 8192, c, sq);                                \
    for (int64_t i = 8192; i < n; i += 8192)                                               \
      s += pairwise_dev_##T(a + i, n - i < 8192 ? n - i : 8192, c, sq);                   \
    return s;                                                                              \
  }                                                                                        \
  static void norm_row_##T(const RowJob *j, const T *restrict x, T *restrict y) {         \
    int64_t n = j->n;                                                                      \
    const T *w = j->w ? (const T *)j->w->data : NULL, *b = j->b ? (const T *)j->b->data : NULL; \
    T mean = 0, inv = 0, sd = 1;                                                           \
    if (j->kind == NORM_LAYER) {                                                           \
      mean = chunked_dev_##T(x, n, 0, false) / (T)n;                                       \
      sd = SQRT(chunked_dev_##T(x, n, mean, true) / (T)n + (T)j->eps);                     \
    } else                                                                                 \
      inv = (T)1 / SQRT(chunked_dev_##T(x, n, 0, true) / (T)n + (T)j->eps);                \
    T off = (T)j->offset;                                                                  \
    if (j->kind == NORM_LAYER)                                                             \
      norm_layer_out_##T(x, y, w, b, n, mean, sd);                                         \
    else if (w)                                                                            \
      for (int64_t i = 0; i < n; i++) { /* x and y never overlap (rows_of's copy, a new y) */ \
        T v = x[i] * inv;                                                                  \
        y[i] = v * (off + w[i]);                                                           \
      }                                                                                    \
    else                                                                                   \
      for (int64_t i = 0; i < n; i++)                                                      \
        y[i] = x[i] * inv;                                                                 \
  }
NORM_ROW(float, sqrtf)
NORM_ROW(double, sqrt)

static void norm_rows(void *ctx, int64_t i) {
  RowJob *j = ctx;
  if (j->x->dtype == KR_DT_FLOAT32)
    norm_row_float(j, (const float *)j->x->data + i * j->n, (float *)j->y->data + i * j->n);
  else
    norm_row_double(j, (const double *)j->x->data + i * j->n, (double *)j->y->data + i * j->n);
}

static KrObj *norm(int kind, KrObj *o, KrObj *w, KrObj *b, double eps, double offset) {
  KrDtype out;
  KrArray *x = rows_of(o, &out);
  if (!x)
    return NULL;
  int64_t n = x->shape[x->ndim - 1];
  RowJob j = {.eps = eps, .offset = offset, .kind = kind};
  KrArray *wa = NULL, *ba = NULL;
  if (w != kr_None && !(wa = param_of(w, (KrDtype)x->dtype, n, "the weight")))
    goto fail;
  if (b != kr_None && !(ba = param_of(b, (KrDtype)x->dtype, n, "the bias")))
    goto fail;
  j.w = wa;
  j.b = ba;
  KrObj *r = run_rows(x, out, &j, norm_rows);
  if (wa)
    kr_decref(&wa->h);
  if (ba)
    kr_decref(&ba->h);
  return r;
fail:
  if (wa)
    kr_decref(&wa->h);
  kr_decref(&x->h);
  return NULL;
}

KrObj *kr_nn_rms_norm(KrObj *x, KrObj *w, double eps, double offset) {
  return norm(NORM_RMS, x, w, kr_None, eps, offset);
}
KrObj *kr_nn_layer_norm(KrObj *x, KrObj *w, KrObj *b, double eps) { return norm(NORM_LAYER, x, w, b, eps, 0); }

/* ------------------------------------------------------------ activations */

enum { ACT_GELU, ACT_GELU_TANH, ACT_SILU };

/* The float64 path: libm, one value at a time (the reference form). */
static void act_double(int kind, const double *x, double *y, int64_t n) {
  for (int64_t i = 0; i < n; i++) {
    double v = x[i];
    if (kind == ACT_GELU)
      y[i] = 0.5 * v * (1 + erf(v * 0.7071067811865476));
    else if (kind == ACT_GELU_TANH)
      y[i] = 0.5 * v * (1 + tanh(0.7978845608028654 * (v + 0.044715 * v * v * v)));
    else
      y[i] = v / (1 + exp(-v));
  }
}

/* The float32 path, vectorised: libm's erff/tanhf/expf are calls the
 * compiler cannot vectorise (they were a third of EmbeddingGemma's time), so
 * each activation is written on 8 floats at once with the compiler's
 * generic vectors (two SSE registers on any x86-64, one AVX2 register in a
 * copy chosen at run time, NEON or SIMD128 elsewhere): no calls, no
 * branches, selects by masks. Accuracy, checked against the float64
 * definitions: within 2.5e-7 absolute of numpy's float32 result. */
/* the helpers are always inlined: called across the AVX2 copy's boundary
 * they would pass vectors in different ways (gcc's -Wpsabi, which it
 * reports at the file's end) */
#pragma GCC diagnostic ignored "-Wpsabi"
#define INLINE inline __attribute__((always_inline))
typedef float v8f __attribute__((vector_size(32)));
typedef int32_t v8i __attribute__((vector_size(32)));

static INLINE v8f splat(float a) { return (v8f){a, a, a, a, a, a, a, a}; }
static INLINE v8f sel(v8i m, v8f a, v8f b) { return (v8f)(((v8i)a & m) | ((v8i)b & ~m)); }

/* e^x: x = n ln2 + r with |r| <= ln2/2 (ln2 split in two so n ln2 is
 * exact), e^r by its Taylor series to r^7 (relative error < 1e-8), 2^n
 * put in the exponent bits; x clamped to [-87, 88], where 2^n is normal. */
static INLINE v8f exp_v8(v8f x) {
  x = sel(x < splat(-87.0f), splat(-87.0f), x);
  x = sel(x > splat(88.0f), splat(88.0f), x);
  v8f n = x * 1.44269504089f + 12582912.0f; /* + 1.5 * 2^23: rounds to an integer */
  n -= 12582912.0f;
  v8f r = x - n * 0.693145751953125f - n * 1.428606820309417e-06f;
  v8f p = splat(1.0f / 5040);
  p = p * r + 1.0f / 720;
  p = p * r + 1.0f / 120;
  p = p * r + 1.0f / 24;
  p = p * r + 1.0f / 6;
  p = p * r + 0.5f;
  p = p * r + 1.0f;
  p = p * r + 1.0f;
  v8i bits = (__builtin_convertvector(n, v8i) + 127) << 23;
  return p * (v8f)bits;
}

/* x * Phi(x), Phi(x) = 1 - erfc(z)/2 for x >= 0 and erfc(z)/2 below, z =
 * |x|/sqrt(2) (no cancellation in the negative tail). erf(z) for z < 1 is
 * z p(z^2), p a degree-6 least-squares fit (error < 4e-9); erfc(z) for 1 <=
 * z <= 4 is e^(-z^2) q(u), q a degree-10 fit of erfc(z) e^(z^2) in u =
 * (1/z - 0.625) / 0.375 (relative error < 7e-9); past 4, erfc(z) < 2e-8 is
 * 0 at float precision. The fits were made for kiln with numpy's Chebyshev
 * least squares. */
static INLINE v8f gelu_erf_v8(v8f v) {
  v8f z = (v8f)((v8i)v & 0x7fffffff) * 0.70710678118654752f, t = z * z;
  v8f p = splat(8.006266784e-05f);
  p = p * t - 8.053592318e-04f;
  p = p * t + 5.192942551e-03f;
  p = p * t - 2.685606291e-02f;
  p = p * t + 1.128363451e-01f;
  p = p * t - 3.761262976e-01f;
  p = p * t + 1.128379166e+00f;
  v8i small = z < splat(1.0f), big = z > splat(4.0f);
  v8f zc = sel(small, splat(1.0f), sel(big, splat(4.0f), z));
  v8f u = (1.0f / zc - 0.625f) * 2.66666666667f;
  v8f q = splat(-2.023733248e-06f);
  q = q * u + 3.724476410e-06f;
  q = q * u + 2.256660089e-06f;
  q = q * u - 2.788772519e-05f;
  q = q * u + 1.198250128e-04f;
  q = q * u - 3.482450225e-04f;
  q = q * u + 4.614938677e-04f;
  q = q * u + 2.308053356e-03f;
  q = q * u - 2.424302845e-02f;
  q = q * u + 1.433564124e-01f;
  q = q * u + 3.059529926e-01f;
  v8f erfc = sel(small, 1.0f - z * p, sel(big, splat(0.0f), exp_v8(-(zc * zc)) * q));
  return v * sel(v >= splat(0.0f), 1.0f - 0.5f * erfc, 0.5f * erfc);
}

/* 0.5 x (1 + tanh(y)) is x sigmoid(2y) = x / (1 + e^(-2y)): no tanh, and
 * no cancellation for negative y. */
static INLINE v8f gelu_tanh_v8(v8f v) {
  v8f y = 0.7978845608028654f * (v + 0.044715f * v * v * v);
  return v / (1.0f + exp_v8(-2.0f * y));
}

static INLINE v8f silu_v8(v8f v) { return v / (1.0f + exp_v8(-v)); }

/* one activation over n values, 8 at a time; the last block padded */
#define ACT_LOOP(F)                                                                    \
  do {                                                                                 \
    int64_t i = 0;                                                                     \
    v8f b;                                                                             \
    for (; i + 8 <= n; i += 8) {                                                       \
      memcpy(&b, x + i, sizeof b);                                                     \
      b = F(b);                                                                        \
      memcpy(y + i, &b, sizeof b);                                                     \
    }                                                                                  \
    if (i < n) {                                                                       \
      b = splat(0.0f);                                                                 \
      memcpy(&b, x + i, (size_t)(n - i) * sizeof *x);                                  \
      b = F(b);                                                                        \
      memcpy(y + i, &b, (size_t)(n - i) * sizeof *y);                                  \
    }                                                                                  \
  } while (0)
#define ACT_F32_BODY                                                                   \
  {                                                                                    \
    if (kind == ACT_GELU)                                                              \
      ACT_LOOP(gelu_erf_v8);                                                           \
    else if (kind == ACT_GELU_TANH)                                                    \
      ACT_LOOP(gelu_tanh_v8);                                                          \
    else                                                                               \
      ACT_LOOP(silu_v8);                                                               \
  }

/* The AVX2 copies (here and exp_row_avx2) are gcc's: clang 14 refuses the
 * 8-lane vector arguments of the helpers inside a target("avx2") function
 * ("AVX vector argument ... changes the ABI"), so a clang build (the
 * libFuzzer harnesses) keeps the generic copy, which computes the same
 * values. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define ACT_AVX2 1
#endif
static void act_float_base(int kind, const float *x, float *y, int64_t n) ACT_F32_BODY
#ifdef ACT_AVX2
__attribute__((target("avx2"))) static void act_float_avx2(int kind, const float *x, float *y, int64_t n)
    ACT_F32_BODY
#endif

static void act_float(int kind, const float *x, float *y, int64_t n) {
#ifdef ACT_AVX2
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2")) {
    act_float_avx2(kind, x, y, n);
    return;
  }
#endif
  act_float_base(kind, x, y, n);
}

/* e^(x - m) over a row, 8 at a time; exactly 0 below e^-87 (masked keys'
 * -inf among them), where numpy gives 0 or a subnormal. */
#define EXP_SHIFT(b) (sel((b) - m < splat(-87.0f), splat(0.0f), exp_v8((b) - m)))
#define EXP_ROW_BODY                                 \
{                                                    \
  int64_t i = 0;                                     \
  v8f b;                                             \
  for (; i + 8 <= n; i += 8) {                       \
    memcpy(&b, x + i, sizeof b);                     \
    b = EXP_SHIFT(b);                                \
    memcpy(y + i, &b, sizeof b);                     \
  }                                                  \
  if (i < n) {                                       \
    b = splat(0.0f);                                 \
    memcpy(&b, x + i, (size_t)(n - i) * sizeof *x);  \
    b = EXP_SHIFT(b);                                \
    memcpy(y + i, &b, (size_t)(n - i) * sizeof *y);  \
  }                                                  \
}
static void exp_row_base(const float *x, float m, float *y, int64_t n) EXP_ROW_BODY
#ifdef ACT_AVX2
__attribute__((target("avx2"))) static void exp_row_avx2(const float *x, float m, float *y, int64_t n) EXP_ROW_BODY
#endif

/* softmax of a float32 row as the Python version: e = exp(x - max), then e
 * over its sum (numpy's pairwise summation, so the same sum of the same
 * e's); e^x is exp_v8's, within a few units in the last place of numpy's. */
static void softmax_row_float(const float *x, float *y, int64_t n) {
  float m = x[0];
  for (int64_t i = 1; i < n; i++)
    m = x[i] > m || m != m ? x[i] : m;
  if (m != m || m == INFINITY || m == -INFINITY) { /* NaN, or a row of infinities: as numpy, with expf */
    for (int64_t i = 0; i < n; i++)
      y[i] = expf(x[i] - m);
  } else {
#ifdef ACT_AVX2
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
      exp_row_avx2(x, m, y, n);
    else
#endif
      exp_row_base(x, m, y, n);
  }
  float s = chunked_dev_float(y, n, 0.0f, false);
  for (int64_t i = 0; i < n; i++)
    y[i] = y[i] / s;
}

static void act_rows(void *ctx, int64_t i) {
  RowJob *j = ctx;
  if (j->x->dtype == KR_DT_FLOAT32)
    act_float(j->kind, (const float *)j->x->data + i * j->n, (float *)j->y->data + i * j->n, j->n);
  else
    act_double(j->kind, (const double *)j->x->data + i * j->n, (double *)j->y->data + i * j->n, j->n);
}

static KrObj *activation(KrObj *o, int kind) {
  KrDtype out;
  KrArray *x = rows_of(o, &out);
  if (!x)
    return NULL;
  RowJob j = {.kind = kind};
  return run_rows(x, out, &j, act_rows);
}

KrObj *kr_nn_gelu(KrObj *x, KrObj *approximate) {
  int kind = ACT_GELU;
  if (approximate->type == &kr_str_type && !strcmp(kr_str_data(approximate), "tanh"))
    kind = ACT_GELU_TANH;
  else if (approximate->type != &kr_str_type || strcmp(kr_str_data(approximate), "none"))
    return kr_raise(&kr_ValueError_type, "kiln.nn.gelu: approximate must be 'none' or 'tanh', not %R", approximate);
  return activation(x, kind);
}
KrObj *kr_nn_silu(KrObj *x) { return activation(x, ACT_SILU); }

/* ------------------------------------------------------------ linear */

/* y = x @ w.T + b: w stored (out, in) as nn.Linear keeps it, in its own
 * dtype (bfloat16 and float16 weights are converted inside the GEMM).
 * bf16: x and w rounded to bfloat16, products summed in float32, a float32
 * result: kr_gemm_bf16 (VDPBF16PS where the CPU has it), which rounds x as
 * it packs it; a weight of another dtype is rounded into a copy first. */
static KrObj *linear_list(KrObj *xo, KrList *l, KrObj *bo, bool bf16);

KrObj *kr_nn_linear(KrObj *xo, KrObj *wo, KrObj *bo, bool bf16) {
  if (wo->type == &kr_list_type)
    return linear_list(xo, (KrList *)wo, bo, bf16);
  KrArray *x = kr_np_asarray(xo, KR_NDTYPES), *w = x ? kr_np_asarray(wo, KR_NDTYPES) : NULL;
  KrObj *res = NULL;
  KrArray *xc = NULL, *wc = NULL, *y = NULL;
  if (!w)
    goto out;
  if (bf16 && kr_is_quant(w)) {
    kr_raise(&kr_ValueError_type, "kiln.nn.linear: bf16=True takes a float weight, not a quantised one");
    goto out;
  }
  if (kr_is_quant(w)) { /* a Q8_0/Q4_K weight of a GGUF file: quant.c */
    res = kr_q_linear(x, &w, 1, bo);
    goto out;
  }
  if (w->ndim != 2 || x->ndim < 1 || x->shape[x->ndim - 1] != w->shape[1]) {
    char s1[256], s2[256];
    nd_shape_str(s1, sizeof s1, x->ndim, x->shape);
    nd_shape_str(s2, sizeof s2, w->ndim, w->shape);
    kr_raise(&kr_ValueError_type, "kiln.nn.linear: x of shape %s and a weight of shape %s (out, in) do not fit", s1,
             s2);
    goto out;
  }
  KrDtype out = kr_dtype_promote((KrDtype)x->dtype, (KrDtype)w->dtype);
  if (kr_dtype_kind[out] != 'f')
    out = KR_DT_FLOAT64;
  if (bf16)
    out = KR_DT_FLOAT32;
  bool f32 = out != KR_DT_FLOAT64;
  int64_t K = w->shape[1], N = w->shape[0], M = K ? x->size / K : 0;
  xc = nd_as(x, f32 ? KR_DT_FLOAT32 : KR_DT_FLOAT64);
  if (!xc)
    goto out;
  int64_t ysh[KR_MAXDIMS];
  memcpy(ysh, x->shape, (size_t)x->ndim * sizeof *ysh);
  ysh[x->ndim - 1] = N;
  y = nd_empty(f32 ? KR_DT_FLOAT32 : KR_DT_FLOAT64, x->ndim, ysh); /* the GEMM writes every item, zeros for K = 0 */
  if (!y)
    goto out;
  bool half = f32 && (w->dtype == KR_DT_BFLOAT16 || w->dtype == KR_DT_FLOAT16) && kr_array_is_contiguous(w);
  if (bf16) {
    if (w->dtype != KR_DT_BFLOAT16 && w->dtype != KR_DT_FLOAT32) { /* to float32 first, as the Python version */
      wc = nd_as(w, KR_DT_FLOAT32);
      if (!wc)
        goto out;
      kr_decref(&w->h);
      w = wc;
    }
    wc = nd_as(w, KR_DT_BFLOAT16); /* no copy for a contiguous bfloat16 weight */
    if (!wc)
      goto out;
    kr_gemm_bf16(M, N, K, (const float *)xc->data, K, (const uint16_t *)wc->data, K, true, (float *)y->data, N,
                 false);
  } else if (half) {
    if (w->dtype == KR_DT_BFLOAT16)
      kr_gemm_f32_bf16(M, N, K, (const float *)xc->data, K, (const uint16_t *)w->data, K, true, (float *)y->data, N,
                       false);
    else
      kr_gemm_f32_f16(M, N, K, (const float *)xc->data, K, (const uint16_t *)w->data, K, true, (float *)y->data, N,
                      false);
  } else {
    wc = nd_as(w, f32 ? KR_DT_FLOAT32 : KR_DT_FLOAT64);
    if (!wc)
      goto out;
    if (f32)
      kr_gemm_f32(M, N, K, (const float *)xc->data, K, (const float *)wc->data, K, true, (float *)y->data, N, false);
    else
      kr_gemm_f64(M, N, K, (const double *)xc->data, K, (const double *)wc->data, K, true, (double *)y->data, N,
                  false);
  }
  if (bo != kr_None) {
    KrObj *s = kr_np_BADD(&y->h, bo);
    kr_decref(&y->h);
    y = (KrArray *)s;
    if (!y)
      goto out;
  }
  res = as_result(y, out);
  y = NULL;
out:; /* a declaration cannot follow a label before C23 (clang) */
  KrArray *all[5] = {x, w, xc, wc, y};
  for (int i = 0; i < 5; i++)
    if (all[i])
      kr_decref(&all[i]->h);
  return res;
}

/* kiln.nn.linear over a list of weights: their outputs joined along the
 * last axis. Quantised weights (up to 8, any block types) are one call of
 * kr_q_linear: x rounded once, one pass of the pool over all their rows (q,
 * k and v of a GGUF layer). Any other list is a linear per weight, then the
 * join. */
static KrObj *linear_list(KrObj *xo, KrList *l, KrObj *bo, bool bf16) {
  enum { MAX_JOIN = 8 };
  KrArray *w[MAX_JOIN];
  int nq = 0;
  if (l->len == 0)
    return kr_raise(&kr_ValueError_type, "kiln.nn.linear: the list of weights is empty");
  if (l->len == 1 && l->kind == KR_OBJ) /* one weight: nothing to join */
    return kr_nn_linear(xo, l->items[0].o, bo, bf16);
  for (int64_t i = 0; i < l->len && nq == i && i < MAX_JOIN && !bf16; i++) {
    KrObj *o = l->kind == KR_OBJ ? l->items[i].o : NULL;
    if (o && o->type == &kr_ndarray_type && kr_is_quant((KrArray *)o))
      w[nq++] = (KrArray *)o;
  }
  if (nq == l->len) {
    KrArray *x = kr_np_asarray(xo, KR_NDTYPES);
    if (!x)
      return NULL;
    KrObj *res = kr_q_linear(x, w, nq, bo);
    kr_decref(&x->h);
    return res;
  }
  KrObj *parts = kr_list_new(KR_OBJ, l->len), *res = NULL;
  if (!parts)
    return NULL;
  for (int64_t i = 0; i < l->len; i++) {
    KrObj *wi = l->kind == KR_OBJ ? l->items[i].o : NULL;
    if (!wi) {
      kr_raise(&kr_TypeError_type, "kiln.nn.linear: the weights must be arrays");
      goto out;
    }
    KrObj *y = kr_nn_linear(xo, wi, kr_None, bf16);
    int err = y ? kr_list_append(parts, (KrVal){.o = y}) : -1; /* the list takes its own reference */
    if (y)
      kr_decref(y);
    if (err < 0)
      goto out;
  }
  res = kr_np_concatenate(parts, -1);
  if (res && bo != kr_None) {
    KrObj *s = kr_np_BADD(res, bo);
    kr_decref(res);
    res = s;
  }
out:
  kr_decref(parts);
  return res;
}

/* ------------------------------------------------------------ rope */

/* The cosines and sines of rope's angles, (seq, half) each, in float64:
 * the same for every layer of a forward pass that shares a RoPE base (q and
 * k, and all the sliding layers), so the last few tables are kept, keyed by
 * (theta, dim, positions), and copied out instead of computed again (cos,
 * sin and pow of every (position, pair) were most of rope's time). The
 * cache is shared by every thread, under a lock; a table past ROPE_CACHE_MAX
 * items is not kept. */
enum { ROPE_SLOTS = 4, ROPE_CACHE_MAX = 1 << 20 };
typedef struct RopeTab {
  double theta;
  int64_t dim, seq;
  double *pos, *cs; /* pos[seq]; cs: cos[seq*half] then sin[seq*half] */
  uint64_t used;    /* for least-recently-used replacement */
} RopeTab;
static RopeTab rope_cache[ROPE_SLOTS];
static uint64_t rope_clock;
static pthread_mutex_t rope_lock = PTHREAD_MUTEX_INITIALIZER;

static bool rope_cached(double theta, int64_t dim, int64_t seq, const double *pos, double *cs) {
  bool hit = false;
  pthread_mutex_lock(&rope_lock);
  for (int i = 0; i < ROPE_SLOTS && !hit; i++) {
    RopeTab *t = &rope_cache[i];
    if (t->cs && t->theta == theta && t->dim == dim && t->seq == seq &&
        !memcmp(t->pos, pos, sizeof(double) * (size_t)seq)) {
      memcpy(cs, t->cs, sizeof(double) * (size_t)(seq * dim));
      t->used = ++rope_clock;
      hit = true;
    }
  }
  pthread_mutex_unlock(&rope_lock);
  return hit;
}

static void rope_keep(double theta, int64_t dim, int64_t seq, const double *pos, const double *cs) {
  if (seq * dim > ROPE_CACHE_MAX)
    return;
  double *p = malloc(sizeof(double) * (size_t)(seq + seq * dim));
  if (!p)
    return; /* not kept: only a later call's speed depends on it */
  memcpy(p, pos, sizeof(double) * (size_t)seq);
  memcpy(p + seq, cs, sizeof(double) * (size_t)(seq * dim));
  pthread_mutex_lock(&rope_lock);
  RopeTab *t = &rope_cache[0];
  for (int i = 1; i < ROPE_SLOTS; i++)
    if (rope_cache[i].used < t->used)
      t = &rope_cache[i];
  free(t->pos);
  *t = (RopeTab){theta, dim, seq, p, p + seq, ++rope_clock};
  pthread_mutex_unlock(&rope_lock);
}

/* Rotary position embedding, the "rotate half" form of Llama and Gemma:
 * x (..., seq, dim), the pair (i, i + dim/2) of each position p rotated by
 * p * theta^(-2i/dim). The angles are computed in float64 and rounded to
 * the compute dtype, as the Python version's cos/sin tables are. */
KrObj *kr_nn_rope(KrObj *o, KrObj *positions, double theta) {
  KrDtype out;
  KrArray *x = rows_of(o, &out);
  if (!x)
    return NULL;
  KrArray *pos = NULL, *y = NULL;
  if (x->ndim < 2 || x->shape[x->ndim - 1] % 2) {
    kr_raise(&kr_ValueError_type, "kiln.nn.rope: x must be (..., seq, dim) with an even dim");
    goto fail;
  }
  int64_t seq = x->shape[x->ndim - 2], dim = x->shape[x->ndim - 1], half = dim / 2;
  pos = kr_np_asarray(positions, KR_NDTYPES);
  KrArray *p64 = pos ? nd_as(pos, KR_DT_FLOAT64) : NULL;
  if (pos)
    kr_decref(&pos->h);
  pos = p64;
  if (!pos)
    goto fail;
  if (pos->ndim != 1 || pos->shape[0] != seq) {
    kr_raise(&kr_ValueError_type, "kiln.nn.rope: positions must have shape (%lld,)", (long long)seq);
    goto fail;
  }
  y = nd_empty((KrDtype)x->dtype, x->ndim, x->shape);
  if (!y)
    goto fail;
  int64_t blocks = seq > 0 && dim > 0 ? x->size / (seq * dim) : 0;
  const double *pp = (const double *)pos->data;
  /* the angles' cosines and sines once per (position, pair), then each row
   * of every head in order: contiguous, so the inner loop is a plain
   * vector loop */
  double *cd = kr_alloc(sizeof(double) * 2 * (size_t)(seq * half + 1)), *sd = cd + seq * half;
  if (!cd)
    goto fail;
  if (!rope_cached(theta, dim, seq, pp, cd)) {
    for (int64_t i = 0; i < half; i++) {
      double inv = 1.0 / pow(theta, (double)(2 * i) / (double)dim);
      for (int64_t s = 0; s < seq; s++) {
        double ang = pp[s] * inv;
        cd[s * half + i] = cos(ang);
        sd[s * half + i] = sin(ang);
      }
    }
    rope_keep(theta, dim, seq, pp, cd);
  }
  if (x->dtype == KR_DT_FLOAT32) {
    float *cf = (float *)cd, *sf = (float *)sd; /* narrowed in place: float i only overwrites doubles < i */
    for (int64_t k = 0; k < seq * half; k++)
      cf[k] = (float)cd[k];
    for (int64_t k = 0; k < seq * half; k++)
      sf[k] = (float)sd[k];
    for (int64_t b = 0; b < blocks; b++)
      for (int64_t s = 0; s < seq; s++) {
        const float *xa = (const float *)x->data + (b * seq + s) * dim, *c = cf + s * half, *sn = sf + s * half;
        float *ya = (float *)y->data + (b * seq + s) * dim;
        for (int64_t i = 0; i < half; i++) {
          ya[i] = xa[i] * c[i] - xa[i + half] * sn[i];
          ya[i + half] = xa[i + half] * c[i] + xa[i] * sn[i];
        }
      }
  } else {
    for (int64_t b = 0; b < blocks; b++)
      for (int64_t s = 0; s < seq; s++) {
        const double *xa = (const double *)x->data + (b * seq + s) * dim, *c = cd + s * half, *sn = sd + s * half;
        double *ya = (double *)y->data + (b * seq + s) * dim;
        for (int64_t i = 0; i < half; i++) {
          ya[i] = xa[i] * c[i] - xa[i + half] * sn[i];
          ya[i + half] = xa[i + half] * c[i] + xa[i] * sn[i];
        }
      }
  }
  kr_free(cd);
  kr_decref(&pos->h);
  kr_decref(&x->h);
  return as_result(y, out);
fail:
  if (pos)
    kr_decref(&pos->h);
  kr_decref(&x->h);
  return NULL;
}

/* kiln.nn.apply_rope(x, cos, sin, interleaved): the rotation of rope with
 * the cosines and sines given, (seq, dim/2) each (a model's table, with
 * its frequency scaling), over x (..., seq, dim); pair i is (i, i + dim/2),
 * or (2i, 2i + 1) when interleaved. One pass, the products rounded before
 * the sum as numpy's a * cos - b * sin does (no FMA contraction here). */
KrObj *kr_nn_apply_rope(KrObj *o, KrObj *co, KrObj *so, bool interleaved) {
  KrDtype out;
  KrArray *x = rows_of(o, &out), *c = NULL, *sn = NULL, *y = NULL;
  KrObj *res = NULL;
  if (!x)
    return NULL;
  if (x->ndim < 2 || x->shape[x->ndim - 1] % 2) {
    kr_raise(&kr_ValueError_type, "kiln.nn.apply_rope: x must be (..., seq, dim) with an even dim");
    goto out;
  }
  int64_t seq = x->shape[x->ndim - 2], dim = x->shape[x->ndim - 1], half = dim / 2;
  KrDtype cd = (KrDtype)x->dtype;
  KrArray *ca = kr_np_asarray(co, KR_NDTYPES), *sa = ca ? kr_np_asarray(so, KR_NDTYPES) : NULL;
  c = sa ? nd_as(ca, cd) : NULL;
  sn = c ? nd_as(sa, cd) : NULL;
  if (ca)
    kr_decref(&ca->h);
  if (sa)
    kr_decref(&sa->h);
  if (!sn)
    goto out;
  if (c->ndim != 2 || sn->ndim != 2 || c->shape[0] != seq || c->shape[1] != half || sn->shape[0] != seq ||
      sn->shape[1] != half) {
    kr_raise(&kr_ValueError_type, "kiln.nn.apply_rope: cos and sin must have shape (%lld, %lld)", (long long)seq,
             (long long)half);
    goto out;
  }
  y = nd_empty(cd, x->ndim, x->shape);
  if (!y)
    goto out;
  int64_t rows = seq > 0 && dim > 0 ? x->size / dim : 0;
  /* element a of pair i at ia = i or 2i, b at ib = i + half or 2i + 1 */
  int64_t step = interleaved ? 2 : 1, off = interleaved ? 1 : half;
  if (cd == KR_DT_FLOAT32)
    for (int64_t r = 0; r < rows; r++) {
      const float *xa = (const float *)x->data + r * dim, *cs = (const float *)c->data + r % seq * half;
      const float *ss = (const float *)sn->data + r % seq * half;
      float *ya = (float *)y->data + r * dim;
      for (int64_t i = 0; i < half; i++) {
        float a = xa[i * step], b = xa[i * step + off], ac = a * cs[i], bs = b * ss[i], bc = b * cs[i], as = a * ss[i];
        ya[i * step] = ac - bs;
        ya[i * step + off] = bc + as;
      }
    }
  else
    for (int64_t r = 0; r < rows; r++) {
      const double *xa = (const double *)x->data + r * dim, *cs = (const double *)c->data + r % seq * half;
      const double *ss = (const double *)sn->data + r % seq * half;
      double *ya = (double *)y->data + r * dim;
      for (int64_t i = 0; i < half; i++) {
        double a = xa[i * step], b = xa[i * step + off];
        ya[i * step] = a * cs[i] - b * ss[i];
        ya[i * step + off] = b * cs[i] + a * ss[i];
      }
    }
  res = as_result(y, out);
  y = NULL;
out:;
  KrArray *all[4] = {x, c, sn, y};
  for (int i = 0; i < 4; i++)
    if (all[i])
      kr_decref(&all[i]->h);
  return res;
}

/* ------------------------------------------------------------ attention */

/* One attention call cut into tasks: a task is a block of query rows of one
 * (batch, head), so the threads share the heads and, when there are few
 * heads (one long document), the rows of each. Each task takes one of the
 * job's score buffers (one per thread that can run at once; a task claims a
 * free one). The GEMMs inside a task run on its thread. */
typedef struct AttnJob {
  const KrArray *q, *k, *v, *mb; /* mb: the mask broadcast to fsh, or NULL */
  KrArray *y;
  const int64_t *fsh;
  int nd;
  bool causal, f32;
  int64_t window, Hq, Hk, Sq, Sk, D, Dv, qb, nqb;
  double scale;
  char *bufs;           /* nbuf score buffers of qb·Sk items */
  atomic_int *taken;    /* one flag per buffer */
  int nbuf;
} AttnJob;

/* q, k or v of attention: rows_of, except that an array of a compute dtype
 * whose rows (its last two axes) are dense is taken as it is, whatever its
 * outer strides: a slice of a key/value cache (kc[:, :n, :] of a (heads,
 * size, dim) cache) is read in place, not copied at every step. */
static KrArray *heads_of(KrObj *o, KrDtype *out) {
  KrArray *a = kr_np_asarray(o, KR_NDTYPES);
  if (!a)
    return NULL;
  int nd = a->ndim;
  if (nd >= 3 && (a->dtype == KR_DT_FLOAT32 || a->dtype == KR_DT_FLOAT64)) {
    int64_t sz = kr_dtype_size[a->dtype], D = a->shape[nd - 1];
    if ((D <= 1 || a->strides[nd - 1] == sz) && (a->shape[nd - 2] <= 1 || a->strides[nd - 2] == D * sz)) {
      *out = (KrDtype)a->dtype;
      return a;
    }
  }
  kr_decref(&a->h);
  return rows_of(o, out);
}

/* The first row of head h of batch item b (flat over the axes before the
 * heads, whose sizes are fsh[0..nd-4]) of a heads_of array. */
static const char *head_at(const KrArray *a, int nd, const int64_t *fsh, int64_t b, int64_t h) {
  const char *p = a->data + h * a->strides[nd - 3];
  for (int d = nd - 4; d >= 0; d--) {
    p += (b % fsh[d]) * a->strides[d];
    b /= fsh[d];
  }
  return p;
}

static void attn_task(void *ctx, int64_t t) {
  const AttnJob *a = ctx;
  int nd = a->nd;
  int64_t sz = a->f32 ? 4 : 8, Sq = a->Sq, Sk = a->Sk, D = a->D, Dv = a->Dv;
  int64_t blk = t % a->nqb, bh = t / a->nqb, b = bh / a->Hq, h = bh % a->Hq, kh = h / (a->Hq / a->Hk);
  int64_t i0 = blk * a->qb, i1 = i0 + a->qb < Sq ? i0 + a->qb : Sq;
  if (i0 >= i1)
    return;
  int slot = 0;
  for (;; slot = (slot + 1) % a->nbuf) {
    int free_ = 0;
    if (atomic_compare_exchange_weak(&a->taken[slot], &free_, 1))
      break;
  }
  char *sc = a->bufs + (size_t)slot * (size_t)(a->qb * Sk * sz);
  const char *qp = head_at(a->q, nd, a->fsh, b, h) + i0 * D * sz;
  const char *kp = head_at(a->k, nd, a->fsh, b, kh);
  const char *vp = head_at(a->v, nd, a->fsh, b, kh);
  char *yp = a->y->data + ((b * a->Hq + h) * Sq + i0) * Dv * sz;
  const KrArray *mb = a->mb;
  const char *mh = NULL; /* the mask of (b..., h): its broadcast strides walked once per task */
  if (mb) {
    mh = mb->data + h * mb->strides[nd - 3];
    int64_t rem = b;
    for (int d = nd - 4; d >= 0; d--) {
      mh += (rem % a->fsh[d]) * mb->strides[d];
      rem /= a->fsh[d];
    }
  }
  int64_t rows = i1 - i0;
  if (a->f32)
    kr_gemm_f32(rows, Sk, D, (const float *)qp, D, (const float *)kp, D, true, (float *)sc, Sk, false);
  else
    kr_gemm_f64(rows, Sk, D, (const double *)qp, D, (const double *)kp, D, true, (double *)sc, Sk, false);
  for (int64_t i = i0; i < i1; i++) {
    int64_t qpos = Sk - Sq + i;
    /* the keys causal and window leave: [lo, hi) */
    int64_t lo = 0, hi = Sk;
    if (a->causal && qpos + 1 < hi)
      hi = qpos + 1 > 0 ? qpos + 1 : 0;
    if (a->window > 0) {
      if (qpos - a->window + 1 > lo)
        lo = qpos - a->window + 1;
      if (!a->causal && qpos + a->window < hi)
        hi = qpos + a->window;
    }
    if (lo > Sk)
      lo = Sk;
    if (hi < lo)
      hi = lo;
    const char *mr = mh ? mh + i * mb->strides[nd - 2] : NULL;
    int64_t ms = mb ? mb->strides[nd - 1] : 0;
    bool mbool = mb && mb->dtype == KR_DT_BOOL;
    if (a->f32) {
      float *r = (float *)sc + (i - i0) * Sk;
      for (int64_t j = 0; j < lo; j++)
        r[j] = -INFINITY;
      for (int64_t j = hi; j < Sk; j++)
        r[j] = -INFINITY;
      if (!mr)
        for (int64_t j = lo; j < hi; j++)
          r[j] = (float)((double)r[j] * a->scale);
      else if (mbool)
        for (int64_t j = lo; j < hi; j++)
          r[j] = mr[j * ms] ? (float)((double)r[j] * a->scale) : -INFINITY;
      else
        for (int64_t j = lo; j < hi; j++)
          r[j] = (float)((double)r[j] * a->scale + *(const double *)(mr + j * ms));
      softmax_row_float(r, r, Sk);
    } else {
      double *r = (double *)sc + (i - i0) * Sk;
      for (int64_t j = 0; j < lo; j++)
        r[j] = -INFINITY;
      for (int64_t j = hi; j < Sk; j++)
        r[j] = -INFINITY;
      if (!mr)
        for (int64_t j = lo; j < hi; j++)
          r[j] = r[j] * a->scale;
      else if (mbool)
        for (int64_t j = lo; j < hi; j++)
          r[j] = mr[j * ms] ? r[j] * a->scale : -INFINITY;
      else
        for (int64_t j = lo; j < hi; j++)
          r[j] = r[j] * a->scale + *(const double *)(mr + j * ms);
      softmax_row_double(r, r, Sk);
    }
  }
  if (a->f32)
    kr_gemm_f32(rows, Dv, Sk, (const float *)sc, Sk, (const float *)vp, Dv, false, (float *)yp, Dv, false);
  else
    kr_gemm_f64(rows, Dv, Sk, (const double *)sc, Sk, (const double *)vp, Dv, false, (double *)yp, Dv, false);
  atomic_store(&a->taken[slot], 0);
}

KrObj *kr_nn_attention(KrObj *qo, KrObj *ko, KrObj *vo, KrObj *mo, bool causal, int64_t window, KrObj *scale_o) {
  KrDtype out;
  KrArray *q = heads_of(qo, &out), *k = NULL, *v = NULL, *m = NULL, *mb = NULL, *y = NULL;
  KrObj *res = NULL;
  float *scores = NULL;
  if (!q)
    return NULL;
  KrDtype kd, vd;
  if (!(k = heads_of(ko, &kd)) || !(v = heads_of(vo, &vd)))
    goto out;
  int nd = q->ndim;
  if (nd < 3 || k->ndim != nd || v->ndim != nd) {
    kr_raise(&kr_ValueError_type, "kiln.nn.attention: q, k and v must be (..., heads, seq, dim) alike");
    goto out;
  }
  int64_t Hq = q->shape[nd - 3], Sq = q->shape[nd - 2], D = q->shape[nd - 1];
  int64_t Hk = k->shape[nd - 3], Sk = k->shape[nd - 2], Dv = v->shape[nd - 1];
  bool same_batch = true;
  for (int i = 0; i < nd - 3; i++)
    same_batch &= q->shape[i] == k->shape[i] && q->shape[i] == v->shape[i];
  if (!same_batch || k->shape[nd - 1] != D || v->shape[nd - 2] != Sk || v->shape[nd - 3] != Hk || Hk == 0 ||
      Hq % Hk) {
    kr_raise(&kr_ValueError_type, "kiln.nn.attention: shapes do not fit (q heads %lld, kv heads %lld, dims %lld/%lld)",
             (long long)Hq, (long long)Hk, (long long)D, (long long)k->shape[nd - 1]);
    goto out;
  }
  if (q->dtype != KR_DT_FLOAT32 || k->dtype != KR_DT_FLOAT32 || v->dtype != KR_DT_FLOAT32) {
    /* float64 (or mixed): compute in float32 would lose precision; convert all to float64 */
    KrArray *t;
    if (q->dtype != KR_DT_FLOAT64) { t = nd_copy(q, KR_DT_FLOAT64); kr_decref(&q->h); q = t; }
    if (q && k->dtype != KR_DT_FLOAT64) { t = nd_copy(k, KR_DT_FLOAT64); kr_decref(&k->h); k = t; }
    if (q && k && v->dtype != KR_DT_FLOAT64) { t = nd_copy(v, KR_DT_FLOAT64); kr_decref(&v->h); v = t; }
    if (!q || !k || !v)
      goto out;
    out = kr_dtype_promote(out, kr_dtype_promote(kd, vd));
  }
  bool f32 = q->dtype == KR_DT_FLOAT32;
  double scale = scale_o == kr_None ? 1.0 / sqrt((double)D) : scale_o->type == &kr_int_type
                                                                  ? (double)((KrInt *)scale_o)->v
                                                                  : ((KrFloat *)scale_o)->v;
  int64_t fsh[KR_MAXDIMS];
  memcpy(fsh, q->shape, (size_t)(nd - 1) * sizeof *fsh);
  fsh[nd - 1] = Sk; /* (..., Hq, Sq, Sk) */
  if (mo != kr_None) {
    m = kr_np_asarray(mo, KR_NDTYPES);
    if (!m)
      goto out;
    int64_t chk[KR_MAXDIMS];
    if (m->ndim > nd || nd_broadcast_shape(m->ndim, m->shape, nd, fsh, chk) < 0 ||
        memcmp(chk, fsh, (size_t)nd * sizeof *chk)) {
      if (!kr_failed())
        kr_raise(&kr_ValueError_type, "kiln.nn.attention: the mask does not broadcast to the scores' shape");
      goto out;
    }
    KrArray *mc = nd_as(m, m->dtype == KR_DT_BOOL ? KR_DT_BOOL : KR_DT_FLOAT64);
    kr_decref(&m->h);
    m = mc;
    if (!m || !(mb = nd_broadcast_to(m, nd, fsh)))
      goto out;
  }
  int64_t osh[KR_MAXDIMS];
  memcpy(osh, q->shape, (size_t)nd * sizeof *osh);
  osh[nd - 1] = Dv;
  y = kr_array_new((KrDtype)q->dtype, nd, osh, true); /* zeros where there are no queries' tasks */
  if (!y)
    goto out;
  int64_t sz = f32 ? 4 : 8;
  int64_t heads = 1, nt = kr_num_threads(); /* (batch..., head) pairs */
  for (int i = 0; i < nd - 2; i++)
    heads *= q->shape[i];
  /* query blocks: none for one thread; else enough blocks for a few tasks
   * per thread, each at least 64 rows (each block packs its keys again) */
  int64_t nqb = 1;
  if (nt > 1 && heads < 4 * nt) {
    nqb = (4 * nt + heads - 1) / heads;
    if (nqb > Sq / 64)
      nqb = Sq / 64 > 0 ? Sq / 64 : 1;
  }
  int64_t qb = Sq > 0 ? (Sq + nqb - 1) / nqb : 1;
  int nbuf = (int)(nt < heads * nqb ? nt : heads * nqb);
  if (nbuf < 1)
    nbuf = 1;
  scores = kr_alloc((size_t)nbuf * (size_t)(qb * Sk) * (size_t)sz + 8);
  atomic_int *taken = scores ? kr_alloc(sizeof(atomic_int) * (size_t)nbuf) : NULL;
  if (!scores || !taken)
    goto out;
  for (int i = 0; i < nbuf; i++)
    atomic_init(&taken[i], 0);
  AttnJob job = {.q = q, .k = k, .v = v, .mb = mb, .y = y, .fsh = fsh, .nd = nd, .causal = causal, .f32 = f32,
                 .window = window, .Hq = Hq, .Hk = Hk, .Sq = Sq, .Sk = Sk, .D = D, .Dv = Dv, .qb = qb, .nqb = nqb,
                 .scale = scale, .bufs = (char *)scores, .taken = taken, .nbuf = nbuf};
  if (Sq > 0 && heads > 0)
    kr_parallel_for(heads * nqb, attn_task, &job);
  kr_free(taken);
  res = as_result(y, out);
  y = NULL;
out:
  kr_free(scores);
  KrArray *all[6] = {q, k, v, m, mb, y};
  for (int i = 0; i < 6; i++)
    if (all[i])
      kr_decref(&all[i]->h);
  return res;
}
