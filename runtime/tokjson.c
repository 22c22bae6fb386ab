/* tokjson.c — a small JSON reader for tokenizer.json (tokenizer.c).
 *
 * Tokenizer files are big (Gemma 3's is 33 MB: 262k vocabulary entries and
 * 515k merges), and the loader only walks them once, so this is a plain
 * tree parser that puts every node and every decoded string into one arena
 * freed whole when loading ends. It is not json.c (which builds runtime
 * dicts and lists with CPython's exact errors): here the point is speed and
 * a clear message ("FILE: invalid JSON at byte N: ...") for a bad file.
 * Strings are decoded to UTF-8; lone surrogate escapes become U+FFFD. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tokenizer.h"

typedef struct Chunk { struct Chunk *next; size_t used, cap; char data[]; } Chunk;

struct TjArena { Chunk *head; };

static void *tj_alloc(TjArena *a, size_t n) {
  n = (n + 7) & ~(size_t)7;
  Chunk *c = a->head;
  if (!c || c->used + n > c->cap) {
    size_t cap = n > (1u << 20) ? n : (1u << 20);
    c = malloc(sizeof(Chunk) + cap);
    if (!c) return NULL;
    c->next = a->head, c->used = 0, c->cap = cap;
    a->head = c;
  }
  void *p = c->data + c->used;
  c->used += n;
  return p;
}

void tj_free(TjArena *a) {
  if (!a) return;
  for (Chunk *c = a->head, *n; c; c = n) n = c->next, free(c);
  free(a);
}

typedef struct {
  const char *s, *end, *p;
  TjArena *a;
  char *err; /* error message buffer (TK_ERRLEN) */
  int depth;
  /* the items (and keys) of the containers being parsed, innermost last: one
   * stack for all of them, so a container costs no allocation of its own */
  TjNode **items;
  const char **keys;
  int64_t n, cap;
  TjSkip *spans;  /* NULL, or where model.vocab and model.merges lie (noted, or skipped) */
  int in_model;   /* parsing the value of the top object's first "model" */
} P;

static int stack_push(P *p, TjNode *v, const char *k) {
  if (p->n == p->cap) {
    int64_t nc = p->cap ? p->cap * 2 : 1024;
    TjNode **ni = realloc(p->items, sizeof(TjNode *) * (size_t)nc);
    if (!ni) return -1;
    p->items = ni;
    const char **nk = realloc(p->keys, sizeof(char *) * (size_t)nc);
    if (!nk) return -1;
    p->keys = nk, p->cap = nc;
  }
  p->items[p->n] = v, p->keys[p->n] = k, p->n++;
  return 0;
}

static TjNode *fail(P *p, const char *msg) {
  if (!p->err[0]) snprintf(p->err, TK_ERRLEN, "invalid JSON at byte %lld: %s", (long long)(p->p - p->s), msg);
  return NULL;
}

static void ws(P *p) {
  while (p->p < p->end && (*p->p == ' ' || *p->p == '\n' || *p->p == '\r' || *p->p == '\t')) p->p++;
}

static int hex4(const char *q) {
  int v = 0;
  for (int i = 0; i < 4; i++) {
    char c = q[i];
    v <<= 4;
    if (c >= '0' && c <= '9') v |= c - '0';
    else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
    else return -1;
  }
  return v;
}

static char *put_utf8(char *o, unsigned c) {
  if (c < 0x80) *o++ = (char)c;
  else if (c < 0x800) *o++ = (char)(0xC0 | c >> 6), *o++ = (char)(0x80 | (c & 0x3F));
  else if (c < 0x10000) *o++ = (char)(0xE0 | c >> 12), *o++ = (char)(0x80 | (c >> 6 & 0x3F)), *o++ = (char)(0x80 | (c & 0x3F));
  else *o++ = (char)(0xF0 | c >> 18), *o++ = (char)(0x80 | (c >> 12 & 0x3F)), *o++ = (char)(0x80 | (c >> 6 & 0x3F)), *o++ = (char)(0x80 | (c & 0x3F));
  return o;
}

