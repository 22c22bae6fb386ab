/* gemm.c — matrix multiply: C = A·B (+ C), float32 (B also bfloat16 or
 * float16), bfloat16 × bfloat16 (kr_gemm_bf16) and float64, row-major with
 * strides.
 *
 * The plain-C reference comes first; the fast path is the classic blocked
 * GEMM (Goto's algorithm):
 *
 *   for jc over N by NC          B block KC×NC packed once per (jc, pc): stays in L2/L3
 *     for pc over K by KC
 *       pack B[pc.., jc..] into NR-wide strips
 *       for ic over M by MC      A block MC×KC packed: stays in L2
 *         pack A[ic.., pc..] into MR-tall strips
 *         for jr over NC by NR   one B strip (KC×NR) stays in L1 ...
 *           for ir over MC by MR ... while A strips stream past it
 *             micro-kernel: an MR×NR tile of C in registers, KC rank-1 updates
 *
 * Packing does the transposing and the dtype conversion, so one micro-kernel
 * serves B plain or transposed (x @ W.T, the inference case) and in any
 * dtype: bfloat16/float16 weights are widened to float32 as they are packed
 * (exact), and multiplied in float32. A row vector (M = 1, decoding; up
 * to 4 rows, a small batch) skips packing: GEMV streams B once, straight
 * from memory, where packing would read it twice. kr_gemm_bf16 packs pairs
 * of k as 32-bit items for VDPBF16PS (two multiply-adds per lane), where
 * the CPU has avx512_bf16.
 *
 * Threads: C is cut into a few tiles per thread (whole register tiles),
 * which the threads take dynamically; each runs the blocked loop on its
 * tile with its own pack buffers.
 *
 * The kernels of each instruction set sit in their own file (gemm_x86.c)
 * behind a KrGemmIsa; which one runs is decided once, at the first call,
 * from the CPU (KILN_ISA=generic|avx2|avx512 forces one, for the tests; aarch64 uses
 * gemm_neon.c's kernel, WebAssembly gemm_wasm.c's, unless KILN_ISA=generic).
 * Kernels use FMA where the CPU has it, so results differ from the
 * reference's by rounding only (each output is a K-term dot product
 * summed in another order, with fused multiply-adds).
 */
#include "gemm_impl.h"
#include "platform.h"

#include <pthread.h>
#include <stdlib.h>

/* ------------------------------------------------------------ reference */

/* C[M×N] = A[M×K]·B[K×N] (+ C), each output summed in double in k order, then
 * rounded: the most accurate of the implementations, so tests measure the
 * fast kernels' error against it. */
void kr_gemm_f32_ref(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const float *B, int64_t ldb,
                     bool trans_b, float *C, int64_t ldc, bool accumulate) {
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++) {
      double s = accumulate ? C[i * ldc + j] : 0.0;
      for (int64_t k = 0; k < K; k++)
        s += (double)A[i * lda + k] * (trans_b ? B[j * ldb + k] : B[k * ldb + j]);
      C[i * ldc + j] = (float)s;
    }
}

/* ------------------------------------------------- portable kernels (C) */

enum { GMR = 4, GNR = 16 };

static void kern_generic(int64_t K, const float *Ap, const float *Bp, float *C, int64_t ldc, int m, int n,
                         bool acc) {
  float t[GMR][GNR] = {{0}};
  for (int64_t k = 0; k < K; k++, Ap += GMR, Bp += GNR)
    for (int i = 0; i < GMR; i++)
      for (int j = 0; j < GNR; j++)
        t[i][j] += Ap[i] * Bp[j];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i * ldc + j] = acc ? C[i * ldc + j] + t[i][j] : t[i][j];
}

static void kern64_generic(int64_t K, const double *Ap, const double *Bp, double *C, int64_t ldc, int m, int n,
                           bool acc) {
  double t[GMR][GMR * 2] = {{0}};
  for (int64_t k = 0; k < K; k++, Ap += GMR, Bp += GMR * 2)
    for (int i = 0; i < GMR; i++)
      for (int j = 0; j < GMR * 2; j++)
        t[i][j] += Ap[i] * Bp[j];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i * ldc + j] = acc ? C[i * ldc + j] + t[i][j] : t[i][j];
}

