/* platform.h — the one place where kiln's targets differ (an internal
 * header: generated code does not see it).
 *
 * The runtime is written against POSIX and builds unchanged for Linux on
 * x86-64 and aarch64. Two targets lack parts of it:
 *   - Windows (x86_64-w64-mingw32): no mmap, no <pwd.h>, no sysconf's
 *     processor count, some errno names; pthreads come from mingw-w64's
 *     winpthreads, clock_gettime too.
 *   - WebAssembly (wasm32-emscripten): 32-bit pointers (the pooled
 *     allocator's page map assumes 64-bit addresses) and one thread
 *     (pthread_create fails, so the worker pool stays at the calling
 *     thread, which threads.c already allows for).
 * Each difference is a KR_HAVE_ flag or a kr_plat_ function here, implemented
 * in platform.c, so the rest of the runtime has no #ifdef on the system.
 * CPU-specific kernels (gemm_x86.c, the NEON paths) test the architecture
 * themselves: that is a matter of the instruction set, not of the system.
 */
#ifndef KILNRT_PLATFORM_H
#define KILNRT_PLATFORM_H

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define KR_HAVE_MMAP 0 /* no mmap: files are read into memory */
#define KR_HAVE_PWD 0  /* no password database: ~user is left as it is */
#else
#define KR_HAVE_MMAP 1
#define KR_HAVE_PWD 1
#endif

/* The pooled small-block allocator (alloc.c) maps 2 MiB chunks and keeps a
 * page map indexed by 48-bit addresses: 64-bit POSIX targets only. */
#if KR_HAVE_MMAP && UINTPTR_MAX > 0xffffffffu
#define KR_HAVE_POOL 1
#else
#define KR_HAVE_POOL 0
#endif

/* open(2) flags a system may not have. */
#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif
#ifndef O_BINARY
#define O_BINARY 0 /* only Windows tells text from binary files */
#endif
/* errno names a system may not have: a value errno never takes, so the
 * switch that maps errno to OSError's subclasses keeps one case per name */
#ifndef ESHUTDOWN
#define ESHUTDOWN (-108)
#endif

#include <stdio.h>

/* GNU and POSIX functions Windows' C library lacks: platform.c's own under
 * the same names (the runtime's files that use them include this header). */
#if defined(_WIN32)
#define memmem kr_plat_memmem
#define memrchr kr_plat_memrchr
#define getc_unlocked _getc_nolock
void *kr_plat_memmem(const void *hay, size_t n, const void *needle, size_t m);
void *kr_plat_memrchr(const void *s, int c, size_t n);
#endif

/* The processors online, at least 1. */
int kr_plat_ncpu(void);

/* The data caches one core sees, in bytes: size[0] L1d, size[1] L2,
 * size[2] L3 (the whole of it, shared by the cores that share it); 0 for a
 * level the system does not report. Linux's sysfs first (what cpuid leaf 4
 * / 0x8000001D says), then sysconf where the C library has the names. */
void kr_plat_caches(size_t size[3]);

/* The calling thread's stack: its lowest address and size; false where the
 * system does not say (then only the depth limit guards recursion). */
bool kr_plat_stack(uintptr_t *lo, size_t *size);

/* The whole of the open file fd (size bytes, size > 0), read-only: mapped
 * where the system maps files, else read into memory. NULL with errno set
 * on failure. kr_plat_unmap gives it back. */
void *kr_plat_map(int fd, size_t size);
void kr_plat_unmap(void *p, size_t size);

/* The home folder of the user named name (NUL-terminated), or NULL; of the
 * current user when name is NULL ($HOME first, as CPython's expanduser). */
const char *kr_plat_home_of(const char *name);

/* mkdir(path, mode); Windows' mkdir takes no mode. */
int kr_plat_mkdir(const char *path, int mode);

/* What write(f, arg) prints, as a malloc'ed NUL-terminated string, or NULL
 * (open_memstream where the C library has it, a temporary file elsewhere). */
char *kr_plat_print_to_string(void (*write)(FILE *f, void *arg), void *arg);

/* n bytes aligned to align (a power of two, a multiple of sizeof(void *)),
 * freed with kr_plat_aligned_free; NULL when out of memory. */
void *kr_plat_aligned_alloc(size_t align, size_t n);
void kr_plat_aligned_free(void *p);

#endif
