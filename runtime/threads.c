/* threads.c — the runtime's thread pool: kr_parallel_for.
 *
 * One pool per process, made on the first parallel call: kr_num_threads()-1
 * pthreads (KILN_NUM_THREADS, else the online cores) plus the calling thread,
 * which always works too. A job is (fn, ctx, n); everyone takes indices from
 * one atomic counter, so uneven items balance themselves, and the caller
 * returns when the last item is done.
 *
 * Workers spin for a while after a job before sleeping on a condition
 * variable: a decode step calls GEMM/GEMV back to back every few tens of
 * microseconds, and a futex wake-up costs about as much as a small GEMV.
 * The spin is short (50 us) because the cores may be shared.
 *
 * One job runs at a time. A call made while another job runs (from another
 * thread, or from inside fn) runs its items inline on the calling thread:
 * never a deadlock, never a wait on unrelated work.
 */
#include "ndarray.h"
#include "platform.h"

#include <pthread.h>
#include <stdatomic.h>
#include <sched.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#define cpu_relax() __builtin_ia32_pause()
#elif defined(__aarch64__)
#define cpu_relax() __asm__ volatile("yield")
#else
#define cpu_relax() ((void)0)
#endif

#define SPIN_NS 50000 /* how long a worker spins for the next job before it sleeps */

typedef struct Pool {
  pthread_mutex_t lock;  /* guards gen and the condvar */
  pthread_cond_t wake;   /* workers sleep here between jobs */
  atomic_flag busy;      /* a job is running: later callers go inline */
  atomic_uint_fast64_t gen; /* the current job's tag (32 bits, never 0); workers watch it */
  /* the current job */
  void (*fn)(void *ctx, int64_t i);
  void *ctx;
  /* the items not yet taken (low 32 bits; item remaining-1 is taken next)
   * tagged with the job's generation (high 32 bits). A worker takes an item
   * by a compare-exchange that also checks the tag, and never reads n: one
   * that wakes late for a finished job finds another tag or nothing left,
   * so it can never run an item with the fields of another job. */
  atomic_uint_fast64_t next;
  atomic_int_fast64_t done; /* items finished */
  int nthreads;             /* workers + the caller */
} Pool;

static Pool pool = {.lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER, .busy = ATOMIC_FLAG_INIT};
static pthread_once_t pool_once = PTHREAD_ONCE_INIT;
static int nthreads_cfg;
static pthread_once_t cfg_once = PTHREAD_ONCE_INIT;
static _Thread_local bool in_job; /* this thread is running a job's items */

static void read_config(void) {
  const char *s = getenv("KILN_NUM_THREADS");
  long n = s && *s ? strtol(s, NULL, 10) : 0;
  if (n <= 0)
    n = kr_plat_ncpu();
  if (n <= 0)
    n = 1;
  if (n > 256)
    n = 256;
  nthreads_cfg = (int)n;
}

int kr_num_threads(void) {
  pthread_once(&cfg_once, read_config);
  return nthreads_cfg;
}

static void run_items(uint64_t gen) {
  uint64_t tag = gen << 32;
  in_job = true;
  uint64_t cur = atomic_load_explicit(&pool.next, memory_order_acquire);
  for (;;) {
    if ((cur & ~(uint64_t)0xffffffff) != tag || (cur & 0xffffffff) == 0)
      break;
    if (!atomic_compare_exchange_weak_explicit(&pool.next, &cur, cur - 1, memory_order_acq_rel,
                                               memory_order_acquire))
      continue;
    pool.fn(pool.ctx, (int64_t)(cur & 0xffffffff) - 1);
    atomic_fetch_add_explicit(&pool.done, 1, memory_order_release);
    cur = atomic_load_explicit(&pool.next, memory_order_acquire);
  }
  in_job = false;
}

static int64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void *worker(void *arg) {
  (void)arg;
  uint64_t seen = 0;
  for (;;) {
    /* spin by the clock, not by a count: PAUSE takes 10 to 150 cycles
     * depending on the CPU */
    uint64_t g = atomic_load_explicit(&pool.gen, memory_order_acquire);
    int64_t until = now_ns() + SPIN_NS;
    for (int spin = 1; g == seen; spin++) {
      cpu_relax();
      g = atomic_load_explicit(&pool.gen, memory_order_acquire);
      if (spin % 64 == 0 && now_ns() > until)
        break;
    }
    if (g == seen) {
      pthread_mutex_lock(&pool.lock);
      while ((g = atomic_load_explicit(&pool.gen, memory_order_acquire)) == seen)
        pthread_cond_wait(&pool.wake, &pool.lock);
      pthread_mutex_unlock(&pool.lock);
    }
    seen = g;
    run_items(g);
  }
  return NULL;
}

/* Made once; a worker that cannot be created just leaves the pool smaller. */
static void pool_start(void) {
  int want = kr_num_threads();
  pool.nthreads = 1;
  for (int t = 1; t < want; t++) {
    pthread_t th;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&th, &attr, worker, NULL) == 0)
      pool.nthreads++;
    pthread_attr_destroy(&attr);
  }
}

void kr_parallel_for(int64_t n, void (*fn)(void *ctx, int64_t i), void *ctx) {
  if (n <= 0)
    return;
  if (n == 1 || n > INT32_MAX || in_job || kr_num_threads() == 1 || atomic_flag_test_and_set(&pool.busy)) {
    for (int64_t i = 0; i < n; i++)
      fn(ctx, i);
    return;
  }
  pthread_once(&pool_once, pool_start);
  pool.fn = fn;
  pool.ctx = ctx;
  atomic_store_explicit(&pool.done, 0, memory_order_relaxed);
  uint64_t g = (uint32_t)(atomic_load_explicit(&pool.gen, memory_order_relaxed) + 1);
  if (g == 0)
    g = 1; /* the tag of no job (next starts at 0) */
  /* publish: the release on next orders the job's fields before it */
  atomic_store_explicit(&pool.next, g << 32 | (uint64_t)n, memory_order_release);
  pthread_mutex_lock(&pool.lock);
  atomic_store_explicit(&pool.gen, g, memory_order_release);
  pthread_cond_broadcast(&pool.wake);
  pthread_mutex_unlock(&pool.lock);
  run_items(g);
  /* the last items are running on other threads; one whose thread was
   * preempted (a shared machine) can take a time slice: yield meanwhile */
  for (int spin = 1; atomic_load_explicit(&pool.done, memory_order_acquire) < n; spin++) {
    cpu_relax();
    if (spin % 1024 == 0)
      sched_yield();
  }
  atomic_flag_clear(&pool.busy);
}
