/* gemm_neon.c — the aarch64 micro-kernel of gemm.c: NEON, which every
 * aarch64 CPU has (no run-time check needed).
 *
 * Register tile: 12×8 float32, 24 q-register accumulators (12 rows × 2
 * vectors of 4); per k, A's 12 values come in 3 loads and each is used as a
 * lane operand of FMLA (vfmaq_laneq_f32: no broadcast instruction), B's 8
 * in 2 loads: 24 FMAs for 5 loads, 29 of the 32 vector registers.
 * Packing, GEMV and float64 stay the portable C of gemm.c (the compiler
 * vectorises their loops with NEON at -O2); only the inner product, where
 * the time goes, is written by hand. gemm.c assembles kr_gemm_isa_neon.
 */
#include "gemm_impl.h"

#if defined(__aarch64__)

#include <arm_neon.h>

/* C[m×n] (+)= Ap·Bp: Ap[k*12 + i], Bp[k*8 + j]; m <= 12, n <= 8 */
void kr_gemm_kern_neon(int64_t K, const float *Ap, const float *Bp, float *C, int64_t ldc, int m, int n,
                       bool acc) {
  float32x4_t c[12][2];
  for (int i = 0; i < 12; i++)
    c[i][0] = c[i][1] = vdupq_n_f32(0.0f);
  for (int64_t k = 0; k < K; k++, Ap += 12, Bp += 8) {
    float32x4_t b0 = vld1q_f32(Bp), b1 = vld1q_f32(Bp + 4);
    float32x4_t a[3] = {vld1q_f32(Ap), vld1q_f32(Ap + 4), vld1q_f32(Ap + 8)};
#define ROW(i)                                                   \
  c[i][0] = vfmaq_laneq_f32(c[i][0], b0, a[(i) / 4], (i) % 4); \
  c[i][1] = vfmaq_laneq_f32(c[i][1], b1, a[(i) / 4], (i) % 4);
    ROW(0) ROW(1) ROW(2) ROW(3) ROW(4) ROW(5) ROW(6) ROW(7) ROW(8) ROW(9) ROW(10) ROW(11)
#undef ROW
  }
  if (n == 8) {
    for (int i = 0; i < m; i++) {
      float *r = C + i * ldc;
      if (acc) {
        c[i][0] = vaddq_f32(c[i][0], vld1q_f32(r));
        c[i][1] = vaddq_f32(c[i][1], vld1q_f32(r + 4));
      }
      vst1q_f32(r, c[i][0]);
      vst1q_f32(r + 4, c[i][1]);
    }
    return;
  }
  float t[8];
  for (int i = 0; i < m; i++) { /* the matrix's right edge: n < 8 columns */
    vst1q_f32(t, c[i][0]);
    vst1q_f32(t + 4, c[i][1]);
    for (int j = 0; j < n; j++)
      C[i * ldc + j] = acc ? C[i * ldc + j] + t[j] : t[j];
  }
}

#endif
