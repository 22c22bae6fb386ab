/* gemm_x86.c — the x86-64 kernels of gemm.c: AVX2+FMA and AVX-512.
 *
 * Every function carries its instruction set in a target attribute instead
 * of the file being built with -mavx2/-mavx512f, so libkilnrt still runs on
 * any x86-64; gemm.c picks a KrGemmIsa at run time from cpuid.
 *
 * Register tiles (C accumulators held in registers for a whole KC block):
 *   AVX2     6×16 float32 (12 ymm accumulators, 2 B loads, 1 broadcast of A),
 *            6×8 float64;
 *   AVX-512  MR512×32 float32 (2 zmm per row), 8×16 float64; with
 *            avx512_bf16 the same float32 tile fed by VDPBF16PS, two k per
 *            instruction (kr_gemm_bf16: twice the float32 rate).
 * A is broadcast from its packed strip (a load-port operation, no shuffle);
 * the ratio of FMAs to loads is what the tile size buys.
 *
 * Packing transposes 8×8 blocks in registers (both a strip of A and a strip
 * of a transposed B are rows that must become columns), converting
 * bfloat16/float16 to float32 on the way in. The GEMV routines read B once,
 * converting as they load, so bfloat16 weights halve the bytes a
 * memory-bound decode step moves.
 */
#include "gemm_impl.h"

#if defined(__x86_64__)

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,fma,f16c")))
#define AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")))
#define INLINE static inline __attribute__((always_inline))

/* ---------------------------------------------------------------- AVX2 */

/* 8 items of B from item i, as float32. */
AVX2 INLINE __m256 ld8(const void *p, int64_t i, int bt) {
  switch (bt) {
  case KR_GB_BF16:
    return _mm256_castsi256_ps(
        _mm256_slli_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)((const uint16_t *)p + i))), 16));
  case KR_GB_F16:
    return _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)((const uint16_t *)p + i)));
  case KR_GB_F32R: { /* kr_f32_to_bf16's rounding, 8 at a time */
    __m256i u = _mm256_loadu_si256((const __m256i *)((const float *)p + i));
    __m256i one = _mm256_set1_epi32(1), top = _mm256_set1_epi32((int)0xffff0000u);
    __m256i r = _mm256_add_epi32(u, _mm256_add_epi32(_mm256_set1_epi32(0x7fff),
                                                      _mm256_and_si256(_mm256_srli_epi32(u, 16), one)));
    __m256i nan = _mm256_or_si256(_mm256_and_si256(u, top), _mm256_set1_epi32(0x00400000));
    __m256 x = _mm256_castsi256_ps(u);
    return _mm256_blendv_ps(_mm256_castsi256_ps(_mm256_and_si256(r, top)), _mm256_castsi256_ps(nan),
                            _mm256_cmp_ps(x, x, _CMP_UNORD_Q));
  }
  default:
    return _mm256_loadu_ps((const float *)p + i);
  }
}

