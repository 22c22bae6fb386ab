/* format_driver.c — runs str.format and str.format_map cases of
 * tests/runtime/test_format.py through libkilnrt, one case a line, and
 * prints one result line each.
 *
 * A case:
 *   F FMT NPOS VALUE... NKW NAME VALUE ...   FMT.format(*values, **kw)
 *   M FMT VALUE                              FMT.format_map(VALUE)
 * FMT and NAME are s:HEX (the str's WTF-8 bytes in hex). Values:
 *   i:N  f:HEX (the float's 64 bits)  b:0/1   unboxed int, float, bool
 *   Oi:N Of:HEX Ob:0/1                       the same, boxed (KR_OBJ)
 *   n  None     s:HEX  a str     y:HEX  bytes     R A B C  range(A, B, C)
 *   ( VALUE... )                             a tuple (each item its own kind)
 *   [ K VALUE... ]                           a list of kind K (I F B O)
 *   D{ KK VK KEY VALUE ... }                 a dict, keys and values of kinds KK, VK
 * The result is s:HEX or E:Type:HEX (the exception's type and str in hex).
 * After the call the driver checks that the live object and block counts
 * are back where they were, else it appends " LEAK(objects,blocks)".
 *
 * With KR_OOM=N in the environment, each case is run again failing its
 * 1st, 2nd, ... allocation (at most N runs, spread over all of them): each
 * run must give the normal result or MemoryError and leak nothing, else
 * " OOM(k:result)" is appended.
 */
#include "kilnrt.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- output text (plain malloc: the driver's own memory is not counted) */

typedef struct Out {
  char *p;
  size_t n, cap;
} Out;

static void out_putn(Out *o, const char *s, size_t n) {
  if (o->n + n + 1 > o->cap) {
    o->cap = (o->n + n + 1) * 2;
    o->p = realloc(o->p, o->cap);
    if (!o->p)
      abort();
  }
  memcpy(o->p + o->n, s, n);
  o->n += n;
  o->p[o->n] = 0;
}
static void out_puts(Out *o, const char *s) { out_putn(o, s, strlen(s)); }
static void out_hex(Out *o, const char *s, size_t n) {
  static const char hx[] = "0123456789abcdef";
  for (size_t i = 0; i < n; i++) {
    char t[2] = {hx[(unsigned char)s[i] >> 4], hx[(unsigned char)s[i] & 15]};
    out_putn(o, t, 2);
  }
}

/* A str result (stolen), or the pending exception when it is NULL. */
static void out_result(Out *o, KrObj *s) {
  if (s) {
    out_puts(o, "s:");
    out_hex(o, kr_str_data(s), (size_t)kr_str_bytes(s));
    kr_decref(s);
    return;
  }
  KrObj *e = kr_exc_fetch();
  if (!e) {
    out_puts(o, "NULL-WITHOUT-EXCEPTION");
    return;
  }
  out_puts(o, "E:");
  out_puts(o, e->type->name);
  out_puts(o, ":");
  KrObj *m = kr_exc_str(e);
  if (m) {
    out_hex(o, kr_str_data(m), (size_t)kr_str_bytes(m));
    kr_decref(m);
  } else {
    kr_exc_clear();
    out_puts(o, "STR-FAILED");
  }
  kr_decref(e);
}

/* ---- values */

static char **toks;
static int ntoks, tokpos;

static const char *next_tok(void) {
  if (tokpos >= ntoks) {
    fprintf(stderr, "format_driver: line ends early\n");
    exit(2);
  }
  return toks[tokpos++];
}

static int hexnib(char c) { return c <= '9' ? c - '0' : (c | 32) - 'a' + 10; }

/* The bytes of a HEX token (malloc'ed, NUL-terminated), their count in *n. */
static char *unhex(const char *h, int64_t *n) {
  size_t len = strlen(h) / 2;
  char *p = malloc(len + 1);
  for (size_t i = 0; i < len; i++)
    p[i] = (char)(hexnib(h[2 * i]) << 4 | hexnib(h[2 * i + 1]));
  p[len] = 0;
  *n = (int64_t)len;
  return p;
}

static KrObj *str_of_hex(const char *h) {
  int64_t n;
  char *p = unhex(h, &n);
  KrObj *s = kr_str_new(p, n);
  free(p);
  return s;
}

static double float_of_hex(const char *h) {
  uint64_t bits = strtoull(h, NULL, 16);
  double d;
  memcpy(&d, &bits, sizeof d);
  return d;
}

static ValKind kind_letter(const char *t) {
  switch (t[0]) {
  case 'I': return KR_INT;
  case 'F': return KR_FLOAT;
  case 'B': return KR_BOOL;
  default: return KR_OBJ;
  }
}

