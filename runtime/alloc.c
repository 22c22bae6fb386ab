/* alloc.c — kr_alloc, kr_realloc and kr_free: the runtime's one allocation
 * hook, and the small-block allocator behind it.
 *
 * The hook. Every block the runtime allocates comes from here. kr_alloc and
 * kr_realloc count their calls (kr_alloc_count) and fail the nth when a
 * test asks (kr_alloc_fail_at: MemoryError, NULL), and live blocks are
 * counted (kr_live_blocks); the counters are per thread.
 *
 * Small blocks. Most blocks are objects of a few dozen bytes, made and
 * freed at a high rate, so a request of up to SMALL_MAX bytes is rounded up
 * to a multiple of 16 (its size class) and served from pages of PAGE_SIZE
 * bytes that each hold blocks of one class. Every thread keeps, per class,
 * a list of freed blocks and the untouched tail of its current page: the
 * common allocation pops the list (and zeroes the block) or bumps the tail
 * (fresh pages are zero already), with no lock and no atomic. A block has
 * no header: kr_free finds its class in the page map, one byte per page of
 * the address space (two levels, the leaves made on demand), where a page
 * that is not ours reads 0. Larger blocks, and every block when pages
 * cannot be had, come from calloc/free.
 *
 * The pop and the push are inline in kilnrt.h (kr_alloc_block, kr_free),
 * in the runtime's files and in generated code: a str, a tuple or an
 * object is made and freed at the cost of a few loads and stores, where
 * the three calls they took were a good part of string-heavy programs.
 * The free lists (kr_free_list) and the page map (kr_page_map) are
 * therefore visible there; everything else (bumping, refilling, the
 * pool, the count of a failure) stays here.
 *
 * Threads. A host may hand a value to another thread (the C ABI allows
 * it), so a block may be freed by a thread that did not make it: it goes on
 * the freeing thread's list, which only that thread touches. Pages are
 * carved from chunks mmap'ed from the system under a mutex, which also
 * guards the page map's writes; a page's entry is written before any block
 * of it exists, and the host's own synchronization, which hands a block to
 * another thread, orders that write before the other thread's read. When a
 * thread exits, its lists and the untouched tails of its pages go to a
 * shared pool (per class, under the mutex), from which threads that run dry
 * take before they carve a new page. Memory is never returned to the
 * system: a page keeps its class for the rest of the process.
 *
 * Page faults. Past the first chunk, chunks (and any block of megabytes)
 * are asked to be backed by huge pages, and a program (not a library, whose
 * host owns malloc) tells malloc to keep what is freed: first touches of
 * fresh memory were a good part of the cost of allocation-heavy programs.
 *
 * Sanitizers. Under AddressSanitizer or LeakSanitizer every block is plain
 * calloc/free, so use-after-free, overflow and leak reports stay exact:
 * at compile time when the runtime itself is instrumented, and at run time
 * (their interface functions, declared weak, are linked in) when only the
 * program is, as `make test-asan` builds it.
 */
#include "core_impl.h"
#include "platform.h"

#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#if KR_HAVE_POOL
#include <sys/mman.h>
#endif

_Thread_local int64_t kr_alloc_count;
_Thread_local int64_t kr_alloc_fail_at;
_Thread_local int64_t kr_live_objects;
_Thread_local int64_t kr_live_blocks;
_Thread_local bool kr_alloc_nofail;
_Thread_local void *kr_free_list[KR_SMALL_MAX / 16 + 1];
KR_HIDDEN uint8_t *kr_page_map[1 << 16]; /* all 0 where the pool is not built */

#if !KR_HAVE_POOL /* a target without mmap or with 32-bit addresses (platform.h) */
#define POOL_BUILT 0
#elif defined(__SANITIZE_ADDRESS__)
#define POOL_BUILT 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define POOL_BUILT 0
#endif
#endif
#ifndef POOL_BUILT
#define POOL_BUILT 1
#endif

static bool alloc_should_fail(void) {
  return ++kr_alloc_count == kr_alloc_fail_at && !kr_alloc_nofail;
}

/* The runtime's plain-C layers allocate with malloc (the tokenizer:
 * tokenizer.h's tk_malloc); they count here so that the test hook fails
 * their allocations too, and report the failure themselves. */
bool kr_alloc_fails(void) { return alloc_should_fail(); }

#if POOL_BUILT