/* string -> '"' chars '"'; p->p at the opening quote */
static int parse_str(P *p, const char **out, int32_t *outlen) {
  const char *q = ++p->p;
  while (q < p->end && *q != '"' && *q != '\\') q++;
  if (q < p->end && *q == '"') { /* no escapes: copy as is */
    size_t n = (size_t)(q - p->p);
    char *d = tj_alloc(p->a, n + 1);
    if (!d) return fail(p, "out of memory"), -1;
    memcpy(d, p->p, n), d[n] = 0;
    *out = d, *outlen = (int32_t)n, p->p = q + 1;
    return 0;
  }
  const char *e = q;
  while (e < p->end && *e != '"') e += (*e == '\\') ? 2 : 1;
  if (e >= p->end) return fail(p, "unterminated string"), -1;
  char *d = tj_alloc(p->a, (size_t)(e - p->p) + 1), *o = d;
  if (!d) return fail(p, "out of memory"), -1;
  const char *r = p->p;
  while (r < e) {
    if (*r != '\\') { *o++ = *r++; continue; }
    r++;
    switch (*r++) {
    case '"': *o++ = '"'; break;
    case '\\': *o++ = '\\'; break;
    case '/': *o++ = '/'; break;
    case 'b': *o++ = '\b'; break;
    case 'f': *o++ = '\f'; break;
    case 'n': *o++ = '\n'; break;
    case 'r': *o++ = '\r'; break;
    case 't': *o++ = '\t'; break;
    case 'u': {
      if (e - r < 4) return p->p = r, fail(p, "bad \\u escape"), -1;
      int c = hex4(r);
      if (c < 0) return p->p = r, fail(p, "bad \\u escape"), -1;
      r += 4;
      if (c >= 0xD800 && c < 0xDC00 && e - r >= 6 && r[0] == '\\' && r[1] == 'u') {
        int c2 = hex4(r + 2);
        if (c2 >= 0xDC00 && c2 < 0xE000) { c = 0x10000 + ((c - 0xD800) << 10) + (c2 - 0xDC00); r += 6; }
      }
      if (c >= 0xD800 && c < 0xE000) c = 0xFFFD;
      o = put_utf8(o, (unsigned)c);
      break;
    }
    default: return p->p = r - 1, fail(p, "bad escape"), -1;
    }
  }
  *o = 0;
  *out = d, *outlen = (int32_t)(o - d), p->p = e + 1;
  return 0;
}

static TjNode *node(P *p, TjType t) {
  TjNode *n = tj_alloc(p->a, sizeof(TjNode));
  if (!n) return fail(p, "out of memory");
  memset(n, 0, sizeof *n);
  n->type = t;
  return n;
}

static TjNode *value(P *p);

/* array and object items are pushed on the parser's stack, then copied into the arena */
static TjNode *container(P *p, int is_obj) {
  if (++p->depth > 200) return fail(p, "nested too deeply");
  p->p++;
  TjNode *n = node(p, is_obj ? TJ_OBJ : TJ_ARR);
  if (!n) return NULL;
  int64_t base = p->n;
  ws(p);
  if (p->p < p->end && *p->p == (is_obj ? '}' : ']')) { p->p++; goto done; }
  for (;;) {
    ws(p);
    const char *k = NULL;
    if (is_obj) {
      int32_t kl;
      if (p->p >= p->end || *p->p != '"') return fail(p, "expected a key");
      if (parse_str(p, &k, &kl) < 0) return NULL;
      ws(p);
      if (p->p >= p->end || *p->p != ':') return fail(p, "expected ':'");
      p->p++;
    }
    TjNode *v;
    int span = -1; /* model.vocab (0) or model.merges (1), seen first */
    if (p->spans && p->in_model == 1 && p->depth == 2 && k) {
      span = !strcmp(k, "vocab") ? 0 : !strcmp(k, "merges") ? 1 : -1;
      if (span >= 0 && p->spans->start[span] >= 0 && !p->spans->skip) span = -1; /* a repeated key: the first one counts */
    }
    int model = p->spans && p->depth == 1 && is_obj && k && !strcmp(k, "model") && !p->in_model;
    ws(p);
    if (span >= 0 && p->spans->skip && p->p - p->s == p->spans->start[span]) {
      /* the cached model stands for this value (tokcache.c): the file is the one it was built from */
      v = node(p, TJ_NULL);
      p->p = p->s + p->spans->end[span];
    } else {
      int64_t at = p->p - p->s;
      p->in_model |= model;
      v = value(p);
      if (model) p->in_model = 2; /* done: a later "model" key is not the one tj_get finds */
      if (span >= 0 && !p->spans->skip && v) p->spans->start[span] = at, p->spans->end[span] = p->p - p->s;
    }
    if (!v) return NULL;
    if (stack_push(p, v, k) < 0) return fail(p, "out of memory");
    ws(p);
    if (p->p < p->end && *p->p == ',') { p->p++; continue; }
    if (p->p < p->end && *p->p == (is_obj ? '}' : ']')) { p->p++; break; }
    return fail(p, is_obj ? "expected ',' or '}'" : "expected ',' or ']'");
  }
done:;
  int64_t len = p->n - base;
  if (len > INT32_MAX) return fail(p, "too many items");
  n->len = (int32_t)len;
  n->items = tj_alloc(p->a, sizeof(TjNode *) * (size_t)(len ? len : 1));
  if (!n->items) return fail(p, "out of memory");
  if (len) /* an empty container may come before anything was pushed: p->items is still NULL */
    memcpy(n->items, p->items + base, sizeof(TjNode *) * (size_t)len);
  if (is_obj) {
    n->keys = tj_alloc(p->a, sizeof(char *) * (size_t)(len ? len : 1));
    if (!n->keys) return fail(p, "out of memory");
    if (len)
      memcpy(n->keys, p->keys + base, sizeof(char *) * (size_t)len);
  }
  p->n = base;
  p->depth--;
  return n;
}

