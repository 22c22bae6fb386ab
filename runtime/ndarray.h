/* ndarray.h — numpy's ndarray in libkilnrt: the object, its dtypes, and
 * the kernels generated code and the rest of the runtime call.
 *
 * An array is numpy's: a dtype, a shape, byte strides and a pointer to its
 * first element. Slicing, transposing and reshaping a contiguous array make
 * views that share the memory (base keeps the owner alive), never copies.
 * A numpy scalar (np.float32(1.5), a[i] of a 1-d array, a.sum()) is a 0-d
 * array flagged KR_ARR_SCALAR: it computes like a 0-d array but prints and
 * promotes as numpy's scalar types do (numpy 1.24, value-based casting).
 *
 * Files: ndarray.c (object, creation, views, indexing, dtype conversion),
 * ndmath.c (ufuncs, broadcasting, reductions, promotion), ndprint.c
 * (str/repr exactly as numpy 1.24 prints), gemm.c (matmul kernels and the
 * thread pool), nn.c (kiln.nn's fused kernels).
 */
#ifndef KILNRT_NDARRAY_H
#define KILNRT_NDARRAY_H

#include "kilnrt.h"

#include <string.h>

/* numpy's dtypes, in numpy's type-promotion order within each kind. The
 * names are numpy's (dtype.name). */
#define KR_DTYPES(X)                                   \
  X(BOOL, "bool", bool, 1, 'b')                        \
  X(INT8, "int8", int8_t, 1, 'i')                      \
  X(INT16, "int16", int16_t, 2, 'i')                   \
  X(INT32, "int32", int32_t, 4, 'i')                   \
  X(INT64, "int64", int64_t, 8, 'i')                   \
  X(UINT8, "uint8", uint8_t, 1, 'u')                   \
  X(UINT16, "uint16", uint16_t, 2, 'u')                \
  X(UINT32, "uint32", uint32_t, 4, 'u')                \
  X(UINT64, "uint64", uint64_t, 8, 'u')                \
  X(FLOAT16, "float16", uint16_t, 2, 'f')              \
  X(BFLOAT16, "bfloat16", uint16_t, 2, 'f')            \
  X(FLOAT32, "float32", float, 4, 'f')                 \
  X(FLOAT64, "float64", double, 8, 'f')

typedef enum KrDtype {
#define X(k, name, ctype, size, kind) KR_DT_##k,
  KR_DTYPES(X)
#undef X
  KR_NDTYPES
} KrDtype;

extern const char *const kr_dtype_name[KR_NDTYPES];  /* "float32" */
extern const uint8_t kr_dtype_size[KR_NDTYPES];      /* bytes per item */
extern const char kr_dtype_kind[KR_NDTYPES];         /* 'b', 'i', 'u', 'f' (numpy's dtype.kind) */

/* Array flags. */
enum {
  KR_ARR_SCALAR = 1,    /* a numpy scalar (np.float32(...)): 0-d, prints as a scalar */
  KR_ARR_OWNDATA = 2,   /* mem is this array's own allocation (freed with it) */
  KR_ARR_READONLY = 4,  /* assignment raises ValueError (a memory-mapped weights file) */
};

#define KR_MAXDIMS 32 /* numpy's NPY_MAXDIMS */

typedef struct KrArray {
  KrObj h;
  uint8_t dtype;     /* KrDtype */
  uint8_t ndim;
  uint8_t flags;
  uint8_t qtype;     /* KR_Q_NONE, or the ggml block type of a uint8 array of raw blocks (quant.h) */
  char *data;        /* the first element */
  void *mem;         /* KR_ARR_OWNDATA: the allocation to free (data is inside it) */
  KrObj *base;       /* the object that owns data when this is a view (an array, a file map), or NULL */
  int64_t size;      /* number of items: the product of shape */
  int64_t *shape;    /* ndim extents (points into dims) */
  int64_t *strides;  /* ndim strides in bytes, as numpy's (may be 0 or negative) */
  int64_t dims[];    /* storage: shape then strides */
} KrArray;

extern const KrType kr_ndarray_type;

static inline bool kr_is_array(const KrObj *o) { return o->type == &kr_ndarray_type; }

/* The object that owns a's memory: a itself, or the owner its views keep
 * alive (views of views point at the owner, so this is one step). */
static inline KrObj *kr_array_owner(KrArray *a) {
  return a->base && !(a->flags & KR_ARR_OWNDATA) ? a->base : &a->h;
}