#define SMALL_MAX KR_SMALL_MAX        /* larger blocks come from malloc */
#define NCLASS (SMALL_MAX / 16)      /* classes 1..NCLASS: blocks of 16 * class bytes */
#define PAGE_SHIFT KR_PAGE_SHIFT
#define PAGE_SIZE ((size_t)1 << PAGE_SHIFT) /* 64 KiB: every block of a page has one class */
#define CHUNK_SIZE ((size_t)1 << 21)  /* pages are mmap'ed 2 MiB at a time */
#define ROOT_BITS 16                  /* the page map: address bits 32..47 pick a leaf, */
#define LEAF_BITS (32 - PAGE_SHIFT)   /* bits 16..31 a byte in it */

/* A free block: its first word links the list. In the shared pool, the
 * first block of each list links the next list with its second word. */
typedef struct Block {
  struct Block *next;
  struct Block *next_list;
} Block;

/* The untouched tail of a page in the shared pool, written in its first
 * block (which is zeroed again when a thread takes the range). */
typedef struct Range {
  struct Range *next;
  char *end;
} Range;

/* A thread's blocks, per class (index 0 unused); its freed blocks, dirty,
 * are listed in kr_free_list[class]. */
typedef struct Heap {
  char *bump[NCLASS + 1];   /* the untouched (zero) tail of the current page... */
  char *end[NCLASS + 1];    /* ...up to here */
  bool adopted;             /* thread-exit handler set (heap_release) */
} Heap;

static _Thread_local Heap heap;

/* The page map (kr_page_map): leaf[a >> 16 & 0xffff] of page_root[a >> 32]
 * is the class of the page at address a, 0 when a is not in one of our
 * pages. Written under mu, read without it (atomically, so never a data
 * race). */
#define page_root kr_page_map
_Static_assert(sizeof kr_page_map / sizeof *kr_page_map == (size_t)1 << ROOT_BITS, "the page map's root");

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static char *chunk_next, *chunk_end; /* pages not yet handed out (under mu) */
static Block *pool_lists[NCLASS + 1];  /* exited threads' free lists (under mu) */
static Range *pool_ranges[NCLASS + 1]; /* and the untouched tails of their pages */
static pthread_key_t exit_key;
static pthread_once_t exit_once = PTHREAD_ONCE_INIT;
static bool exit_key_ok;

/* The sanitizers' interface, present only when a program is linked with
 * them: then the pool stays off and every block is calloc/free. */
extern void __asan_init(void) __attribute__((weak));
extern void __lsan_do_leak_check(void) __attribute__((weak));

static inline bool pool_on(void) { return !__asan_init && !__lsan_do_leak_check; }

static inline unsigned class_of(const void *p) {
  uintptr_t a = (uintptr_t)p;
  if (a >> (32 + ROOT_BITS))
    return 0;
  uint8_t *leaf = __atomic_load_n(&page_root[a >> 32], __ATOMIC_ACQUIRE);
  if (!leaf)
    return 0;
  return __atomic_load_n(&leaf[(a >> PAGE_SHIFT) & ((1u << LEAF_BITS) - 1)], __ATOMIC_RELAXED);
}

