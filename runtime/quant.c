/* quant.c — kernels over block-quantised weights (Q8_0, Q4_K, Q6_K, Q4_0,
 * Q4_1; layouts in quant.h): dequantising rows, the dot products,
 * kiln.nn.linear and kiln.nn.get_rows on them.
 *
 * A decode step is matrix-vector: every weight byte is read once, so its
 * speed is the memory's: 1.06 bytes per value for Q8_0, 0.56 for Q4_K,
 * against 4 for float32. kiln.nn.linear rounds x to Q8_0 blocks (int8 and
 * a scale per 32 values; part of its definition in kiln/nn.py), so the
 * dot products run in int8: a block of a weight row against a block of x
 * is one vpmaddubsw + vpmaddwd, an exact integer sum, then one float FMA
 * by the two scales. Rows are spread over the thread pool. A prefill
 * (many rows of x) is compute-bound instead: each task dequantises a strip
 * of weight rows into a float32 buffer and runs the float32 GEMM on it
 * against the rounded x, so the whole model is never dequantised at once.
 *
 * Each kernel has a plain-C reference (the _ref functions) the AVX2
 * variant is tested against; KILN_ISA=generic selects the reference.
 */
#include "quant.h"

#include "gemm_impl.h"
#include "nd_impl.h"

#include <float.h>
#include <math.h>

#if defined(__x86_64__)
#include <immintrin.h>
#define AVX2 __attribute__((target("avx2,fma,f16c")))
#endif

const char *const kr_q_name[KR_Q_COUNT] = {"", "Q8_0", "Q4_K", "Q6_K", "Q4_0", "Q4_1"};
const int kr_q_block_elems[KR_Q_COUNT] = {1, 32, 256, 256, 32, 32};
const int kr_q_block_bytes[KR_Q_COUNT] = {1, 34, 144, 210, 18, 20};

static inline float f16_at(const uint8_t *p) { return kr_f16_to_f32((uint16_t)(p[0] | p[1] << 8)); }

/* The 6-bit scale and min of Q4_K sub-block j (0..7) from the 12 bytes s:
 * j < 4 keeps them in the low 6 bits of s[j] and s[j+4]; j >= 4 splits them
 * into a nibble of s[j+4] and the top 2 bits of s[j-4] (scale) and s[j]
 * (min). */
static inline void q4k_scale_min(int j, const uint8_t *s, int *sc, int *m) {
  if (j < 4) {
    *sc = s[j] & 63;
    *m = s[j + 4] & 63;
  } else {
    *sc = (s[j + 4] & 0xF) | ((s[j - 4] >> 6) << 4);
    *m = (s[j + 4] >> 4) | ((s[j] >> 6) << 4);
  }
}

/* ------------------------------------------------------- the references */

/* Value v (0..255) of a Q6_K block before its scales, -32..31 (layout in
 * quant.h). */
static inline int q6k_value(const uint8_t *b, int v) {
  const uint8_t *ql = b, *qh = b + 128;
  int h = v / 128, k = v % 128 / 32, l = v % 32;
  int lo = ql[64 * h + l + 32 * (k % 2)], hi = qh[32 * h + l] >> (2 * k) & 3;
  return ((k >= 2 ? lo >> 4 : lo & 0xF) | hi << 4) - 32;
}

/* One Q6_K block's 256 values. */
static void q6k_block(const uint8_t *b, float *y) {
  const int8_t *sc = (const int8_t *)(b + 192);
  float d = f16_at(b + 208);
  for (int v = 0; v < 256; v++)
    y[v] = d * (float)sc[v / 16] * (float)q6k_value(b, v);
}

/* One Q4_0 or Q4_1 block's 32 values (layouts in quant.h). */
static void q4_block(int q, const uint8_t *b, float *y) {
  float d = f16_at(b), m = q == KR_Q4_1 ? f16_at(b + 2) : 0.0f;
  const uint8_t *qs = b + (q == KR_Q4_1 ? 4 : 2);
  int off = q == KR_Q4_1 ? 0 : 8;
  for (int l = 0; l < 16; l++) {
    y[l] = d * (float)((qs[l] & 0xF) - off) + m;
    y[16 + l] = d * (float)((qs[l] >> 4) - off) + m;
  }
}

/* The types whose reference reads decode a whole block at a time (Q8_0
 * and Q4_K have fused loops below). */
static bool whole_blocks(int q) { return q == KR_Q4_0 || q == KR_Q4_1 || q == KR_Q6_K; }

static void decode_block(int q, const uint8_t *b, float *y) {
  if (q == KR_Q6_K)
    q6k_block(b, y);
  else
    q4_block(q, b, y);
}

void kr_q_dequant_row_ref(int q, const uint8_t *b, float *y, int64_t k) {
  if (whole_blocks(q)) {
    for (int64_t i = 0; i < k; i += kr_q_block_elems[q], b += kr_q_block_bytes[q])
      decode_block(q, b, y + i);
    return;
  }
  if (q == KR_Q8_0) {
    for (int64_t i = 0; i < k; i += 32, b += 34) {
      float d = f16_at(b);
      for (int l = 0; l < 32; l++)
        y[i + l] = d * (float)(int8_t)b[2 + l];
    }
    return;
  }
  for (int64_t i = 0; i < k; i += 256, b += 144) {
    float d = f16_at(b), dmin = f16_at(b + 2);
    const uint8_t *qs = b + 16;
    for (int c = 0; c < 4; c++) {
      int sc1, m1, sc2, m2;
      q4k_scale_min(2 * c, b + 4, &sc1, &m1);
      q4k_scale_min(2 * c + 1, b + 4, &sc2, &m2);
      float d1 = d * (float)sc1, o1 = dmin * (float)m1, d2 = d * (float)sc2, o2 = dmin * (float)m2;
      for (int l = 0; l < 32; l++) {
        y[i + 64 * c + l] = d1 * (float)(qs[32 * c + l] & 0xF) - o1;
        y[i + 64 * c + 32 + l] = d2 * (float)(qs[32 * c + l] >> 4) - o2;
      }
    }
  }
}