AVX2 INLINE void transpose8(__m256 r[8]) {
  __m256 t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpackhi_ps(r[0], r[1]);
  __m256 t2 = _mm256_unpacklo_ps(r[2], r[3]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
  __m256 t4 = _mm256_unpacklo_ps(r[4], r[5]), t5 = _mm256_unpackhi_ps(r[4], r[5]);
  __m256 t6 = _mm256_unpacklo_ps(r[6], r[7]), t7 = _mm256_unpackhi_ps(r[6], r[7]);
  __m256 s0 = _mm256_shuffle_ps(t0, t2, 0x44), s1 = _mm256_shuffle_ps(t0, t2, 0xee);
  __m256 s2 = _mm256_shuffle_ps(t1, t3, 0x44), s3 = _mm256_shuffle_ps(t1, t3, 0xee);
  __m256 s4 = _mm256_shuffle_ps(t4, t6, 0x44), s5 = _mm256_shuffle_ps(t4, t6, 0xee);
  __m256 s6 = _mm256_shuffle_ps(t5, t7, 0x44), s7 = _mm256_shuffle_ps(t5, t7, 0xee);
  r[0] = _mm256_permute2f128_ps(s0, s4, 0x20);
  r[1] = _mm256_permute2f128_ps(s1, s5, 0x20);
  r[2] = _mm256_permute2f128_ps(s2, s6, 0x20);
  r[3] = _mm256_permute2f128_ps(s3, s7, 0x20);
  r[4] = _mm256_permute2f128_ps(s0, s4, 0x31);
  r[5] = _mm256_permute2f128_ps(s1, s5, 0x31);
  r[6] = _mm256_permute2f128_ps(s2, s6, 0x31);
  r[7] = _mm256_permute2f128_ps(s3, s7, 0x31);
}

/* The first n (1..8) lanes of v to p. */
AVX2 INLINE void store_first(float *p, __m256 v, int n) {
  if (n == 8) {
    _mm256_storeu_ps(p, v);
  } else if (n == 6) { /* an A strip of the 6×16 kernel */
    _mm_storeu_ps(p, _mm256_castps256_ps128(v));
    _mm_storel_pi((__m64 *)(p + 4), _mm256_extractf128_ps(v, 1));
  } else {
    __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    _mm256_maskstore_ps(p, _mm256_cmpgt_epi32(_mm256_set1_epi32(n), lane), v);
  }
}

/* dst[k*W + r] = src[r*ld + k]: rows in groups of 8 (the last one padded
 * with zero rows: an A strip is 6 rows, an edge strip of B fewer than 16),
 * k in 8×8 blocks transposed in registers. */
AVX2 INLINE void pack_t_body(const void *src, int bt, int64_t ld, int64_t rows, int64_t kc, float *dst, int W) {
  int64_t r = 0;
  for (; r < rows; r += 8) {
    int nr = rows - r < 8 ? (int)(rows - r) : 8, nw = W - r < 8 ? (int)(W - r) : 8;
    int64_t k = 0;
    for (; k + 8 <= kc; k += 8) {
      __m256 v[8];
#pragma GCC unroll 8
      for (int i = 0; i < 8; i++)
        v[i] = i < nr ? ld8(src, (r + i) * ld + k, bt) : _mm256_setzero_ps();
      transpose8(v);
#pragma GCC unroll 8
      for (int i = 0; i < 8; i++)
        store_first(dst + (k + i) * W + r, v[i], nw);
    }
    for (; k < kc; k++)
      for (int i = 0; i < nw; i++)
        dst[k * W + r + i] = i < nr ? kr_gb_load(src, (r + i) * ld + k, bt) : 0;
  }
  for (; r < W; r++)
    for (int64_t k = 0; k < kc; k++)
      dst[k * W + r] = 0;
}

AVX2 static void pack_t_avx2(const void *src, int bt, int64_t ld, int64_t rows, int64_t kc, float *dst, int W) {
  switch (bt) { /* one body per dtype, the load inlined into each */
  case KR_GB_BF16:
    pack_t_body(src, KR_GB_BF16, ld, rows, kc, dst, W);
    break;
  case KR_GB_F32R:
    pack_t_body(src, KR_GB_F32R, ld, rows, kc, dst, W);
    break;
  case KR_GB_F16:
    pack_t_body(src, KR_GB_F16, ld, rows, kc, dst, W);
    break;
  default:
    pack_t_body(src, KR_GB_F32, ld, rows, kc, dst, W);
  }
}

AVX2 INLINE void pack_n_body(const void *src, int bt, int64_t ld, int64_t cols, int64_t kc, float *dst, int W) {
  for (int64_t k = 0; k < kc; k++) {
    float *d = dst + k * W;
    int64_t j = 0;
    for (; j + 8 <= cols; j += 8)
      _mm256_storeu_ps(d + j, ld8(src, k * ld + j, bt));
    for (; j < cols; j++)
      d[j] = kr_gb_load(src, k * ld + j, bt);
    for (; j < W; j++)
      d[j] = 0;
  }
}

AVX2 static void pack_n_avx2(const void *src, int bt, int64_t ld, int64_t cols, int64_t kc, float *dst, int W) {
  switch (bt) {
  case KR_GB_BF16:
    pack_n_body(src, KR_GB_BF16, ld, cols, kc, dst, W);
    break;
  case KR_GB_F16:
    pack_n_body(src, KR_GB_F16, ld, cols, kc, dst, W);
    break;
  default:
    pack_n_body(src, KR_GB_F32, ld, cols, kc, dst, W);
  }
}

/* The 6×16 tile: 12 accumulators + 2 B vectors + 1 broadcast = 15 of 16 ymm.
 * Per k: 2 loads of B, 6 broadcasts of A, 12 FMAs. The accumulators are
 * named variables, not an array: an array that some loop indexes by a
 * variable stays in memory, and gcc then stores all twelve on every k
 * (12 stores per 12 FMAs: half the FMA rate). K is unrolled by 4, and the
 * tile's rows of C are prefetched at the start, so the stores at the end
 * do not wait on memory. */
#define KSTEP_6x16(A, B)                                                                           \
  do {                                                                                             \
    __m256 b0 = _mm256_load_ps(B), b1 = _mm256_load_ps((B) + 8), a;                                \
    a = _mm256_broadcast_ss((A) + 0), c00 = _mm256_fmadd_ps(a, b0, c00), c01 = _mm256_fmadd_ps(a, b1, c01); \
    a = _mm256_broadcast_ss((A) + 1), c10 = _mm256_fmadd_ps(a, b0, c10), c11 = _mm256_fmadd_ps(a, b1, c11); \
    a = _mm256_broadcast_ss((A) + 2), c20 = _mm256_fmadd_ps(a, b0, c20), c21 = _mm256_fmadd_ps(a, b1, c21); \
    a = _mm256_broadcast_ss((A) + 3), c30 = _mm256_fmadd_ps(a, b0, c30), c31 = _mm256_fmadd_ps(a, b1, c31); \
    a = _mm256_broadcast_ss((A) + 4), c40 = _mm256_fmadd_ps(a, b0, c40), c41 = _mm256_fmadd_ps(a, b1, c41); \
    a = _mm256_broadcast_ss((A) + 5), c50 = _mm256_fmadd_ps(a, b0, c50), c51 = _mm256_fmadd_ps(a, b1, c51); \
  } while (0)

AVX2 static void kern_avx2(int64_t K, const float *Ap, const float *Bp, float *C, int64_t ldc, int m, int n,
                           bool acc) {
  for (int i = 0; i < m; i++) {
    _mm_prefetch((const char *)(C + i * ldc), _MM_HINT_T0);
    _mm_prefetch((const char *)(C + i * ldc + n - 1), _MM_HINT_T0);
  }
  __m256 c00 = _mm256_setzero_ps(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00;
  __m256 c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
  int64_t k = 0;
  for (; k + 4 <= K; k += 4, Ap += 24, Bp += 64) {
    KSTEP_6x16(Ap, Bp);
    KSTEP_6x16(Ap + 6, Bp + 16);
    KSTEP_6x16(Ap + 12, Bp + 32);
    KSTEP_6x16(Ap + 18, Bp + 48);
  }
  for (; k < K; k++, Ap += 6, Bp += 16)
    KSTEP_6x16(Ap, Bp);
  __m256 c[6][2] = {{c00, c01}, {c10, c11}, {c20, c21}, {c30, c31}, {c40, c41}, {c50, c51}};
  if (m == 6 && n == 16) {
#pragma GCC unroll 6
    for (int i = 0; i < 6; i++) {
      float *ci = C + i * ldc;
      if (acc) {
        c[i][0] = _mm256_add_ps(c[i][0], _mm256_loadu_ps(ci));
        c[i][1] = _mm256_add_ps(c[i][1], _mm256_loadu_ps(ci + 8));
      }
      _mm256_storeu_ps(ci, c[i][0]);
      _mm256_storeu_ps(ci + 8, c[i][1]);
    }
    return;
  }
  float t[6][16];
#pragma GCC unroll 6
  for (int i = 0; i < 6; i++) {
    _mm256_storeu_ps(t[i], c[i][0]);
    _mm256_storeu_ps(t[i] + 8, c[i][1]);
  }
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i * ldc + j] = acc ? C[i * ldc + j] + t[i][j] : t[i][j];
}

/* float64 6×8: 12 accumulators of 4 doubles (every loop over them
 * unrolled, so they stay in registers; see kern_avx2). */
AVX2 static void kern64_avx2(int64_t K, const double *Ap, const double *Bp, double *C, int64_t ldc, int m, int n,
                             bool acc) {
  __m256d c[6][2];
#pragma GCC unroll 6
  for (int i = 0; i < 6; i++)
    c[i][0] = c[i][1] = _mm256_setzero_pd();
  for (int64_t k = 0; k < K; k++, Ap += 6, Bp += 8) {
    __m256d b0 = _mm256_load_pd(Bp), b1 = _mm256_load_pd(Bp + 4);
#pragma GCC unroll 6
    for (int i = 0; i < 6; i++) {
      __m256d a = _mm256_broadcast_sd(Ap + i);
      c[i][0] = _mm256_fmadd_pd(a, b0, c[i][0]);
      c[i][1] = _mm256_fmadd_pd(a, b1, c[i][1]);
    }
  }
  double t[6][8];
#pragma GCC unroll 6
  for (int i = 0; i < 6; i++) {
    _mm256_storeu_pd(t[i], c[i][0]);
    _mm256_storeu_pd(t[i] + 4, c[i][1]);
  }
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i * ldc + j] = acc ? C[i * ldc + j] + t[i][j] : t[i][j];
}