/* Half precision and bfloat16: conversion, round to nearest even. */
float kr_f16_to_f32(uint16_t h);
uint16_t kr_f32_to_f16(float f);
static inline float kr_bf16_to_f32(uint16_t h) {
  uint32_t u = (uint32_t)h << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}
uint16_t kr_f32_to_bf16(float f);

/* Read and write one item at p (of dtype dt) as a double or an int64. */
double kr_dt_load_f64(KrDtype dt, const char *p);
int64_t kr_dt_load_i64(KrDtype dt, const char *p);
void kr_dt_store_f64(KrDtype dt, char *p, double v);
void kr_dt_store_i64(KrDtype dt, char *p, int64_t v);

/* ------------------------------------------------------------ ndarray.c */

/* A new array of dtype dt and the given shape, C-contiguous, its memory
 * 64-byte aligned; zeroed when zero is set. NULL + MemoryError. */
KrArray *kr_array_new(KrDtype dt, int ndim, const int64_t *shape, bool zero);
/* A view of base's memory (base borrowed, kept alive by the view): data,
 * shape and strides as given, dtype dt. */
KrArray *kr_array_view(KrArray *base, KrDtype dt, char *data, int ndim, const int64_t *shape,
                       const int64_t *strides);
/* A read-only array over memory owner keeps alive (a file mapping; owner
 * borrowed, the array takes a reference). */
KrArray *kr_array_over(KrObj *owner, KrDtype dt, char *data, int ndim, const int64_t *shape,
                       const int64_t *strides);
/* A numpy scalar of dtype dt holding v (converted as numpy's astype does). */
KrArray *kr_array_scalar_f64(KrDtype dt, double v);
KrArray *kr_array_scalar_i64(KrDtype dt, int64_t v);
bool kr_array_is_contiguous(const KrArray *a); /* C order, no gaps */
/* A C-contiguous array with a's items: a itself (a new reference) when it
 * already is, else a copy. */
KrArray *kr_array_contiguous(KrArray *a);

/* ------------------------------------------------------------ ndprint.c */

/* repr(a), str(a): numpy 1.24's output for arrays ("array([1., 2.], dtype=float32)",
 * "[1. 2.]") and for scalars ("1.5", "3"), with numpy's default print options
 * (precision 8, threshold 1000 with summarisation, linewidth 75). */
KrObj *kr_array_repr(KrObj *a);
KrObj *kr_array_str(KrObj *a);

/* --------------------------------------------------------------- gemm.c */

/* C = A·B (+ C when accumulate), row-major: A is M×K with row stride lda
 * (elements), B is K×N with row stride ldb, or when trans_b, B is N×K (a
 * weight matrix stored out×in, as nn.Linear's: x @ W.T), C is M×N with row
 * stride ldc. Uses the thread pool and the best kernel the CPU has. */
void kr_gemm_f32(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const float *B, int64_t ldb,
                 bool trans_b, float *C, int64_t ldc, bool accumulate);
/* The same with B in bfloat16 or float16 (weights kept in their stored dtype,
 * converted inside the kernel); A and C float32. */
void kr_gemm_f32_bf16(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const uint16_t *B,
                      int64_t ldb, bool trans_b, float *C, int64_t ldc, bool accumulate);
void kr_gemm_f32_f16(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const uint16_t *B,
                     int64_t ldb, bool trans_b, float *C, int64_t ldc, bool accumulate);
void kr_gemm_f64(int64_t M, int64_t N, int64_t K, const double *A, int64_t lda, const double *B, int64_t ldb,
                 bool trans_b, double *C, int64_t ldc, bool accumulate);
/* Both operands in bfloat16, float32 sums: A is rounded to bfloat16 (to
 * nearest even) as it is read, B is bfloat16 as above. PyTorch's bf16
 * matmul numbers; on a CPU with avx512_bf16 it runs VDPBF16PS, about twice
 * the float32 rate (which flushes subnormal inputs and products to zero);
 * elsewhere the float32 kernels on the rounded A. */
void kr_gemm_bf16(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const uint16_t *B, int64_t ldb,
                  bool trans_b, float *C, int64_t ldc, bool accumulate);
/* The plain-C reference each fast kernel is tested against. */
void kr_gemm_f32_ref(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const float *B, int64_t ldb,
                     bool trans_b, float *C, int64_t ldc, bool accumulate);

