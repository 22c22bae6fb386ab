/* gemm_driver.c — checks of libkilnrt's matrix multiply (runtime/gemm.c,
 * gemm_x86.c), its thread pool (threads.c) and the float16/bfloat16
 * conversions (half.c), for tests/runtime/test_gemm.py. Each check prints
 * "ok NAME" or "FAIL NAME: what"; the first line says which kernels run
 * ("isa NAME threads N"), as KILN_ISA and KILN_NUM_THREADS chose them.
 *
 *   half          every float16 widened (checked against its definition:
 *                 sign, exponent, fraction); float32 -> float16 and
 *                 -> bfloat16 on every float16/bfloat16 value, the points
 *                 halfway between neighbours (ties to even) and just off
 *                 them, random bit patterns, subnormals, Inf and NaN,
 *                 checked against the nearest-value definition in double
 *   pool          kr_parallel_for: every index once, a nested call (runs
 *                 inline), two threads calling at once
 *   gemm SEED N   N random multiplies per dtype (f32, bf16 B, f16 B, f64,
 *                 and kr_gemm_bf16: A rounded to bf16 too)
 *                 of odd and round shapes (1..300, K past the cache block,
 *                 N past the column block), B plain and transposed, with
 *                 padded rows (lda/ldb/ldc above the width), accumulate on
 *                 and off; each compared with the reference
 *
 * Tolerance: each output c = sum_k a_k b_k (+ c0) may differ from the exact
 * value by the error bound of any summation order with or without FMA,
 * (K + 2)·u·(sum_k |a_k b_k| + |c0|), u = 2^-24 for float32 (2^-53 for
 * float64); the test allows twice that (the reference sums in double,
 * so its own error is far below). The padding around C must stay
 * untouched.
 */
#include "gemm_impl.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void report(const char *name, const char *why) {
  if (why) {
    printf("FAIL %s: %s\n", name, why);
    failures++;
  } else {
    printf("ok %s\n", name);
  }
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next_rand(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}
static double uniform(void) { return (double)(next_rand() >> 11) * 0x1p-53 * 2 - 1; } /* [-1, 1) */