static TjNode *value(P *p) {
  ws(p);
  if (p->p >= p->end) return fail(p, "unexpected end of file");
  char c = *p->p;
  if (c == '{') return container(p, 1);
  if (c == '[') return container(p, 0);
  if (c == '"') {
    TjNode *n = node(p, TJ_STR);
    if (!n || parse_str(p, &n->str, &n->len) < 0) return NULL;
    return n;
  }
  if (c == '-' || (c >= '0' && c <= '9')) {
    /* a plain integer (every id of a vocabulary): read directly */
    const char *d0 = p->p + (c == '-');
    int64_t iv = 0;
    int digits = 0;
    while (d0 < p->end && *d0 >= '0' && *d0 <= '9' && digits < 15)
      iv = iv * 10 + (*d0++ - '0'), digits++;
    if (digits && (d0 == p->end || !((*d0 >= '0' && *d0 <= '9') || *d0 == '.' || *d0 == 'e' || *d0 == 'E'))) {
      double d = c == '-' ? -(double)iv : (double)iv;
      TjNode *n = node(p, TJ_NUM);
      if (!n) return NULL;
      n->num = d > 2147483647.0 ? 2147483647.0 : d < -2147483647.0 ? -2147483647.0 : d;
      p->p = d0;
      return n;
    }
    char buf[64];
    const char *q = p->p;
    size_t k = 0;
    while (q < p->end && k < 63 && strchr("+-0123456789.eE", *q)) buf[k++] = *q++;
    buf[k] = 0;
    char *endp;
    double d = strtod(buf, &endp);
    if (endp == buf) return fail(p, "bad number");
    TjNode *n = node(p, TJ_NUM);
    if (!n) return NULL;
    /* clamped into int32's range, so a cast to an id or a length is always
     * defined; every such value past it is refused by the loader anyway */
    n->num = d > 2147483647.0 ? 2147483647.0 : d < -2147483647.0 ? -2147483647.0 : d;
    p->p += endp - buf;
    return n;
  }
  static const struct { const char *w; TjType t; int b; } lits[] = {
    {"true", TJ_BOOL, 1}, {"false", TJ_BOOL, 0}, {"null", TJ_NULL, 0}};
  for (int i = 0; i < 3; i++) {
    size_t l = strlen(lits[i].w);
    if ((size_t)(p->end - p->p) >= l && !memcmp(p->p, lits[i].w, l)) {
      TjNode *n = node(p, lits[i].t);
      if (!n) return NULL;
      n->num = lits[i].b;
      p->p += l;
      return n;
    }
  }
  return fail(p, "unexpected character");
}

TjNode *tj_parse(const char *text, size_t len, TjArena **arena, char *err) {
  return tj_parse_spans(text, len, arena, err, NULL);
}

TjNode *tj_parse_spans(const char *text, size_t len, TjArena **arena, char *err, TjSkip *spans) {
  P p = {.s = text, .end = text + len, .p = text, .err = err, .spans = spans};
  if (spans && !spans->skip)
    for (int i = 0; i < 2; i++) spans->start[i] = spans->end[i] = -1;
  err[0] = 0;
  p.a = calloc(1, sizeof(TjArena));
  if (!p.a) return snprintf(err, TK_ERRLEN, "out of memory"), NULL;
  TjNode *root = value(&p);
  if (root) {
    ws(&p);
    if (p.p != p.end) root = fail(&p, "extra data after the JSON value");
  }
  free(p.items), free(p.keys);
  if (!root) { tj_free(p.a); *arena = NULL; return NULL; }
  *arena = p.a;
  return root;
}

TjNode *tj_get(const TjNode *o, const char *key) {
  if (!o || o->type != TJ_OBJ) return NULL;
  for (int32_t i = 0; i < o->len; i++)
    if (!strcmp(o->keys[i], key)) return o->items[i];
  return NULL;
}
