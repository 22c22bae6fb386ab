/* alloc_driver.c — checks of libkilnrt's allocator (runtime/alloc.c), for
 * tests/runtime/test_alloc.py. One check per command line argument; each
 * prints "ok NAME" or "FAIL NAME: what".
 *
 *   basic         the hook: counts, the nth allocation failing, live blocks;
 *                 blocks zeroed (also when reused), realloc keeping contents
 *                 across size classes and into malloc's sizes, no overlap
 *   threads N     N rounds of 4 threads that allocate, hand blocks to each
 *                 other through a queue and free what others made, each
 *                 block checked before it is freed; threads come and go, so
 *                 memory must stay bounded (resident size after round 3 and
 *                 at the end printed as "rss MID END" in KiB)
 *   unload LIB    a library compiled by kiln (its own runtime inside) is
 *                 called on a thread, unloaded, and the thread exits after
 *                 it: no call into the unloaded code
 */
#include "kilnrt.h"

#include <dlfcn.h>
#include <inttypes.h>
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

static bool all_bytes(const unsigned char *p, size_t n, unsigned char v) {
  for (size_t i = 0; i < n; i++)
    if (p[i] != v)
      return false;
  return true;
}

/* ------------------------------------------------------------------ basic */

static const char *check_hook(void) {
  int64_t count = kr_alloc_count, live = kr_live_blocks;
  void *p = kr_alloc(24);
  if (!p || kr_alloc_count != count + 1 || kr_live_blocks != live + 1)
    return "kr_alloc counts one call and one block";
  void *q = kr_realloc(p, 300);
  if (!q || kr_alloc_count != count + 2 || kr_live_blocks != live + 1)
    return "kr_realloc counts one call, no block";
  void *r = kr_realloc(NULL, 40);
  if (!r || kr_alloc_count != count + 3 || kr_live_blocks != live + 2)
    return "kr_realloc(NULL) is one kr_alloc";
  kr_free(r);
  kr_free(NULL);
  if (kr_live_blocks != live + 1)
    return "kr_free gives the block back; kr_free(NULL) nothing";
  memset(q, 0x5a, 300);
  kr_alloc_fail_at = kr_alloc_count + 1;
  void *f = kr_realloc(q, 5000);
  if (f || !kr_exc_matches(&kr_MemoryError_type))
    return "a failing kr_realloc is NULL with MemoryError";
  kr_exc_clear();
  if (!all_bytes(q, 300, 0x5a) || kr_live_blocks != live + 1)
    return "a failing kr_realloc leaves the block as it was";
  kr_alloc_fail_at = kr_alloc_count + 2;
  void *ok = kr_alloc(16);
  void *bad = kr_alloc(16);
  kr_alloc_fail_at = 0;
  if (!ok || bad || !kr_exc_matches(&kr_MemoryError_type))
    return "the nth allocation, and only it, fails with MemoryError";
  kr_exc_clear();
  kr_free(ok);
  kr_free(q);
  if (kr_live_blocks != live)
    return "live blocks back where they started";
  return NULL;
}

static const char *check_zero(void) {
  for (size_t n = 0; n <= 1100; n++) {
    for (int round = 0; round < 3; round++) { /* the second and third get reused blocks */
      unsigned char *p = kr_alloc(n);
      if (!p)
        return "allocation failed";
      if (!all_bytes(p, n, 0))
        return "a block is not zeroed";
      memset(p, 0xa5, n ? n : 1);
      kr_free(p);
    }
  }
  for (size_t n = 4 << 20; n <= 9 << 20; n += 5 << 20) { /* big ones */
    unsigned char *p = kr_alloc(n);
    if (!p || !all_bytes(p, n, 0))
      return "a big block is not zeroed";
    memset(p, 0xa5, n);
    kr_free(p);
  }
  return NULL;
}

static const char *check_realloc(void) {
  static const size_t sizes[] = {1, 15, 16, 17, 31, 100, 496, 511, 512, 513, 4096, 70000, 5 << 20};
  size_t k = sizeof sizes / sizeof sizes[0];
  for (size_t i = 0; i < k; i++)
    for (size_t j = 0; j < k; j++) {
      unsigned char *p = kr_alloc(sizes[i]);
      if (!p)
        return "allocation failed";
      for (size_t b = 0; b < sizes[i]; b++)
        p[b] = (unsigned char)(b * 7 + i);
      unsigned char *q = kr_realloc(p, sizes[j]);
      if (!q)
        return "realloc failed";
      size_t keep = sizes[i] < sizes[j] ? sizes[i] : sizes[j];
      for (size_t b = 0; b < keep; b++)
        if (q[b] != (unsigned char)(b * 7 + i))
          return "realloc lost contents";
      kr_free(q);
    }
  return NULL;
}

