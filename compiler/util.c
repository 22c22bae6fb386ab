/* util.c — arenas, growable buffers, pointer vectors, identifier interning,
 * file reading and UTF-8 decoding: the small pieces every stage uses. */
#include "kilnc.h"

#include <errno.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) {
    fprintf(stderr, "kiln: out of memory\n");
    abort();
  }
  return p;
}

void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p) {
    fprintf(stderr, "kiln: out of memory\n");
    abort();
  }
  return p;
}

/* ---- arena: a list of chunks; big requests get a chunk of their own */

typedef struct Chunk {
  struct Chunk *next;
  size_t used, size;
  _Alignas(16) char data[];
} Chunk;

struct Arena {
  Chunk *head;
};

enum { CHUNK_SIZE = 256 * 1024 };

Arena *arena_new(void) {
  Arena *a = xmalloc(sizeof *a);
  a->head = NULL;
  return a;
}

void *arena_alloc(Arena *a, size_t n) {
  n = (n + 15) & ~(size_t)15;
  Chunk *c = a->head;
  if (!c || c->size - c->used < n) {
    size_t size = n > CHUNK_SIZE / 4 ? n : CHUNK_SIZE;
    Chunk *nc = xmalloc(sizeof *nc + size);
    nc->used = 0;
    nc->size = size;
    if (c && size != CHUNK_SIZE) { /* keep bump-allocating from the current chunk */
      nc->next = c->next;
      c->next = nc;
    } else {
      nc->next = c;
      a->head = nc;
    }
    c = nc;
  }
  void *p = c->data + c->used;
  c->used += n;
  memset(p, 0, n);
  return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n) {
  char *p = arena_alloc(a, n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

void arena_reset(Arena *a) {
  Chunk *keep = NULL;
  for (Chunk *c = a->head, *next; c; c = next) {
    next = c->next;
    if (!keep && c->size == CHUNK_SIZE) {
      keep = c;
      keep->used = 0;
    } else {
      free(c);
    }
  }
  if (keep)
    keep->next = NULL;
  a->head = keep;
}

void arena_free(Arena *a) {
  for (Chunk *c = a->head, *next; c; c = next) {
    next = c->next;
    free(c);
  }
  free(a);
}

/* ---- Buf */

static void buf_grow(Buf *b, size_t extra) {
  if (b->len + extra + 1 <= b->cap)
    return;
  size_t cap = b->cap ? b->cap * 2 : 64;
  while (cap < b->len + extra + 1)
    cap *= 2;
  b->data = xrealloc(b->data, cap);
  b->cap = cap;
}

void buf_putn(Buf *b, const char *s, size_t n) {
  buf_grow(b, n);
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = 0;
}

void buf_putc(Buf *b, int c) {
  buf_grow(b, 1);
  b->data[b->len++] = (char)c;
  b->data[b->len] = 0;
}

void buf_puts(Buf *b, const char *s) { buf_putn(b, s, strlen(s)); }

void buf_printf(Buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  buf_grow(b, (size_t)n);
  va_start(ap, fmt);
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

void buf_put_utf8(Buf *b, uint32_t cp) {
  char s[4];
  int n;
  if (cp < 0x80) {
    s[0] = (char)cp;
    n = 1;
  } else if (cp < 0x800) {
    s[0] = (char)(0xC0 | (cp >> 6));
    s[1] = (char)(0x80 | (cp & 0x3F));
    n = 2;
  } else if (cp < 0x10000) {
    s[0] = (char)(0xE0 | (cp >> 12));
    s[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    s[2] = (char)(0x80 | (cp & 0x3F));
    n = 3;
  } else {
    s[0] = (char)(0xF0 | (cp >> 18));
    s[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    s[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    s[3] = (char)(0x80 | (cp & 0x3F));
    n = 4;
  }
  buf_putn(b, s, (size_t)n);
}

void buf_free(Buf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

/* ---- Vec */

void vec_push(Vec *v, void *p) {
  if (v->len == v->cap) {
    v->cap = v->cap ? v->cap * 2 : 8;
    v->items = xrealloc(v->items, (size_t)v->cap * sizeof *v->items);
  }
  v->items[v->len++] = p;
}

void **vec_to_arena(Arena *a, Vec *v) {
  void **items = NULL;
  if (v->len) {
    items = arena_alloc(a, (size_t)v->len * sizeof *items);
    memcpy(items, v->items, (size_t)v->len * sizeof *items);
  }
  free(v->items);
  v->items = NULL;
  v->cap = 0;
  return items;
}

/* ---- interning: open addressing, FNV-1a hashes, never shrinks */

static Ident **itab;
static size_t itab_cap, itab_len;
static Arena *iarena;

static uint32_t fnv1a(const char *s, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (uint8_t)s[i]) * 16777619u;
  return h;
}

Ident *intern(const char *s, size_t n) {
  if (itab_len * 2 >= itab_cap) {
    size_t cap = itab_cap ? itab_cap * 2 : 1024;
    Ident **t = calloc(cap, sizeof *t);
    if (!t)
      abort();
    for (size_t i = 0; i < itab_cap; i++) {
      Ident *id = itab[i];
      if (!id)
        continue;
      size_t j = id->hash & (cap - 1);
      while (t[j])
        j = (j + 1) & (cap - 1);
      t[j] = id;
    }
    free(itab);
    itab = t;
    itab_cap = cap;
    if (!iarena)
      iarena = arena_new();
  }
  uint32_t h = fnv1a(s, n);
  size_t j = h & (itab_cap - 1);
  for (Ident *id; (id = itab[j]); j = (j + 1) & (itab_cap - 1))
    if (id->hash == h && id->len == n && memcmp(id->str, s, n) == 0)
      return id;
  Ident *id = arena_alloc(iarena, sizeof *id + n + 1);
  id->hash = h;
  id->len = (uint32_t)n;
  memcpy(id->str, s, n);
  id->str[n] = 0;
  itab[j] = id;
  itab_len++;
  return id;
}

/* ---- files */

char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  Buf b = {0};
  char tmp[65536];
  size_t n;
  while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
    buf_putn(&b, tmp, n);
  int err = ferror(f);
  fclose(f);
  if (err) {
    buf_free(&b);
    errno = EIO;
    return NULL;
  }
  if (!b.data)
    buf_putn(&b, "", 0), b.data = xmalloc(1), b.data[0] = 0;
  *len = b.len;
  return b.data;
}

/* ---- UTF-8 */

int utf8_decode(const char *str, size_t n, uint32_t *cp) {
  const unsigned char *s = (const unsigned char *)str;
  if (n == 0)
    return 0;
  unsigned c = s[0];
  if (c < 0x80) {
    *cp = c;
    return 1;
  }
  int len;
  uint32_t v, min;
  if ((c & 0xE0) == 0xC0) {
    len = 2, v = c & 0x1F, min = 0x80;
  } else if ((c & 0xF0) == 0xE0) {
    len = 3, v = c & 0x0F, min = 0x800;
  } else if ((c & 0xF8) == 0xF0) {
    len = 4, v = c & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if ((size_t)len > n)
    return 0;
  for (int i = 1; i < len; i++) {
    if ((s[i] & 0xC0) != 0x80)
      return 0;
    v = (v << 6) | (s[i] & 0x3F);
  }
  if (v < min || v > 0x10FFFF)
    return 0;
  *cp = v;
  return len;
}

/* ---- time: a monotonic clock in seconds, for -v timings */

double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool c_ident_char(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

size_t c_token_end(const char *s, size_t n, size_t i, bool *ident) {
  char c = s[i];
  size_t j = i + 1;
  *ident = false;
  if (c == '"' || c == '\'') {
    while (j < n && s[j] != c)
      j += s[j] == '\\' ? 2 : 1;
    return j < n ? j + 1 : n;
  }
  if (c == '/' && j < n && s[j] == '*') {
    const char *e = strstr(s + i + 2, "*/");
    return e ? (size_t)(e - s) + 2 : n;
  }
  if (c_ident_char(c) && !(c >= '0' && c <= '9')) {
    while (j < n && c_ident_char(s[j]))
      j++;
    *ident = true;
  }
  return j;
}