/* An owned value of kind from, as kind to (owned). */
static KrVal convert(KrVal v, ValKind from, ValKind to) {
  if (from == to)
    return v;
  if (to == KR_OBJ)
    return (KrVal){.o = kr_val_box(v, from)};
  if (from == KR_OBJ) {
    KrVal r = kr_val_unbox(v.o, to);
    kr_decref(v.o);
    return r;
  }
  fprintf(stderr, "format_driver: bad kind conversion %d -> %d\n", from, to);
  exit(2);
}

static KrArg parse_value(void);

/* Items up to the closing token, converted to kind k (k < 0: each keeps
 * its own kind, stored in kinds). A malloc'ed array of owned values. */
static KrVal *parse_items(const char *close, int k, int64_t *n, uint8_t **kinds) {
  KrVal *items = malloc(sizeof(KrVal) * 256);
  uint8_t *ks = malloc(256);
  *n = 0;
  while (strcmp(toks[tokpos], close) != 0) {
    KrArg a = parse_value();
    if (*n == 256) {
      fprintf(stderr, "format_driver: container too long\n");
      exit(2);
    }
    if (k >= 0)
      a.v = convert(a.v, a.k, (ValKind)k), a.k = (ValKind)k;
    items[*n] = a.v;
    ks[(*n)++] = (uint8_t)a.k;
  }
  tokpos++;
  if (kinds)
    *kinds = ks;
  else
    free(ks);
  return items;
}

static void release_items(KrVal *items, int64_t n, ValKind k, const uint8_t *kinds) {
  for (int64_t i = 0; i < n; i++)
    kr_val_decref(items[i], kinds ? (ValKind)kinds[i] : k);
  free(items);
}

static KrArg parse_value(void) {
  const char *t = next_tok();
  KrArg a = {{0}, KR_OBJ};
  bool boxed = t[0] == 'O';
  if (boxed)
    t++;
  if (strncmp(t, "i:", 2) == 0) {
    a.v.i = strtoll(t + 2, NULL, 10);
    a.k = KR_INT;
  } else if (strncmp(t, "f:", 2) == 0) {
    a.v.f = float_of_hex(t + 2);
    a.k = KR_FLOAT;
  } else if (strncmp(t, "b:", 2) == 0) {
    a.v.b = t[2] == '1';
    a.k = KR_BOOL;
  } else if (strcmp(t, "n") == 0) {
    a.v.o = kr_None;
  } else if (strncmp(t, "s:", 2) == 0) {
    a.v.o = str_of_hex(t + 2);
  } else if (strncmp(t, "y:", 2) == 0) {
    int64_t n;
    char *p = unhex(t + 2, &n);
    a.v.o = kr_bytes_new(p, n);
    free(p);
  } else if (strcmp(t, "R") == 0) {
    int64_t start = strtoll(next_tok(), NULL, 10), stop = strtoll(next_tok(), NULL, 10);
    a.v.o = kr_range_new(start, stop, strtoll(next_tok(), NULL, 10));
  } else if (strcmp(t, "(") == 0) {
    int64_t n;
    uint8_t *kinds;
    KrVal *items = parse_items(")", -1, &n, &kinds);
    a.v.o = kr_tuple_pack(n, items, kinds);
    release_items(items, n, KR_OBJ, kinds);
    free(kinds);
  } else if (strcmp(t, "[") == 0) {
    ValKind k = kind_letter(next_tok());
    int64_t n;
    KrVal *items = parse_items("]", (int)k, &n, NULL);
    a.v.o = kr_list_from(k, items, n);
    release_items(items, n, k, NULL);
  } else if (strcmp(t, "D{") == 0) {
    ValKind kk = kind_letter(next_tok()), vk = kind_letter(next_tok());
    int64_t n;
    uint8_t *kinds;
    KrVal *items = parse_items("}", -1, &n, &kinds);
    int64_t m = n / 2;
    KrVal *keys = malloc(sizeof(KrVal) * (size_t)(m + 1)), *vals = malloc(sizeof(KrVal) * (size_t)(m + 1));
    for (int64_t i = 0; i < m; i++) {
      keys[i] = convert(items[2 * i], (ValKind)kinds[2 * i], kk);
      vals[i] = convert(items[2 * i + 1], (ValKind)kinds[2 * i + 1], vk);
    }
    free(items);
    free(kinds);
    a.v.o = kr_dict_from_items(kk, vk, keys, vals, m);
    release_items(keys, m, kk, NULL);
    release_items(vals, m, vk, NULL);
  } else {
    fprintf(stderr, "format_driver: bad value token %s\n", t);
    exit(2);
  }
  if (a.k == KR_OBJ && !a.v.o) {
    fprintf(stderr, "format_driver: could not build a value\n");
    exit(2);
  }
  if (boxed)
    a.v.o = kr_val_box(a.v, a.k), a.k = KR_OBJ;
  return a;
}

