/* tokjson.c — a small JSON reader for tokenizer.json (tokenizer.c).
 *
 * Tokenizer files are big (Gemma 3's is 33 MB: 262k vocabulary entries and
 * 515k merges), and the loader only walks them once, so this is a plain
 * tree parser that puts every node and every decoded string into one arena
 * freed whole when loading ends. It is not json.c (which builds runtime
 * dicts and lists with CPython's exact errors): here the point is speed and
 * a clear message ("FILE: invalid JSON at byte N: ...") for a bad file.
 * Strings are decoded to UTF-8; lone surrogate escapes become U+FFFD.
 *
 * The two big values, model.vocab and model.merges, are not built as trees
 * when tj_parse_spans notes their spans: each item is parsed (so every
 * error is found, in file order, with the same message) and then dropped,
 * its memory reused by the next, and the container is left as text with
 * its count of items. The model loader reads it back a window of items at
 * a time (tj_items_next), so the millions of nodes, strings and item
 * arrays of a tree are never all in memory (Gemma 3: 34k page faults of
 * fresh memory with the tree). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tokenizer.h"

typedef struct Chunk { struct Chunk *next; size_t used, cap; char data[]; } Chunk;

struct TjArena {
  Chunk *head;
  char *tape;         /* the containers left as text, packed (see pack) */
  size_t tlen, tcap;
};

static void *tj_alloc(TjArena *a, size_t n) {
  n = (n + 7) & ~(size_t)7;
  Chunk *c = a->head;
  if (!c || c->used + n > c->cap) {
    size_t cap = n > (1u << 20) ? n : (1u << 20);
    c = tk_malloc(sizeof(Chunk) + cap);
    if (!c) return NULL;
    c->next = a->head, c->used = 0, c->cap = cap;
    a->head = c;
  }
  void *p = c->data + c->used;
  c->used += n;
  return p;
}

/* where the arena stands, to go back to once a value is no longer needed */
typedef struct { Chunk *head; size_t used; } Mark;

/* with 64 KB of room in the current chunk, so the values parsed and dropped
 * one after another rarely need a chunk of their own (malloc and free each) */
static Mark tj_mark(TjArena *a) {
  if (!a->head || a->head->cap - a->head->used < (1u << 16))
    tj_alloc(a, (1u << 16) + 8); /* a new chunk (on failure, the next allocation reports it) */
  return (Mark){a->head, a->head ? a->head->used : 0};
}

static void tj_rewind(TjArena *a, Mark m) {
  while (a->head != m.head) { /* chunks begun since: freed */
    Chunk *c = a->head;
    a->head = c->next;
    free(c);
  }
  if (a->head) a->head->used = m.used;
}

void tj_free(TjArena *a) {
  if (!a) return;
  for (Chunk *c = a->head, *n; c; c = n) n = c->next, free(c);
  free(a->tape);
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
  int check;      /* > 0: in a container left as text: values are packed, not built */
  TjNode dummy;   /* what node() gives meanwhile */
} P;

