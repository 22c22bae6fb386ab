/* gemm.c — matrix products (placeholder: plain loops until the gemm branch
 * lands the blocked kernels and the thread pool). */
#include "ndarray.h"

void kr_gemm_f32_ref(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const float *B, int64_t ldb,
                     bool trans_b, float *C, int64_t ldc, bool accumulate) {
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++) {
      float s = accumulate ? C[i * ldc + j] : 0;
      for (int64_t l = 0; l < K; l++)
        s += A[i * lda + l] * (trans_b ? B[j * ldb + l] : B[l * ldb + j]);
      C[i * ldc + j] = s;
    }
}

void kr_gemm_f32(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const float *B, int64_t ldb,
                 bool trans_b, float *C, int64_t ldc, bool accumulate) {
  kr_gemm_f32_ref(M, N, K, A, lda, B, ldb, trans_b, C, ldc, accumulate);
}

void kr_gemm_f64(int64_t M, int64_t N, int64_t K, const double *A, int64_t lda, const double *B, int64_t ldb,
                 bool trans_b, double *C, int64_t ldc, bool accumulate) {
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++) {
      double s = accumulate ? C[i * ldc + j] : 0;
      for (int64_t l = 0; l < K; l++)
        s += A[i * lda + l] * (trans_b ? B[j * ldb + l] : B[l * ldb + j]);
      C[i * ldc + j] = s;
    }
}

static void gemm_half(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const uint16_t *B, int64_t ldb,
                      bool trans_b, float *C, int64_t ldc, bool accumulate, bool bf16) {
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++) {
      float s = accumulate ? C[i * ldc + j] : 0;
      for (int64_t l = 0; l < K; l++) {
        uint16_t h = trans_b ? B[j * ldb + l] : B[l * ldb + j];
        s += A[i * lda + l] * (bf16 ? kr_bf16_to_f32(h) : kr_f16_to_f32(h));
      }
      C[i * ldc + j] = s;
    }
}

void kr_gemm_f32_bf16(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const uint16_t *B, int64_t ldb,
                      bool trans_b, float *C, int64_t ldc, bool accumulate) {
  gemm_half(M, N, K, A, lda, B, ldb, trans_b, C, ldc, accumulate, true);
}

void kr_gemm_f32_f16(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const uint16_t *B, int64_t ldb,
                     bool trans_b, float *C, int64_t ldc, bool accumulate) {
  gemm_half(M, N, K, A, lda, B, ldb, trans_b, C, ldc, accumulate, false);
}

void kr_parallel_for(int64_t n, void (*fn)(void *ctx, int64_t i), void *ctx) {
  for (int64_t i = 0; i < n; i++)
    fn(ctx, i);
}

int kr_num_threads(void) { return 1; }