AVX2 INLINE float hsum8(__m256 v) {
  __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  s = _mm_add_ps(s, _mm_movehl_ps(s, s));
  s = _mm_add_ss(s, _mm_movehdup_ps(s));
  return _mm_cvtss_f32(s);
}

/* y[j] = x·B[j]: four rows of B at a time (four streams), two accumulators
 * per row so the FMA latency is covered. */
AVX2 INLINE void gemv_t_body(int64_t N, int64_t K, const float *x, const void *B, int bt, int64_t ldb, float *y,
                             bool acc) {
  int64_t j = 0;
  for (; j + 4 <= N; j += 4) {
    __m256 s[4][2];
    #pragma GCC unroll 4
    for (int r = 0; r < 4; r++)
      s[r][0] = s[r][1] = _mm256_setzero_ps();
    int64_t k = 0;
    for (; k + 16 <= K; k += 16) {
      __m256 x0 = _mm256_loadu_ps(x + k), x1 = _mm256_loadu_ps(x + k + 8);
      #pragma GCC unroll 4
      for (int r = 0; r < 4; r++) {
        s[r][0] = _mm256_fmadd_ps(x0, ld8(B, (j + r) * ldb + k, bt), s[r][0]);
        s[r][1] = _mm256_fmadd_ps(x1, ld8(B, (j + r) * ldb + k + 8, bt), s[r][1]);
      }
    }
    for (; k + 8 <= K; k += 8) {
      __m256 x0 = _mm256_loadu_ps(x + k);
      #pragma GCC unroll 4
      for (int r = 0; r < 4; r++)
        s[r][0] = _mm256_fmadd_ps(x0, ld8(B, (j + r) * ldb + k, bt), s[r][0]);
    }
    #pragma GCC unroll 4
    for (int r = 0; r < 4; r++) {
      float t = hsum8(_mm256_add_ps(s[r][0], s[r][1]));
      for (int64_t kk = k; kk < K; kk++)
        t += x[kk] * kr_gb_load(B, (j + r) * ldb + kk, bt);
      y[j + r] = acc ? y[j + r] + t : t;
    }
  }
  for (; j < N; j++) {
    __m256 s = _mm256_setzero_ps();
    int64_t k = 0;
    for (; k + 8 <= K; k += 8)
      s = _mm256_fmadd_ps(_mm256_loadu_ps(x + k), ld8(B, j * ldb + k, bt), s);
    float t = hsum8(s);
    for (; k < K; k++)
      t += x[k] * kr_gb_load(B, j * ldb + k, bt);
    y[j] = acc ? y[j] + t : t;
  }
}

/* One x against bfloat16 rows of B (a decode step's bf16 Linear). A
 * bfloat16 is the top half of a float32, so the 8 dwords of 16 values of
 * a row hold the even values in their low halves and the odd ones in
 * their high halves: a shift left by 16 makes the even ones float32 and
 * a mask the odd ones, two instructions for 16 values where ld8 spends a
 * vpmovzxwd and a shift on 8. x is split once per call into its even and
 * odd values per group of 16 (xs) to meet them. The sum runs in another
 * order than gemv_t_body's (evens and odds apart): float32 rounding, the
 * products exact as before. */
enum { BF16_SPLIT_MAX = 8192 }; /* xs on the stack (32 KB); longer rows take gemv_t_body */

AVX2 INLINE float bf16_tail(float t, const float *x, const uint16_t *row, int64_t k0, int64_t K) {
  for (int64_t k = k0; k < K; k++)
    t += x[k] * kr_gb_load(row, k, KR_GB_BF16);
  return t;
}

AVX2 static void gemv_t_bf16(int64_t N, int64_t K, const float *x, const uint16_t *B, int64_t ldb, float *y,
                             bool acc) {
  float xs[BF16_SPLIT_MAX];
  int64_t K16 = K / 16 * 16;
  for (int64_t k = 0; k < K16; k += 16) {
    /* within 128-bit lanes: (a0 a2 b0 b2 | a4 a6 b4 b6), then the 64-bit
     * pairs put back in order */
    __m256 a = _mm256_loadu_ps(x + k), b = _mm256_loadu_ps(x + k + 8);
    __m256d e = _mm256_castps_pd(_mm256_shuffle_ps(a, b, 0x88)), o = _mm256_castps_pd(_mm256_shuffle_ps(a, b, 0xdd));
    _mm256_storeu_ps(xs + k, _mm256_castpd_ps(_mm256_permute4x64_pd(e, 0xd8)));
    _mm256_storeu_ps(xs + k + 8, _mm256_castpd_ps(_mm256_permute4x64_pd(o, 0xd8)));
  }
  const __m256i top = _mm256_set1_epi32((int)0xffff0000u);
  int64_t j = 0;
  for (; j + 4 <= N; j += 4) {
    __m256 s[4][2];
    #pragma GCC unroll 4
    for (int r = 0; r < 4; r++)
      s[r][0] = s[r][1] = _mm256_setzero_ps();
    for (int64_t k = 0; k < K16; k += 16) {
      __m256 xe = _mm256_loadu_ps(xs + k), xo = _mm256_loadu_ps(xs + k + 8);
      #pragma GCC unroll 4
      for (int r = 0; r < 4; r++) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(B + (j + r) * ldb + k));
        s[r][0] = _mm256_fmadd_ps(xe, _mm256_castsi256_ps(_mm256_slli_epi32(v, 16)), s[r][0]);
        s[r][1] = _mm256_fmadd_ps(xo, _mm256_castsi256_ps(_mm256_and_si256(v, top)), s[r][1]);
      }
    }
    #pragma GCC unroll 4
    for (int r = 0; r < 4; r++) {
      float t = bf16_tail(hsum8(_mm256_add_ps(s[r][0], s[r][1])), x, B + (j + r) * ldb, K16, K);
      y[j + r] = acc ? y[j + r] + t : t;
    }
  }
  for (; j < N; j++) {
    __m256 se = _mm256_setzero_ps(), so = _mm256_setzero_ps();
    for (int64_t k = 0; k < K16; k += 16) {
      __m256i v = _mm256_loadu_si256((const __m256i *)(B + j * ldb + k));
      se = _mm256_fmadd_ps(_mm256_loadu_ps(xs + k), _mm256_castsi256_ps(_mm256_slli_epi32(v, 16)), se);
      so = _mm256_fmadd_ps(_mm256_loadu_ps(xs + k + 8), _mm256_castsi256_ps(_mm256_and_si256(v, top)), so);
    }
    float t = bf16_tail(hsum8(_mm256_add_ps(se, so)), x, B + j * ldb, K16, K);
    y[j] = acc ? y[j] + t : t;
  }
}