static float bits_f32(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static uint32_t f32_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

/* ---------------------------------------------------------------- half */

/* The value of a float16, from the definition. */
static double f16_value(uint16_t h) {
  int s = h >> 15, e = (h >> 10) & 31, f = h & 1023;
  double v = e == 0 ? ldexp(f, -24) : e == 31 ? (f ? NAN : INFINITY) : ldexp(1024 + f, e - 25);
  return s ? -v : v;
}

/* The float16 nearest to x (ties to the even pattern), by search: x is
 * finite, non-NaN. Beyond the largest finite value by half an ulp or more:
 * infinity. */
static uint16_t f16_nearest(double x) {
  uint16_t sign = signbit(x) ? 0x8000 : 0;
  double a = fabs(x);
  if (a >= 65520.0) /* 65504 + half its ulp of 32 */
    return sign | 0x7c00;
  uint16_t lo = 0;
  for (int step = 1 << 14; step; step >>= 1) /* largest pattern with value <= a */
    if (lo + step < 0x7c00 && f16_value((uint16_t)(lo + step)) <= a)
      lo = (uint16_t)(lo + step);
  if (f16_value(lo) == a)
    return sign | lo;
  double dl = a - f16_value(lo), dh = f16_value((uint16_t)(lo + 1)) - a;
  uint16_t r = dl < dh ? lo : dh < dl ? (uint16_t)(lo + 1) : (lo & 1) ? (uint16_t)(lo + 1) : lo;
  return sign | r;
}

/* The bfloat16 nearest to the float x, likewise (bfloat16 is the top half
 * of a float32, so its neighbours are the truncation and the next up). */
static uint16_t bf16_nearest(float x) {
  uint32_t u = f32_bits(x);
  uint16_t lo = (uint16_t)(u >> 16);
  if ((u & 0xffff) == 0)
    return lo;
  if ((lo & 0x7fff) == 0x7f7f) /* past the largest finite: the next "value" is 2^128, infinity */
    return (u & 0xffff) >= 0x8000 ? (uint16_t)(lo + 1) : lo;
  double dl = fabs((double)x - kr_bf16_to_f32(lo)), dh = fabs(kr_bf16_to_f32((uint16_t)(lo + 1)) - (double)x);
  return dl < dh ? lo : dh < dl ? (uint16_t)(lo + 1) : (lo & 1) ? (uint16_t)(lo + 1) : lo;
}

static void check_f32_to_half(float x, int *bad_f16, int *bad_bf16, char *why, size_t n) {
  uint16_t h = kr_f32_to_f16(x), b = kr_f32_to_bf16(x);
  if (isnan(x)) {
    if ((h & 0x7c00) != 0x7c00 || !(h & 0x3ff) || (h >> 15) != (f32_bits(x) >> 31))
      if ((*bad_f16)++ == 0)
        snprintf(why, n, "f16(NaN %08x) = %04x", f32_bits(x), h);
    if ((b & 0x7f80) != 0x7f80 || !(b & 0x7f))
      if ((*bad_bf16)++ == 0)
        snprintf(why, n, "bf16(NaN %08x) = %04x", f32_bits(x), b);
    return;
  }
  uint16_t want = isinf(x) ? (uint16_t)((signbit(x) ? 0x8000 : 0) | 0x7c00) : f16_nearest(x);
  if (h != want && (*bad_f16)++ == 0)
    snprintf(why, n, "f16(%a) = %04x, want %04x", (double)x, h, want);
  uint16_t wantb = isinf(x) ? (uint16_t)(f32_bits(x) >> 16) : bf16_nearest(x);
  if (b != wantb && (*bad_bf16)++ == 0)
    snprintf(why, n, "bf16(%a) = %04x, want %04x", (double)x, b, wantb);
}

static void check_half(void) {
  char why[200] = "";
  int bad = 0;
  for (uint32_t h = 0; h < 0x10000; h++) {
    float f = kr_f16_to_f32((uint16_t)h);
    double v = f16_value((uint16_t)h);
    bool same = isnan(v) ? isnan(f) && (f32_bits(f) >> 31) == (h >> 15) && ((f32_bits(f) >> 13) & 0x3ff) == (h & 0x3ff)
                         : (double)f == v && !signbit(f) == !signbit(v);
    if (!same && bad++ == 0)
      snprintf(why, sizeof why, "f16_to_f32(%04x) = %a, want %a", h, (double)f, v);
  }
  report("half f16_to_f32 all 65536", bad ? why : NULL);

  int bad16 = 0, badb = 0;
  why[0] = 0;
  /* every float16 value, the halfway points to the next one, and one float32
   * ulp either side of those */
  for (uint32_t h = 0; h < 0x7c00; h++) {
    for (int s = 0; s < 2; s++) {
      double v = f16_value((uint16_t)h), w = h + 1 < 0x7c00 ? f16_value((uint16_t)(h + 1)) : 65536.0;
      float mid = (float)((v + w) / 2); /* exact in float32 */
      float xs[] = {(float)v, mid, nextafterf(mid, 0), nextafterf(mid, INFINITY)};
      for (int i = 0; i < 4; i++)
        check_f32_to_half(s ? -xs[i] : xs[i], &bad16, &badb, why, sizeof why);
    }
  }
  /* every bfloat16 pattern, its halfway point and neighbours */
  for (uint32_t b = 0; b < 0x10000; b++) {
    uint32_t u = b << 16;
    float xs[] = {bits_f32(u), bits_f32(u | 0x8000), bits_f32(u | 0x7fff), bits_f32(u | 0x8001)};
    for (int i = 0; i < 4; i++)
      check_f32_to_half(xs[i], &bad16, &badb, why, sizeof why);
  }
  for (int i = 0; i < 1000000; i++)
    check_f32_to_half(bits_f32((uint32_t)next_rand()), &bad16, &badb, why, sizeof why);
  float specials[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, 65504.0f, 65519.99f, 65520.0f, 1e30f,
                      0x1p-24f, 0x1p-25f, 0x1.000002p-25f, 0x1p-26f, 0x1.8p-24f, 0x1p-14f, 0x1.ff8p-15f,
                      bits_f32(0x7f800001), bits_f32(0xff800001), bits_f32(0x7fc00000), 3.4028235e38f, 1e-45f};
  for (size_t i = 0; i < sizeof specials / sizeof *specials; i++)
    check_f32_to_half(specials[i], &bad16, &badb, why, sizeof why);
  report("half f32_to_f16 round to nearest even", bad16 ? why : NULL);
  report("half f32_to_bf16 round to nearest even", badb ? why : NULL);
}

/* ---------------------------------------------------------------- pool */

typedef struct PoolCheck {
  int64_t n;
  int *hits;
  int nested_ok;
} PoolCheck;

static void count_item(void *ctx, int64_t i) {
  PoolCheck *p = ctx;
  __atomic_fetch_add(&p->hits[i], 1, __ATOMIC_RELAXED);
}

static void nested_item(void *ctx, int64_t i) {
  PoolCheck *p = ctx;
  int inner[3] = {0};
  PoolCheck q = {3, inner, 0};
  kr_parallel_for(3, count_item, &q); /* runs inline on this thread */
  if (inner[0] == 1 && inner[1] == 1 && inner[2] == 1)
    __atomic_fetch_add(&p->nested_ok, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&p->hits[i], 1, __ATOMIC_RELAXED);
}

static const char *pool_round(int64_t n, void (*fn)(void *, int64_t)) {
  int *hits = calloc((size_t)n, sizeof(int));
  PoolCheck p = {n, hits, 0};
  kr_parallel_for(n, fn, &p);
  const char *why = NULL;
  for (int64_t i = 0; i < n; i++)
    if (hits[i] != 1)
      why = "an index ran other than once";
  if (fn == nested_item && p.nested_ok != n)
    why = "a nested call lost items";
  free(hits);
  return why;
}

static void *pool_caller(void *arg) {
  const char **why = arg;
  for (int r = 0; r < 2000 && !*why; r++)
    *why = pool_round(1 + r % 37, count_item);
  return NULL;
}

static void check_pool(void) {
  const char *why = NULL;
  for (int r = 0; r < 3000 && !why; r++)
    why = pool_round(1 + r % 50, count_item);
  report("pool every index once", why);
  why = NULL;
  for (int r = 0; r < 200 && !why; r++)
    why = pool_round(1 + r % 9, nested_item);
  report("pool nested call", why);
  const char *w1 = NULL, *w2 = NULL;
  pthread_t t1, t2;
  pthread_create(&t1, NULL, pool_caller, &w1);
  pthread_create(&t2, NULL, pool_caller, &w2);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  report("pool two callers", w1 ? w1 : w2);
}

/* ---------------------------------------------------------------- gemm */

/* DT_BF16X: kr_gemm_bf16, A rounded to bfloat16 too (the reference is
 * given the rounded A) */
enum { DT_F32, DT_BF16, DT_F16, DT_F64, DT_BF16X };
static const char *const dt_name[] = {"f32", "bf16", "f16", "f64", "bf16xbf16"};

#define GUARD 12345.0 /* in C's padding: must survive */

/* One random multiply; returns false (with *why set) on a mismatch. */
static bool one_case(int dt, int64_t M, int64_t N, int64_t K, bool trans_b, bool strided, bool acc, char *why,
                     size_t nwhy) {
  int64_t pad = strided ? 1 + (int64_t)(next_rand() % 5) : 0;
  int64_t lda = K + pad, ldb = (trans_b ? K : N) + pad, ldc = N + pad;
  int64_t brows = trans_b ? N : K;
  double *A = malloc(sizeof(double) * (size_t)(M * lda + 1));
  double *B = malloc(sizeof(double) * (size_t)(brows * ldb + 1));
  double *C0 = malloc(sizeof(double) * (size_t)(M * ldc + 1));
  /* values: float32 (or the B dtype) exactly, so every kernel sees the same inputs */
  for (int64_t i = 0; i < M * lda; i++)
    A[i] = dt == DT_F64 ? uniform() : (double)(float)uniform();
  for (int64_t i = 0; i < brows * ldb; i++) {
    double v = uniform() * 2;
    B[i] = dt == DT_F64                       ? v
           : dt == DT_BF16 || dt == DT_BF16X ? kr_bf16_to_f32(kr_f32_to_bf16((float)v))
           : dt == DT_F16  ? kr_f16_to_f32(kr_f32_to_f16((float)v))
                           : (double)(float)v;
  }
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < ldc; j++)
      C0[i * ldc + j] = j < N ? (dt == DT_F64 ? uniform() : (double)(float)uniform()) : GUARD;
  bool ok = true;
  float *Af = NULL, *Ar = NULL, *Bf = NULL, *Cf = NULL, *Cr = NULL;
  uint16_t *Bh = NULL;
  double *Cd = NULL;
  if (dt == DT_F64) {
    Cd = malloc(sizeof(double) * (size_t)(M * ldc + 1));
    memcpy(Cd, C0, sizeof(double) * (size_t)(M * ldc));
    kr_gemm_f64(M, N, K, A, lda, B, ldb, trans_b, Cd, ldc, acc);
  } else {
    Af = malloc(sizeof(float) * (size_t)(M * lda + 1));
    Ar = malloc(sizeof(float) * (size_t)(M * lda + 1));
    Bf = malloc(sizeof(float) * (size_t)(brows * ldb + 1));
    Bh = malloc(sizeof(uint16_t) * (size_t)(brows * ldb + 1));
    Cf = malloc(sizeof(float) * (size_t)(M * ldc + 1));
    Cr = malloc(sizeof(float) * (size_t)(M * ldc + 1));
    for (int64_t i = 0; i < M * lda; i++) {
      Af[i] = (float)A[i];
      Ar[i] = dt == DT_BF16X ? kr_bf16_to_f32(kr_f32_to_bf16(Af[i])) : Af[i];
    }
    for (int64_t i = 0; i < brows * ldb; i++) {
      Bf[i] = (float)B[i];
      Bh[i] = dt == DT_F16 ? kr_f32_to_f16(Bf[i]) : kr_f32_to_bf16(Bf[i]);
    }
    for (int64_t i = 0; i < M * ldc; i++)
      Cf[i] = Cr[i] = (float)C0[i];
    if (dt == DT_F32)
      kr_gemm_f32(M, N, K, Af, lda, Bf, ldb, trans_b, Cf, ldc, acc);
    else if (dt == DT_BF16)
      kr_gemm_f32_bf16(M, N, K, Af, lda, Bh, ldb, trans_b, Cf, ldc, acc);
    else if (dt == DT_F16)
      kr_gemm_f32_f16(M, N, K, Af, lda, Bh, ldb, trans_b, Cf, ldc, acc);
    else
      kr_gemm_bf16(M, N, K, Af, lda, Bh, ldb, trans_b, Cf, ldc, acc);
    kr_gemm_f32_ref(M, N, K, Ar, lda, Bf, ldb, trans_b, Cr, ldc, acc);
  }
  double u = dt == DT_F64 ? 0x1p-53 : 0x1p-24;
  for (int64_t i = 0; i < M && ok; i++)
    for (int64_t j = 0; j < ldc && ok; j++) {
      double got = dt == DT_F64 ? Cd[i * ldc + j] : Cf[i * ldc + j];
      if (j >= N) {
        if (got != GUARD) {
          snprintf(why, nwhy, "padding C[%ld][%ld] overwritten", (long)i, (long)j);
          ok = false;
        }
        continue;
      }
      double exact = acc ? C0[i * ldc + j] : 0, mag = acc ? fabs(C0[i * ldc + j]) : 0;
      for (int64_t k = 0; k < K; k++) {
        double p = A[i * lda + k] * (trans_b ? B[j * ldb + k] : B[k * ldb + j]);
        exact += p; /* (double: near exact for float32 data; the f64 bound's margin covers it) */
        mag += fabs(p);
      }
      double want = dt == DT_F64 ? exact : Cr[i * ldc + j];
      double tol = 2 * (double)(K + 2) * u * mag + 1e-300;
      if (!(fabs(got - want) <= tol)) {
        snprintf(why, nwhy, "C[%ld][%ld] = %.9g, reference %.9g (tolerance %.3g)", (long)i, (long)j, got, want, tol);
        ok = false;
      }
    }
  free(A), free(B), free(C0), free(Af), free(Ar), free(Bf), free(Bh), free(Cf), free(Cr), free(Cd);
  return ok;
}