static void pack_t_generic(const void *src, int bt, int64_t ld, int64_t rows, int64_t kc, float *dst, int W) {
  for (int64_t k = 0; k < kc; k++)
    for (int r = 0; r < W; r++)
      dst[k * W + r] = r < rows ? kr_gb_load(src, r * ld + k, bt) : 0.0f;
}

static void pack_n_generic(const void *src, int bt, int64_t ld, int64_t cols, int64_t kc, float *dst, int W) {
  for (int64_t k = 0; k < kc; k++)
    for (int j = 0; j < W; j++)
      dst[k * W + j] = j < cols ? kr_gb_load(src, k * ld + j, bt) : 0.0f;
}

static void gemv_t_generic(int64_t N, int64_t K, int R, const float *X, int64_t ldx, const void *B, int bt,
                           int64_t ldb, float *Y, int64_t ldy, bool acc) {
  for (int i = 0; i < R; i++)
    for (int64_t j = 0; j < N; j++) {
      float s = 0;
      for (int64_t k = 0; k < K; k++)
        s += X[i * ldx + k] * kr_gb_load(B, j * ldb + k, bt);
      Y[i * ldy + j] = acc ? Y[i * ldy + j] + s : s;
    }
}

static void gemv_n_generic(int64_t N, int64_t K, int R, const float *X, int64_t ldx, const void *B, int bt,
                           int64_t ldb, float *Y, int64_t ldy, bool acc) {
  for (int i = 0; i < R; i++) {
    float *y = Y + i * ldy;
    if (!acc)
      for (int64_t j = 0; j < N; j++)
        y[j] = 0;
    for (int64_t k = 0; k < K; k++)
      for (int64_t j = 0; j < N; j++)
        y[j] += X[i * ldx + k] * kr_gb_load(B, k * ldb + j, bt);
  }
}

/* An ISA with only its own f32 micro-kernel: the portable packing, GEMV and
 * float64 path for the rest. */
#define GENERIC_REST                                                                                       \
  .pack_t = pack_t_generic, .pack_n = pack_n_generic, .gemv_t = gemv_t_generic, .gemv_n = gemv_n_generic, \
  .mr64 = GMR, .nr64 = GMR * 2, .kern64 = kern64_generic,

const KrGemmIsa kr_gemm_isa_generic = {
    .name = "generic",
    .mr = GMR, .nr = GNR, .kern = kern_generic,
    GENERIC_REST
};

#if defined(__aarch64__)
const KrGemmIsa kr_gemm_isa_neon = {
    .name = "neon",
    .mr = 12, .nr = 8, .kern = kr_gemm_kern_neon,
    GENERIC_REST
};
#endif

#if defined(__wasm_simd128__)
const KrGemmIsa kr_gemm_isa_simd128 = {
    .name = "simd128",
    .mr = 8, .nr = 8, .kern = kr_gemm_kern_simd128,
    GENERIC_REST
};
#endif

/* float64 packing, for every ISA: plain C (f64 GEMM is the rare case). */
static void pack64_t(const double *src, int64_t ld, int64_t rows, int64_t kc, double *dst, int W) {
  for (int64_t k = 0; k < kc; k++)
    for (int r = 0; r < W; r++)
      dst[k * W + r] = r < rows ? src[r * ld + k] : 0.0;
}

static void pack64_n(const double *src, int64_t ld, int64_t cols, int64_t kc, double *dst, int W) {
  for (int64_t k = 0; k < kc; k++)
    for (int j = 0; j < W; j++)
      dst[k * W + j] = j < cols ? src[k * ld + j] : 0.0;
}

/* -------------------------------------------------------- cache blocks */

/* The cache blocks of the loop at the top of this file, for the ISA in use:
 *
 *   kc   a packed B strip, kc·NR·4 bytes, fills half of L1d; the other half
 *        holds the A strip streaming past it and the tile of C;
 *   mc   the packed A block, mc·kc·4 bytes, fills half of L2, beside the
 *        B strip's way in and out of L1;
 *   nc   the packed B block, kc·nc·4 bytes, a sixteenth of L3 (shared by
 *        the cores, and by other processes: 4096 columns measured slower
 *        than 2048 on a 32 MiB L3 shared by two cores);
 *   kc64 kc for float64 (kc64·NR64·8 bytes of L1), at most kc/2 so its A
 *        block fits the same L2 share.
 *
 * mc is a multiple of every MR the ISA uses and nc of every NR, kc of 16
 * (PACK_ROWS). An ISA may fix its own instead (AVX-512: measured on the
 * machine it was tuned on). The driver then splits each dimension into
 * even blocks of at most these sizes. */
