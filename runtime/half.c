/* half.c — float16 and bfloat16 conversion (placeholder until the gemm
 * branch lands its version). */
#include "ndarray.h"

#include <math.h>

float kr_f16_to_f32(uint16_t h) {
  int e = (h >> 10) & 31, m = h & 1023;
  float v = e == 0 ? ldexpf((float)m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexpf((float)(m | 1024), e - 25);
  return h & 0x8000 ? -v : v;
}

uint16_t kr_f32_to_f16(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  uint16_t sign = (uint16_t)((x >> 16) & 0x8000);
  float a = fabsf(f);
  if (isnan(a))
    return sign | 0x7e00;
  if (a >= 65520.0f)
    return sign | 0x7c00;
  if (a < 6.103515625e-05f) /* subnormal: units of 2^-24, ties to even by rintf */
    return sign | (uint16_t)rintf(a * 16777216.0f);
  int e;
  float m = frexpf(a, &e); /* a = m * 2^e, m in [0.5, 1) */
  uint32_t mant = (uint32_t)rintf(m * 2048.0f); /* 11 bits with the implicit one */
  if (mant == 2048)
    mant = 1024, e++;
  return sign | (uint16_t)(((uint32_t)(e + 14) << 10) | (mant & 1023));
}

uint16_t kr_f32_to_bf16(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  if ((x & 0x7fffffff) > 0x7f800000)
    return (uint16_t)((x >> 16) | 0x40);
  x += 0x7fff + ((x >> 16) & 1);
  return (uint16_t)(x >> 16);
}
