/* gemm_bench.c — GFLOP/s of libkilnrt's GEMM beside OpenBLAS's cblas_sgemm,
 * and the machine's FMA peak; run by bench/bench_gemm.py, which sets the
 * thread counts (KILN_NUM_THREADS, OPENBLAS_NUM_THREADS) and collects the
 * lines this prints:
 *
 *   isa NAME                     the kernels libkilnrt picked (KILN_ISA)
 *   blocks KC MC NC              its f32 cache blocks
 *   peak avx512 GFLOPS           one thread, independent FMAs in registers
 *   IMPL M N K trans GFLOPS      per implementation and shape
 *
 * IMPL: kiln-f32, kiln-bf16 (B in bfloat16), kiln-f16, kiln-bf16x
 * (kr_gemm_bf16: A rounded to bfloat16 too), openblas. trans 1 is
 * B stored N×K, a Linear layer's weight (x @ W.T); 0 is B K×N. Each figure
 * is the best of several timed runs of at least 0.1 s each (the machine may
 * be shared: the best run is the one least disturbed). Built with -DNO_BLAS
 * where OpenBLAS is missing.
 *
 *   gemm_bench [--quick] [--interleave REPS] [M N K trans]...   (default: the shapes below)
 */
#include "gemm_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if !defined(NO_BLAS)
#include <cblas.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#endif

/* GEMM_BENCH_CPUTIME=1: this thread's CPU time instead of wall time, for
 * comparing single-thread kernel variants on a busy machine (time spent
 * descheduled does not count; meaningless with threads). */
static clockid_t clock_id = CLOCK_MONOTONIC;