typedef struct Blocks {
  int64_t kc, mc, nc, kc64;
} Blocks;

static Blocks blocks;

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t round_up(int64_t x, int64_t to) { return (x + to - 1) / to * to; }
static int64_t round_down(int64_t x, int64_t to) { return x / to * to; }
static int64_t clamp64(int64_t x, int64_t lo, int64_t hi) { return x < lo ? lo : x > hi ? hi : x; }

static int64_t lcm64(int64_t a, int64_t b) {
  int64_t x = a, y = b;
  while (y) {
    int64_t t = x % y;
    x = y, y = t;
  }
  return a / x * b;
}

static Blocks blocks_for(const KrGemmIsa *isa) {
  if (isa->kc)
    return (Blocks){isa->kc, isa->mc, isa->nc, isa->kc64};
  size_t c[3];
  kr_plat_caches(c);
  /* unreported: a small desktop core's */
  int64_t l1 = c[0] ? (int64_t)c[0] : 32 << 10, l2 = c[1] ? (int64_t)c[1] : 256 << 10;
  int64_t l3 = c[2] ? (int64_t)c[2] : 32 << 20;
  int64_t mr = lcm64(isa->mr, isa->mr64), nr = lcm64(isa->nr, isa->nr64);
  if (isa->kern_bf)
    mr = lcm64(mr, isa->mrbf), nr = lcm64(nr, isa->nrbf);
  Blocks b;
  b.kc = clamp64(round_down(l1 / 2 / (isa->nr * 4), 16), 64, 512);
  b.kc64 = clamp64(round_down(l1 / 2 / (isa->nr64 * 8), 16), 32, b.kc / 2);
  b.mc = clamp64(round_down(l2 / 2 / (b.kc * 4), mr), mr, round_down(1024, mr));
  b.nc = clamp64(round_down(l3 / 16 / (b.kc * 4), nr), nr, round_down(4096, nr));
  return b;
}

/* n cut into the fewest blocks of at most max (a multiple of to), as even
 * as whole multiples of to allow: 300 rows by 192 are 2 blocks of 150, not
 * 192 and a thin 108 that streams the whole B block for little work. */
static int64_t even_block(int64_t n, int64_t max, int64_t to) {
  int64_t parts = (n + max - 1) / max;
  return min64(round_up((n + parts - 1) / parts, to), max);
}

/* ------------------------------------------------------- ISA selection */

static const KrGemmIsa *isa_chosen;
static pthread_once_t isa_once = PTHREAD_ONCE_INIT;

static void choose_isa(void) {
  const KrGemmIsa *best = &kr_gemm_isa_generic;
#if defined(__x86_64__)
  __builtin_cpu_init();
  bool has_avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  bool has_avx512 = has_avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                    __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
  bool has_bf16 = has_avx512 && __builtin_cpu_supports("avx512bf16");
  /* f16c comes with every AVX2 CPU made; gcc 12 cannot test for it by name */
  if (has_bf16)
    best = &kr_gemm_isa_avx512bf16;
  else if (has_avx512)
    best = &kr_gemm_isa_avx512;
  else if (has_avx2)
    best = &kr_gemm_isa_avx2;
  const char *want = getenv("KILN_ISA");
  if (want && strcmp(want, "generic") == 0)
    best = &kr_gemm_isa_generic;
  else if (want && strcmp(want, "avx2") == 0 && has_avx2)
    best = &kr_gemm_isa_avx2;
  else if (want && strcmp(want, "avx512") == 0 && has_avx512)
    best = &kr_gemm_isa_avx512;
  else if (want && strcmp(want, "avx512bf16") == 0 && has_bf16)
    best = &kr_gemm_isa_avx512bf16;
#endif
#if defined(__aarch64__) || defined(__wasm_simd128__)
#if defined(__aarch64__)
  best = &kr_gemm_isa_neon; /* every aarch64 CPU has NEON */
#else
  best = &kr_gemm_isa_simd128; /* a wasm build with -msimd128 runs only where SIMD128 is */
#endif
  const char *want = getenv("KILN_ISA");
  if (want && strcmp(want, "generic") == 0)
    best = &kr_gemm_isa_generic;
#endif
  isa_chosen = best;
  blocks = blocks_for(best);
}