/* The thread pool: fn(ctx, i) for i in [0, n), spread over the pool's
 * threads (KILN_NUM_THREADS, default the number of cores); the caller's
 * thread works too. Returns when all are done. Safe to call from several
 * threads (calls from inside fn run inline). */
void kr_parallel_for(int64_t n, void (*fn)(void *ctx, int64_t i), void *ctx);
int kr_num_threads(void);

/* ------------------------------------------------------- the numpy API */

/* A dtype as a value: np.float32 (cls: the scalar type, printed
 * <class 'numpy.float32'>) or a.dtype (printed float32, repr
 * dtype('float32')). Either is accepted where numpy takes a dtype. */
typedef struct KrDtypeObj {
  KrObj h;
  uint8_t dt;
  bool cls;
} KrDtypeObj;
extern const KrType kr_dtype_type;
extern const KrType kr_AxisError_type;
extern const KrType kr_UFuncOutputCastingError_type;
KrObj *kr_np_dtype(int dt, bool cls); /* immortal */

/* numpy's functions. Arguments are boxed values as Python passes them: a
 * shape is an int or a tuple/list of ints, an axis None, an int or a tuple,
 * a dtype None (the default) or a dtype object; arrays may be any array-like
 * (array, list, number). Each returns a new reference or NULL + exception. */
KrDtype kr_dtype_promote(KrDtype a, KrDtype b);
KrArray *kr_np_asarray(KrObj *o, KrDtype dt); /* dt KR_NDTYPES: inferred */
KrObj *kr_np_array(KrObj *o, KrObj *dtype);
KrObj *kr_np_zeros(KrObj *shape, KrObj *dtype);
KrObj *kr_np_ones(KrObj *shape, KrObj *dtype);
KrObj *kr_np_empty(KrObj *shape, KrObj *dtype);
KrObj *kr_np_full(KrObj *shape, KrObj *value, KrObj *dtype);
KrObj *kr_np_zeros_like(KrObj *a, KrObj *dtype);
KrObj *kr_np_ones_like(KrObj *a, KrObj *dtype);
KrObj *kr_np_full_like(KrObj *a, KrObj *value, KrObj *dtype);
KrObj *kr_np_arange(KrObj *start, KrObj *stop, KrObj *step, KrObj *dtype);
KrObj *kr_np_linspace(KrObj *start, KrObj *stop, int64_t num, bool endpoint, KrObj *dtype);
KrObj *kr_np_eye(int64_t n, KrObj *m, int64_t k, KrObj *dtype);
/* np.frombuffer(b, dtype, count, offset): a read-only 1-d view of the
 * bytes (no copy; the array keeps b alive); numpy's ValueErrors. */
KrObj *kr_np_frombuffer(KrObj *buf, KrObj *dtype, int64_t count, int64_t offset);
KrObj *kr_np_scalar(int dt, KrObj *v); /* np.float32(v) */

/* numpy's binary ufuncs (the names are numpy's), and its unary ones. */
#define ND_BINOPS(X)                                                                   \
  X(ADD, "add") X(SUB, "subtract") X(MUL, "multiply") X(TRUEDIV, "divide")              \
  X(FLOORDIV, "floor_divide") X(MOD, "remainder") X(POW, "power") X(MAX, "maximum")     \
  X(MIN, "minimum") X(AND, "bitwise_and") X(OR, "bitwise_or") X(XOR, "bitwise_xor")     \
  X(LSHIFT, "left_shift") X(RSHIFT, "right_shift") X(LT, "less") X(LE, "less_equal")    \
  X(GT, "greater") X(GE, "greater_equal") X(EQ, "equal") X(NE, "not_equal")             \
  X(LAND, "logical_and") X(LOR, "logical_or") X(LXOR, "logical_xor") X(ATAN2, "arctan2") \
  X(FMOD, "fmod") X(HYPOT, "hypot")

