/* quant.h — block-quantised weights (ggml's Q8_0, Q4_0, Q4_1, Q4_K, Q6_K), internal to
 * the runtime: gguf.c makes such arrays, quant.c computes with them.
 *
 * A quantised tensor is a uint8 array of its raw blocks, shape (rows,
 * row_bytes) — what gguf-py's reader gives too — whose qtype field names
 * the block layout. Nothing else in the runtime looks at qtype: to numpy
 * code it is a plain read-only uint8 array. kiln.nn.linear and
 * kiln.nn.get_rows read it block by block (dequantise-dot fused), and a
 * view of it (a slice) is a plain uint8 array again (qtype 0).
 *
 * Layouts (ggml's, little-endian):
 *   Q8_0  32 values in 34 bytes: f16 d, int8 q[32]; x = d * q
 *   Q4_0  32 values in 18 bytes: f16 d, 16 bytes of 4-bit q; value l < 16 is
 *         the low nibble of qs[l], value 16 + l its high nibble; x = d * (q - 8)
 *   Q4_1  32 values in 20 bytes: f16 d, f16 m, 16 bytes of 4-bit q as Q4_0's;
 *         x = d * q + m
 *   Q4_K  256 values in 144 bytes: f16 d, f16 dmin, 12 bytes of eight 6-bit
 *         scales and eight 6-bit mins, 128 bytes of 4-bit q; sub-block j
 *         (32 values) is x = d*sc[j]*q - dmin*m[j]; the 64 values of chunk
 *         c are the low nibbles (sub-block 2c) then the high nibbles
 *         (sub-block 2c+1) of qs[32c .. 32c+32].
 *   Q6_K  256 values in 210 bytes: ql[128] (low 4 bits), qh[64] (high 2
 *         bits), int8 scales[16], f16 d; value v (half h = v/128, quarter
 *         k = v%128/32, l = v%32) is d * scales[v/16] * (q - 32), q the low
 *         or high nibble (k >= 2) of ql[64h + l + 32(k%2)] joined with bits
 *         2k..2k+1 of qh[32h + l].
 */
#ifndef KILNRT_QUANT_H
#define KILNRT_QUANT_H

#include "ndarray.h"

enum { KR_Q_NONE = 0, KR_Q8_0 = 1, KR_Q4_K = 2, KR_Q6_K = 3, KR_Q4_0 = 4, KR_Q4_1 = 5, KR_Q_COUNT };

extern const char *const kr_q_name[KR_Q_COUNT]; /* "Q8_0" */
extern const int kr_q_block_elems[KR_Q_COUNT];  /* values per block */
extern const int kr_q_block_bytes[KR_Q_COUNT];  /* bytes per block */

/* Is a a whole quantised tensor (not a view of one)? */
static inline bool kr_is_quant(const KrArray *a) {
  return a->qtype != KR_Q_NONE && a->qtype < KR_Q_COUNT && a->dtype == KR_DT_UINT8 && a->ndim >= 1 &&
         a->strides[a->ndim - 1] == 1 && a->shape[a->ndim - 1] % kr_q_block_bytes[a->qtype] == 0;
}

/* The number of values a row of row_bytes bytes holds. */
static inline int64_t kr_q_row_elems(int q, int64_t row_bytes) {
  return row_bytes / kr_q_block_bytes[q] * kr_q_block_elems[q];
}

/* y[0..k) = the k values of the blocks at src (k a multiple of the block). */
void kr_q_dequant_row(int q, const uint8_t *src, float *y, int64_t k);
void kr_q_dequant_row_ref(int q, const uint8_t *src, float *y, int64_t k);
/* sum over i < k of w[i] * x[i], w the blocks at src: the plain-C reference
 * and the fastest kernel this CPU has (AVX2 on x86-64). */
float kr_q_dot_ref(int q, const uint8_t *src, const float *x, int64_t k);
float kr_q_dot(int q, const uint8_t *src, const float *x, int64_t k);
/* A dot kernel of one quantised type: a row of blocks against k floats. */
typedef float (*KrQDot)(const uint8_t *src, const float *x, int64_t k);

/* Activations rounded to Q8_0 blocks (kiln.nn._round_q8_0, the rounding
 * a quantised linear applies to x): k values (k a multiple of 32) become
 * q[k] (int8, |q| <= 127) and, per block of 32, the scale d (x ~ d * q;
 * NaN for a block holding an infinity or NaN) and the sum of its q. */
typedef struct KrQ8 {
  int8_t *q;
  float *d;
  int32_t *s;
} KrQ8;
void kr_q8_round_ref(const float *x, int64_t k, const KrQ8 *out);
void kr_q8_round(const float *x, int64_t k, const KrQ8 *out);
/* The integer dot of a weight row (the blocks at src) against rounded
 * activations: per block of 32, the int8 products summed exactly, times
 * the weight's and the activations' scales, summed in float32. Q8_0, Q4_K
 * and Q6_K have one; Q4_0 and Q4_1 run the float kernel above on d * q. */
float kr_q_dot8_ref(int q, const uint8_t *src, const KrQ8 *x, int64_t k);
typedef float (*KrQDot8)(const uint8_t *src, const KrQ8 *x, int64_t k);

/* kiln.nn.linear for quantised weights w[0..nw) (each (out_j, row_bytes),
 * x (..., in)), their outputs joined along the last axis; nw <= 8. */
KrObj *kr_q_linear(KrArray *x, KrArray *const *w, int nw, KrObj *bias);

#endif