const KrGemmIsa *kr_gemm_isa(void) {
  pthread_once(&isa_once, choose_isa);
  return isa_chosen;
}

void kr_gemm_blocks(int64_t *kc, int64_t *mc, int64_t *nc) {
  kr_gemm_isa();
  *kc = blocks.kc, *mc = blocks.mc, *nc = blocks.nc;
}

/* ------------------------------------------------------ pack buffers */

/* Each thread keeps its two pack buffers between calls (a decode step
 * multiplies hundreds of times); they are freed when the thread exits. */
typedef struct Scratch {
  void *p[2];
  size_t n[2];
} Scratch;

static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;
static _Thread_local Scratch *scratch_mine;

static void scratch_free(void *v) {
  Scratch *s = v;
  kr_plat_aligned_free(s->p[0]);
  kr_plat_aligned_free(s->p[1]);
  free(s);
}

static void scratch_init(void) { pthread_key_create(&scratch_key, scratch_free); }

/* Buffer `which` (0: A, 1: B) of at least n bytes, 64-byte aligned, or NULL
 * when memory is short (the caller then falls back to plain loops). */
static void *scratch(int which, size_t n) {
  if (!scratch_mine) {
    pthread_once(&scratch_once, scratch_init);
    scratch_mine = calloc(1, sizeof(Scratch));
    if (!scratch_mine)
      return NULL;
    pthread_setspecific(scratch_key, scratch_mine);
  }
  Scratch *s = scratch_mine;
  if (s->n[which] < n) {
    kr_plat_aligned_free(s->p[which]);
    s->n[which] = 0;
    if (!(s->p[which] = kr_plat_aligned_alloc(64, n)))
      return NULL;
    s->n[which] = n;
  }
  return s->p[which];
}

/* ------------------------------------------------------------ driver */

/* Rows of k a plain (not transposed) B is packed by at a time, across the
 * whole NC-wide block; even, so bfloat16 pairs never straddle two. */
enum { PACK_ROWS = 16 };

/* What a Gemm multiplies: float32 (B any of KR_GB_*), float64, or
 * bfloat16 pairs through kern_bf. */
enum { GK_F32, GK_F64, GK_BF };

typedef struct Gemm {
  const KrGemmIsa *isa;
  int kind; /* GK_* */
  int64_t M, N, K;
  const void *A;
  int abt; /* GK_F32: KR_GB_F32, or KR_GB_F32R for kr_gemm_bf16 without kern_bf */
  int64_t lda;
  const void *B;
  int bt; /* KR_GB_*: B's dtype (GK_F32; KR_GB_BF16 for GK_BF) */
  int64_t ldb;
  bool trans_b;
  void *C;
  int64_t ldc;
  bool acc;
  int64_t step_m, step_n; /* each task's tile of C */
  int64_t tiles_n;
} Gemm;

/* The pack buffers could not be had: do the tile with plain loops (slow,
 * but never wrong; GEMM cannot raise). */
static void tile_fallback(const Gemm *g, int64_t m0, int64_t m1, int64_t n0, int64_t n1) {
  bool f64 = g->kind == GK_F64;
  for (int64_t i = m0; i < m1; i++)
    for (int64_t j = n0; j < n1; j++) {
      double s = 0;
      for (int64_t k = 0; k < g->K; k++) {
        int64_t bi = g->trans_b ? j * g->ldb + k : k * g->ldb + j;
        s += f64 ? ((const double *)g->A)[i * g->lda + k] * ((const double *)g->B)[bi]
                 : (double)kr_gb_load(g->A, i * g->lda + k, g->abt) * kr_gb_load(g->B, bi, g->bt);
      }
      if (f64) {
        double *c = (double *)g->C + i * g->ldc + j;
        *c = g->acc ? *c + s : s;
      } else {
        float *c = (float *)g->C + i * g->ldc + j;
        *c = g->acc ? *c + (float)s : (float)s;
      }
    }
}

