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

#endif