/* y += x[k]·B[k] over the rows, four rows per pass over y (y stays in L1
 * or L2; B's rows stream). */
AVX2 INLINE void gemv_n_body(int64_t N, int64_t K, const float *x, const void *B, int bt, int64_t ldb, float *y,
                             bool acc) {
  if (!acc)
    memset(y, 0, (size_t)N * 4);
  int64_t k = 0;
  for (; k + 4 <= K; k += 4) {
    __m256 x0 = _mm256_set1_ps(x[k]), x1 = _mm256_set1_ps(x[k + 1]);
    __m256 x2 = _mm256_set1_ps(x[k + 2]), x3 = _mm256_set1_ps(x[k + 3]);
    int64_t j = 0;
    for (; j + 8 <= N; j += 8) {
      __m256 v = _mm256_loadu_ps(y + j);
      v = _mm256_fmadd_ps(x0, ld8(B, k * ldb + j, bt), v);
      v = _mm256_fmadd_ps(x1, ld8(B, (k + 1) * ldb + j, bt), v);
      v = _mm256_fmadd_ps(x2, ld8(B, (k + 2) * ldb + j, bt), v);
      v = _mm256_fmadd_ps(x3, ld8(B, (k + 3) * ldb + j, bt), v);
      _mm256_storeu_ps(y + j, v);
    }
    for (; j < N; j++)
      for (int r = 0; r < 4; r++)
        y[j] += x[k + r] * kr_gb_load(B, (k + r) * ldb + j, bt);
  }
  for (; k < K; k++) {
    __m256 x0 = _mm256_set1_ps(x[k]);
    int64_t j = 0;
    for (; j + 8 <= N; j += 8)
      _mm256_storeu_ps(y + j, _mm256_fmadd_ps(x0, ld8(B, k * ldb + j, bt), _mm256_loadu_ps(y + j)));
    for (; j < N; j++)
      y[j] += x[k] * kr_gb_load(B, k * ldb + j, bt);
  }
}

/* R (2..GEMV_ROWS) rows of X against two rows of B at a time: 2R
 * accumulators, each B vector loaded once for all R rows. */
AVX2 INLINE void gemv_t_rows_body(int64_t N, int64_t K, int R, const float *X, int64_t ldx, const void *B, int bt,
                                  int64_t ldb, float *Y, int64_t ldy, bool acc) {
  /* every index into s is a constant after unrolling, so s stays in
   * registers: 3R accumulators (12 at R = 4), three B vectors and one of X
   * fill the 16 ymm registers, so FMA latency is covered with 3 loads of B
   * for every 3R multiply-adds */
  for (int64_t j = 0; j < N; j += 3) {
    int nj = N - j < 3 ? (int)(N - j) : 3; /* the last one or two rows: computed again, stored once */
    int64_t j1 = nj > 1 ? j + 1 : j, j2 = nj > 2 ? j + 2 : j;
    __m256 s[3][GEMV_ROWS];
#pragma GCC unroll 4
    for (int i = 0; i < GEMV_ROWS; i++)
      s[0][i] = s[1][i] = s[2][i] = _mm256_setzero_ps();
    int64_t k = 0;
    for (; k + 8 <= K; k += 8) {
      __m256 b0 = ld8(B, j * ldb + k, bt), b1 = ld8(B, j1 * ldb + k, bt), b2 = ld8(B, j2 * ldb + k, bt);
#pragma GCC unroll 4
      for (int i = 0; i < R; i++) {
        __m256 xv = _mm256_loadu_ps(X + i * ldx + k);
        s[0][i] = _mm256_fmadd_ps(xv, b0, s[0][i]);
        s[1][i] = _mm256_fmadd_ps(xv, b1, s[1][i]);
        s[2][i] = _mm256_fmadd_ps(xv, b2, s[2][i]);
      }
    }
#pragma GCC unroll 4
    for (int i = 0; i < R; i++) {
      float t[3] = {hsum8(s[0][i]), hsum8(s[1][i]), hsum8(s[2][i])};
      const int64_t jr[3] = {j, j1, j2};
      for (int r = 0; r < nj; r++) {
        for (int64_t kk = k; kk < K; kk++)
          t[r] += X[i * ldx + kk] * kr_gb_load(B, jr[r] * ldb + kk, bt);
        float *y = Y + i * ldy + j + r;
        *y = acc ? *y + t[r] : t[r];
      }
    }
  }
}

AVX2 INLINE void gemv_n_rows_body(int64_t N, int64_t K, int R, const float *X, int64_t ldx, const void *B, int bt,
                                  int64_t ldb, float *Y, int64_t ldy, bool acc) {
  if (!acc)
    for (int i = 0; i < R; i++)
      memset(Y + i * ldy, 0, (size_t)N * 4);
  int64_t k = 0;
  for (; k + 4 <= K; k += 4) {
    int64_t j = 0;
    for (; j + 8 <= N; j += 8) {
      __m256 b0 = ld8(B, k * ldb + j, bt), b1 = ld8(B, (k + 1) * ldb + j, bt);
      __m256 b2 = ld8(B, (k + 2) * ldb + j, bt), b3 = ld8(B, (k + 3) * ldb + j, bt);
#pragma GCC unroll 4
      for (int i = 0; i < R; i++) {
        const float *x = X + i * ldx + k;
        float *y = Y + i * ldy + j;
        __m256 v = _mm256_loadu_ps(y);
        v = _mm256_fmadd_ps(_mm256_broadcast_ss(x), b0, v);
        v = _mm256_fmadd_ps(_mm256_broadcast_ss(x + 1), b1, v);
        v = _mm256_fmadd_ps(_mm256_broadcast_ss(x + 2), b2, v);
        v = _mm256_fmadd_ps(_mm256_broadcast_ss(x + 3), b3, v);
        _mm256_storeu_ps(y, v);
      }
    }
    for (; j < N; j++)
      for (int q = 0; q < 4; q++) {
        float b = kr_gb_load(B, (k + q) * ldb + j, bt);
        for (int i = 0; i < R; i++)
          Y[i * ldy + j] += X[i * ldx + k + q] * b;
      }
  }
  for (; k < K; k++)
    for (int64_t j = 0; j < N; j++) {
      float b = kr_gb_load(B, k * ldb + j, bt);
      for (int i = 0; i < R; i++)
        Y[i * ldy + j] += X[i * ldx + k] * b;
    }
}