float kr_q_dot_ref(int q, const uint8_t *b, const float *x, int64_t k) {
  float s = 0.0f;
  if (whole_blocks(q)) { /* each block decoded on the stack, then dotted */
    float y[256];
    int n = kr_q_block_elems[q], size = kr_q_block_bytes[q];
    for (int64_t i = 0; i < k; i += n, b += size) {
      decode_block(q, b, y);
      float t = 0.0f;
      for (int l = 0; l < n; l++)
        t += y[l] * x[i + l];
      s += t;
    }
    return s;
  }
  if (q == KR_Q8_0) {
    for (int64_t i = 0; i < k; i += 32, b += 34) {
      float t = 0.0f;
      for (int l = 0; l < 32; l++)
        t += (float)(int8_t)b[2 + l] * x[i + l];
      s += f16_at(b) * t;
    }
    return s;
  }
  for (int64_t i = 0; i < k; i += 256, b += 144) {
    float d = f16_at(b), dmin = f16_at(b + 2);
    const uint8_t *qs = b + 16;
    for (int c = 0; c < 4; c++) {
      int sc1, m1, sc2, m2;
      q4k_scale_min(2 * c, b + 4, &sc1, &m1);
      q4k_scale_min(2 * c + 1, b + 4, &sc2, &m2);
      const float *x1 = x + i + 64 * c, *x2 = x1 + 32;
      float t1 = 0, u1 = 0, t2 = 0, u2 = 0; /* sum q*x and sum x per sub-block */
      for (int l = 0; l < 32; l++) {
        t1 += (float)(qs[32 * c + l] & 0xF) * x1[l];
        u1 += x1[l];
        t2 += (float)(qs[32 * c + l] >> 4) * x2[l];
        u2 += x2[l];
      }
      s += d * (float)sc1 * t1 - dmin * (float)m1 * u1 + d * (float)sc2 * t2 - dmin * (float)m2 * u2;
    }
  }
  return s;
}

/* x rounded to Q8_0 blocks: d = max|x| / 127, q = x / d to the nearest
 * (ties to even), as kiln.nn._round_q8_0 does it in numpy. */
void kr_q8_round_ref(const float *x, int64_t k, const KrQ8 *o) {
  for (int64_t i = 0; i < k; i += 32) {
    float amax = 0.0f;
    bool finite = true;
    for (int l = 0; l < 32; l++) {
      float a = fabsf(x[i + l]);
      if (!(a <= FLT_MAX))
        finite = false;
      else if (a > amax)
        amax = a;
    }
    float d = amax / 127.0f;
    int32_t s = 0;
    for (int l = 0; l < 32; l++) {
      int v = 0;
      if (finite && d > 0.0f) {
        float r = rintf(x[i + l] / d);
        v = r < -127.0f ? -127 : r > 127.0f ? 127 : (int)r;
      }
      o->q[i + l] = (int8_t)v;
      s += v;
    }
    o->d[i / 32] = finite ? d : NAN;
    o->s[i / 32] = s;
  }
}

/* Q4_K's sub-block j of 32 values is d*sc*q - dmin*m, so its dot with
 * rounded x is d*sc*dx * sum(q*qx) - dmin*m*dx * sum(qx). */
float kr_q_dot8_ref(int q, const uint8_t *b, const KrQ8 *x, int64_t k) {
  float s = 0.0f;
  if (q == KR_Q8_0) {
    for (int64_t i = 0; i < k; i += 32, b += 34) {
      int32_t t = 0;
      for (int l = 0; l < 32; l++)
        t += (int8_t)b[2 + l] * x->q[i + l];
      s += f16_at(b) * x->d[i / 32] * (float)t;
    }
    return s;
  }
  if (q == KR_Q6_K) { /* per block of x: the two int8 scales of its halves inside the integer sum */
    for (int64_t i = 0; i < k; i += 256, b += 210) {
      const int8_t *sc = (const int8_t *)(b + 192);
      float d = f16_at(b + 208);
      for (int j = 0; j < 8; j++) {
        int32_t t = 0;
        for (int v = 32 * j; v < 32 * j + 32; v++)
          t += sc[v / 16] * q6k_value(b, v) * x->q[i + v];
        s += d * x->d[(i + 32 * j) / 32] * (float)t;
      }
    }
    return s;
  }
  if (q != KR_Q4_K)
    return NAN; /* no integer kernel: kr_q_linear does not call this */
  for (int64_t i = 0; i < k; i += 256, b += 144) {
    float d = f16_at(b), dmin = f16_at(b + 2);
    const uint8_t *qs = b + 16;
    for (int j = 0; j < 8; j++) {
      int sc, m, sh = j % 2 * 4;
      q4k_scale_min(j, b + 4, &sc, &m);
      const int8_t *xq = x->q + i + 32 * j;
      int32_t t = 0;
      for (int l = 0; l < 32; l++)
        t += (qs[32 * (j / 2) + l] >> sh & 0xF) * xq[l];
      float dx = x->d[(i + 32 * j) / 32];
      s += d * (float)sc * dx * (float)t - dmin * (float)m * dx * (float)x->s[(i + 32 * j) / 32];
    }
  }
  return s;
}

/* ------------------------------------------------------------- AVX2 */

#if defined(__x86_64__)
AVX2 static inline float hsum8(__m256 v) {
  __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  s = _mm_add_ps(s, _mm_movehl_ps(s, s));
  s = _mm_add_ss(s, _mm_movehdup_ps(s));
  return _mm_cvtss_f32(s);
}

/* A block's binary16 scale, converted by F16C (the call to the portable
 * kr_f16_to_f32 was a fifth of a Q8_0 GEMV's time). */
