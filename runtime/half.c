/* half.c — float16 (IEEE binary16) and bfloat16 to and from float32.
 *
 * Plain bit manipulation, no FPU mode dependence: the results are the same
 * on every CPU and match numpy's float16 casts (round to nearest, ties to
 * even; overflow to infinity; subnormals kept, never flushed; a NaN stays a
 * NaN, quiet, with as much of its payload as fits). bfloat16 is the top half
 * of a float32, so widening it is a shift (inline in ndarray.h) and
 * narrowing is a rounding of the low 16 bits. The GEMM kernels convert whole
 * panels with vector instructions; these are the scalar definitions those
 * are tested against.
 */
#include "ndarray.h"

static uint32_t f32_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

static float bits_f32(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

/* binary16: 1 sign, 5 exponent (bias 15), 10 fraction bits. */
float kr_f16_to_f32(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1f;
  uint32_t frac = h & 0x3ff;
  if (exp == 0x1f) /* Inf or NaN: the payload moves up with the fraction */
    return bits_f32(sign | 0x7f800000 | (frac << 13));
  if (exp != 0) /* normal: rebias 15 -> 127 */
    return bits_f32(sign | ((exp + 112) << 23) | (frac << 13));
  if (frac == 0)
    return bits_f32(sign);
  /* subnormal: frac * 2^-24, normal in float32; normalise the fraction */
  int shift = __builtin_clz(frac) - 21; /* leading zeros within the 10-bit field, +1 */
  frac = (frac << shift) & 0x3ff;
  return bits_f32(sign | ((uint32_t)(113 - shift) << 23) | (frac << 13));
}

uint16_t kr_f32_to_f16(float f) {
  uint32_t u = f32_bits(f);
  uint16_t sign = (uint16_t)((u >> 16) & 0x8000);
  uint32_t exp = (u >> 23) & 0xff;
  uint32_t frac = u & 0x7fffff;
  if (exp == 0xff) {
    if (frac == 0)
      return sign | 0x7c00;
    /* NaN: keep the top payload bits, force quiet so it cannot become Inf */
    return sign | 0x7e00 | (uint16_t)(frac >> 13);
  }
  int e = (int)exp - 127 + 15; /* the binary16 biased exponent */
  if (e >= 31)
    return sign | 0x7c00; /* too large even before rounding */
  uint32_t mant, shift;
  if (e >= 1) { /* normal result: drop 13 fraction bits */
    mant = ((uint32_t)e << 10) | (frac >> 13);
    shift = 13;
    uint32_t rest = frac & 0x1fff, half = 0x1000;
    /* ties to even; a carry out of the fraction bumps the exponent, and out
     * of exponent 30 it makes 0x7c00, infinity: both right */
    if (rest > half || (rest == half && (mant & 1)))
      mant++;
    return sign | (uint16_t)mant;
  }
  /* subnormal or zero result: value = (1.frac) * 2^(e-15) with e <= 0;
   * in units of 2^-24 that is (0x800000|frac) >> (14 - e) (24-bit mantissa) */
  if (e < -10)
    return sign; /* below half the smallest subnormal: rounds to zero */
  uint32_t m = 0x800000 | frac;
  shift = (uint32_t)(14 - e); /* 14..24 */
  mant = m >> shift;
  uint32_t rest = m & ((1u << shift) - 1), half = 1u << (shift - 1);
  if (rest > half || (rest == half && (mant & 1)))
    mant++; /* may reach 0x400: the smallest normal, which is right */
  return sign | (uint16_t)mant;
}

uint16_t kr_f32_to_bf16(float f) {
  uint32_t u = f32_bits(f);
  if ((u & 0x7fffffff) > 0x7f800000) /* NaN: truncating could clear the payload to Inf */
    return (uint16_t)((u >> 16) | 0x40);
  /* ties to even on the low 16 bits; a carry into the exponent is the right
   * rounding, up to infinity */
  u += 0x7fff + ((u >> 16) & 1);
  return (uint16_t)(u >> 16);
}
