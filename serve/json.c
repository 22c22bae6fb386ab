/* json.c — JSON for `kiln serve`: a recursive-descent reader of request
 * bodies (and of library manifests) into a tree held by one arena, and the
 * small writer the responses are built with.
 *
 * The reader is strict RFC 8259: no trailing commas, no NaN, no comments;
 * strings must be valid UTF-8 and \u escapes must pair their surrogates, so
 * every JS_STR can be handed to kiln_str. Depth is bounded (a request of
 * ten thousand '[' gets a 400, not a stack overflow). Duplicate keys keep
 * the last value, as Python's json.loads does. */
#include "serve.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* runtime/dtoa.c: repr(float)'s digits, linked into bin/kiln */
int kr_dtoa_repr(double d, char out[32], bool add_dot0);

/* ---- arena ---- */

typedef struct Block Block;
struct Block {
  Block *next;
  size_t used, cap;
  _Alignas(16) unsigned char data[];
};
struct JsArena {
  Block *head;
};

JsArena *js_arena_new(void) { return calloc(1, sizeof(JsArena)); }

void js_arena_free(JsArena *a) {
  if (!a)
    return;
  for (Block *b = a->head, *next; b; b = next) {
    next = b->next;
    free(b);
  }
  free(a);
}

void *js_alloc(JsArena *a, size_t n) {
  n = (n + 15) & ~(size_t)15;
  Block *b = a->head;
  if (!b || b->cap - b->used < n) {
    size_t cap = n > 16384 ? n : 16384;
    b = malloc(sizeof(Block) + cap);
    if (!b)
      return NULL;
    b->cap = cap;
    b->used = 0;
    b->next = a->head;
    a->head = b;
  }
  void *p = b->data + b->used;
  b->used += n;
  return p;
}

/* ---- reader ---- */

enum { MAX_DEPTH = 200 };

typedef struct {
  JsArena *a;
  const char *p, *end, *start;
  char *err;
  size_t errlen;
  bool failed;
} Reader;

static void fail(Reader *r, const char *what) {
  if (!r->failed)
    snprintf(r->err, r->errlen, "%s at byte %zu", what, (size_t)(r->p - r->start));
  r->failed = true;
}

static void skip_ws(Reader *r) {
  while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
    r->p++;
}

static Js *new_node(Reader *r, JsKind k) {
  Js *v = js_alloc(r->a, sizeof(Js));
  if (!v) {
    fail(r, "out of memory");
    return NULL;
  }
  memset(v, 0, sizeof *v);
  v->kind = k;
  return v;
}

static int hex4(const char *p) {
  int v = 0;
  for (int i = 0; i < 4; i++) {
    char c = p[i];
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0)
      return -1;
    v = v * 16 + d;
  }
  return v;
}