AVX2 static inline float f16c_at(const uint8_t *p) {
  uint16_t h;
  memcpy(&h, p, 2);
  return _cvtsh_ss(h);
}

/* 8 bytes at p (int8 or uint8 per sign) as float32. */
AVX2 static inline __m256 i8x8(const uint8_t *p) {
  return _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)p)));
}
AVX2 static inline __m256 u8x8(__m128i v) { return _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(v)); }

AVX2 static float dot_q8_0_avx2(const uint8_t *b, const float *x, int64_t k) {
  /* two blocks per round, four independent chains */
  __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps();
  __m256 acc2 = _mm256_setzero_ps(), acc3 = _mm256_setzero_ps();
  int64_t i = 0;
  for (; i + 64 <= k; i += 64, b += 68) {
    __m256 d0 = _mm256_set1_ps(f16c_at(b)), d1 = _mm256_set1_ps(f16c_at(b + 34));
    __m256 t0 = _mm256_mul_ps(i8x8(b + 2), _mm256_loadu_ps(x + i));
    __m256 t1 = _mm256_mul_ps(i8x8(b + 10), _mm256_loadu_ps(x + i + 8));
    __m256 t2 = _mm256_mul_ps(i8x8(b + 36), _mm256_loadu_ps(x + i + 32));
    __m256 t3 = _mm256_mul_ps(i8x8(b + 44), _mm256_loadu_ps(x + i + 40));
    t0 = _mm256_fmadd_ps(i8x8(b + 18), _mm256_loadu_ps(x + i + 16), t0);
    t1 = _mm256_fmadd_ps(i8x8(b + 26), _mm256_loadu_ps(x + i + 24), t1);
    t2 = _mm256_fmadd_ps(i8x8(b + 52), _mm256_loadu_ps(x + i + 48), t2);
    t3 = _mm256_fmadd_ps(i8x8(b + 60), _mm256_loadu_ps(x + i + 56), t3);
    acc0 = _mm256_fmadd_ps(d0, t0, acc0);
    acc1 = _mm256_fmadd_ps(d0, t1, acc1);
    acc2 = _mm256_fmadd_ps(d1, t2, acc2);
    acc3 = _mm256_fmadd_ps(d1, t3, acc3);
  }
  for (; i < k; i += 32, b += 34) {
    __m256 d = _mm256_set1_ps(f16c_at(b));
    __m256 t0 = _mm256_mul_ps(i8x8(b + 2), _mm256_loadu_ps(x + i));
    __m256 t1 = _mm256_mul_ps(i8x8(b + 10), _mm256_loadu_ps(x + i + 8));
    t0 = _mm256_fmadd_ps(i8x8(b + 18), _mm256_loadu_ps(x + i + 16), t0);
    t1 = _mm256_fmadd_ps(i8x8(b + 26), _mm256_loadu_ps(x + i + 24), t1);
    acc0 = _mm256_fmadd_ps(d, t0, acc0);
    acc1 = _mm256_fmadd_ps(d, t1, acc1);
  }
  return hsum8(_mm256_add_ps(_mm256_add_ps(acc0, acc2), _mm256_add_ps(acc1, acc3)));
}

/* Q4_K: per sub-block, acc += (d*sc*q - dmin*m) * x, the weight formed in
 * registers from the nibbles. */
AVX2 static float dot_q4_k_avx2(const uint8_t *b, const float *x, int64_t k) {
  __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps();
  const __m256i low = _mm256_set1_epi8(0x0F);
  for (int64_t i = 0; i < k; i += 256, b += 144) {
    float d = f16c_at(b), dmin = f16c_at(b + 2);
    for (int c = 0; c < 4; c++) {
      int sc1, m1, sc2, m2;
      q4k_scale_min(2 * c, b + 4, &sc1, &m1);
      q4k_scale_min(2 * c + 1, b + 4, &sc2, &m2);
      __m256 d1 = _mm256_set1_ps(d * (float)sc1), o1 = _mm256_set1_ps(dmin * (float)m1);
      __m256 d2 = _mm256_set1_ps(d * (float)sc2), o2 = _mm256_set1_ps(dmin * (float)m2);
      __m256i qv = _mm256_loadu_si256((const __m256i *)(b + 16 + 32 * c));
      __m256i lo = _mm256_and_si256(qv, low), hi = _mm256_and_si256(_mm256_srli_epi16(qv, 4), low);
      const float *x1 = x + i + 64 * c, *x2 = x1 + 32;
      __m128i l0 = _mm256_castsi256_si128(lo), l1 = _mm256_extracti128_si256(lo, 1);
      __m128i h0 = _mm256_castsi256_si128(hi), h1 = _mm256_extracti128_si256(hi, 1);
      acc0 = _mm256_fmadd_ps(_mm256_fmsub_ps(d1, u8x8(l0), o1), _mm256_loadu_ps(x1), acc0);
      acc1 = _mm256_fmadd_ps(_mm256_fmsub_ps(d1, u8x8(_mm_srli_si128(l0, 8)), o1), _mm256_loadu_ps(x1 + 8), acc1);
      acc0 = _mm256_fmadd_ps(_mm256_fmsub_ps(d1, u8x8(l1), o1), _mm256_loadu_ps(x1 + 16), acc0);
      acc1 = _mm256_fmadd_ps(_mm256_fmsub_ps(d1, u8x8(_mm_srli_si128(l1, 8)), o1), _mm256_loadu_ps(x1 + 24), acc1);
      acc0 = _mm256_fmadd_ps(_mm256_fmsub_ps(d2, u8x8(h0), o2), _mm256_loadu_ps(x2), acc0);
      acc1 = _mm256_fmadd_ps(_mm256_fmsub_ps(d2, u8x8(_mm_srli_si128(h0, 8)), o2), _mm256_loadu_ps(x2 + 8), acc1);
      acc0 = _mm256_fmadd_ps(_mm256_fmsub_ps(d2, u8x8(h1), o2), _mm256_loadu_ps(x2 + 16), acc0);
      acc1 = _mm256_fmadd_ps(_mm256_fmsub_ps(d2, u8x8(_mm_srli_si128(h1, 8)), o2), _mm256_loadu_ps(x2 + 24), acc1);
    }
  }
  return hsum8(_mm256_add_ps(acc0, acc1));
}
#endif