/* The blocked loop over C[m0:m1, n0:n1]. K is blocked by up to kc packed
 * items: kc source columns, or 2·kc for bfloat16 pairs. */
static void gemm_tile(const Gemm *g, int64_t m0, int64_t m1, int64_t n0, int64_t n1) {
  const KrGemmIsa *isa = g->isa;
  int kind = g->kind;
  int MR = kind == GK_F64 ? isa->mr64 : kind == GK_BF ? isa->mrbf : isa->mr;
  int NR = kind == GK_F64 ? isa->nr64 : kind == GK_BF ? isa->nrbf : isa->nr;
  int64_t kcb = kind == GK_F64 ? blocks.kc64 : blocks.kc;
  int64_t kstep = even_block(g->K, kind == GK_BF ? 2 * kcb : kcb, PACK_ROWS);
  int64_t MC = even_block(m1 - m0, blocks.mc, MR), NC = even_block(n1 - n0, blocks.nc, NR);
  size_t esz = kind == GK_F64 ? 8 : 4; /* a packed item */
  size_t asz = kind == GK_F64 ? 8 : 4, bsz = kind == GK_F64 ? 8 : g->bt == KR_GB_F32 ? 4 : 2; /* source items */
  char *Ap = scratch(0, (size_t)MC * kcb * esz);
  char *Bp = scratch(1, (size_t)NC * kcb * esz);
  if (!Ap || !Bp) {
    tile_fallback(g, m0, m1, n0, n1);
    return;
  }
  const char *A = g->A, *B = g->B;
  char *C = g->C;
  for (int64_t jc = n0; jc < n1; jc += NC) {
    int64_t nc = min64(NC, n1 - jc);
    for (int64_t pc = 0; pc < g->K; pc += kstep) {
      int64_t kc = min64(kstep, g->K - pc), kp = kind == GK_BF ? (kc + 1) / 2 : kc;
      /* A transposed B strip reads NR rows of contiguous k: NR streams.
       * A plain B is packed PACK_ROWS rows of k at a time across the whole
       * block, so memory is read along its rows (a strip alone would read
       * one cache line per row, ldb apart: a TLB miss and no prefetch per
       * line once ldb passes a page). */
      int64_t krows = g->trans_b ? kc : PACK_ROWS, kprow = kind == GK_BF ? PACK_ROWS / 2 : PACK_ROWS;
      for (int64_t k0 = 0; k0 < kc; k0 += krows) {
        int64_t kn = min64(krows, kc - k0);
        for (int64_t jr = 0; jr < nc; jr += NR) {
          int64_t nr = min64(NR, nc - jr), j = jc + jr;
          const char *src = B + (g->trans_b ? j * g->ldb + pc : (pc + k0) * g->ldb + j) * bsz;
          char *dst = Bp + (jr * kp + (g->trans_b ? 0 : k0 / PACK_ROWS * kprow * NR)) * esz;
          switch (kind * 2 + g->trans_b) {
          case GK_F32 * 2:
            isa->pack_n(src, g->bt, g->ldb, nr, kn, (float *)dst, NR);
            break;
          case GK_F32 * 2 + 1:
            isa->pack_t(src, g->bt, g->ldb, nr, kn, (float *)dst, NR);
            break;
          case GK_F64 * 2:
            pack64_n((const double *)src, g->ldb, nr, kn, (double *)dst, NR);
            break;
          case GK_F64 * 2 + 1:
            pack64_t((const double *)src, g->ldb, nr, kn, (double *)dst, NR);
            break;
          case GK_BF * 2:
            isa->pack_bf_n((const uint16_t *)src, g->ldb, nr, kn, (uint32_t *)dst, NR);
            break;
          default:
            isa->pack_bf_t((const uint16_t *)src, g->ldb, nr, kn, (uint32_t *)dst, NR);
          }
        }
      }
      bool acc = g->acc || pc > 0;
      for (int64_t ic = m0; ic < m1; ic += MC) {
        int64_t mc = min64(MC, m1 - ic);
        for (int64_t ir = 0; ir < mc; ir += MR) {
          const char *src = A + ((ic + ir) * g->lda + pc) * asz;
          char *dst = Ap + ir * kp * esz;
          int64_t mr = min64(MR, mc - ir);
          if (kind == GK_F64)
            pack64_t((const double *)src, g->lda, mr, kc, (double *)dst, MR);
          else if (kind == GK_BF)
            isa->pack_bf_a((const float *)src, g->lda, mr, kc, (uint32_t *)dst, MR);
          else
            isa->pack_t(src, g->abt, g->lda, mr, kc, (float *)dst, MR);
        }
        for (int64_t jr = 0; jr < nc; jr += NR) {
          int n = (int)min64(NR, nc - jr);
          for (int64_t ir = 0; ir < mc; ir += MR) {
            int m = (int)min64(MR, mc - ir);
            char *c = C + ((ic + ir) * g->ldc + jc + jr) * esz;
            const char *a = Ap + ir * kp * esz, *b = Bp + jr * kp * esz;
            if (kind == GK_F64)
              isa->kern64(kp, (const double *)a, (const double *)b, (double *)c, g->ldc, m, n, acc);
            else if (kind == GK_BF)
              isa->kern_bf(kp, (const uint32_t *)a, (const uint32_t *)b, (float *)c, g->ldc, m, n, acc);
            else
              isa->kern(kp, (const float *)a, (const float *)b, (float *)c, g->ldc, m, n, acc);
          }
        }
      }
    }
  }
}