enum NdBinop {
#define X(k, s) ND_##k,
  ND_BINOPS(X)
#undef X
  ND_NBINOPS
};
#define ND_UNOPS(X)                                                                          \
  X(NEG, "negative") X(POS, "positive") X(ABS, "absolute") X(EXP, "exp") X(LOG, "log")        \
  X(SQRT, "sqrt") X(TANH, "tanh") X(SIN, "sin") X(COS, "cos") X(FLOOR, "floor")              \
  X(CEIL, "ceil") X(RINT, "rint") X(SIGN, "sign") X(ISNAN, "isnan") X(ISINF, "isinf")        \
  X(ISFINITE, "isfinite") X(LNOT, "logical_not") X(INVERT, "invert") X(SQUARE, "square")      \
  X(TAN, "tan") X(ARCTAN, "arctan") X(LOG2, "log2") X(LOG10, "log10") X(LOG1P, "log1p")       \
  X(EXPM1, "expm1") X(ERF, "erf") X(SIGMOID, "sigmoid") X(RECIP, "reciprocal") X(TRUNC, "trunc") \
  X(ARCSIN, "arcsin") X(ARCCOS, "arccos") X(SINH, "sinh") X(COSH, "cosh") X(EXP2, "exp2")     \
  X(CBRT, "cbrt")

enum NdUnop {
#define X(k, s) ND_U##k,
  ND_UNOPS(X)
#undef X
  ND_NUNOPS
};
#define X(k, s) KrObj *kr_np_B##k(KrObj *a, KrObj *b);
ND_BINOPS(X)
#undef X
#define X(k, s) KrObj *kr_np_U##k(KrObj *a);
ND_UNOPS(X)
#undef X
KrObj *kr_np_binop(int op, KrObj *a, KrObj *b);  /* enum NdBinop (ndmath.c) */
const char *kr_np_binop_name(int op);            /* numpy's name of the ufunc: "add" */
KrObj *kr_np_unop(int op, KrObj *a);             /* enum NdUnop */
KrObj *kr_np_reduce(int op, KrObj *a, KrObj *axis, bool keepdims, int64_t ddof); /* enum NdReduce */
KrObj *kr_np_cumulative(int op, KrObj *a, KrObj *axis);  /* cumsum (0), cumprod (1) */
KrObj *kr_np_matmul(KrObj *a, KrObj *b);
KrObj *kr_np_dot(KrObj *a, KrObj *b);      /* np.dot, a.dot(b) */
int kr_np_array_equal(KrObj *a, KrObj *b); /* 1, 0, or -1 + exception */
KrObj *kr_np_dtype_ctor(KrObj *o);          /* np.dtype("float32") */
KrObj *kr_np_format(KrObj *a, KrObj *spec); /* format(a, spec) */
KrObj *kr_np_format0(KrObj *a);             /* format(a), f"{a}" */
KrObj *kr_np_argwhere(KrObj *a);
KrObj *kr_np_flatnonzero(KrObj *a);
KrObj *kr_np_where(KrObj *cond, KrObj *x, KrObj *y);
/* ndsort.c: kind None or one of numpy's names (all sort stably) */
KrObj *kr_np_sort(KrObj *a, KrObj *axis, KrObj *kind);
KrObj *kr_np_argsort(KrObj *a, KrObj *axis, KrObj *kind);
int kr_np_sort_inplace(KrObj *a, KrObj *axis, KrObj *kind); /* a.sort() */
KrObj *kr_np_argpartition(KrObj *a, KrObj *kth, KrObj *axis);
KrObj *kr_np_unique(KrObj *a);
/* ndtile.c */
KrObj *kr_np_split(KrObj *a, KrObj *parts, int64_t axis); /* a list of views */
KrObj *kr_np_tile(KrObj *a, KrObj *reps);
KrObj *kr_np_repeat(KrObj *a, KrObj *repeats, KrObj *axis);
KrObj *kr_np_flip(KrObj *a, KrObj *axis);
KrObj *kr_np_fliplr(KrObj *a);
KrObj *kr_np_flipud(KrObj *a);
/* ndeinsum.c: one or two operands */
KrObj *kr_np_einsum(KrObj *subscripts, int64_t nops, KrObj **operands);
static inline KrObj *kr_np_einsum1(KrObj *s, KrObj *a) { return kr_np_einsum(s, 1, &a); }
static inline KrObj *kr_np_einsum2(KrObj *s, KrObj *a, KrObj *b) { return kr_np_einsum(s, 2, (KrObj *[]){a, b}); }
/* ndfuncs.c: compositions of the kernels, and take_along_axis, searchsorted */
KrObj *kr_np_nansum(KrObj *a, KrObj *axis, bool keepdims);
KrObj *kr_np_nanprod(KrObj *a, KrObj *axis, bool keepdims);
KrObj *kr_np_nanmean(KrObj *a, KrObj *axis, bool keepdims);
KrObj *kr_np_nanmax(KrObj *a, KrObj *axis, bool keepdims);
KrObj *kr_np_nanmin(KrObj *a, KrObj *axis, bool keepdims);
KrObj *kr_np_nanargmax(KrObj *a, KrObj *axis);
KrObj *kr_np_nanargmin(KrObj *a, KrObj *axis);
KrObj *kr_np_isclose(KrObj *a, KrObj *b, double rtol, double atol, bool equal_nan);
int kr_np_allclose(KrObj *a, KrObj *b, double rtol, double atol, bool equal_nan); /* 1, 0, or -1 + exception */
KrObj *kr_np_diff(KrObj *a, int64_t n, int64_t axis);
KrObj *kr_np_outer(KrObj *a, KrObj *b);
KrObj *kr_np_triu(KrObj *m, int64_t k);
KrObj *kr_np_tril(KrObj *m, int64_t k);
KrObj *kr_np_take_along_axis(KrObj *a, KrObj *indices, KrObj *axis);
KrObj *kr_np_searchsorted(KrObj *a, KrObj *v, KrObj *side);
int64_t kr_np_count_nonzero(KrObj *a, KrObj *none);       /* axis None: a Python int */
KrObj *kr_np_count_nonzero_axis(KrObj *a, KrObj *axis);
KrObj *kr_np_vstack(KrObj *arrays); /* ndops.c */
KrObj *kr_np_hstack(KrObj *arrays);
KrObj *kr_np_clip(KrObj *a, KrObj *lo, KrObj *hi);
KrObj *kr_np_round(KrObj *a, int64_t decimals);