#if defined(__x86_64__)
/* 8 int8 lanes of a register as float32. */
AVX2 static inline __m256 i8x8r(__m128i v) { return _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(v)); }

/* Q6_K's values 32j..32j+31 of half h (j 0..3) as signed bytes: the low or
 * high nibbles of ql joined with the 2-bit fields j of the half's qh bytes
 * hv, less 32. */
AVX2 static inline __m256i q6_k_join(const uint8_t *ql, __m256i hv, int h, int j) {
  const __m256i m4 = _mm256_set1_epi8(0x0F), m2 = _mm256_set1_epi8(3), c32 = _mm256_set1_epi8(32);
  __m256i lv = _mm256_loadu_si256((const __m256i *)(ql + 64 * h + 32 * (j & 1)));
  __m256i nib = _mm256_and_si256(j >= 2 ? _mm256_srli_epi16(lv, 4) : lv, m4);
  __m256i hi = _mm256_and_si256(_mm256_srli_epi16(hv, 2 * j), m2);
  return _mm256_sub_epi8(_mm256_or_si256(nib, _mm256_slli_epi16(hi, 4)), c32);
}

/* Q6_K (layout in quant.h): per 32 values the 4-bit halves of ql and the
 * 2-bit fields of qh are joined into 32 signed bytes in registers, then
 * widened 8 at a time; each 16 values carry their own int8 scale. */
AVX2 static float dot_q6_k_avx2(const uint8_t *b, const float *x, int64_t k) {
  __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps();
  for (int64_t i = 0; i < k; i += 256, b += 210) {
    const uint8_t *ql = b, *qh = b + 128;
    const int8_t *sc = (const int8_t *)(b + 192);
    float d = f16c_at(b + 208);
    for (int h = 0; h < 2; h++) {
      __m256i hv = _mm256_loadu_si256((const __m256i *)(qh + 32 * h));
#pragma GCC unroll 4
      for (int j = 0; j < 4; j++) {
        __m256i q = q6_k_join(ql, hv, h, j);
        __m128i q0 = _mm256_castsi256_si128(q), q1 = _mm256_extracti128_si256(q, 1);
        const float *xp = x + i + 128 * h + 32 * j;
        __m256 t0 = _mm256_fmadd_ps(i8x8r(_mm_srli_si128(q0, 8)), _mm256_loadu_ps(xp + 8),
                                    _mm256_mul_ps(i8x8r(q0), _mm256_loadu_ps(xp)));
        __m256 t1 = _mm256_fmadd_ps(i8x8r(_mm_srli_si128(q1, 8)), _mm256_loadu_ps(xp + 24),
                                    _mm256_mul_ps(i8x8r(q1), _mm256_loadu_ps(xp + 16)));
        acc0 = _mm256_fmadd_ps(_mm256_set1_ps(d * (float)sc[8 * h + 2 * j]), t0, acc0);
        acc1 = _mm256_fmadd_ps(_mm256_set1_ps(d * (float)sc[8 * h + 2 * j + 1]), t1, acc1);
      }
    }
  }
  return hsum8(_mm256_add_ps(acc0, acc1));
}

/* The references' rounding of x to Q8_0 blocks, 32 values a round: the
 * division and the rounding (to nearest, ties to even: the default of
 * _mm256_round_ps and rintf alike) are IEEE operations, so q and d are
 * the reference's bit for bit. */