/* One instance per (dtype, R), so loads and row loops are straight-line. */
#define GEMV_DISPATCH(TARGET, NAME, ONE, ROWS)                                                                 \
  TARGET static void NAME(int64_t N, int64_t K, int R, const float *X, int64_t ldx, const void *B, int bt,   \
                          int64_t ldb, float *Y, int64_t ldy, bool acc) {                                      \
    switch (bt * 8 + R) {                                                                                      \
    case KR_GB_F32 * 8 + 1: ONE(N, K, X, B, KR_GB_F32, ldb, Y, acc); break;                                    \
    case KR_GB_BF16 * 8 + 1: ONE(N, K, X, B, KR_GB_BF16, ldb, Y, acc); break;                                  \
    case KR_GB_F16 * 8 + 1: ONE(N, K, X, B, KR_GB_F16, ldb, Y, acc); break;                                    \
    case KR_GB_F32 * 8 + 2: ROWS(N, K, 2, X, ldx, B, KR_GB_F32, ldb, Y, ldy, acc); break;                      \
    case KR_GB_BF16 * 8 + 2: ROWS(N, K, 2, X, ldx, B, KR_GB_BF16, ldb, Y, ldy, acc); break;                    \
    case KR_GB_F16 * 8 + 2: ROWS(N, K, 2, X, ldx, B, KR_GB_F16, ldb, Y, ldy, acc); break;                      \
    case KR_GB_F32 * 8 + 3: ROWS(N, K, 3, X, ldx, B, KR_GB_F32, ldb, Y, ldy, acc); break;                      \
    case KR_GB_BF16 * 8 + 3: ROWS(N, K, 3, X, ldx, B, KR_GB_BF16, ldb, Y, ldy, acc); break;                    \
    case KR_GB_F16 * 8 + 3: ROWS(N, K, 3, X, ldx, B, KR_GB_F16, ldb, Y, ldy, acc); break;                      \
    case KR_GB_F32 * 8 + 4: ROWS(N, K, 4, X, ldx, B, KR_GB_F32, ldb, Y, ldy, acc); break;                      \
    case KR_GB_BF16 * 8 + 4: ROWS(N, K, 4, X, ldx, B, KR_GB_BF16, ldb, Y, ldy, acc); break;                    \
    case KR_GB_F16 * 8 + 4: ROWS(N, K, 4, X, ldx, B, KR_GB_F16, ldb, Y, ldy, acc); break;                      \
    default: /* not reached: R <= GEMV_ROWS, bt a B dtype */                                                   \
      for (int i = 0; i < R; i++)                                                                              \
        ONE(N, K, X + i * ldx, B, bt, ldb, Y + i * ldy, acc);                                                  \
    }                                                                                                          \
  }

_Static_assert(GEMV_ROWS == 4, "GEMV_DISPATCH has a case per row count");

GEMV_DISPATCH(AVX2, gemv_t_avx2_any, gemv_t_body, gemv_t_rows_body)
GEMV_DISPATCH(AVX2, gemv_n_avx2, gemv_n_body, gemv_n_rows_body)

/* gemv_t for the AVX2 kernels: one row of x against bfloat16 B by
 * gemv_t_bf16, the rest by the dispatch above. */
AVX2 static void gemv_t_avx2(int64_t N, int64_t K, int R, const float *X, int64_t ldx, const void *B, int bt,
                             int64_t ldb, float *Y, int64_t ldy, bool acc) {
  if (R == 1 && bt == KR_GB_BF16 && K <= BF16_SPLIT_MAX)
    gemv_t_bf16(N, K, X, B, ldb, Y, acc);
  else
    gemv_t_avx2_any(N, K, R, X, ldx, B, bt, ldb, Y, ldy, acc);
}

const KrGemmIsa kr_gemm_isa_avx2 = {
    .name = "avx2",
    .mr = 6, .nr = 16, .kern = kern_avx2,
    .pack_t = pack_t_avx2, .pack_n = pack_n_avx2,
    .gemv_t = gemv_t_avx2, .gemv_n = gemv_n_avx2,
    .mr64 = 6, .nr64 = 8, .kern64 = kern64_avx2,
    .kern_bf = NULL,
    /* Zen 3, one thread, x[M×768] @ W.T (768×768), GFLOP/s GEMV vs packed:
     * M = 16: 68 vs 53, 32: 54 vs 60, 64: 52 vs 78 */
    .small_m = 24,
};

/* ------------------------------------------------------------- AVX-512 */

/* The float32 tile's height: MR512 rows × 32 columns, 2·MR512 zmm
 * accumulators out of 32. */
#define MR512 8

/* 16 items of B from item i (those under mask; the rest 0), as float32. */
AVX512 INLINE __m512 ld16m(const void *p, int64_t i, int bt, __mmask16 mask) {
  switch (bt) {
  case KR_GB_BF16:
    return _mm512_castsi512_ps(_mm512_slli_epi32(
        _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(mask, (const uint16_t *)p + i)), 16));
  case KR_GB_F16:
    return _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(mask, (const uint16_t *)p + i));
  default:
    return _mm512_maskz_loadu_ps(mask, (const float *)p + i);
  }
}

AVX512 INLINE __m512 ld16(const void *p, int64_t i, int bt) {
  switch (bt) {
  case KR_GB_BF16:
    return _mm512_castsi512_ps(_mm512_slli_epi32(
        _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)((const uint16_t *)p + i))), 16));
  case KR_GB_F16:
    return _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)((const uint16_t *)p + i)));
  default:
    return _mm512_loadu_ps((const float *)p + i);
  }
}

static inline __mmask16 first_n(int64_t n) { return n >= 16 ? 0xffff : (__mmask16)((1u << n) - 1); }

/* Packing: the AVX2 8×8 transposes do it well enough (packing is a small
 * share of the work); a plain B row is copied 16 at a time. */
AVX512 INLINE void pack_n_body512(const void *src, int bt, int64_t ld, int64_t cols, int64_t kc, float *dst,
                                  int W) {
  for (int64_t k = 0; k < kc; k++) {
    float *d = dst + k * W;
    for (int64_t j = 0; j < W; j += 16) {
      __mmask16 m = j < cols ? first_n(cols - j) : 0;
      _mm512_storeu_ps(d + j, ld16m(src, k * ld + j, bt, m));
    }
  }
}