/* Many blocks of mixed sizes alive at once, freed in random order and made
 * again: each carries its own pattern, checked before it is freed. */
static const char *check_overlap(void) {
  enum { N = 60000 };
  unsigned char **p = malloc(N * sizeof *p);
  size_t *n = malloc(N * sizeof *n);
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < N; i++) {
      n[i] = next_rand() % (next_rand() % 8 == 0 ? 3000 : 300);
      p[i] = kr_alloc(n[i]);
      if (!p[i] || !all_bytes(p[i], n[i], 0))
        return "a block is not zeroed";
      memset(p[i], (unsigned char)i, n[i]);
    }
    for (int i = N - 1; i > 0; i--) { /* shuffle */
      int j = (int)(next_rand() % (uint64_t)(i + 1));
      unsigned char *tp = p[i];
      size_t tn = n[i];
      p[i] = p[j], n[i] = n[j];
      p[j] = tp, n[j] = tn;
    }
    for (int i = 0; i < N; i++) {
      if (n[i] && !all_bytes(p[i], n[i], p[i][0]))
        return "a block was written through another";
      kr_free(p[i]);
    }
  }
  free(p);
  free(n);
  return NULL;
}

/* ---------------------------------------------------------------- threads */

#define QUEUE 4096
static unsigned char *queue[QUEUE];
static size_t queue_n[QUEUE];
static int queued;
static pthread_mutex_t queue_mu = PTHREAD_MUTEX_INITIALIZER;
static int thread_errors;

static void fill(unsigned char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    p[i] = (unsigned char)(n + i);
}
/* The first k bytes of what fill(p, n) wrote. */
static bool intact_prefix(const unsigned char *p, size_t k, size_t n) {
  for (size_t i = 0; i < k; i++)
    if (p[i] != (unsigned char)(n + i))
      return false;
  return true;
}
static bool intact(const unsigned char *p, size_t n) { return intact_prefix(p, n, n); }
static void thread_error(void) { __atomic_fetch_add(&thread_errors, 1, __ATOMIC_RELAXED); }

/* Allocate, sometimes grow or shrink, and either keep a block, hand it to
 * the queue, or swap it for one another thread made (and free that). */
static void *worker(void *arg) {
  uint64_t s = (uint64_t)(uintptr_t)arg * 0x9E3779B97F4A7C15ull + 1;
  unsigned char *mine[64];
  size_t mine_n[64];
  int kept = 0;
  for (int it = 0; it < 20000; it++) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    size_t n = (size_t)(s >> 33) % 700;
    unsigned char *p = kr_alloc(n);
    if (!p || !all_bytes(p, n, 0)) {
      thread_error();
      continue;
    }
    fill(p, n);
    if ((s >> 20) % 3 == 0) {
      size_t m = (size_t)(s >> 40) % 900;
      unsigned char *q = kr_realloc(p, m);
      if (!q) {
        thread_error();
        continue;
      }
      if (!intact_prefix(q, n < m ? n : m, n))
        thread_error();
      p = q, n = m;
      fill(p, n);
    }
    if ((s >> 16) & 1) {
      unsigned char *old = NULL;
      size_t old_n = 0;
      pthread_mutex_lock(&queue_mu);
      if (queued < QUEUE) {
        queue[queued] = p, queue_n[queued] = n, queued++;
      } else {
        int i = (int)((s >> 3) % QUEUE);
        old = queue[i], old_n = queue_n[i];
        queue[i] = p, queue_n[i] = n;
      }
      pthread_mutex_unlock(&queue_mu);
      if (old) {
        if (!intact(old, old_n))
          thread_error();
        kr_free(old);
      }
    } else if (kept < 64) {
      mine[kept] = p, mine_n[kept] = n, kept++;
    } else {
      int i = (int)((s >> 5) % 64);
      if (!intact(mine[i], mine_n[i]))
        thread_error();
      kr_free(mine[i]);
      mine[i] = p, mine_n[i] = n;
    }
  }
  for (int i = 0; i < kept; i++) {
    if (!intact(mine[i], mine_n[i]))
      thread_error();
    kr_free(mine[i]);
  }
  return NULL;
}

