/* tokcache.c — tokenizer models kept on disk between runs (see tokenizer.h).
 *
 * Building a big model from tokenizer.json is most of a cold start: Gemma
 * 3's file has 262k vocabulary entries and 515k merges, and each merge is
 * three lookups in tables far bigger than the caches. The built model is
 * plain tables (tokmodel.c's image), so the first load writes them to
 * <cache>/tokenizers/<hash>-<length>.v<version>.bin and later loads map it and
 * use the tables in place; the JSON parse skips model.vocab and
 * model.merges (their byte spans are in the entry).
 *
 * Correctness rests on the key: a 64-bit hash of the whole text and its
 * length, computed at every load, so a changed file misses and is built
 * again (and the entry written afresh). An entry is trusted only if its
 * header matches and the checksum of its body is right; anything else is a
 * miss. Entries are written to a temporary name and renamed, so a reader
 * never sees half of one. Failing to write (no home, a read-only disk) is
 * not an error: the next run builds again. */
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "platform.h"
#include "tokenizer.h"

/* A 64-bit hash of s, four 64-bit lanes at a time (multiply, rotate; the
 * lanes folded and mixed at the end). Fast enough to run on every load
 * (33 MB in a few milliseconds); not for adversaries. */
static uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
static uint64_t load64(const char *s) { uint64_t v; memcpy(&v, s, 8); return v; }
#define P1 0x9E3779B185EBCA87ull
#define P2 0xC2B2AE3D27D4EB4Full

uint64_t tc_hash(const char *s, size_t len) {
  uint64_t a[4] = {P1, P2, ~P1, ~P2};
  size_t i = 0;
  for (; i + 32 <= len; i += 32)
    for (int l = 0; l < 4; l++) a[l] = rotl(a[l] + load64(s + i + 8 * l) * P2, 31) * P1;
  uint64_t h = (uint64_t)len * P1;
  for (int l = 0; l < 4; l++) h = rotl(h ^ a[l], 27) * P2 + P1;
  for (; i < len; i++) h = (h ^ (uint8_t)s[i]) * P1;
  h ^= h >> 33, h *= P2, h ^= h >> 29, h *= P1, h ^= h >> 32;
  return h;
}

/* The entry's header; the body (tokmodel.c's image) follows it. */
typedef struct TcHeader {
  char magic[8];      /* "kilntok" and the format's version */
  uint64_t text_hash, text_len;
  uint64_t body_len, body_hash;
  TjSkip spans;
} TcHeader;
/* The format's version is in the magic and in the file name, so programs
 * built by kilns of different formats keep entries of their own instead of
 * rewriting each other's. Change it with TcHeader or tokmodel.c's TmImage,
 * or with what a table's entries mean. */
#define TC_VERSION "1"
static const char MAGIC[8] = "kilntk" TC_VERSION;

/* The entry's path, or 0 if there is no cache folder. */
static int entry_path(char *out, size_t n, uint64_t hash, size_t len, int make) {
  const char *dir = getenv("KILN_CACHE_DIR"), *sub = "tokenizers";
  char base[4096];
  if (dir) {
    if (!dir[0]) return 0;
    snprintf(base, sizeof base, "%s", dir);
  } else if ((dir = getenv("XDG_CACHE_HOME")) && dir[0]) {
    snprintf(base, sizeof base, "%s/kiln", dir);
  } else if ((dir = getenv("HOME")) && dir[0]) {
    snprintf(base, sizeof base, "%s/.cache/kiln", dir);
  } else {
    return 0;
  }
  if (make) { /* each level, as mkdir -p does; failures show when the file is created */
    for (char *q = base + 1; *q; q++)
      if (*q == '/') *q = 0, kr_plat_mkdir(base, 0755), *q = '/';
    kr_plat_mkdir(base, 0755);
  }
  int w = snprintf(out, n, "%s/%s", base, sub);
  if (w < 0 || (size_t)w >= n) return 0;
  if (make) kr_plat_mkdir(out, 0755);
  w = snprintf(out, n, "%s/%s/%016llx-%llu.v" TC_VERSION ".bin", base, sub, (unsigned long long)hash,
               (unsigned long long)len);
  return w > 0 && (size_t)w < n;
}

TkModel *tc_load(size_t len, uint64_t hash, TjSkip *spans) {
  char path[4200], err[TK_ERRLEN];
  if (!entry_path(path, sizeof path, hash, len, 0)) return NULL;
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_BINARY);
  if (fd < 0) return NULL;
  struct stat st;
  if (fstat(fd, &st) < 0 || st.st_size < (off_t)sizeof(TcHeader)) { close(fd); return NULL; }
  size_t n = (size_t)st.st_size;
  char *map = kr_plat_map(fd, n); /* the tables are used in place, read-only */
  close(fd);
  if (!map) return NULL;
  TcHeader h;
  memcpy(&h, map, sizeof h);
  TkModel *m = NULL;
  if (!memcmp(h.magic, MAGIC, 8) && h.text_hash == hash && h.text_len == len && h.body_len == n - sizeof h &&
      tc_hash(map + sizeof h, n - sizeof h) == h.body_hash && h.spans.skip == 0) {
    int ok = 1;
    for (int i = 0; i < 2; i++) /* a span is where a value of the text is, or absent */
      ok &= (h.spans.start[i] == -1 && h.spans.end[i] == -1) ||
            (h.spans.start[i] >= 0 && h.spans.start[i] < h.spans.end[i] && (uint64_t)h.spans.end[i] <= len);
    if (ok) m = tm_image_open(map + sizeof h, n - sizeof h, map, n, err);
  }
  if (!m) { kr_plat_unmap(map, n); return NULL; }
  *spans = h.spans;
  spans->skip = 1;
  return m;
}

void tc_save(const TkModel *m, size_t len, uint64_t hash, const TjSkip *spans) {
  char path[4200], tmp[4300];
  if (!entry_path(path, sizeof path, hash, len, 1)) return;
  size_t body = tm_image_size(m);
  char *buf = tk_malloc(sizeof(TcHeader) + body);
  if (!buf) return;
  TcHeader h;
  memset(&h, 0, sizeof h);
  memcpy(h.magic, MAGIC, 8);
  h.text_hash = hash, h.text_len = len, h.body_len = body, h.spans = *spans, h.spans.skip = 0;
  tm_image_write(m, buf + sizeof h);
  h.body_hash = tc_hash(buf + sizeof h, body);
  memcpy(buf, &h, sizeof h);
  static _Atomic unsigned serial; /* two threads of one process may write the same entry */
  snprintf(tmp, sizeof tmp, "%s.%ld.%u.tmp", path, (long)getpid(), serial++);
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_BINARY, 0644);
  if (fd >= 0) {
    size_t done = 0, total = sizeof h + body;
    while (done < total) {
      ssize_t w = write(fd, buf + done, total - done);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) break;
      done += (size_t)w;
    }
    if (close(fd) == 0 && done == total) rename(tmp, path);
    else unlink(tmp);
  }
  free(buf);
}