AVX512 static void pack_n_avx512(const void *src, int bt, int64_t ld, int64_t cols, int64_t kc, float *dst,
                                 int W) {
  switch (bt) {
  case KR_GB_BF16:
    pack_n_body512(src, KR_GB_BF16, ld, cols, kc, dst, W);
    break;
  case KR_GB_F16:
    pack_n_body512(src, KR_GB_F16, ld, cols, kc, dst, W);
    break;
  default:
    pack_n_body512(src, KR_GB_F32, ld, cols, kc, dst, W);
  }
}

AVX512 static void kern_avx512(int64_t K, const float *Ap, const float *Bp, float *C, int64_t ldc, int m, int n,
                               bool acc) {
  __m512 c[MR512][2];
#pragma GCC unroll 16
  for (int i = 0; i < MR512; i++)
    c[i][0] = c[i][1] = _mm512_setzero_ps();
  for (int64_t k = 0; k < K; k++, Ap += MR512, Bp += 32) {
    __m512 b0 = _mm512_load_ps(Bp), b1 = _mm512_load_ps(Bp + 16);
#pragma GCC unroll 16
    for (int i = 0; i < MR512; i++) {
      __m512 a = _mm512_set1_ps(Ap[i]);
      c[i][0] = _mm512_fmadd_ps(a, b0, c[i][0]);
      c[i][1] = _mm512_fmadd_ps(a, b1, c[i][1]);
    }
  }
  __mmask16 m0 = first_n(n), m1 = n > 16 ? first_n(n - 16) : 0;
#pragma GCC unroll 16
  for (int i = 0; i < MR512; i++) {
    if (i >= m)
      break;
    float *ci = C + i * ldc;
    if (acc) {
      c[i][0] = _mm512_add_ps(c[i][0], _mm512_maskz_loadu_ps(m0, ci));
      c[i][1] = _mm512_add_ps(c[i][1], _mm512_maskz_loadu_ps(m1, ci + 16));
    }
    _mm512_mask_storeu_ps(ci, m0, c[i][0]);
    _mm512_mask_storeu_ps(ci + 16, m1, c[i][1]);
  }
}

/* float64 8×16: 16 accumulators of 8 doubles. */
AVX512 static void kern64_avx512(int64_t K, const double *Ap, const double *Bp, double *C, int64_t ldc, int m,
                                 int n, bool acc) {
  __m512d c[8][2];
#pragma GCC unroll 8
  for (int i = 0; i < 8; i++)
    c[i][0] = c[i][1] = _mm512_setzero_pd();
  for (int64_t k = 0; k < K; k++, Ap += 8, Bp += 16) {
    __m512d b0 = _mm512_load_pd(Bp), b1 = _mm512_load_pd(Bp + 8);
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++) {
      __m512d a = _mm512_set1_pd(Ap[i]);
      c[i][0] = _mm512_fmadd_pd(a, b0, c[i][0]);
      c[i][1] = _mm512_fmadd_pd(a, b1, c[i][1]);
    }
  }
  __mmask8 m0 = n >= 8 ? 0xff : (__mmask8)((1u << n) - 1);
  __mmask8 m1 = n >= 16 ? 0xff : n > 8 ? (__mmask8)((1u << (n - 8)) - 1) : 0;
#pragma GCC unroll 8
  for (int i = 0; i < 8; i++) {
    if (i >= m)
      break;
    double *ci = C + i * ldc;
    if (acc) {
      c[i][0] = _mm512_add_pd(c[i][0], _mm512_maskz_loadu_pd(m0, ci));
      c[i][1] = _mm512_add_pd(c[i][1], _mm512_maskz_loadu_pd(m1, ci + 8));
    }
    _mm512_mask_storeu_pd(ci, m0, c[i][0]);
    _mm512_mask_storeu_pd(ci + 8, m1, c[i][1]);
  }
}

AVX512 INLINE void gemv_t_body512(int64_t N, int64_t K, const float *x, const void *B, int bt, int64_t ldb,
                                  float *y, bool acc) {
  int64_t j = 0;
  for (; j + 4 <= N; j += 4) {
    __m512 s[4][2];
#pragma GCC unroll 4
    for (int r = 0; r < 4; r++)
      s[r][0] = s[r][1] = _mm512_setzero_ps();
    int64_t k = 0;
    for (; k + 32 <= K; k += 32) {
      __m512 x0 = _mm512_loadu_ps(x + k), x1 = _mm512_loadu_ps(x + k + 16);
#pragma GCC unroll 4
      for (int r = 0; r < 4; r++) {
        s[r][0] = _mm512_fmadd_ps(x0, ld16(B, (j + r) * ldb + k, bt), s[r][0]);
        s[r][1] = _mm512_fmadd_ps(x1, ld16(B, (j + r) * ldb + k + 16, bt), s[r][1]);
      }
    }
    for (; k < K; k += 16) {
      __mmask16 m = first_n(K - k);
      __m512 x0 = _mm512_maskz_loadu_ps(m, x + k);
#pragma GCC unroll 4
      for (int r = 0; r < 4; r++)
        s[r][0] = _mm512_fmadd_ps(x0, ld16m(B, (j + r) * ldb + k, bt, m), s[r][0]);
    }
#pragma GCC unroll 4
    for (int r = 0; r < 4; r++) {
      float t = _mm512_reduce_add_ps(_mm512_add_ps(s[r][0], s[r][1]));
      y[j + r] = acc ? y[j + r] + t : t;
    }
  }
  for (; j < N; j++) {
    __m512 s = _mm512_setzero_ps();
    for (int64_t k = 0; k < K; k += 16) {
      __mmask16 m = first_n(K - k);
      s = _mm512_fmadd_ps(_mm512_maskz_loadu_ps(m, x + k), ld16m(B, j * ldb + k, bt, m), s);
    }
    float t = _mm512_reduce_add_ps(s);
    y[j] = acc ? y[j] + t : t;
  }
}