static long resident_kib(void) {
  long pages = 0, rss = 0;
  FILE *f = fopen("/proc/self/statm", "r");
  if (f) {
    if (fscanf(f, "%ld %ld", &pages, &rss) != 2)
      rss = 0;
    fclose(f);
  }
  return rss * 4;
}

static void check_threads(int rounds) {
  long mid = 0;
  for (int r = 0; r < rounds; r++) {
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
      pthread_create(&t[i], NULL, worker, (void *)(uintptr_t)(r * 4 + i + 1));
    for (int i = 0; i < 4; i++)
      pthread_join(t[i], NULL);
    if (r == 2)
      mid = resident_kib();
  }
  for (int i = 0; i < queued; i++) {
    if (!intact(queue[i], queue_n[i]))
      thread_errors++;
    kr_free(queue[i]);
  }
  printf("rss %ld %ld\n", mid, resident_kib());
  report("threads", thread_errors ? "a block changed while another thread held it, or was not zeroed" : NULL);
}

/* ----------------------------------------------------------------- unload */

typedef struct kiln_module kiln_module;
typedef struct kiln_error kiln_error;
static void *lib;
static kiln_module *module;
static pthread_mutex_t stage_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t stage_cv = PTHREAD_COND_INITIALIZER;
static int stage;

static void set_stage(int s) {
  pthread_mutex_lock(&stage_mu);
  stage = s;
  pthread_cond_broadcast(&stage_cv);
  pthread_mutex_unlock(&stage_mu);
}
static void wait_stage(int s) {
  pthread_mutex_lock(&stage_mu);
  while (stage != s)
    pthread_cond_wait(&stage_cv, &stage_mu);
  pthread_mutex_unlock(&stage_mu);
}

static void *lib_caller(void *arg) {
  int (*call_json)(kiln_module *, const char *, const char *, char **, kiln_error **) =
      (int (*)(kiln_module *, const char *, const char *, char **, kiln_error **))dlsym(lib, "kiln_call_json");
  void (*lib_free)(void *) = (void (*)(void *))dlsym(lib, "kiln_free");
  char *out = NULL;
  kiln_error *err = NULL;
  if (!call_json || !lib_free || call_json(module, "scale", "[[1.5, 2.5], 2.0]", &out, &err) != 0 ||
      !out || strcmp(out, "[3.0, 5.0]") != 0)
    *(int *)arg = 1;
  if (lib_free)
    lib_free(out);
  set_stage(1);
  wait_stage(2); /* exit once the library is gone */
  return NULL;
}

static void check_unload(const char *path) {
  lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    report("unload", dlerror());
    return;
  }
  kiln_module *(*open_module)(kiln_error **) = (kiln_module * (*)(kiln_error **)) dlsym(lib, "kiln_open");
  void (*close_module)(kiln_module *) = (void (*)(kiln_module *))dlsym(lib, "kiln_close");
  kiln_error *err = NULL;
  module = open_module ? open_module(&err) : NULL;
  if (!module || !close_module) {
    report("unload", "kiln_open failed");
    return;
  }
  int bad = 0;
  pthread_t t;
  pthread_create(&t, NULL, lib_caller, &bad);
  wait_stage(1);
  close_module(module);
  dlclose(lib);
  set_stage(2);
  pthread_join(t, NULL); /* a crash here: the thread's exit ran unloaded code */
  report("unload", bad ? "the call through the library failed" : NULL);
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "basic") == 0) {
      report("hook", check_hook());
      report("zero", check_zero());
      report("realloc", check_realloc());
      report("overlap", check_overlap());
    } else if (strcmp(argv[i], "threads") == 0 && i + 1 < argc) {
      check_threads(atoi(argv[++i]));
    } else if (strcmp(argv[i], "unload") == 0 && i + 1 < argc) {
      check_unload(argv[++i]);
    } else {
      fprintf(stderr, "alloc_driver: unknown check %s\n", argv[i]);
      return 2;
    }
  }
  return failures ? 1 : 0;
}