static void gemm_task(void *ctx, int64_t t) {
  const Gemm *g = ctx;
  int64_t m0 = (t / g->tiles_n) * g->step_m, n0 = (t % g->tiles_n) * g->step_n;
  if (m0 < g->M && n0 < g->N)
    gemm_tile(g, m0, min64(m0 + g->step_m, g->M), n0, min64(n0 + g->step_n, g->N));
}

/* Work below this many multiply-adds stays on one thread (about 6 us
 * at one core's speed): a second thread's wake-up, its own packing and, on
 * a shared machine, the chance that it is preempted mid-item cost more
 * than it saves. Handing a job to a pool whose workers still spin costs the
 * caller about 70 ns; attention's per-head products (128×64·64×128,
 * 1 Mi multiply-adds, back to back) find the workers spinning, so they are
 * split (they stayed on one core at the former 4 Mi). A GEMV is threaded from 1 Mi weights (4 MiB in float32:
 * past L2, where a second core adds memory bandwidth). */
#define PARALLEL_MIN_FMAS (1 << 19)

/* A product with at most SMALL_M rows and B stored N×K (x @ W.T: a
 * sentence of a few tens of tokens through a Linear layer) runs as GEMV
 * over groups of GEMV_ROWS rows, SMALL_JB rows of W at a time: W is read
 * once, straight from its rows, where the blocked GEMM would pack (copy
 * and transpose) all of it for only SMALL_M uses of each item. An ISA
 * whose packed kernel outruns its GEMV sooner sets a lower small_m. */
#define SMALL_M 64

static int64_t small_m(const KrGemmIsa *isa) { return isa->small_m ? isa->small_m : SMALL_M; }
#define SMALL_JB 16
#define PARALLEL_MIN_GEMV (1 << 20)
#define TASKS_PER_THREAD 4