KrObj *kr_np_reshape(KrObj *a, KrObj *shape);
KrObj *kr_np_transpose(KrObj *a, KrObj *axes);
KrObj *kr_np_swapaxes(KrObj *a, int64_t x, int64_t y);
KrObj *kr_np_expand_dims(KrObj *a, int64_t axis);
KrObj *kr_np_squeeze(KrObj *a, KrObj *axis);
KrObj *kr_np_ravel(KrObj *a);
KrObj *kr_np_flatten(KrObj *a);
KrObj *kr_np_concatenate(KrObj *arrays, int64_t axis);
KrObj *kr_np_stack(KrObj *arrays, int64_t axis);
KrObj *kr_np_astype(KrObj *a, KrObj *dtype);
KrObj *kr_np_copy(KrObj *a);
KrObj *kr_np_ascontiguous(KrObj *a);   /* np.ascontiguousarray */

KrObj *kr_np_getitem(KrObj *a, KrObj *index);
int kr_np_setitem(KrObj *a, KrObj *index, KrObj *value);
KrObj *kr_np_tolist(KrObj *a);       /* nested lists of int, float or bool */
KrObj *kr_np_item(KrObj *a);         /* the one item as a Python number */
double kr_np_float(KrObj *a);        /* float(a) */
int64_t kr_np_int(KrObj *a);         /* int(a) */
KrObj *kr_np_shape(KrObj *a);        /* a.shape: a tuple of ints */
int64_t kr_np_ndim(KrObj *a);
int64_t kr_np_size(KrObj *a);
KrObj *kr_np_dtype_of(KrObj *a);     /* a.dtype */
KrObj *kr_np_T(KrObj *a);            /* a.T */
int kr_np_iter_init(struct KrIter *it, KrObj *a, bool reverse); /* for x in a: its rows (items of 1-d: scalars) */
extern KrObj kr_Ellipsis_obj; /* ... as a value (numpy indexing) */
#define kr_Ellipsis (&kr_Ellipsis_obj)
/* kr_np_reduce's ops */
enum NdReduce { ND_RSUM, ND_RPROD, ND_RMAX, ND_RMIN, ND_RMEAN, ND_RVAR, ND_RSTD, ND_RARGMAX, ND_RARGMIN, ND_RANY, ND_RALL };

/* The op library's entry points (ops.def): one C function per row. */
KrObj *kr_np_sum(KrObj *a, KrObj *axis, bool keepdims);
/* (a * b).sum(axis, keepdims) with a and b arrays: the emitter's fusion of
 * a product used only by its sum (no product array where it can) */