/* ---- cases */

typedef struct Case {
  bool map;
  KrObj *fmt;
  KrArg args[64];
  int64_t n;
  KrObj *kwnames[64];
  KrArg kwargs[64];
  int64_t nkw;
  KrArg mapping;
} Case;

static void parse_case(Case *c) {
  const char *what = next_tok();
  c->map = strcmp(what, "M") == 0;
  const char *f = next_tok();
  c->fmt = str_of_hex(f + 2);
  c->n = c->nkw = 0;
  if (c->map) {
    c->mapping = parse_value();
    return;
  }
  c->n = strtoll(next_tok(), NULL, 10);
  for (int64_t i = 0; i < c->n; i++)
    c->args[i] = parse_value();
  c->nkw = strtoll(next_tok(), NULL, 10);
  for (int64_t i = 0; i < c->nkw; i++) {
    c->kwnames[i] = str_of_hex(next_tok() + 2);
    c->kwargs[i] = parse_value();
  }
}

static void free_case(Case *c) {
  kr_decref(c->fmt);
  for (int64_t i = 0; i < c->n; i++)
    kr_val_decref(c->args[i].v, c->args[i].k);
  for (int64_t i = 0; i < c->nkw; i++) {
    kr_decref(c->kwnames[i]);
    kr_val_decref(c->kwargs[i].v, c->kwargs[i].k);
  }
  if (c->map)
    kr_val_decref(c->mapping.v, c->mapping.k);
}

static KrObj *run_case(Case *c) {
  if (c->map)
    return kr_str_format_map(c->fmt, c->mapping.v.o);
  return kr_str_format(c->fmt, c->args, c->n, c->kwnames, c->kwargs, c->nkw);
}

/* Run the case failing its fail_at-th allocation (0: none); the result
 * goes to o, a leak is appended. Returns whether it leaked. */
static bool run_once(Case *c, Out *o, int64_t fail_at) {
  int64_t objs = kr_live_objects, blocks = kr_live_blocks;
  kr_alloc_fail_at = fail_at ? kr_alloc_count + fail_at : 0;
  KrObj *r = run_case(c);
  kr_alloc_fail_at = 0;
  out_result(o, r);
  if (kr_failed()) { /* a result and an exception: the call must not leave one pending */
    out_puts(o, " PENDING:");
    out_result(o, NULL);
  }
  if (kr_live_objects == objs && kr_live_blocks == blocks)
    return false;
  char t[64];
  snprintf(t, sizeof t, " LEAK(%" PRId64 ",%" PRId64 ")", kr_live_objects - objs, kr_live_blocks - blocks);
  out_puts(o, t);
  return true;
}

int main(void) {
  const char *oom = getenv("KR_OOM");
  int64_t max_runs = oom ? atoll(oom) : 0;
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  Out o = {0}, o2 = {0};
  static char *tokv[100000];
  static Case c;
  /* warm the runtime's caches (the empty str, one-character strs), which
   * live for the whole run */
  for (int ch = 0; ch < 128; ch++)
    kr_decref(kr_str_chr(ch));
  kr_str_empty();
  while ((len = getline(&line, &cap, stdin)) > 0) {
    if (line[len - 1] == '\n')
      line[--len] = 0;
    ntoks = tokpos = 0;
    for (char *p = strtok(line, " "); p && ntoks < 100000; p = strtok(NULL, " "))
      tokv[ntoks++] = p;
    toks = tokv;
    if (ntoks == 0)
      continue;
    parse_case(&c);
    o.n = 0;
    out_puts(&o, "");
    int64_t count0 = kr_alloc_count;
    run_once(&c, &o, 0);
    int64_t allocs = kr_alloc_count - count0;
    int64_t step = max_runs > 0 && allocs > max_runs ? allocs / max_runs : 1;
    for (int64_t k = 1; max_runs > 0 && k <= allocs; k += step) {
      o2.n = 0;
      out_puts(&o2, "");
      bool leak = run_once(&c, &o2, k);
      bool ok = strcmp(o2.p, o.p) == 0 || strcmp(o2.p, "E:MemoryError:") == 0;
      if (!ok || leak) {
        char t[64];
        snprintf(t, sizeof t, " OOM(%" PRId64 ":", k);
        out_puts(&o, t);
        out_puts(&o, o2.p);
        out_puts(&o, ")");
        break;
      }
    }
    free_case(&c);
    fputs(o.p, stdout);
    fputc('\n', stdout);
  }
  free(line);
  free(o.p);
  free(o2.p);
  return 0;
}