AVX2 static void q8_round_avx2(const float *x, int64_t k, const KrQ8 *o) {
  const __m256 sign = _mm256_set1_ps(-0.0f), inf = _mm256_set1_ps(INFINITY), lim = _mm256_set1_ps(127.0f);
  const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
  for (int64_t i = 0; i < k; i += 32) {
    __m256 v[4], amax = _mm256_setzero_ps(), bad = _mm256_setzero_ps();
    for (int j = 0; j < 4; j++) {
      v[j] = _mm256_loadu_ps(x + i + 8 * j);
      __m256 a = _mm256_andnot_ps(sign, v[j]);
      amax = _mm256_max_ps(amax, a);
      bad = _mm256_or_ps(bad, _mm256_cmp_ps(a, inf, _CMP_NLT_UQ)); /* an infinity or NaN */
    }
    __m128 m = _mm_max_ps(_mm256_castps256_ps128(amax), _mm256_extractf128_ps(amax, 1));
    m = _mm_max_ps(m, _mm_movehl_ps(m, m));
    m = _mm_max_ss(m, _mm_movehdup_ps(m));
    float d = _mm_cvtss_f32(m) / 127.0f;
    bool finite = !_mm256_movemask_ps(bad);
    o->d[i / 32] = finite ? d : NAN;
    if (!finite || d == 0.0f) {
      memset(o->q + i, 0, 32);
      o->s[i / 32] = 0;
      continue;
    }
    __m256 dv = _mm256_set1_ps(d);
    __m256i qi[4];
    for (int j = 0; j < 4; j++) {
      __m256 r = _mm256_round_ps(_mm256_div_ps(v[j], dv), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
      qi[j] = _mm256_cvtps_epi32(_mm256_min_ps(_mm256_max_ps(r, _mm256_sub_ps(_mm256_setzero_ps(), lim)), lim));
    }
    __m256i sum = _mm256_add_epi32(_mm256_add_epi32(qi[0], qi[1]), _mm256_add_epi32(qi[2], qi[3]));
    __m128i s4 = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    s4 = _mm_add_epi32(s4, _mm_shuffle_epi32(s4, 0x4E));
    s4 = _mm_add_epi32(s4, _mm_shuffle_epi32(s4, 0xB1));
    o->s[i / 32] = _mm_cvtsi128_si32(s4);
    /* packing works per 128-bit lane: the dwords come out as
     * 0-3 of each of the four vectors, then 4-7; the permute restores x's order */
    __m256i p = _mm256_packs_epi16(_mm256_packs_epi32(qi[0], qi[1]), _mm256_packs_epi32(qi[2], qi[3]));
    _mm256_storeu_si256((__m256i *)(o->q + i), _mm256_permutevar8x32_epi32(p, order));
  }
}

/* The 32 int8 products of a and b summed in pairs, then in fours: eight
 * int32 lanes. vpmaddubsw takes one unsigned operand, so a's signs move
 * onto b (|a| <= 128 and |b| <= 127: no pair saturates). */
AVX2 static inline __m256i dot_i8x32(__m256i a, __m256i b) {
  __m256i p = _mm256_maddubs_epi16(_mm256_sign_epi8(a, a), _mm256_sign_epi8(b, a));
  return _mm256_madd_epi16(p, _mm256_set1_epi16(1));
}

/* The four blocks' combined scales d_w * d_x, lane j for block j: the
 * weights' binary16 scales joined by integer instructions (they sit 34
 * bytes apart: no vector load gathers them) into one vcvtph2ps, times x's
 * four consecutive scales. Per block this was a vpinsrw, a vcvtph2ps and a
 * vmulss, all on the vector pipes the products need. */
AVX2 static inline __m128 q8_0_scales4(const uint8_t *b, const float *xd) {
  uint64_t h = 0;
  for (int j = 0; j < 4; j++) {
    uint16_t v;
    memcpy(&v, b + 34 * j, 2);
    h |= (uint64_t)v << 16 * j;
  }
  return _mm_mul_ps(_mm_cvtph_ps(_mm_cvtsi64_si128((long long)h)), _mm_loadu_ps(xd));
}

AVX2 static inline __m256i dot8_q8_0_prod(const uint8_t *b, const int8_t *xq) {
  return dot_i8x32(_mm256_loadu_si256((const __m256i *)(b + 2)), _mm256_loadu_si256((const __m256i *)xq));
}

/* Four blocks a round into four sums (the FMAs' latency is not the
 * bound), their scales made four at a time (q8_0_scales4) and broadcast
 * from memory, which the load ports do for free: per block of 32 values
 * two loads, the six vector instructions of the products, one broadcast
 * and one FMA. */
AVX2 static float dot8_q8_0_avx2(const uint8_t *b, const KrQ8 *x, int64_t k) {
  __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps();
  __m256 acc2 = _mm256_setzero_ps(), acc3 = _mm256_setzero_ps();
  const int8_t *xq = x->q;
  const float *xd = x->d;
  float sc[4];
  int64_t i = 0;
  for (; i + 128 <= k; i += 128, b += 136) {
    /* 2 KB ahead (the next rows where this one ends: a task's rows are
     * contiguous): one thread streaming a 40 MB Q8_0 matrix read 12.5
     * GB/s with it against 11.5 without (best of 3, busy machine) */
    _mm_prefetch((const char *)b + 2048, _MM_HINT_T0);
    _mm_prefetch((const char *)b + 2048 + 64, _MM_HINT_T0);
    _mm_prefetch((const char *)b + 2048 + 128, _MM_HINT_T0);
    _mm_storeu_ps(sc, q8_0_scales4(b, xd + i / 32));
    acc0 = _mm256_fmadd_ps(_mm256_broadcast_ss(&sc[0]), _mm256_cvtepi32_ps(dot8_q8_0_prod(b, xq + i)), acc0);
    acc1 = _mm256_fmadd_ps(_mm256_broadcast_ss(&sc[1]), _mm256_cvtepi32_ps(dot8_q8_0_prod(b + 34, xq + i + 32)), acc1);
    acc2 = _mm256_fmadd_ps(_mm256_broadcast_ss(&sc[2]), _mm256_cvtepi32_ps(dot8_q8_0_prod(b + 68, xq + i + 64)), acc2);
    acc3 = _mm256_fmadd_ps(_mm256_broadcast_ss(&sc[3]), _mm256_cvtepi32_ps(dot8_q8_0_prod(b + 102, xq + i + 96)), acc3);
  }
  for (; i < k; i += 32, b += 34)
    acc0 = _mm256_fmadd_ps(_mm256_set1_ps(f16c_at(b) * xd[i / 32]), _mm256_cvtepi32_ps(dot8_q8_0_prod(b, xq + i)), acc0);
  return hsum8(_mm256_add_ps(_mm256_add_ps(acc0, acc1), _mm256_add_ps(acc2, acc3)));
}

/* Q4_K against rounded x: the nibbles are unsigned, so they are
 * vpmaddubsw's unsigned operand as they are; the mins' part uses each
 * block's sum of q (kr_q_dot8_ref). */
AVX2 static float dot8_q4_k_avx2(const uint8_t *b, const KrQ8 *x, int64_t k) {
  __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps();
  const __m256i low = _mm256_set1_epi8(0x0F), one = _mm256_set1_epi16(1);
  float mins = 0.0f;
  for (int64_t i = 0; i < k; i += 256, b += 144) {
    float d = f16c_at(b), dmin = f16c_at(b + 2);
    const int8_t *xq = x->q + i;
    const float *xd = x->d + i / 32;
    const int32_t *xs = x->s + i / 32;
    for (int c = 0; c < 4; c++) {
      int sc1, m1, sc2, m2;
      q4k_scale_min(2 * c, b + 4, &sc1, &m1);
      q4k_scale_min(2 * c + 1, b + 4, &sc2, &m2);
      __m256i qv = _mm256_loadu_si256((const __m256i *)(b + 16 + 32 * c));
      __m256i lo = _mm256_and_si256(qv, low), hi = _mm256_and_si256(_mm256_srli_epi16(qv, 4), low);
      __m256i p1 = _mm256_madd_epi16(_mm256_maddubs_epi16(lo, _mm256_loadu_si256((const __m256i *)(xq + 64 * c))), one);
      __m256i p2 =
          _mm256_madd_epi16(_mm256_maddubs_epi16(hi, _mm256_loadu_si256((const __m256i *)(xq + 64 * c + 32))), one);
      acc0 = _mm256_fmadd_ps(_mm256_set1_ps(d * (float)sc1 * xd[2 * c]), _mm256_cvtepi32_ps(p1), acc0);
      acc1 = _mm256_fmadd_ps(_mm256_set1_ps(d * (float)sc2 * xd[2 * c + 1]), _mm256_cvtepi32_ps(p2), acc1);
      mins += dmin * (float)m1 * xd[2 * c] * (float)xs[2 * c] + dmin * (float)m2 * xd[2 * c + 1] * (float)xs[2 * c + 1];
    }
  }
  return hsum8(_mm256_add_ps(acc0, acc1)) - mins;
}

/* Q6_K against rounded x: the values joined as dot_q6_k_avx2 joins them,
 * their signs moved onto x for vpmaddubsw; vpmaddwd then multiplies each
 * half's pairs by that half's int8 scale (the low 128 bits hold values
 * 0..15 of the block, the high ones 16..31). */
AVX2 static float dot8_q6_k_avx2(const uint8_t *b, const KrQ8 *x, int64_t k) {
  __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps();
  for (int64_t i = 0; i < k; i += 256, b += 210) {
    const uint8_t *ql = b, *qh = b + 128;
    const int8_t *sc = (const int8_t *)(b + 192);
    float d = f16c_at(b + 208);
    const int8_t *xq = x->q + i;
    const float *xd = x->d + i / 32;
    for (int h = 0; h < 2; h++) {
      __m256i hv = _mm256_loadu_si256((const __m256i *)(qh + 32 * h));
#pragma GCC unroll 4
      for (int j = 0; j < 4; j++) {
        int blk = 4 * h + j;
        __m256i q = q6_k_join(ql, hv, h, j);
        __m256i xv = _mm256_loadu_si256((const __m256i *)(xq + 32 * blk));
        __m256i p = _mm256_maddubs_epi16(_mm256_sign_epi8(q, q), _mm256_sign_epi8(xv, q));
        __m256i scv = _mm256_setr_m128i(_mm_set1_epi16(sc[2 * blk]), _mm_set1_epi16(sc[2 * blk + 1]));
        __m256 t = _mm256_cvtepi32_ps(_mm256_madd_epi16(p, scv));
        if (j % 2)
          acc1 = _mm256_fmadd_ps(_mm256_set1_ps(d * xd[blk]), t, acc1);
        else
          acc0 = _mm256_fmadd_ps(_mm256_set1_ps(d * xd[blk]), t, acc0);
      }
    }
  }
  return hsum8(_mm256_add_ps(acc0, acc1));
}

/* Q8_0 rows to float32: d * q, eight at a time. */
AVX2 static void dequant_q8_0_avx2(const uint8_t *b, float *y, int64_t k) {
  for (int64_t i = 0; i < k; i += 32, b += 34) {
    __m256 d = _mm256_set1_ps(f16c_at(b));
    for (int j = 0; j < 32; j += 8)
      _mm256_storeu_ps(y + i + j, _mm256_mul_ps(d, i8x8(b + 2 + j)));
  }
}
#endif

/* The dot kernel for a quantised type: the best the CPU runs, chosen as
 * the GEMM chooses its ISA (cpuid once; KILN_ISA=generic forces the
 * plain-C kernels). */
static KrQDot q_dot_for(int q) {
#if defined(__x86_64__)
  const KrGemmIsa *isa = kr_gemm_isa();
  if (isa != &kr_gemm_isa_generic) {
    if (q == KR_Q8_0)
      return dot_q8_0_avx2; /* an AVX-512 one measured no faster: the loop is memory-bound */
    if (q == KR_Q4_K)
      return dot_q4_k_avx2;
    if (q == KR_Q6_K)
      return dot_q6_k_avx2;
  }
#endif
  (void)q;
  return NULL; /* the plain-C kernel (Q4_0, Q4_1 so far) */
}

/* The integer dot kernel for a quantised type, chosen alike; NULL where
 * the type has none. */
static KrQDot8 q_dot8_for(int q) {
#if defined(__x86_64__)
  if (kr_gemm_isa() != &kr_gemm_isa_generic) {
    if (q == KR_Q8_0)
      return dot8_q8_0_avx2;
    if (q == KR_Q4_K)
      return dot8_q4_k_avx2;
    if (q == KR_Q6_K)
      return dot8_q6_k_avx2;
  }
#endif
  (void)q;
  return NULL;
}

static bool has_dot8(int q) { return q == KR_Q8_0 || q == KR_Q4_K || q == KR_Q6_K; }

void kr_q8_round(const float *x, int64_t k, const KrQ8 *out) {
#if defined(__x86_64__)
  if (kr_gemm_isa() != &kr_gemm_isa_generic) {
    q8_round_avx2(x, k, out);
    return;
  }
#endif
  kr_q8_round_ref(x, k, out);
}

float kr_q_dot(int q, const uint8_t *src, const float *x, int64_t k) {
  KrQDot f = q_dot_for(q);
  return f ? f(src, x, k) : kr_q_dot_ref(q, src, x, k);
}

void kr_q_dequant_row(int q, const uint8_t *src, float *y, int64_t k) {
#if defined(__x86_64__)
  if (q == KR_Q8_0 && kr_gemm_isa() != &kr_gemm_isa_generic) {
    dequant_q8_0_avx2(src, y, k);
    return;
  }
#endif
  kr_q_dequant_row_ref(q, src, y, k);
}

/* ------------------------------------------------------------ linear */

enum { STRIP = 32, MAX_PARTS = 8 }; /* weight rows per task; weights one call joins */

/* One weight of a call: kiln.nn.linear over a list of weights joins their
 * outputs, so q, k and v (or gate and up) of a layer are one pass over the
 * rounded x and one hand-off to the pool, each weight keeping its own
 * block type. */
typedef struct LinPart {
  int q;
  KrQDot dot;       /* q's fast float kernel, or NULL for the plain-C one */
  KrQDot8 dot8;     /* q's fast integer kernel, or NULL for the plain-C one */
  bool int8;        /* the gemv multiplies in int8 (q has an integer kernel) */
  const uint8_t *w; /* (n, rb) blocks */
  int64_t rb;       /* bytes per weight row */
  int64_t n, col;   /* its rows, and the first column of y they fill */
  int64_t task;     /* its first task */
} LinPart;

typedef struct LinCtx {
  LinPart part[MAX_PARTS];
  int nparts;
  const KrQ8 *xq;   /* M rows of x rounded (int8) */
  const float *x;   /* (M, K): the rounded rows as float32, d * q (NULL when no part needs them) */
  float *y;         /* (M, N), N the parts' rows together */
  int64_t M, N, K;
  int failed;       /* a task could not allocate its buffer */
} LinCtx;

/* Task t's part and its rows [*n0, *n1) of that part. */
static const LinPart *lin_strip(const LinCtx *c, int64_t t, int64_t *n0, int64_t *n1) {
  int j = 0;
  while (j + 1 < c->nparts && c->part[j + 1].task <= t)
    j++;
  const LinPart *p = &c->part[j];
  *n0 = (t - p->task) * STRIP;
  *n1 = *n0 + STRIP < p->n ? *n0 + STRIP : p->n;
  return p;
}

/* Matrix-vector (few rows of x): y[m, col + n] = dot(w[n], x[m]) for the
 * task's strip of n. */
static void lin_gemv_task(void *vc, int64_t t) {
  LinCtx *c = vc;
  int64_t n0, n1;
  const LinPart *p = lin_strip(c, t, &n0, &n1);
  for (int64_t n = n0; n < n1; n++) {
    const uint8_t *wr = p->w + n * p->rb;
    float *yc = c->y + p->col + n;
    for (int64_t m = 0; m < c->M; m++) {
      float v;
      if (p->int8)
        v = p->dot8 ? p->dot8(wr, &c->xq[m], c->K) : kr_q_dot8_ref(p->q, wr, &c->xq[m], c->K);
      else
        v = p->dot ? p->dot(wr, c->x + m * c->K, c->K) : kr_q_dot_ref(p->q, wr, c->x + m * c->K, c->K);
      yc[m * c->N] = v;
    }
  }
}

/* Matrix-matrix: the strip's rows dequantised, then the float32 GEMM into
 * y's columns (the GEMM runs inline inside a pool task). */
static void lin_gemm_task(void *vc, int64_t t) {
  LinCtx *c = vc;
  int64_t n0, n1;
  const LinPart *p = lin_strip(c, t, &n0, &n1);
  int64_t rows = n1 - n0;
  float *buf = kr_alloc((size_t)(rows * c->K) * sizeof(float));
  if (!buf) {
    __atomic_store_n(&c->failed, 1, __ATOMIC_RELAXED);
    return;
  }
  for (int64_t r = 0; r < rows; r++)
    kr_q_dequant_row(p->q, p->w + (n0 + r) * p->rb, buf + r * c->K, c->K);
  kr_gemm_f32(c->M, rows, c->K, c->x, c->K, buf, c->K, true, c->y + p->col + n0, c->N, false);
  kr_free(buf);
}

/* kiln.nn.linear(x, w) for quantised weights w[0..nw) (one, or a list whose
 * outputs are joined; every one (out_j, row_bytes) holding rows of x's
 * length): x's rows rounded to Q8_0 blocks first (kiln.nn._round_q8_0,
 * part of the definition). A gemv of a type with an integer kernel
 * multiplies the int8 values; the others, and the GEMM, run in float32 on
 * d * q. */
KrObj *kr_q_linear(KrArray *x, KrArray *const *w, int nw, KrObj *bo) {
  int64_t K = x->ndim >= 1 ? x->shape[x->ndim - 1] : -1, N = 0;
  for (int j = 0; j < nw; j++) {
    int q = w[j]->qtype;
    int64_t rb = w[j]->shape[w[j]->ndim - 1], k = kr_q_row_elems(q, rb);
    if (w[j]->ndim != 2 || x->ndim < 1 || K != k || w[j]->strides[0] != rb) {
      char s1[256];
      nd_shape_str(s1, sizeof s1, x->ndim, x->shape);
      return kr_raise(&kr_ValueError_type,
                      "kiln.nn.linear: x of shape %s and a %s weight of %lld rows of %lld values (out, in) do not fit",
                      s1, kr_q_name[q], (long long)(w[j]->ndim == 2 ? w[j]->shape[0] : 0), (long long)k);
    }
    N += w[j]->shape[0];
  }
  KrArray *xc = nd_as(x, KR_DT_FLOAT32), *y = NULL;
  if (!xc)
    return NULL;
  int64_t ysh[KR_MAXDIMS];
  memcpy(ysh, x->shape, (size_t)x->ndim * sizeof *ysh);
  ysh[x->ndim - 1] = N;
  y = kr_array_new(KR_DT_FLOAT32, x->ndim, ysh, false);
  if (!y) {
    kr_decref(&xc->h);
    return NULL;
  }
  int64_t M = K ? x->size / K : 0, nb = K / 32;
  bool gemv = M <= 4, floats = !gemv;
  LinCtx c = {.nparts = nw, .y = (float *)y->data, .M = M, .N = N, .K = K};
  int64_t tasks = 0, col = 0;
  for (int j = 0; j < nw; j++) {
    int q = w[j]->qtype;
    bool int8 = gemv && has_dot8(q);
    floats |= !int8;
    c.part[j] = (LinPart){.q = q, .dot = q_dot_for(q), .dot8 = q_dot8_for(q), .int8 = int8,
                          .w = (const uint8_t *)w[j]->data, .rb = w[j]->shape[1], .n = w[j]->shape[0], .col = col,
                          .task = tasks};
    col += w[j]->shape[0];
    tasks += (w[j]->shape[0] + STRIP - 1) / STRIP;
  }
  /* the rounded rows: int8 values, scales and sums per block, and (where a
   * part's kernel reads them) as float32 */
  size_t qbytes = (size_t)(M * K), fbytes = floats ? (size_t)(M * K) * sizeof(float) : 0;
  size_t bbytes = (size_t)(M * nb) * (sizeof(float) + sizeof(int32_t)) + (size_t)M * sizeof(KrQ8);
  char *act = M > 0 && K > 0 ? kr_alloc(fbytes + bbytes + qbytes) : NULL;
  if (M > 0 && K > 0 && !act) {
    kr_decref(&xc->h);
    kr_decref(&y->h);
    return NULL;
  }
  float *xr = (float *)act, *xd = (float *)(act + fbytes);
  int32_t *xs = (int32_t *)(xd + M * nb);
  KrQ8 *rows = (KrQ8 *)(xs + M * nb);
  int8_t *xq = (int8_t *)(rows + M);
  for (int64_t m = 0; m < M && K > 0; m++) {
    rows[m] = (KrQ8){.q = xq + m * K, .d = xd + m * nb, .s = xs + m * nb};
    kr_q8_round((const float *)xc->data + m * K, K, &rows[m]);
    if (floats)
      for (int64_t i = 0; i < K; i++)
        xr[m * K + i] = (float)rows[m].q[i] * rows[m].d[i / 32];
  }
  c.xq = rows;
  c.x = floats ? xr : NULL;
  if (c.M > 0 && K > 0)
    kr_parallel_for(tasks, gemv ? lin_gemv_task : lin_gemm_task, &c);
  else if (c.M > 0)
    memset(y->data, 0, (size_t)(y->size * 4));
  kr_free(act);
  kr_decref(&xc->h);
  if (c.failed) {
    kr_decref(&y->h);
    return kr_raise(&kr_MemoryError_type, NULL);
  }
  if (bo != kr_None) {
    KrObj *s = kr_np_BADD(&y->h, bo);
    kr_decref(&y->h);
    return s;
  }
  return &y->h;
}

/* ---------------------------------------------------------- get_rows */

/* kiln.nn.get_rows(weight, ids): the rows ids of a 2-d weight as float32,
 * shape ids.shape + (columns,): an embedding lookup that dequantises only
 * the rows it reads. ids index as numpy's do (negative from the end). */
KrObj *kr_nn_get_rows(KrObj *wo, KrObj *ido) {
  KrArray *w = kr_np_asarray(wo, KR_NDTYPES), *ids = NULL, *ic = NULL, *y = NULL;
  KrObj *res = NULL;
  if (!w)
    return NULL;
  ids = kr_np_asarray(ido, KR_NDTYPES);
  if (!ids)
    goto out;
  if (kr_dtype_kind[ids->dtype] != 'i' && kr_dtype_kind[ids->dtype] != 'u' && ids->size) {
    kr_raise(&kr_IndexError_type, "arrays used as indices must be of integer (or boolean) type");
    goto out;
  }
  if (w->ndim != 2) {
    kr_raise(&kr_ValueError_type, "kiln.nn.get_rows: the weight must be 2-d (rows, columns), not %d-d", w->ndim);
    goto out;
  }
  bool quant = kr_is_quant(w);
  int64_t rows = w->shape[0], cols = quant ? kr_q_row_elems(w->qtype, w->shape[1]) : w->shape[1];
  if (ids->ndim + 1 > KR_MAXDIMS) {
    kr_raise(&kr_ValueError_type, "kiln.nn.get_rows: too many dimensions");
    goto out;
  }
  ic = nd_as(ids, KR_DT_INT64);
  if (!ic)
    goto out;
  int64_t sh[KR_MAXDIMS];
  memcpy(sh, ids->shape, (size_t)ids->ndim * sizeof *sh);
  sh[ids->ndim] = cols;
  y = kr_array_new(KR_DT_FLOAT32, ids->ndim + 1, sh, false);
  if (!y)
    goto out;
  const int64_t *iv = (const int64_t *)ic->data;
  float *yd = (float *)y->data;
  for (int64_t i = 0; i < ic->size; i++) {
    int64_t r = iv[i] < 0 ? iv[i] + rows : iv[i];
    if (r < 0 || r >= rows) {
      kr_raise(&kr_IndexError_type, "index %lld is out of bounds for axis 0 with size %lld", (long long)iv[i],
               (long long)rows);
      goto out;
    }
    const char *row = w->data + r * w->strides[0];
    float *dst = yd + i * cols;
    if (quant)
      kr_q_dequant_row(w->qtype, (const uint8_t *)row, dst, cols);
    else if (w->dtype == KR_DT_FLOAT32 && w->strides[1] == 4)
      memcpy(dst, row, (size_t)cols * 4);
    else
      for (int64_t j = 0; j < cols; j++)
        dst[j] = (float)kr_dt_load_f64((KrDtype)w->dtype, row + j * w->strides[1]);
  }
  res = &y->h;
  y = NULL;
out:;
  KrArray *all[4] = {w, ids, ic, y};
  for (int i = 0; i < 4; i++)
    if (all[i])
      kr_decref(&all[i]->h);
  return res;
}