KrObj *kr_np_sum_mul(KrObj *a, KrObj *b, KrObj *axis, bool keepdims);
KrObj *kr_np_prod(KrObj *a, KrObj *axis, bool keepdims);
KrObj *kr_np_max(KrObj *a, KrObj *axis, bool keepdims);
KrObj *kr_np_min(KrObj *a, KrObj *axis, bool keepdims);
KrObj *kr_np_mean(KrObj *a, KrObj *axis, bool keepdims);
KrObj *kr_np_any(KrObj *a, KrObj *axis, bool keepdims);
KrObj *kr_np_all(KrObj *a, KrObj *axis, bool keepdims);
KrObj *kr_np_var(KrObj *a, KrObj *axis, int64_t ddof, bool keepdims);
KrObj *kr_np_std(KrObj *a, KrObj *axis, int64_t ddof, bool keepdims);
KrObj *kr_np_argmax(KrObj *a, KrObj *axis);
KrObj *kr_np_argmin(KrObj *a, KrObj *axis);
KrObj *kr_np_cumsum(KrObj *a, KrObj *axis);
KrObj *kr_np_cumprod(KrObj *a, KrObj *axis);
KrObj *kr_np_asarray_dt(KrObj *a, KrObj *dtype);
KrObj *kr_np_empty_like(KrObj *a, KrObj *dtype);
KrObj *kr_np_getslice(KrObj *a, int64_t lo, int64_t hi, int64_t step, int64_t has);
int kr_np_setslice(KrObj *a, int64_t lo, int64_t hi, int64_t step, int64_t has, KrObj *v);
KrObj *kr_np_norm(KrObj *a, KrObj *axis, bool keepdims);
KrObj *kr_np_dtype_name(KrObj *dt);  /* dtype.name */
int64_t kr_np_dtype_itemsize(KrObj *dt);
int64_t kr_np_nbytes(KrObj *a);
int64_t kr_np_itemsize(KrObj *a);    /* a.itemsize */
/* a += b and the other in-place operators: the result cast back into a
 * (numpy's same_kind rule), a itself returned. */
KrObj *kr_np_inplace(int op, KrObj *a, KrObj *b);
#define X(k, s) KrObj *kr_np_I##k(KrObj *a, KrObj *b);
ND_BINOPS(X)
#undef X
/* np.float32 as a value, np.float32(x) */
#define X(k, name, ctype, size, kind) \
  KrObj *kr_np_dt_##k(void);          \
  KrObj *kr_np_sc_##k(KrObj *v);
KR_DTYPES(X)
#undef X
KrObj *kr_np_ellipsis(void);

/* ------------------------------------------------------------- nn.c */

/* kiln.nn's fused kernels (python/kiln/nn.py defines each one in numpy). */
KrObj *kr_nn_softmax(KrObj *x, int64_t axis);
KrObj *kr_nn_rms_norm(KrObj *x, KrObj *weight, double eps, double offset);
KrObj *kr_nn_layer_norm(KrObj *x, KrObj *weight, KrObj *bias, double eps);
KrObj *kr_nn_gelu(KrObj *x, KrObj *approximate);
KrObj *kr_nn_silu(KrObj *x);
KrObj *kr_nn_linear(KrObj *x, KrObj *weight, KrObj *bias, bool bf16);
KrObj *kr_nn_rope(KrObj *x, KrObj *positions, double theta);
KrObj *kr_nn_apply_rope(KrObj *x, KrObj *cos, KrObj *sin, bool interleaved);
KrObj *kr_nn_attention(KrObj *q, KrObj *k, KrObj *v, KrObj *mask, bool causal, int64_t window, KrObj *scale);

/* ---------------------------------------------------- safetensors.c */

extern const KrType kr_SafetensorError_type;
/* gguf.c and quant.c: kiln.gguf's reader and the quantised kernels (quant.h) */
KrObj *kr_gguf_load_metadata(KrObj *path); /* dict of the key/value pairs (dynamic values) */
KrObj *kr_gguf_load_tensors(KrObj *path);  /* dict[str, ndarray], read-only views of the mapping */
KrObj *kr_gguf_dequantize(KrObj *a);
KrObj *kr_gguf_tensor_type(KrObj *a);
KrObj *kr_nn_get_rows(KrObj *weight, KrObj *ids);
KrObj *kr_st_load_file(KrObj *path);  /* safetensors.numpy.load_file: dict[str, ndarray], read-only views of the mapping */
int kr_st_save_file(KrObj *tensors, KrObj *path, KrObj *metadata); /* safetensors.numpy.save_file */

#endif