AVX512 INLINE void gemv_n_body512(int64_t N, int64_t K, const float *x, const void *B, int bt, int64_t ldb,
                                  float *y, bool acc) {
  if (!acc)
    memset(y, 0, (size_t)N * 4);
  int64_t k = 0;
  for (; k + 4 <= K; k += 4) {
    __m512 x0 = _mm512_set1_ps(x[k]), x1 = _mm512_set1_ps(x[k + 1]);
    __m512 x2 = _mm512_set1_ps(x[k + 2]), x3 = _mm512_set1_ps(x[k + 3]);
    for (int64_t j = 0; j < N; j += 16) {
      __mmask16 m = first_n(N - j);
      __m512 v = _mm512_maskz_loadu_ps(m, y + j);
      v = _mm512_fmadd_ps(x0, ld16m(B, k * ldb + j, bt, m), v);
      v = _mm512_fmadd_ps(x1, ld16m(B, (k + 1) * ldb + j, bt, m), v);
      v = _mm512_fmadd_ps(x2, ld16m(B, (k + 2) * ldb + j, bt, m), v);
      v = _mm512_fmadd_ps(x3, ld16m(B, (k + 3) * ldb + j, bt, m), v);
      _mm512_mask_storeu_ps(y + j, m, v);
    }
  }
  for (; k < K; k++) {
    __m512 x0 = _mm512_set1_ps(x[k]);
    for (int64_t j = 0; j < N; j += 16) {
      __mmask16 m = first_n(N - j);
      __m512 v = _mm512_fmadd_ps(x0, ld16m(B, k * ldb + j, bt, m), _mm512_maskz_loadu_ps(m, y + j));
      _mm512_mask_storeu_ps(y + j, m, v);
    }
  }
}

/* R (2..GEMV_ROWS) rows of X against four rows of B at a time: 4R
 * accumulators, each B vector loaded once for all R rows. */
AVX512 INLINE void gemv_t_rows512(int64_t N, int64_t K, int R, const float *X, int64_t ldx, const void *B, int bt,
                                  int64_t ldb, float *Y, int64_t ldy, bool acc) {
  /* every index into s is a constant after unrolling, so s stays in registers */
  int64_t j = 0;
  for (; j + 4 <= N; j += 4) {
    __m512 s[4][GEMV_ROWS];
#pragma GCC unroll 4
    for (int r = 0; r < 4; r++)
#pragma GCC unroll 4
      for (int i = 0; i < GEMV_ROWS; i++)
        s[r][i] = _mm512_setzero_ps();
    for (int64_t k = 0; k < K; k += 16) {
      __mmask16 m = first_n(K - k);
      __m512 xv[GEMV_ROWS];
#pragma GCC unroll 4
      for (int i = 0; i < R; i++)
        xv[i] = _mm512_maskz_loadu_ps(m, X + i * ldx + k);
#pragma GCC unroll 4
      for (int r = 0; r < 4; r++) {
        __m512 b = ld16m(B, (j + r) * ldb + k, bt, m);
#pragma GCC unroll 4
        for (int i = 0; i < R; i++)
          s[r][i] = _mm512_fmadd_ps(xv[i], b, s[r][i]);
      }
    }
#pragma GCC unroll 4
    for (int r = 0; r < 4; r++)
#pragma GCC unroll 4
      for (int i = 0; i < R; i++) {
        float t = _mm512_reduce_add_ps(s[r][i]);
        float *y = Y + i * ldy + j + r;
        *y = acc ? *y + t : t;
      }
  }
  for (; j < N; j++) {
    __m512 s[GEMV_ROWS];
#pragma GCC unroll 4
    for (int i = 0; i < GEMV_ROWS; i++)
      s[i] = _mm512_setzero_ps();
    for (int64_t k = 0; k < K; k += 16) {
      __mmask16 m = first_n(K - k);
      __m512 b = ld16m(B, j * ldb + k, bt, m);
#pragma GCC unroll 4
      for (int i = 0; i < R; i++)
        s[i] = _mm512_fmadd_ps(_mm512_maskz_loadu_ps(m, X + i * ldx + k), b, s[i]);
    }
#pragma GCC unroll 4
    for (int i = 0; i < R; i++) {
      float t = _mm512_reduce_add_ps(s[i]);
      float *y = Y + i * ldy + j;
      *y = acc ? *y + t : t;
    }
  }
}

AVX512 INLINE void gemv_n_rows512(int64_t N, int64_t K, int R, const float *X, int64_t ldx, const void *B, int bt,
                                  int64_t ldb, float *Y, int64_t ldy, bool acc) {
  if (!acc)
    for (int i = 0; i < R; i++)
      memset(Y + i * ldy, 0, (size_t)N * 4);
  int64_t k = 0;
  for (; k + 4 <= K; k += 4)
    for (int64_t j = 0; j < N; j += 16) {
      __mmask16 m = first_n(N - j);
      __m512 b0 = ld16m(B, k * ldb + j, bt, m), b1 = ld16m(B, (k + 1) * ldb + j, bt, m);
      __m512 b2 = ld16m(B, (k + 2) * ldb + j, bt, m), b3 = ld16m(B, (k + 3) * ldb + j, bt, m);
#pragma GCC unroll 4
      for (int i = 0; i < R; i++) {
        const float *x = X + i * ldx + k;
        float *y = Y + i * ldy + j;
        __m512 v = _mm512_maskz_loadu_ps(m, y);
        v = _mm512_fmadd_ps(_mm512_set1_ps(x[0]), b0, v);
        v = _mm512_fmadd_ps(_mm512_set1_ps(x[1]), b1, v);
        v = _mm512_fmadd_ps(_mm512_set1_ps(x[2]), b2, v);
        v = _mm512_fmadd_ps(_mm512_set1_ps(x[3]), b3, v);
        _mm512_mask_storeu_ps(y, m, v);
      }
    }
  for (; k < K; k++)
    for (int64_t j = 0; j < N; j += 16) {
      __mmask16 m = first_n(N - j);
      __m512 b = ld16m(B, k * ldb + j, bt, m);
      for (int i = 0; i < R; i++) {
        float *y = Y + i * ldy + j;
        _mm512_mask_storeu_ps(y, m, _mm512_fmadd_ps(_mm512_set1_ps(X[i * ldx + k]), b, _mm512_maskz_loadu_ps(m, y)));
      }
    }
}

GEMV_DISPATCH(AVX512, gemv_t_avx512, gemv_t_body512, gemv_t_rows512)
GEMV_DISPATCH(AVX512, gemv_n_avx512, gemv_n_body512, gemv_n_rows512)

const KrGemmIsa kr_gemm_isa_avx512 = {
    .name = "avx512",
    .mr = MR512, .nr = 32, .kern = kern_avx512,
    .pack_t = pack_t_avx2, .pack_n = pack_n_avx512,
    .gemv_t = gemv_t_avx512, .gemv_n = gemv_n_avx512,
    .mr64 = 8, .nr64 = 16, .kern64 = kern64_avx512,
    .kc = 256, .mc = 192, .nc = 2048, .kc64 = 192, /* measured on the Xeon this path was tuned on */
    .kern_bf = NULL,
};

/* ---------------------------------------------------- AVX-512 BF16 */

#define AVX512BF __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx512bf16,avx2,fma,f16c")))