/* Mark the page at p as class c (under mu). */
static bool map_page(char *p, unsigned c) {
  uintptr_t a = (uintptr_t)p;
  if (a >> (32 + ROOT_BITS))
    return false;
  uint8_t *leaf = page_root[a >> 32];
  if (!leaf) {
    void *m = mmap(NULL, (size_t)1 << LEAF_BITS, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
      return false;
    leaf = m;
    __atomic_store_n(&page_root[a >> 32], leaf, __ATOMIC_RELEASE);
  }
  __atomic_store_n(&leaf[(a >> PAGE_SHIFT) & ((1u << LEAF_BITS) - 1)], (uint8_t)c, __ATOMIC_RELAXED);
  return true;
}

/* A fresh page for class c (under mu), or NULL. */
static char *new_page(unsigned c) {
  if (chunk_next == chunk_end) {
    /* map twice the size and keep the aligned half */
    char *m = mmap(NULL, 2 * CHUNK_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
      return NULL;
    char *start = (char *)(((uintptr_t)m + CHUNK_SIZE - 1) & ~(uintptr_t)(CHUNK_SIZE - 1));
    if (start > m)
      munmap(m, (size_t)(start - m));
    munmap(start + CHUNK_SIZE, (size_t)(m + CHUNK_SIZE - start));
    /* a program that has filled one chunk is likely to fill more: the
     * next ones are a huge page each (one fault instead of 512), where the
     * system does that on request */
    static bool first_done;
    if (first_done)
      madvise(start, CHUNK_SIZE, MADV_HUGEPAGE);
    first_done = true;
    chunk_next = start;
    chunk_end = start + CHUNK_SIZE;
  }
  char *p = chunk_next;
  if (!map_page(p, c))
    return NULL;
  chunk_next += PAGE_SIZE;
  return p;
}

/* A thread exits: its free lists, and the untouched tails of its pages,
 * go to the shared pool as they are (no walk, no touch). */
static void heap_release(void *arg) {
  Heap *h = arg;
  pthread_mutex_lock(&mu);
  for (unsigned c = 1; c <= NCLASS; c++) {
    Block *list = kr_free_list[c];
    if (list) {
      list->next_list = pool_lists[c];
      pool_lists[c] = list;
      kr_free_list[c] = NULL;
    }
    if (h->bump[c] < h->end[c]) { /* at least one block */
      Range *r = (Range *)h->bump[c];
      r->next = pool_ranges[c];
      r->end = h->end[c];
      pool_ranges[c] = r;
    }
    h->bump[c] = h->end[c] = NULL;
  }
  pthread_mutex_unlock(&mu);
  h->adopted = false;
}

/* fork() while another thread holds mu must leave the child a usable mu. */
static void fork_prepare(void) { pthread_mutex_lock(&mu); }
static void fork_done(void) { pthread_mutex_unlock(&mu); }

static void make_exit_key(void) {
  exit_key_ok = pthread_key_create(&exit_key, heap_release) == 0;
  pthread_atfork(fork_prepare, fork_done, fork_done);
}

/* A library (kiln compile) that its host unloads must not leave its
 * heap_release to run when a thread exits later: the key goes with it. A
 * program keeps it to the end. */
static bool in_program;
__attribute__((destructor)) static void alloc_unload(void) {
  if (exit_key_ok && !in_program)
    pthread_key_delete(exit_key);
}

/* The slow path of small_alloc: class c's list and page are used up. Take
 * a list or a page tail from the shared pool, or a new page. */
static __attribute__((noinline)) void *small_refill(unsigned c, size_t n, bool zero) {
  Heap *h = &heap;
  if (!h->adopted) { /* the first time on this thread: hand the lists over at its exit */
    pthread_once(&exit_once, make_exit_key);
    if (exit_key_ok && pthread_setspecific(exit_key, h) == 0)
      h->adopted = true;
  }
  size_t size = (size_t)c * 16;
  Block *list = NULL;
  Range *range = NULL;
  char *end = NULL;
  pthread_mutex_lock(&mu);
  if (pool_lists[c]) {
    list = pool_lists[c];
    pool_lists[c] = list->next_list;
  } else if (pool_ranges[c]) {
    range = pool_ranges[c];
    pool_ranges[c] = range->next;
    end = range->end;
  } else {
    char *page = new_page(c);
    if (page) {
      range = (Range *)page;
      end = page + PAGE_SIZE - PAGE_SIZE % size;
    }
  }
  pthread_mutex_unlock(&mu);
  if (list) {
    kr_free_list[c] = list->next;
    if (zero)
      memset(list, 0, n);
    return list;
  }
  if (!range)
    return NULL;
  memset(range, 0, sizeof *range); /* a page tail's header; a new page is zero */
  h->bump[c] = (char *)range + size;
  h->end[c] = end;
  return range;
}

/* A block of n <= SMALL_MAX bytes from this thread's heap, zeroed if
 * asked, or NULL (no page to be had). */
static inline __attribute__((always_inline)) void *small_alloc(size_t n, bool zero) {
  unsigned c = n ? (unsigned)((n + 15) >> 4) : 1;
  Heap *h = &heap;
  Block *b = kr_free_list[c];
  if (KR_LIKELY(b != NULL)) {
    kr_free_list[c] = b->next;
    if (zero) /* the block is c 16-byte units, 16-aligned: inline stores, no call of memset */
      for (uint64_t *w = (uint64_t *)b, *e = w + 2 * c; w < e; w += 2)
        w[0] = w[1] = 0;
    return b;
  }
  char *p = h->bump[c];
  if (KR_LIKELY(p < h->end[c])) {
    h->bump[c] = p + (size_t)c * 16;
    return p;
  }
  return small_refill(c, n, zero);
}

static inline void small_free(void *p, unsigned c) {
  Block *b = p;
  b->next = kr_free_list[c];
  kr_free_list[c] = b;
}

/* A block of a few megabytes (a big str or list) is asked to be backed by
 * huge pages where the system does that on request: the pages it has not
 * touched yet then fault in 2 MiB at a time. */
#define HUGE_MIN ((size_t)4 << 20)
static void advise_huge(void *p, size_t n) {
  uintptr_t a = ((uintptr_t)p + CHUNK_SIZE - 1) & ~(uintptr_t)(CHUNK_SIZE - 1);
  uintptr_t z = ((uintptr_t)p + n) & ~(uintptr_t)(CHUNK_SIZE - 1);
  if (a < z)
    madvise((void *)a, z - a, MADV_HUGEPAGE);
}

/* A block from the pool or from malloc, zeroed if asked; NULL when both
 * fail. */
static inline __attribute__((always_inline)) void *block_alloc(size_t n, bool zero) {
  if (n <= SMALL_MAX && pool_on()) {
    void *p = small_alloc(n, zero);
    if (KR_LIKELY(p != NULL))
      return p;
  }
  void *p = zero ? calloc(1, n ? n : 1) : malloc(n ? n : 1);
  if (n >= HUGE_MIN && p)
    advise_huge(p, n);
  return p;
}

static void *block_realloc(void *p, size_t n) {
  unsigned c = class_of(p);
  if (!c) { /* a large block stays a malloc block */
    void *q = realloc(p, n ? n : 1);
    if (n >= HUGE_MIN && q)
      advise_huge(q, n);
    return q;
  }
  size_t have = (size_t)c * 16;
  if (n <= SMALL_MAX && (n ? (n + 15) >> 4 : 1) == c)
    return p; /* the same class */
  void *q = block_alloc(n, false);
  if (!q)
    return NULL;
  memcpy(q, p, n < have ? n : have);
  small_free(p, c);
  return q;
}

/* The bytes block p can hold: its class's size; 0 for a malloc block
 * (what malloc_usable_size reports past the size asked is not ours to
 * write, as valgrind sees it). */
static size_t block_usable(void *p) { return (size_t)class_of(p) * 16; }

#else /* the runtime is built with AddressSanitizer: plain calloc/free */

static void *block_alloc(size_t n, bool zero) { return zero ? calloc(1, n ? n : 1) : malloc(n ? n : 1); }
static void *block_realloc(void *p, size_t n) { return realloc(p, n ? n : 1); }
static size_t block_usable(void *p) { return 0; }

#endif

size_t kr_alloc_usable(void *p) { return p ? block_usable(p) : 0; }

/* A compiled program (not a library, whose host owns malloc) keeps freed
 * large blocks in malloc's heap instead of trimming it, and serves them
 * from the heap rather than from a mapping of their own: a program that
 * makes and drops a big table in a loop then reuses the same memory
 * instead of faulting in fresh zero pages every time. */
void kr_alloc_program(void) {
#if defined(M_MMAP_THRESHOLD) /* glibc's tuning; other C libraries have none */
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
#if POOL_BUILT
  in_program = true;
#endif
}

/* kr_alloc_block (kilnrt.h) found no block on its list, or has a failure
 * to inject: kr_alloc_count already counts this call. */
void *kr_alloc_counted(size_t n, bool zero) {
  if (KR_UNLIKELY(kr_alloc_count == kr_alloc_fail_at && !kr_alloc_nofail))
    return kr_raise_nomem();
  void *p = block_alloc(n, zero);
  if (KR_UNLIKELY(!p))
    return kr_raise_nomem();
  kr_live_blocks++;
  return p;
}

void *kr_realloc(void *p, size_t n) {
  if (!p)
    return kr_alloc(n);
  if (KR_UNLIKELY(alloc_should_fail()))
    return kr_raise_nomem();
  void *q = block_realloc(p, n);
  if (KR_UNLIKELY(!q))
    return kr_raise_nomem();
  return q;
}

/* kr_free (kilnrt.h) of a block the page map does not know: malloc's. */
void kr_free_large(void *p) {
  kr_live_blocks--;
  free(p);
}