static void check_gemm(uint64_t seed, int ncases) {
  static const int64_t dims[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 63, 64, 65, 96, 129, 200};
  const int ndims = sizeof dims / sizeof *dims;
  rng = seed * 0x2545F4914F6CDD1Dull + 1;
  for (int dt = DT_F32; dt <= DT_BF16X; dt++) {
    char why[300] = "", name[160];
    int bad = 0;
    for (int c = 0; c < ncases; c++) {
      int64_t M = dims[next_rand() % ndims], N = dims[next_rand() % ndims], K = dims[next_rand() % ndims];
      if (c % 8 == 0)
        M = 1; /* decoding: a GEMV */
      if (c % 8 == 4)
        M = 2 + (int64_t)(next_rand() % 3); /* a small batch: GEMV over several rows */
      if (c % 16 == 5)
        K = 257 + (int64_t)(next_rand() % 300); /* past the K cache block */
      if (c % 32 == 9)
        M = 193 + (int64_t)(next_rand() % 64); /* past the M cache block */
      if (c % 64 == 17)
        N = 2049 + (int64_t)(next_rand() % 64), M = 1 + (int64_t)(next_rand() % 9), K = 1 + (int64_t)(next_rand() % 9);
      bool trans_b = next_rand() & 1, strided = next_rand() & 1, acc = next_rand() % 3 == 0;
      char w[240];
      if (!one_case(dt, M, N, K, trans_b, strided, acc, w, sizeof w) && bad++ == 0)
        snprintf(why, sizeof why, "M=%ld N=%ld K=%ld trans_b=%d strided=%d acc=%d: %s", (long)M, (long)N, (long)K,
                 trans_b, strided, acc, w);
    }
    /* fixed shapes: the bench's; large enough for threads (GEMV from 2^20
     * weights, GEMM from 2^22 multiply-adds); a sentence's rows through a
     * transposed B (GEMV over row groups, W in blocks of rows, three rows of
     * W at a time: odd rows, N of each remainder mod 3); a plain B packed in
     * runs of rows across a wide block (N past NC, K past KC and not a
     * multiple of the run); M, N and K each past the largest cache block
     * gemm.c derives from any CPU's caches (mc 1024, nc 4096, kc 512); K = 0
     * (zeros, or C unchanged) */
    static const int64_t fixed[][3] = {{1, 768, 768}, {128, 768, 768}, {1, 1541, 700}, {2, 1100, 1000},
                                       {3, 1541, 700}, {4, 1100, 1000}, {33, 1100, 1000}, {64, 1541, 700},
                                       {65, 2100, 301}, {17, 1000, 700}, {9, 2, 300}, {9, 1, 300},
                                       {7, 3072, 65}, {1031, 40, 20}, {9, 4133, 20}, {9, 40, 1100},
                                       {65, 63, 0}, {1, 5, 0}};
    for (size_t f = 0; f < sizeof fixed / sizeof *fixed; f++)
      for (int t = 0; t < 4; t++) {
        char w[240];
        if (!one_case(dt, fixed[f][0], fixed[f][1], fixed[f][2], t & 1, t & 2, t == 3, w, sizeof w) && bad++ == 0)
          snprintf(why, sizeof why, "M=%ld N=%ld K=%ld trans_b=%d: %s", (long)fixed[f][0], (long)fixed[f][1],
                   (long)fixed[f][2], t & 1, w);
      }
    snprintf(name, sizeof name, "gemm %s %d random shapes", dt_name[dt], ncases);
    report(name, bad ? why : NULL);
  }
}

int main(int argc, char **argv) {
  printf("isa %s threads %d\n", kr_gemm_isa()->name, kr_num_threads());
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "half") == 0)
      check_half();
    else if (strcmp(argv[i], "pool") == 0)
      check_pool();
    else if (strcmp(argv[i], "gemm") == 0 && i + 2 < argc) {
      check_gemm(strtoull(argv[i + 1], NULL, 10), atoi(argv[i + 2]));
      i += 2;
    } else {
      fprintf(stderr, "usage: gemm_driver [half] [pool] [gemm SEED N]\n");
      return 2;
    }
  }
  return failures ? 1 : 0;
}
