/* platform.c — the system calls that differ between kiln's targets, behind
 * platform.h's kr_plat_ functions: POSIX first, then the fallback of the
 * targets without it (Windows through mingw-w64). */
#include "platform.h"
#if defined(__GLIBC__) && !defined(__EMSCRIPTEN__)
#include <pthread.h>
#endif

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool kr_plat_stack(uintptr_t *lo, size_t *size) {
#if defined(__GLIBC__) && !defined(__EMSCRIPTEN__)
  pthread_attr_t attr;
  void *addr;
  size_t n;
  if (pthread_getattr_np(pthread_self(), &attr) != 0)
    return false;
  int rc = pthread_attr_getstack(&attr, &addr, &n);
  pthread_attr_destroy(&attr);
  if (rc != 0 || n == 0)
    return false;
  *lo = (uintptr_t)addr;
  *size = n;
  return true;
#else
  (void)lo;
  (void)size;
  return false;
#endif
}

/* sysfs's cache size: "32K", "32768K", "1M" */
static size_t cache_size_of(const char *text) {
  char *end;
  unsigned long long n = strtoull(text, &end, 10);
  if (*end == 'K')
    n <<= 10;
  else if (*end == 'M')
    n <<= 20;
  return (size_t)n;
}

void kr_plat_caches(size_t size[3]) {
  size[0] = size[1] = size[2] = 0;
#if defined(__linux__)
  for (int i = 0; i < 16; i++) {
    char path[96], level[16] = "", type[32] = "", sz[32] = "";
    const char *field[3] = {"level", "type", "size"};
    char *into[3] = {level, type, sz};
    bool ok = true;
    for (int f = 0; f < 3 && ok; f++) {
      snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/%s", i, field[f]);
      FILE *fp = fopen(path, "r");
      ok = fp && fgets(into[f], 16, fp);
      if (fp)
        fclose(fp);
    }
    if (!ok)
      break;
    int lv = atoi(level);
    if (lv >= 1 && lv <= 3 && strncmp(type, "Instruction", 11) != 0)
      size[lv - 1] = cache_size_of(sz);
  }
#endif
#if defined(_SC_LEVEL1_DCACHE_SIZE) && defined(_SC_LEVEL2_CACHE_SIZE) && defined(_SC_LEVEL3_CACHE_SIZE)
  const int name[3] = {_SC_LEVEL1_DCACHE_SIZE, _SC_LEVEL2_CACHE_SIZE, _SC_LEVEL3_CACHE_SIZE};
  for (int lv = 0; lv < 3; lv++)
    if (!size[lv]) {
      long n = sysconf(name[lv]);
      size[lv] = n > 0 ? (size_t)n : 0;
    }
#endif
}

#if KR_HAVE_MMAP
#include <sys/mman.h>
#endif
#if KR_HAVE_PWD
#include <pwd.h>
#endif
#if defined(_WIN32)
#include <windows.h>
#endif

int kr_plat_ncpu(void) {
  long n;
#if defined(_WIN32)
  SYSTEM_INFO si;
  GetSystemInfo(&si);
  n = (long)si.dwNumberOfProcessors;
#else
  n = sysconf(_SC_NPROCESSORS_ONLN);
#endif
  return n > 0 ? (int)n : 1;
}

#if KR_HAVE_MMAP

void *kr_plat_map(int fd, size_t size) {
  void *p = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
  return p == MAP_FAILED ? NULL : p;
}

void kr_plat_unmap(void *p, size_t size) { munmap(p, size); }

#else

void *kr_plat_map(int fd, size_t size) {
  char *p = malloc(size);
  if (!p)
    return NULL;
  size_t got = 0;
  if (lseek(fd, 0, SEEK_SET) < 0)
    goto fail;
  while (got < size) {
    size_t want = size - got > (1u << 30) ? (1u << 30) : size - got;
    int n = read(fd, p + got, (unsigned)want);
    if (n < 0)
      goto fail;
    if (n == 0) { /* the file shrank under us */
      errno = EIO;
      goto fail;
    }
    got += (size_t)n;
  }
  return p;
fail:
  free(p);
  return NULL;
}

void kr_plat_unmap(void *p, size_t size) {
  (void)size;
  free(p);
}

#endif

const char *kr_plat_home_of(const char *name) {
  if (!name) {
    const char *home = getenv("HOME");
#if defined(_WIN32)
    if (!home)
      home = getenv("USERPROFILE");
#endif
    if (home)
      return home;
  }
#if KR_HAVE_PWD
  struct passwd *pw = name ? getpwnam(name) : getpwuid(getuid());
  return pw ? pw->pw_dir : NULL;
#else
  return NULL;
#endif
}

int kr_plat_mkdir(const char *path, int mode) {
#if defined(_WIN32)
  (void)mode;
  return mkdir(path);
#else
  return mkdir(path, (mode_t)mode);
#endif
}

char *kr_plat_print_to_string(void (*write)(FILE *f, void *arg), void *arg) {
#if defined(_WIN32)
  FILE *f = tmpfile();
  if (!f)
    return NULL;
  write(f, arg);
  long n = ftell(f);
  char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (text) {
    rewind(f);
    if (fread(text, 1, (size_t)n, f) != (size_t)n) {
      free(text);
      text = NULL;
    } else
      text[n] = 0;
  }
  fclose(f);
  return text;
#else
  char *text = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&text, &n);
  if (!f)
    return NULL;
  write(f, arg);
  if (fclose(f) != 0) {
    free(text);
    return NULL;
  }
  return text;
#endif
}

void *kr_plat_aligned_alloc(size_t align, size_t n) {
#if defined(_WIN32)
  return _aligned_malloc(n, align);
#else
  void *p;
  return posix_memalign(&p, align, n) == 0 ? p : NULL;
#endif
}

void kr_plat_aligned_free(void *p) {
#if defined(_WIN32)
  _aligned_free(p);
#else
  free(p);
#endif
}

#if defined(_WIN32)
void *kr_plat_memmem(const void *hay, size_t n, const void *needle, size_t m) {
  const char *h = hay;
  if (m == 0)
    return (void *)h;
  for (size_t i = 0; i + m <= n; i++) {
    const char *c = memchr(h + i, *(const char *)needle, n - m + 1 - i);
    if (!c)
      return NULL;
    i = (size_t)(c - h);
    if (!memcmp(c, needle, m))
      return (void *)c;
  }
  return NULL;
}

void *kr_plat_memrchr(const void *s, int c, size_t n) {
  const unsigned char *p = s;
  while (n--)
    if (p[n] == (unsigned char)c)
      return (void *)(p + n);
  return NULL;
}
#endif
