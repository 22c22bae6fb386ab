/* gemm_wasm.c — the WebAssembly micro-kernel of gemm.c: SIMD128 (built with
 * -msimd128, which the wasm32-emscripten target always passes; every
 * current engine runs it).
 *
 * Register tile: 8×8 float32, 16 v128 accumulators (8 rows × 2 vectors of
 * 4). SIMD128 has no fused multiply-add (that is relaxed SIMD), so each
 * step is a multiply and an add, rounded twice like the portable kernel; a
 * row of A is splatted from its packed strip. Packing, GEMV and float64
 * stay the portable C; gemm.c assembles kr_gemm_isa_simd128.
 */
#include "gemm_impl.h"

#if defined(__wasm_simd128__)

#include <wasm_simd128.h>

/* C[m×n] (+)= Ap·Bp: Ap[k*8 + i], Bp[k*8 + j]; m <= 8, n <= 8 */
void kr_gemm_kern_simd128(int64_t K, const float *Ap, const float *Bp, float *C, int64_t ldc, int m, int n,
                          bool acc) {
  v128_t c[8][2];
  for (int i = 0; i < 8; i++)
    c[i][0] = c[i][1] = wasm_f32x4_splat(0.0f);
  for (int64_t k = 0; k < K; k++, Ap += 8, Bp += 8) {
    v128_t b0 = wasm_v128_load(Bp), b1 = wasm_v128_load(Bp + 4);
    for (int i = 0; i < 8; i++) {
      v128_t a = wasm_f32x4_splat(Ap[i]);
      c[i][0] = wasm_f32x4_add(c[i][0], wasm_f32x4_mul(a, b0));
      c[i][1] = wasm_f32x4_add(c[i][1], wasm_f32x4_mul(a, b1));
    }
  }
  float t[8];
  for (int i = 0; i < m; i++) {
    float *r = C + i * ldc;
    if (n == 8) {
      if (acc) {
        c[i][0] = wasm_f32x4_add(c[i][0], wasm_v128_load(r));
        c[i][1] = wasm_f32x4_add(c[i][1], wasm_v128_load(r + 4));
      }
      wasm_v128_store(r, c[i][0]);
      wasm_v128_store(r + 4, c[i][1]);
      continue;
    }
    wasm_v128_store(t, c[i][0]); /* the matrix's right edge: n < 8 columns */
    wasm_v128_store(t + 4, c[i][1]);
    for (int j = 0; j < n; j++)
      r[j] = acc ? r[j] + t[j] : t[j];
  }
}

#endif
