/* gemm_impl.h — what gemm.c shares with its per-ISA kernel file
 * (gemm_x86.c); internal to the runtime, not included by generated code.
 *
 * gemm.c holds the reference, the blocking driver (cache blocks, packing,
 * threads) and the portable kernels; an instruction set contributes one
 * KrGemmIsa: its register-tile micro-kernels, its packing and its
 * matrix-vector routines. Packed layouts, the micro-kernel's inputs:
 *
 *   Ap, an MR-row strip of A, column by column:  Ap[k*MR + i] = A[i][k]
 *   Bp, an NR-column strip of B, row by row:     Bp[k*NR + j] = B[k][j]
 *
 * both zero-padded to MR rows / NR columns at the matrix edge, so a
 * micro-kernel always runs its full tile and only masks its stores to C.
 */
#ifndef KILNRT_GEMM_IMPL_H
#define KILNRT_GEMM_IMPL_H

#include "ndarray.h"

/* The element type of an operand as packing and GEMV read it. KR_GB_F32R:
 * float32 rounded to bfloat16 as it is read (A of kr_gemm_bf16). */
enum { KR_GB_F32, KR_GB_BF16, KR_GB_F16, KR_GB_F32R };

static inline float kr_gb_load(const void *p, int64_t i, int bt) {
  switch (bt) {
  case KR_GB_F32R:
    return kr_bf16_to_f32(kr_f32_to_bf16(((const float *)p)[i]));
  case KR_GB_BF16:
    return kr_bf16_to_f32(((const uint16_t *)p)[i]);
  case KR_GB_F16:
    return kr_f16_to_f32(((const uint16_t *)p)[i]);
  default:
    return ((const float *)p)[i];
  }
}

/* The most rows of A the GEMV routines take in one pass; more go to the
 * packed GEMM. */
#define GEMV_ROWS 4

typedef struct KrGemmIsa {
  const char *name; /* KILN_ISA's spelling: "generic", "avx2", "avx512", "avx512bf16" */
  /* f32: C[m×n] (+)= Ap·Bp over K, the tile's top-left at C; m <= mr, n <= nr */
  int mr, nr;
  void (*kern)(int64_t K, const float *Ap, const float *Bp, float *C, int64_t ldc, int m, int n, bool acc);
  /* dst[k*W + r] = src[r*ld + k] for r < rows, 0 for rows <= r < W (k < kc):
   * a strip of A, or of a transposed B (N×K, as a Linear weight) */
  void (*pack_t)(const void *src, int bt, int64_t ld, int64_t rows, int64_t kc, float *dst, int W);
  /* dst[k*W + j] = src[k*ld + j] for j < cols, 0 for cols <= j < W: a strip of a plain B */
  void (*pack_n)(const void *src, int bt, int64_t ld, int64_t cols, int64_t kc, float *dst, int W);
  /* A few rows (M = R <= GEMV_ROWS, decoding): Y[i][j] (+)= sum_k X[i][k]·B(k, j)
   * for i < R, j < N, X rows ldx apart, Y rows ldy apart; B read once for
   * all R rows. gemv_t reads B as N rows of K (transposed, row j at
   * B + j*ldb), gemv_n as K rows of N. */
  void (*gemv_t)(int64_t N, int64_t K, int R, const float *X, int64_t ldx, const void *B, int bt, int64_t ldb,
                 float *Y, int64_t ldy, bool acc);
  void (*gemv_n)(int64_t N, int64_t K, int R, const float *X, int64_t ldx, const void *B, int bt, int64_t ldb,
                 float *Y, int64_t ldy, bool acc);
  /* f64: the same micro-kernel contract (packing is plain C, in gemm.c) */
  int mr64, nr64;
  void (*kern64)(int64_t K, const double *Ap, const double *Bp, double *C, int64_t ldc, int m, int n, bool acc);
  /* bfloat16 × bfloat16 dot products (VDPBF16PS), for kr_gemm_bf16; NULL
   * where the ISA has none. Packed strips hold pairs of consecutive k as one
   * 32-bit item (low half: the even k), K2 = ceil(kc/2) of them, an odd
   * kc's last pair padded with 0:
   *   Ap[k2*MR + i] = (A[i][2k2], A[i][2k2+1]),  Bp[k2*NR + j] = (B[2k2][j], B[2k2+1][j])
   * pack_bf_a rounds float32 A rows; pack_bf_t reads bfloat16 rows of a
   * transposed B, pack_bf_n bfloat16 rows of a plain B. */
  int mrbf, nrbf;
  void (*kern_bf)(int64_t K2, const uint32_t *Ap, const uint32_t *Bp, float *C, int64_t ldc, int m, int n, bool acc);
  void (*pack_bf_a)(const float *src, int64_t ld, int64_t rows, int64_t kc, uint32_t *dst, int W);
  void (*pack_bf_t)(const uint16_t *src, int64_t ld, int64_t rows, int64_t kc, uint32_t *dst, int W);
  void (*pack_bf_n)(const uint16_t *src, int64_t ld, int64_t cols, int64_t kc, uint32_t *dst, int W);
  /* cache blocks (gemm.c's loop): fixed by the ISA, or all 0 to have gemm.c
   * derive them from the cache sizes the CPU reports */
  int kc, mc, nc, kc64;
  /* the most rows against a B stored N×K that take the GEMV instead of
   * the packed kernel; 0: gemm.c's SMALL_M */
  int small_m;
} KrGemmIsa;

/* The cache blocks the f32 GEMM uses with the ISA chosen (for the bench). */
void kr_gemm_blocks(int64_t *kc, int64_t *mc, int64_t *nc);

extern const KrGemmIsa kr_gemm_isa_generic;
#if defined(__x86_64__)
extern const KrGemmIsa kr_gemm_isa_avx2;   /* needs avx2, fma, f16c */
extern const KrGemmIsa kr_gemm_isa_avx512; /* needs avx512f, avx512bw, avx512vl, avx512dq (and the above) */
extern const KrGemmIsa kr_gemm_isa_avx512bf16; /* avx512 with avx512_bf16's dot products */
#endif

#if defined(__aarch64__)
/* gemm_neon.c's 12×8 float32 micro-kernel; gemm.c makes it an ISA with the
 * portable packing and GEMV */
void kr_gemm_kern_neon(int64_t K, const float *Ap, const float *Bp, float *C, int64_t ldc, int m, int n,
                       bool acc);
extern const KrGemmIsa kr_gemm_isa_neon;
#endif

#if defined(__wasm_simd128__)
/* gemm_wasm.c's 8×8 float32 micro-kernel, with the portable packing and GEMV */
void kr_gemm_kern_simd128(int64_t K, const float *Ap, const float *Bp, float *C, int64_t ldc, int m, int n,
                          bool acc);
extern const KrGemmIsa kr_gemm_isa_simd128;
#endif

/* The kernels in use: the best the CPU has, or KILN_ISA's choice when the
 * CPU has it (generic|avx2|avx512|avx512bf16; tests force each path this
 * way). Chosen once per process. */
const KrGemmIsa *kr_gemm_isa(void);

#endif