static double now(void) {
  struct timespec ts;
  clock_gettime(clock_id, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int rounds = 7;

/* Best seconds per call of run(ctx), over `rounds` runs of >= 0.1 s each. */
static double best_time(void (*run)(void *), void *ctx) {
  run(ctx); /* warm: pack buffers, the pool, page faults */
  double t0 = now();
  int reps = 0;
  while (now() - t0 < 0.05)
    run(ctx), reps++;
  double per = (now() - t0) / reps;
  int n = (int)(0.1 / per) + 1;
  double best = 1e30;
  for (int r = 0; r < rounds; r++) {
    t0 = now();
    for (int i = 0; i < n; i++)
      run(ctx);
    double t = (now() - t0) / n;
    if (t < best)
      best = t;
  }
  return best;
}

/* ------------------------------------------------------------ FMA peak */

#if defined(__x86_64__)
static volatile float sink;

/* 24 independent chains: enough to cover latency 4 × 2 pipes × 3 */
#define PEAK_BODY(V, SET1, FMA, ADD, LANES)                           \
  V acc[24], x = SET1(1.0000001f), y = SET1(0.9999999f);              \
  for (int i = 0; i < 24; i++)                                        \
    acc[i] = SET1((float)i);                                          \
  for (long it = 0; it < iters; it++) {                               \
    _Pragma("GCC unroll 24") for (int i = 0; i < 24; i++)             \
      acc[i] = FMA(acc[i], x, y);                                     \
  }                                                                   \
  V s = acc[0];                                                       \
  for (int i = 1; i < 24; i++)                                        \
    s = ADD(s, acc[i]);                                               \
  float out[LANES];                                                   \
  memcpy(out, &s, sizeof out);                                        \
  sink = out[0];

__attribute__((target("avx512f"))) static void peak512(long iters) {
  PEAK_BODY(__m512, _mm512_set1_ps, _mm512_fmadd_ps, _mm512_add_ps, 16)
}
__attribute__((target("avx2,fma"))) static void peak256(long iters) {
  PEAK_BODY(__m256, _mm256_set1_ps, _mm256_fmadd_ps, _mm256_add_ps, 8)
}

static long peak_iters = 1000000;
static void run_peak512(void *ctx) { peak512(peak_iters); }
static void run_peak256(void *ctx) { peak256(peak_iters); }

static void print_peak(void) {
  if (__builtin_cpu_supports("avx512f"))
    printf("peak avx512 %.1f\n", 24.0 * 16 * 2 * peak_iters / best_time(run_peak512, NULL) / 1e9);
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    printf("peak avx2 %.1f\n", 24.0 * 8 * 2 * peak_iters / best_time(run_peak256, NULL) / 1e9);
}
#else
static void print_peak(void) {}
#endif

/* ------------------------------------------------------------- GEMMs */

typedef struct Case {
  int64_t M, N, K;
  bool trans;
  float *A, *B, *C;
  uint16_t *Bh, *Bf16;
} Case;

static void run_kiln(void *ctx) {
  Case *c = ctx;
  kr_gemm_f32(c->M, c->N, c->K, c->A, c->K, c->B, c->trans ? c->K : c->N, c->trans, c->C, c->N, false);
}
static void run_kiln_bf16(void *ctx) {
  Case *c = ctx;
  kr_gemm_f32_bf16(c->M, c->N, c->K, c->A, c->K, c->Bh, c->trans ? c->K : c->N, c->trans, c->C, c->N, false);
}
static void run_kiln_bf16x(void *ctx) {
  Case *c = ctx;
  kr_gemm_bf16(c->M, c->N, c->K, c->A, c->K, c->Bh, c->trans ? c->K : c->N, c->trans, c->C, c->N, false);
}
static void run_kiln_f16(void *ctx) {
  Case *c = ctx;
  kr_gemm_f32_f16(c->M, c->N, c->K, c->A, c->K, c->Bf16, c->trans ? c->K : c->N, c->trans, c->C, c->N, false);
}
#if !defined(NO_BLAS)
static void run_blas(void *ctx) {
  Case *c = ctx;
  cblas_sgemm(CblasRowMajor, CblasNoTrans, c->trans ? CblasTrans : CblasNoTrans, (int)c->M, (int)c->N, (int)c->K,
              1.0f, c->A, (int)c->K, c->B, c->trans ? (int)c->K : (int)c->N, 0.0f, c->C, (int)c->N);
}
#endif

/* --interleave REPS: kiln-f32 and OpenBLAS only, timed turn about, each
 * turn a batch of calls of about 2 ms; the best of REPS turns each. On a
 * shared machine a turn that ran undisturbed shows as the minimum, and a
 * busy spell hits both alike. */
static int interleave;

static double batch_time(void (*run)(void *), void *ctx, int n) {
  double t0 = now();
  for (int i = 0; i < n; i++)
    run(ctx);
  return (now() - t0) / n;
}

static void bench_interleaved(Case *c, double flops) {
  struct {
    const char *name;
    void (*run)(void *);
    int n;
    double best;
  } im[] = {
      {"kiln-f32", run_kiln, 1, 1e30},
#if !defined(NO_BLAS)
      {"openblas", run_blas, 1, 1e30},
#endif
  };
  int ni = (int)(sizeof im / sizeof *im);
  for (int i = 0; i < ni; i++) {
    double per = batch_time(im[i].run, c, 3);
    im[i].n = per >= 2e-3 ? 1 : (int)(2e-3 / per) + 1;
  }
  for (int r = 0; r < interleave; r++)
    for (int i = 0; i < ni; i++) {
      double t = batch_time(im[i].run, c, im[i].n);
      if (t < im[i].best)
        im[i].best = t;
    }
  for (int i = 0; i < ni; i++)
    printf("%s %ld %ld %ld %d %.2f\n", im[i].name, (long)c->M, (long)c->N, (long)c->K, c->trans,
           flops / im[i].best / 1e9);
  fflush(stdout);
}

static void bench_shape(int64_t M, int64_t N, int64_t K, bool trans) {
  Case c = {M, N, K, trans, NULL, NULL, NULL, NULL, NULL};
  c.A = aligned_alloc(64, (size_t)(M * K * 4 + 64));
  c.B = aligned_alloc(64, (size_t)(K * N * 4 + 64));
  c.C = aligned_alloc(64, (size_t)(M * N * 4 + 64));
  c.Bh = aligned_alloc(64, (size_t)(K * N * 2 + 64));
  c.Bf16 = aligned_alloc(64, (size_t)(K * N * 2 + 64));
  uint64_t r = 88172645463325252ull;
  for (int64_t i = 0; i < M * K; i++)
    r ^= r << 13, r ^= r >> 7, r ^= r << 17, c.A[i] = (float)((r >> 40) * 0x1p-24 - 0.5);
  for (int64_t i = 0; i < K * N; i++) {
    r ^= r << 13, r ^= r >> 7, r ^= r << 17;
    c.B[i] = (float)((r >> 40) * 0x1p-24 - 0.5);
    c.Bh[i] = kr_f32_to_bf16(c.B[i]);
    c.Bf16[i] = kr_f32_to_f16(c.B[i]);
  }
  double flops = 2.0 * M * N * K;
  if (interleave) {
    bench_interleaved(&c, flops);
    free(c.A), free(c.B), free(c.C), free(c.Bh), free(c.Bf16);
    return;
  }
  struct {
    const char *name;
    void (*run)(void *);
  } impls[] = {
      {"kiln-f32", run_kiln},        {"kiln-bf16", run_kiln_bf16}, {"kiln-f16", run_kiln_f16},
      {"kiln-bf16x", run_kiln_bf16x},
#if !defined(NO_BLAS)
      {"openblas", run_blas},
#endif
  };
  for (size_t i = 0; i < sizeof impls / sizeof *impls; i++) {
    printf("%s %ld %ld %ld %d %.2f\n", impls[i].name, (long)M, (long)N, (long)K, trans,
           flops / best_time(impls[i].run, &c) / 1e9);
    fflush(stdout);
  }
  free(c.A), free(c.B), free(c.C), free(c.Bh), free(c.Bf16);
}

int main(int argc, char **argv) {
  int a = 1;
  const char *cpu = getenv("GEMM_BENCH_CPUTIME");
  if (cpu && strcmp(cpu, "1") == 0)
    clock_id = CLOCK_THREAD_CPUTIME_ID;
  if (a < argc && strcmp(argv[a], "--quick") == 0)
    rounds = 3, a++;
  if (a + 1 < argc && strcmp(argv[a], "--interleave") == 0)
    interleave = atoi(argv[a + 1]), a += 2;
  int64_t kc, mc, nc;
  kr_gemm_blocks(&kc, &mc, &nc);
  printf("threads %d\nisa %s\nblocks %ld %ld %ld\n", kr_num_threads(), kr_gemm_isa()->name, (long)kc, (long)mc,
         (long)nc);
  if (a < argc && strcmp(argv[a], "--peak") == 0) {
    print_peak();
    return 0;
  }
  if (a + 3 < argc) {
    for (; a + 3 < argc; a += 4)
      bench_shape(atol(argv[a]), atol(argv[a + 1]), atol(argv[a + 2]), atoi(argv[a + 3]));
    return 0;
  }
  static const int64_t shapes[][3] = {{1, 768, 768}, {128, 3072, 768}, {512, 768, 768}, {1, 8192, 2048}};
  for (int s = 0; s < 4; s++)
    bench_shape(shapes[s][0], shapes[s][1], shapes[s][2], true);
  print_peak();
  return 0;
}