static int stack_push(P *p, TjNode *v, const char *k) {
  if (p->n == p->cap) {
    int64_t nc = p->cap ? p->cap * 2 : 1024;
    TjNode **ni = tk_realloc(p->items, sizeof(TjNode *) * (size_t)nc);
    if (!ni) return -1;
    p->items = ni;
    const char **nk = tk_realloc(p->keys, sizeof(char *) * (size_t)nc);
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

/* ---- packed values
 *
 * The items of a container left as text (model.vocab, model.merges) are
 * written, as they are parsed, one after another into the arena's tape:
 * a tag byte, then 'S' int32 length, the decoded bytes and a NUL; 'N' a
 * double; 'T' 'F' 'Z' (true, false, null); '[' or '{' int32 count, then
 * the items (an object's as key string, value). No nodes, no item arrays,
 * strings ready to point at: tj_items_next builds a window of nodes from
 * it. Gemma 3's vocabulary and merges take 19 MB this way against about
 * 110 MB as a tree. */

static char *pack_room(P *p, size_t n) {
  TjArena *a = p->a;
  if (a->tlen + n > a->tcap) {
    size_t cap = a->tcap ? a->tcap : 1 << 16;
    while (cap < a->tlen + n) cap *= 2;
    char *t = tk_realloc(a->tape, cap);
    if (!t) return fail(p, "out of memory"), NULL;
    a->tape = t, a->tcap = cap;
  }
  return a->tape + a->tlen;
}

static int pack(P *p, char tag, const void *v, size_t n) {
  char *o = pack_room(p, n + 1);
  if (!o) return -1;
  o[0] = tag;
  memcpy(o + 1, v, n);
  p->a->tlen += n + 1;
  return 0;
}

static int pack_str(P *p, const char *s, int32_t n) {
  char *o = pack_room(p, (size_t)n + 6);
  if (!o) return -1;
  o[0] = 'S';
  memcpy(o + 1, &n, 4), memcpy(o + 5, s, (size_t)n), o[5 + n] = 0;
  p->a->tlen += (size_t)n + 6;
  return 0;
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

/* The first '"' or '\\' from q on (end if none), eight bytes at a time:
 * a byte of w ^ '"' or of w ^ '\\' is zero there, and (x - 0x01..) & ~x
 * & 0x80.. flags the lowest zero byte exactly (little-endian order). */
static const char *quote_or_escape(const char *q, const char *end) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  for (; end - q >= 8; q += 8) {
    uint64_t w, a, b;
    memcpy(&w, q, 8);
    a = w ^ (ones * '"'), b = w ^ (ones * '\\');
    uint64_t z = (((a - ones) & ~a) | ((b - ones) & ~b)) & highs;
    if (z) return q + (__builtin_ctzll(z) >> 3);
  }
#endif
  while (q < end && *q != '"' && *q != '\\') q++;
  return q;
}

/* string -> '"' chars '"'; p->p at the opening quote */
static int parse_str(P *p, const char **out, int32_t *outlen) {
  const char *q = quote_or_escape(++p->p, p->end);
  if (q < p->end && *q == '"') { /* no escapes: copy as is */
    size_t n = (size_t)(q - p->p);
    if (p->check) { *out = NULL, *outlen = (int32_t)n, p->p = q + 1; return pack_str(p, q - n, (int32_t)n); }
    char *d = tj_alloc(p->a, n + 1);
    if (!d) return fail(p, "out of memory"), -1;
    memcpy(d, p->p, n), d[n] = 0;
    *out = d, *outlen = (int32_t)n, p->p = q + 1;
    return 0;
  }
  const char *e = q;
  while (e < p->end && *e != '"') e += (*e == '\\') ? 2 : 1;
  if (e >= p->end) return fail(p, "unterminated string"), -1;
  /* packed: decoded straight into the tape, after the tag and length */
  char *d = p->check ? pack_room(p, (size_t)(e - p->p) + 6) : tj_alloc(p->a, (size_t)(e - p->p) + 1), *o;
  if (!d) return fail(p, "out of memory"), -1;
  if (p->check) d += 5;
  o = d;
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
  if (p->check) {
    int32_t n = (int32_t)(o - d);
    d[-5] = 'S', memcpy(d - 4, &n, 4);
    p->a->tlen += (size_t)n + 6;
    *out = NULL, *outlen = n, p->p = e + 1;
    return 0;
  }
  *out = d, *outlen = (int32_t)(o - d), p->p = e + 1;
  return 0;
}

static TjNode *node(P *p, TjType t) {
  TjNode *n = p->check ? &p->dummy : tj_alloc(p->a, sizeof(TjNode));
  if (!n) return fail(p, "out of memory");
  memset(n, 0, sizeof *n);
  n->type = t;
  return n;
}

static TjNode *value(P *p);
static TjNode *container(P *p, int is_obj, int lazy);

/* One item of an array or object: its key (objects) and value, then the
 * ',' or the closing bracket after it (*last set at the closing one).
 * p->p is past the '[' or ',' before the item. */
static int item(P *p, int is_obj, const char **key, TjNode **val, int *last) {
  ws(p);
  const char *k = NULL;
  if (is_obj) {
    int32_t kl;
    if (p->p >= p->end || *p->p != '"') return fail(p, "expected a key"), -1;
    if (parse_str(p, &k, &kl) < 0) return -1;
    ws(p);
    if (p->p >= p->end || *p->p != ':') return fail(p, "expected ':'"), -1;
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
  } else if (span >= 0 && !p->spans->skip && p->p < p->end && (*p->p == '[' || *p->p == '{')) {
    int64_t at = p->p - p->s;
    v = container(p, *p->p == '{', 1); /* left as text: tj_items_next reads it */
    if (v) p->spans->start[span] = at, p->spans->end[span] = p->p - p->s;
  } else {
    int64_t at = p->p - p->s;
    p->in_model |= model;
    v = value(p);
    if (model) p->in_model = 2; /* done: a later "model" key is not the one tj_get finds */
    if (span >= 0 && !p->spans->skip && v) p->spans->start[span] = at, p->spans->end[span] = p->p - p->s;
  }
  if (!v) return -1;
  *key = k, *val = v;
  ws(p);
  if (p->p < p->end && *p->p == ',') { p->p++; *last = 0; return 0; }
  if (p->p < p->end && *p->p == (is_obj ? '}' : ']')) { p->p++; *last = 1; return 0; }
  return fail(p, is_obj ? "expected ',' or '}'" : "expected ',' or ']'"), -1;
}

/* Array and object items are pushed on the parser's stack, then copied into
 * the arena. A container left as text (lazy: model.vocab, model.merges)
 * packs its items instead, and so does every container inside one; the
 * node records where they lie (TjText) for tj_items_next. */
struct TjText { const TjArena *a; size_t off; };

static TjNode *container(P *p, int is_obj, int lazy) {
  if (++p->depth > 200) return fail(p, "nested too deeply");
  p->p++;
  TjNode *n = node(p, is_obj ? TJ_OBJ : TJ_ARR);
  if (!n) return NULL;
  p->check += lazy;
  size_t at = p->a->tlen;
  int32_t zero = 0;
  if (p->check && pack(p, is_obj ? '{' : '[', &zero, 4) < 0) return NULL;
  int64_t base = p->n, count = 0;
  ws(p);
  if (p->p < p->end && *p->p == (is_obj ? '}' : ']')) p->p++;
  else
    for (int last = 0; !last; count++) {
      const char *k;
      TjNode *v;
      if (item(p, is_obj, &k, &v, &last) < 0) return NULL;
      if (!p->check && stack_push(p, v, k) < 0) return fail(p, "out of memory");
    }
  if (count > INT32_MAX) return fail(p, "too many items");
  p->depth--;
  if (p->check) {
    int32_t c = (int32_t)count;
    memcpy(p->a->tape + at + 1, &c, 4);
    p->check -= lazy;
    if (!lazy) return n; /* the dummy */
    if (count) {
      TjText *t = tj_alloc(p->a, sizeof *t);
      if (!t) return fail(p, "out of memory");
      t->a = p->a, t->off = at;
      n->len = c, n->items = NULL, n->text = t;
      return n;
    }
  }
  int64_t len = p->n - base;
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
  return n;
}

static TjNode *value(P *p) {
  ws(p);
  if (p->p >= p->end) return fail(p, "unexpected end of file");
  char c = *p->p;
  if (c == '{') return container(p, 1, 0);
  if (c == '[') return container(p, 0, 0);
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
      return p->check && pack(p, 'N', &n->num, 8) < 0 ? NULL : n;
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
    return p->check && pack(p, 'N', &n->num, 8) < 0 ? NULL : n;
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
      return p->check && pack(p, "FTZ"[i], "", 0) < 0 ? NULL : n;
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
  p.a = tk_calloc(1, sizeof(TjArena));
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

/* ---- a container's items, a window at a time (tj_items_next) */

struct TjItems {
  const TjNode *c;
  const char *r;  /* the next packed item (a container left as text) */
  TjArena *a;     /* the window's nodes */
  Mark base;      /* the arena before them */
  int32_t at;     /* items handed out so far */
  TjNode **items;
  const char **keys;
  int32_t cap;
};

TjItems *tj_items(const TjNode *c, char *err) {
  TjItems *w = tk_calloc(1, sizeof *w);
  if (!w) return snprintf(err, TK_ERRLEN, "out of memory"), NULL;
  w->c = c;
  if (c->items || !c->len) return w;
  w->r = c->text->a->tape + c->text->off + 5; /* past the container's tag and count */
  w->a = tk_calloc(1, sizeof(TjArena));
  if (!w->a) { free(w); return snprintf(err, TK_ERRLEN, "out of memory"), NULL; }
  w->base = tj_mark(w->a);
  return w;
}

/* a packed value as a node in the window's arena; its strings stay in the tape */
static TjNode *unpack(TjItems *w) {
  TjNode *n = tj_alloc(w->a, sizeof(TjNode));
  if (!n) return NULL;
  memset(n, 0, sizeof *n);
  char tag = *w->r++;
  switch (tag) {
  case 'S':
    n->type = TJ_STR;
    memcpy(&n->len, w->r, 4);
    n->str = w->r + 4, w->r += 4 + n->len + 1;
    return n;
  case 'N': n->type = TJ_NUM, memcpy(&n->num, w->r, 8), w->r += 8; return n;
  case 'T': case 'F': n->type = TJ_BOOL, n->num = tag == 'T'; return n;
  case 'Z': n->type = TJ_NULL; return n;
  default: break;
  }
  n->type = tag == '{' ? TJ_OBJ : TJ_ARR;
  memcpy(&n->len, w->r, 4);
  w->r += 4;
  n->items = tj_alloc(w->a, sizeof(TjNode *) * (size_t)(n->len ? n->len : 1));
  if (!n->items) return NULL;
  if (tag == '{' && !(n->keys = tj_alloc(w->a, sizeof(char *) * (size_t)(n->len ? n->len : 1)))) return NULL;
  for (int32_t i = 0; i < n->len; i++) {
    if (tag == '{') {
      n->keys[i] = w->r + 5; /* 'S', length, bytes */
      int32_t kl;
      memcpy(&kl, w->r + 1, 4);
      w->r += 5 + kl + 1;
    }
    if (!(n->items[i] = unpack(w))) return NULL;
  }
  return n;
}

int32_t tj_items_next(TjItems *w, int32_t want, TjNode ***items, const char ***keys, char *err) {
  const TjNode *c = w->c;
  int32_t n = c->len - w->at < want ? c->len - w->at : want;
  if (n <= 0) return 0;
  if (c->items) { /* built: a slice of its arrays */
    *items = c->items + w->at, *keys = c->type == TJ_OBJ ? c->keys + w->at : NULL;
    w->at += n;
    return n;
  }
  if (n > w->cap) {
    TjNode **ni = tk_realloc(w->items, sizeof(TjNode *) * (size_t)n);
    if (!ni) return snprintf(err, TK_ERRLEN, "out of memory"), -1;
    w->items = ni;
    const char **nk = tk_realloc(w->keys, sizeof(char *) * (size_t)n);
    if (!nk) return snprintf(err, TK_ERRLEN, "out of memory"), -1;
    w->keys = nk, w->cap = n;
  }
  tj_rewind(w->a, w->base); /* the last window's nodes are no longer needed */
  for (int32_t i = 0; i < n; i++) {
    if (c->type == TJ_OBJ) {
      int32_t kl;
      memcpy(&kl, w->r + 1, 4);
      w->keys[i] = w->r + 5, w->r += 5 + kl + 1;
    }
    if (!(w->items[i] = unpack(w))) return snprintf(err, TK_ERRLEN, "out of memory"), -1;
  }
  *items = w->items, *keys = c->type == TJ_OBJ ? w->keys : NULL;
  w->at += n;
  return n;
}

void tj_items_free(TjItems *w) {
  if (!w) return;
  tj_free(w->a);
  free(w->items), free(w->keys);
  free(w);
}