static void gemm_run(Gemm *g) {
  if (g->M <= 0 || g->N <= 0)
    return;
  if (g->K <= 0) { /* an empty sum: zeros, or C unchanged */
    if (!g->acc)
      for (int64_t i = 0; i < g->M; i++)
        memset((char *)g->C + i * g->ldc * (g->kind == GK_F64 ? 8 : 4), 0,
               (size_t)g->N * (g->kind == GK_F64 ? 8 : 4));
    return;
  }
  int MR = g->kind == GK_F64 ? g->isa->mr64 : g->kind == GK_BF ? g->isa->mrbf : g->isa->mr;
  int NR = g->kind == GK_F64 ? g->isa->nr64 : g->kind == GK_BF ? g->isa->nrbf : g->isa->nr;
  int64_t nt = kr_num_threads();
  if ((double)g->M * g->N * g->K < PARALLEL_MIN_FMAS)
    nt = 1;
  /* Tiles: about TASKS_PER_THREAD per thread, taken dynamically, so a
   * thread slowed by another process on its core just takes fewer (with one
   * tile per thread everybody waits for the slowest). Columns first, at
   * least 4 register tiles wide; rows at least 64 tall. Each tile packs its
   * own A block, which costs K per column of C: small beside 2·M·K flops. */
  int64_t want = nt == 1 ? 1 : nt * TASKS_PER_THREAD;
  int64_t tiles_n = clamp64(g->N / (4 * NR), 1, want);
  int64_t tiles_m = clamp64(g->M / 64, 1, clamp64(want / tiles_n, 1, want));
  g->step_m = round_up((g->M + tiles_m - 1) / tiles_m, MR);
  g->step_n = round_up((g->N + tiles_n - 1) / tiles_n, NR);
  g->tiles_n = tiles_n;
  if (tiles_m * tiles_n == 1)
    gemm_tile(g, 0, g->M, 0, g->N);
  else
    kr_parallel_for(tiles_m * tiles_n, gemm_task, g);
}

/* ------------------------------------------------------------- GEMV */

typedef struct Gemv {
  const KrGemmIsa *isa;
  int64_t N, K;
  int R; /* rows of X and Y */
  const float *X;
  int64_t ldx;
  const char *B;
  int bt;
  int64_t ldb;
  bool trans_b;
  float *Y;
  int64_t ldy;
  bool acc;
  int64_t step; /* each task's share of N */
} Gemv;

static void gemv_part(const Gemv *v, int64_t j0, int64_t j1) {
  size_t bsz = v->bt == KR_GB_F32 ? 4 : 2;
  if (v->trans_b && v->R > GEMV_ROWS) {
    /* a few rows of x (a short sentence) times W stored N×K: SMALL_JB rows
     * of W at a time, read from memory once and kept in L1/L2 while every
     * group of GEMV_ROWS rows of x passes over them */
    for (int64_t j = j0; j < j1; j += SMALL_JB) {
      int64_t jn = min64(SMALL_JB, j1 - j);
      for (int i = 0; i < v->R; i += GEMV_ROWS)
        v->isa->gemv_t(jn, v->K, v->R - i < GEMV_ROWS ? v->R - i : GEMV_ROWS, v->X + i * v->ldx, v->ldx,
                       v->B + j * v->ldb * bsz, v->bt, v->ldb, v->Y + i * v->ldy + j, v->ldy, v->acc);
    }
  } else if (v->trans_b)
    v->isa->gemv_t(j1 - j0, v->K, v->R, v->X, v->ldx, v->B + j0 * v->ldb * bsz, v->bt, v->ldb, v->Y + j0, v->ldy,
                   v->acc);
  else
    v->isa->gemv_n(j1 - j0, v->K, v->R, v->X, v->ldx, v->B + j0 * bsz, v->bt, v->ldb, v->Y + j0, v->ldy, v->acc);
}

static void gemv_task(void *ctx, int64_t t) {
  const Gemv *v = ctx;
  int64_t j0 = t * v->step;
  if (j0 < v->N)
    gemv_part(v, j0, min64(j0 + v->step, v->N));
}

/* Y[R×N] (+)= X[R×K]·B for R <= GEMV_ROWS, or R <= SMALL_M with B
 * transposed; N split over the threads in 64-byte multiples, so each
 * streams its own part of B. */
static void gemv_run(const KrGemmIsa *isa, int64_t N, int64_t K, int R, const float *X, int64_t ldx, const void *B,
                     int bt, int64_t ldb, bool trans_b, float *Y, int64_t ldy, bool acc) {
  if (N <= 0 || R <= 0)
    return;
  Gemv v = {isa, N, K, R, X, ldx, B, bt, ldb, trans_b, Y, ldy, acc, N};
  int64_t nt = kr_num_threads();
  if ((double)N * K < PARALLEL_MIN_GEMV || nt == 1) {
    gemv_part(&v, 0, N);
    return;
  }
  /* a few chunks per thread, each at least 64 columns (see gemm_run) */
  v.step = round_up((N + nt * TASKS_PER_THREAD - 1) / (nt * TASKS_PER_THREAD), 16);
  if (v.step < 64)
    v.step = 64;
  kr_parallel_for((N + v.step - 1) / v.step, gemv_task, &v);
}