static size_t put_utf8(char *o, uint32_t cp) {
  if (cp < 0x80) {
    o[0] = (char)cp;
    return 1;
  }
  if (cp < 0x800) {
    o[0] = (char)(0xC0 | (cp >> 6));
    o[1] = (char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    o[0] = (char)(0xE0 | (cp >> 12));
    o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    o[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
  }
  o[0] = (char)(0xF0 | (cp >> 18));
  o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
  o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
  o[3] = (char)(0x80 | (cp & 0x3F));
  return 4;
}

/* Length of the valid UTF-8 sequence at p (strict: no overlongs, no
 * surrogates), 0 when invalid. */
static size_t utf8_seq(const unsigned char *p, const unsigned char *end) {
  unsigned c = p[0];
  size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
  if (!n || (size_t)(end - p) < n)
    return 0;
  uint32_t cp = n == 1 ? c : c & (0x7Fu >> n);
  for (size_t k = 1; k < n; k++) {
    if ((p[k] & 0xC0) != 0x80)
      return 0;
    cp = cp << 6 | (p[k] & 0x3F);
  }
  static const uint32_t min[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < min[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  return n;
}

/* string = '"' chars '"'; the decoded text never grows past the source */
static char *read_string(Reader *r, size_t *len) {
  r->p++; /* the opening quote */
  const char *q = r->p;
  while (q < r->end && *q != '"')
    q += *q == '\\' && q + 1 < r->end ? 2 : 1;
  if (q >= r->end) {
    fail(r, "unterminated string");
    return NULL;
  }
  char *out = js_alloc(r->a, (size_t)(q - r->p) + 1), *o = out;
  if (!out) {
    fail(r, "out of memory");
    return NULL;
  }
  while (*r->p != '"') {
    unsigned char c = (unsigned char)*r->p;
    if (c < 0x20) {
      fail(r, "control character in string");
      return NULL;
    }
    if (c != '\\') {
      size_t n = utf8_seq((const unsigned char *)r->p, (const unsigned char *)r->end);
      if (!n) {
        fail(r, "invalid UTF-8 in string");
        return NULL;
      }
      memcpy(o, r->p, n);
      o += n;
      r->p += n;
      continue;
    }
    char e = r->p[1];
    r->p += 2;
    switch (e) {
    case '"': *o++ = '"'; break;
    case '\\': *o++ = '\\'; break;
    case '/': *o++ = '/'; break;
    case 'b': *o++ = '\b'; break;
    case 'f': *o++ = '\f'; break;
    case 'n': *o++ = '\n'; break;
    case 'r': *o++ = '\r'; break;
    case 't': *o++ = '\t'; break;
    case 'u': {
      int cp = r->end - r->p >= 4 ? hex4(r->p) : -1;
      if (cp < 0) {
        fail(r, "bad \\u escape");
        return NULL;
      }
      r->p += 4;
      uint32_t u = (uint32_t)cp;
      if (u >= 0xDC00 && u <= 0xDFFF) {
        fail(r, "lone surrogate in \\u escape");
        return NULL;
      }
      if (u >= 0xD800 && u <= 0xDBFF) {
        int lo = r->end - r->p >= 6 && r->p[0] == '\\' && r->p[1] == 'u' ? hex4(r->p + 2) : -1;
        if (lo < 0xDC00 || lo > 0xDFFF) {
          fail(r, "lone surrogate in \\u escape");
          return NULL;
        }
        r->p += 6;
        u = 0x10000 + ((u - 0xD800) << 10) + ((uint32_t)lo - 0xDC00);
      }
      o += put_utf8(o, u);
      break;
    }
    default:
      fail(r, "bad escape in string");
      return NULL;
    }
  }
  r->p++; /* the closing quote */
  *o = 0;
  *len = (size_t)(o - out);
  return out;
}

static Js *read_value(Reader *r, int depth);

/* number = '-'? int frac? exp? */
static Js *read_number(Reader *r) {
  const char *s = r->p, *p = s;
  bool integral = true;
  if (p < r->end && *p == '-')
    p++;
  if (p < r->end && *p == '0')
    p++;
  else if (p < r->end && *p >= '1' && *p <= '9')
    while (p < r->end && *p >= '0' && *p <= '9')
      p++;
  else {
    fail(r, "bad number");
    return NULL;
  }
  if (p < r->end && *p == '.') {
    integral = false;
    p++;
    if (p >= r->end || *p < '0' || *p > '9') {
      fail(r, "bad number");
      return NULL;
    }
    while (p < r->end && *p >= '0' && *p <= '9')
      p++;
  }
  if (p < r->end && (*p == 'e' || *p == 'E')) {
    integral = false;
    p++;
    if (p < r->end && (*p == '+' || *p == '-'))
      p++;
    if (p >= r->end || *p < '0' || *p > '9') {
      fail(r, "bad number");
      return NULL;
    }
    while (p < r->end && *p >= '0' && *p <= '9')
      p++;
  }
  char tmp[64];
  size_t n = (size_t)(p - s);
  Js *v = new_node(r, JS_NUM);
  if (!v)
    return NULL;
  char *heap = n >= sizeof tmp ? malloc(n + 1) : NULL, *buf = heap ? heap : tmp;
  if (n >= sizeof tmp && !heap) {
    fail(r, "out of memory");
    return NULL;
  }
  memcpy(buf, s, n);
  buf[n] = 0;
  v->num = strtod(buf, NULL);
  if (integral) { /* and it fits int64 */
    errno = 0;
    long long ll = strtoll(buf, NULL, 10);
    v->integral = errno == 0;
    v->i = ll;
  }
  free(heap);
  r->p = p;
  return v;
}

static Js *read_value(Reader *r, int depth) {
  skip_ws(r);
  if (r->p >= r->end) {
    fail(r, "unexpected end of JSON");
    return NULL;
  }
  if (depth > MAX_DEPTH) {
    fail(r, "JSON nested too deeply");
    return NULL;
  }
  char c = *r->p;
  if (c == '"') {
    Js *v = new_node(r, JS_STR);
    if (v && !(v->str = read_string(r, &v->len)))
      return NULL;
    return v;
  }
  if (c == '[' || c == '{') {
    bool obj = c == '{';
    char close = obj ? '}' : ']';
    r->p++;
    Js *v = new_node(r, obj ? JS_OBJ : JS_ARR);
    if (!v)
      return NULL;
    size_t cap = 0;
    skip_ws(r);
    if (r->p < r->end && *r->p == close) {
      r->p++;
      return v;
    }
    for (;;) {
      char *key = NULL;
      if (obj) {
        skip_ws(r);
        size_t klen;
        if (r->p >= r->end || *r->p != '"') {
          fail(r, "expected a string key");
          return NULL;
        }
        if (!(key = read_string(r, &klen)))
          return NULL;
        skip_ws(r);
        if (r->p >= r->end || *r->p != ':') {
          fail(r, "expected ':'");
          return NULL;
        }
        r->p++;
      }
      Js *item = read_value(r, depth + 1);
      if (!item)
        return NULL;
      if (v->len == cap) { /* grow by doubling inside the arena */
        size_t ncap = cap ? cap * 2 : 8;
        Js **items = js_alloc(r->a, ncap * sizeof(Js *));
        char **keys = obj ? js_alloc(r->a, ncap * sizeof(char *)) : NULL;
        if (!items || (obj && !keys)) {
          fail(r, "out of memory");
          return NULL;
        }
        if (v->len) {
          memcpy(items, v->items, v->len * sizeof(Js *));
          if (obj)
            memcpy(keys, v->keys, v->len * sizeof(char *));
        }
        v->items = items;
        v->keys = keys;
        cap = ncap;
      }
      v->items[v->len] = item;
      if (obj)
        v->keys[v->len] = key;
      v->len++;
      skip_ws(r);
      if (r->p < r->end && *r->p == ',') {
        r->p++;
        continue;
      }
      if (r->p < r->end && *r->p == close) {
        r->p++;
        return v;
      }
      fail(r, obj ? "expected ',' or '}'" : "expected ',' or ']'");
      return NULL;
    }
  }
  if (c == '-' || (c >= '0' && c <= '9'))
    return read_number(r);
  static const struct {
    const char *word;
    JsKind kind;
    bool b;
  } words[] = {{"null", JS_NULL, false}, {"true", JS_BOOL, true}, {"false", JS_BOOL, false}};
  for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
    size_t n = strlen(words[i].word);
    if ((size_t)(r->end - r->p) >= n && !memcmp(r->p, words[i].word, n)) {
      r->p += n;
      Js *v = new_node(r, words[i].kind);
      if (v)
        v->b = words[i].b;
      return v;
    }
  }
  fail(r, "unexpected character");
  return NULL;
}

Js *js_parse(JsArena *a, const char *text, size_t len, char *err, size_t errlen) {
  Reader r = {a, text, text + len, text, err, errlen, false};
  Js *v = read_value(&r, 0);
  if (!v)
    return NULL;
  skip_ws(&r);
  if (r.p != r.end) {
    fail(&r, "extra data after the JSON value");
    return NULL;
  }
  return v;
}

Js *js_get(const Js *obj, const char *key) {
  if (!obj || obj->kind != JS_OBJ)
    return NULL;
  for (size_t i = obj->len; i-- > 0;) /* the last of duplicate keys wins */
    if (!strcmp(obj->keys[i], key))
      return obj->items[i];
  return NULL;
}

/* ---- writer ---- */

void sb_put(SBuf *b, const void *p, size_t n) {
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n + 1)
      cap *= 2;
    char *d = realloc(b->data, cap);
    if (!d)
      abort(); /* out of memory while answering: nothing sensible remains */
    b->data = d;
    b->cap = cap;
  }
  memcpy(b->data + b->len, p, n);
  b->len += n;
  b->data[b->len] = 0;
}

void sb_puts(SBuf *b, const char *s) { sb_put(b, s, strlen(s)); }

void sb_printf(SBuf *b, const char *fmt, ...) {
  char tmp[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  if ((size_t)n < sizeof tmp) {
    sb_put(b, tmp, (size_t)n);
    return;
  }
  char *big = malloc((size_t)n + 1);
  if (!big)
    abort();
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  sb_put(b, big, (size_t)n);
  free(big);
}

void sb_json_str(SBuf *b, const char *s, size_t n) {
  static const char hex[] = "0123456789abcdef";
  sb_put(b, "\"", 1);
  size_t run = 0; /* bytes copied as they are, in one go */
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x80) { /* a byte that is not UTF-8 (a message cut short) is U+FFFD: the body stays JSON */
      size_t k = utf8_seq((const unsigned char *)s + i, (const unsigned char *)s + n);
      if (k) {
        i += k - 1;
        continue;
      }
      sb_put(b, s + run, i - run);
      sb_put(b, "\\ufffd", 6);
      run = i + 1;
      continue;
    }
    if (c >= 0x20 && c != '"' && c != '\\')
      continue;
    sb_put(b, s + run, i - run);
    run = i + 1;
    char esc[6] = {'\\', 0};
    switch (c) {
    case '"': esc[1] = '"'; break;
    case '\\': esc[1] = '\\'; break;
    case '\n': esc[1] = 'n'; break;
    case '\r': esc[1] = 'r'; break;
    case '\t': esc[1] = 't'; break;
    case '\b': esc[1] = 'b'; break;
    case '\f': esc[1] = 'f'; break;
    default:
      sb_put(b, "\\u00", 4);
      esc[0] = hex[c >> 4];
      esc[1] = hex[c & 15];
      sb_put(b, esc, 2);
      continue;
    }
    sb_put(b, esc, 2);
  }
  sb_put(b, s + run, n - run);
  sb_put(b, "\"", 1);
}

void sb_json_double(SBuf *b, double d) {
  char tmp[32];
  int n = kr_dtoa_repr(d, tmp, true);
  sb_put(b, tmp, (size_t)n);
}

void sb_base64(SBuf *b, const unsigned char *p, size_t n) {
  static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (size_t i = 0; i < n; i += 3) {
    uint32_t v = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] << 8 : 0) | (i + 2 < n ? p[i + 2] : 0);
    char q[4] = {tab[v >> 18], tab[(v >> 12) & 63], i + 1 < n ? tab[(v >> 6) & 63] : '=', i + 2 < n ? tab[v & 63] : '='};
    sb_put(b, q, 4);
  }
}

void sb_free(SBuf *b) {
  free(b->data);
  *b = (SBuf){0};
}