static inline uint32_t bf_pair(uint16_t lo, uint16_t hi) { return (uint32_t)lo | (uint32_t)hi << 16; }

/* A rows (float32) to rounded bfloat16 pairs: 8 rows × 16 k become 8 rows
 * × 8 pairs (one ymm each), transposed as 32-bit items like pack_t's. */
AVX512BF static void pack_bf_a_512(const float *src, int64_t ld, int64_t rows, int64_t kc, uint32_t *dst, int W) {
  int64_t kp = (kc + 1) / 2, r = 0;
  for (; r + 8 <= rows; r += 8) {
    int64_t k = 0;
    for (; k + 16 <= kc; k += 16) {
      __m256 v[8];
      for (int i = 0; i < 8; i++)
        v[i] = (__m256)_mm512_cvtneps_pbh(_mm512_loadu_ps(src + (r + i) * ld + k));
      transpose8(v);
      for (int i = 0; i < 8; i++)
        _mm256_storeu_ps((float *)(dst + (k / 2 + i) * W + r), v[i]);
    }
    for (; k < kc; k += 2)
      for (int i = 0; i < 8; i++) {
        const float *a = src + (r + i) * ld;
        dst[(k / 2) * W + r + i] = bf_pair(kr_f32_to_bf16(a[k]), k + 1 < kc ? kr_f32_to_bf16(a[k + 1]) : 0);
      }
  }
  for (; r < W; r++)
    for (int64_t k2 = 0; k2 < kp; k2++) {
      const float *a = src + r * ld;
      int64_t k = 2 * k2;
      dst[k2 * W + r] = r >= rows ? 0 : bf_pair(kr_f32_to_bf16(a[k]), k + 1 < kc ? kr_f32_to_bf16(a[k + 1]) : 0);
    }
}

/* Rows of a transposed bfloat16 B already hold their pairs side by side:
 * a 32-bit transpose. */
AVX512BF static void pack_bf_t_512(const uint16_t *src, int64_t ld, int64_t rows, int64_t kc, uint32_t *dst,
                                   int W) {
  int64_t kp = (kc + 1) / 2, r = 0;
  for (; r + 8 <= rows; r += 8) {
    int64_t k = 0;
    for (; k + 16 <= kc; k += 16) {
      __m256 v[8];
      for (int i = 0; i < 8; i++)
        v[i] = _mm256_loadu_ps((const float *)(src + (r + i) * ld + k));
      transpose8(v);
      for (int i = 0; i < 8; i++)
        _mm256_storeu_ps((float *)(dst + (k / 2 + i) * W + r), v[i]);
    }
    for (; k < kc; k += 2)
      for (int i = 0; i < 8; i++) {
        const uint16_t *b = src + (r + i) * ld;
        dst[(k / 2) * W + r + i] = bf_pair(b[k], k + 1 < kc ? b[k + 1] : 0);
      }
  }
  for (; r < W; r++)
    for (int64_t k2 = 0; k2 < kp; k2++) {
      const uint16_t *b = src + r * ld;
      int64_t k = 2 * k2;
      dst[k2 * W + r] = r >= rows ? 0 : bf_pair(b[k], k + 1 < kc ? b[k + 1] : 0);
    }
}

/* A plain bfloat16 B: rows 2k2 and 2k2+1 interleaved. */
AVX512BF static void pack_bf_n_512(const uint16_t *src, int64_t ld, int64_t cols, int64_t kc, uint32_t *dst,
                                   int W) {
  for (int64_t k = 0; k < kc; k += 2) {
    const uint16_t *r0 = src + k * ld, *r1 = src + (k + 1) * ld;
    uint32_t *d = dst + (k / 2) * W;
    for (int64_t j = 0; j < W; j += 16) {
      __mmask16 m = j < cols ? first_n(cols - j) : 0;
      __m512i lo = _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(m, r0 + j));
      __m512i hi = k + 1 < kc ? _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(m, r1 + j)) : _mm512_setzero_si512();
      _mm512_storeu_si512(d + j, _mm512_or_si512(lo, _mm512_slli_epi32(hi, 16)));
    }
  }
}

/* The MR512×32 tile again, each VDPBF16PS doing two k at once. */
AVX512BF static void kern_bf_avx512(int64_t K2, const uint32_t *Ap, const uint32_t *Bp, float *C, int64_t ldc,
                                    int m, int n, bool acc) {
  __m512 c[MR512][2];
#pragma GCC unroll 16
  for (int i = 0; i < MR512; i++)
    c[i][0] = c[i][1] = _mm512_setzero_ps();
  for (int64_t k = 0; k < K2; k++, Ap += MR512, Bp += 32) {
    __m512bh b0 = (__m512bh)_mm512_load_si512(Bp), b1 = (__m512bh)_mm512_load_si512(Bp + 16);
#pragma GCC unroll 16
    for (int i = 0; i < MR512; i++) {
      __m512bh a = (__m512bh)_mm512_set1_epi32((int)Ap[i]);
      c[i][0] = _mm512_dpbf16_ps(c[i][0], a, b0);
      c[i][1] = _mm512_dpbf16_ps(c[i][1], a, b1);
    }
  }
  __mmask16 m0 = first_n(n), m1 = n > 16 ? first_n(n - 16) : 0;
#pragma GCC unroll 16
  for (int i = 0; i < MR512; i++) {
    if (i >= m)
      break;
    float *ci = C + i * ldc;
    if (acc) {
      c[i][0] = _mm512_add_ps(c[i][0], _mm512_maskz_loadu_ps(m0, ci));
      c[i][1] = _mm512_add_ps(c[i][1], _mm512_maskz_loadu_ps(m1, ci + 16));
    }
    _mm512_mask_storeu_ps(ci, m0, c[i][0]);
    _mm512_mask_storeu_ps(ci + 16, m1, c[i][1]);
  }
}

const KrGemmIsa kr_gemm_isa_avx512bf16 = {
    .name = "avx512bf16",
    .mr = MR512, .nr = 32, .kern = kern_avx512,
    .pack_t = pack_t_avx2, .pack_n = pack_n_avx512,
    .gemv_t = gemv_t_avx512, .gemv_n = gemv_n_avx512,
    .mr64 = 8, .nr64 = 16, .kern64 = kern64_avx512,
    .kc = 256, .mc = 192, .nc = 2048, .kc64 = 192, /* measured on the Xeon this path was tuned on */
    .mrbf = MR512, .nrbf = 32, .kern_bf = kern_bf_avx512,
    .pack_bf_a = pack_bf_a_512, .pack_bf_t = pack_bf_t_512, .pack_bf_n = pack_bf_n_512,
};

#endif