/* --------------------------------------------------------- entry points */

static void gemm_f32_any(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const void *B, int bt,
                         int64_t ldb, bool trans_b, float *C, int64_t ldc, bool accumulate) {
  const KrGemmIsa *isa = kr_gemm_isa();
  /* up to GEMV_ROWS rows (SMALL_M for a transposed B, a Linear weight):
   * B streamed once, unpacked; packing it would cost more than the
   * arithmetic */
  if ((M <= GEMV_ROWS || (trans_b && M <= small_m(isa))) && K > 0) {
    gemv_run(isa, N, K, (int)M, A, lda, B, bt, ldb, trans_b, C, ldc, accumulate);
    return;
  }
  Gemm g = {.isa = isa, .kind = GK_F32, .M = M, .N = N, .K = K, .A = A, .abt = KR_GB_F32, .lda = lda, .B = B,
            .bt = bt, .ldb = ldb, .trans_b = trans_b, .C = C, .ldc = ldc, .acc = accumulate};
  gemm_run(&g);
}

void kr_gemm_f32(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const float *B, int64_t ldb,
                 bool trans_b, float *C, int64_t ldc, bool accumulate) {
  gemm_f32_any(M, N, K, A, lda, B, KR_GB_F32, ldb, trans_b, C, ldc, accumulate);
}

void kr_gemm_f32_bf16(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const uint16_t *B,
                      int64_t ldb, bool trans_b, float *C, int64_t ldc, bool accumulate) {
  gemm_f32_any(M, N, K, A, lda, B, KR_GB_BF16, ldb, trans_b, C, ldc, accumulate);
}

void kr_gemm_f32_f16(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const uint16_t *B,
                     int64_t ldb, bool trans_b, float *C, int64_t ldc, bool accumulate) {
  gemm_f32_any(M, N, K, A, lda, B, KR_GB_F16, ldb, trans_b, C, ldc, accumulate);
}

void kr_gemm_f64(int64_t M, int64_t N, int64_t K, const double *A, int64_t lda, const double *B, int64_t ldb,
                 bool trans_b, double *C, int64_t ldc, bool accumulate) {
  Gemm g = {.isa = kr_gemm_isa(), .kind = GK_F64, .M = M, .N = N, .K = K, .A = A, .lda = lda, .B = B,
            .bt = KR_GB_F32, .ldb = ldb, .trans_b = trans_b, .C = C, .ldc = ldc, .acc = accumulate};
  gemm_run(&g);
}

void kr_gemm_bf16(int64_t M, int64_t N, int64_t K, const float *A, int64_t lda, const uint16_t *B, int64_t ldb,
                  bool trans_b, float *C, int64_t ldc, bool accumulate) {
  const KrGemmIsa *isa = kr_gemm_isa();
  /* GEMV on the rounded rows: up to GEMV_ROWS rows it is memory-bound and
   * VDPBF16PS would gain nothing; up to SMALL_M rows against W stored N×K
   * it skips packing W where the CPU has no bfloat16 dot products (with
   * them, the packed VDPBF16PS kernel's double rate pays for the packing) */
  if (K > 0 && (M <= GEMV_ROWS || (!isa->kern_bf && trans_b && M <= small_m(isa)))) {
    float *x = scratch(0, (size_t)(M * K) * 4);
    if (x) {
      for (int64_t i = 0; i < M; i++)
        for (int64_t k = 0; k < K; k++)
          x[i * K + k] = kr_bf16_to_f32(kr_f32_to_bf16(A[i * lda + k]));
      gemv_run(isa, N, K, (int)M, x, K, B, KR_GB_BF16, ldb, trans_b, C, ldc, accumulate);
      return;
    }
  }
  Gemm g = {.isa = isa, .kind = isa->kern_bf ? GK_BF : GK_F32, .M = M, .N = N, .K = K, .A = A, .abt = KR_GB_F32R,
            .lda = lda, .B = B, .bt = KR_GB_BF16, .ldb = ldb, .trans_b = trans_b, .C = C, .ldc = ldc,
            .acc = accumulate};
  gemm_run(&g);
}
