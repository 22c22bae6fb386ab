/* core_driver.c — runs libkilnrt's core (object, exc, str, format, print)
 * on commands read from stdin, one per line, and prints one result line
 * each, for tests/runtime/test_core.py to compare with CPython.
 *
 * A line is a command name and tokens:
 *   s:HEX  a str (its WTF-8 bytes in hex)     i:N   an int
 *   f:HEX  a float (its 64 bits in hex)       b:0/1 a bool
 *   n      None (an absent optional argument) l:xHEX,xHEX,...  strs
 *   Oi:N Of:HEX Ob:0/1   the same numbers boxed as objects
 * A result is s:HEX, i:N, l:xHEX,... or E:Type:HEX (an exception and the
 * hex of its str). A str result whose bookkeeping (code points, ASCII, the
 * index) is not what a scan of its bytes finds prints as BADSTR:HEX: the
 * runtime sets it from the operands where it can. After each command the driver checks that the live
 * object and block counts are back where they were, else it appends
 * " LEAK(objects,blocks)".
 *
 * With --failsweep, each command is run again failing its 1st, 2nd, ...
 * allocation until it needs no more; every such run must end with the
 * normal result or MemoryError, leak nothing, and not crash. A bad run
 * appends " FAILSWEEP(k:result)".
 */
#include "../../runtime/kilnrt.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define countof(a) (sizeof(a) / sizeof((a)[0]))

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
static void out_int(Out *o, int64_t v) {
  char t[32];
  snprintf(t, sizeof t, "i:%" PRId64, v);
  out_puts(o, t);
}

/* The pending exception as E:Type:HEX(str(exc)), cleared. */
static void out_exc(Out *o) {
  KrObj *e = kr_exc_fetch();
  out_puts(o, "E:");
  out_puts(o, e->type->name);
  out_puts(o, ":");
  KrObj *s = kr_exc_str(e);
  if (s) {
    out_hex(o, kr_str_data(s), (size_t)kr_str_bytes(s));
    kr_decref(s);
  } else {
    kr_exc_clear(); /* str() itself failed (MemoryError): say so, in hex */
    out_puts(o, "4d656d6f72794572726f72");
  }
  kr_decref(e);
}

/* Does s's bookkeeping agree with a scan of its bytes? */
static bool str_props_ok(KrObj *o) {
  KrStr *s = (KrStr *)o;
  const unsigned char *p = (const unsigned char *)s->data;
  int64_t chars = 0;
  bool ascii = true;
  for (int64_t i = 0; i < s->len; i++) {
    chars += (p[i] & 0xC0) != 0x80;
    ascii &= p[i] < 0x80;
  }
  if (chars != s->nchars || ascii != s->ascii || s->data[s->len] != 0)
    return false;
  if ((!ascii && chars > KR_STR_STRIDE) != (s->index != NULL))
    return false;
  for (int64_t i = 0, k = 0; s->index && i < s->len; i++)
    if ((p[i] & 0xC0) != 0x80 && k++ % KR_STR_STRIDE == 0 && s->index[(k - 1) / KR_STR_STRIDE] != i)
      return false;
  return true;
}

/* A str result (stolen), or the exception when it is NULL. */
static void out_str(Out *o, KrObj *s) {
  if (!s) {
    out_exc(o);
    return;
  }
  out_puts(o, str_props_ok(s) ? "s:" : "BADSTR:");
  out_hex(o, kr_str_data(s), (size_t)kr_str_bytes(s));
  kr_decref(s);
}

static void out_i(Out *o, int64_t v) {
  if (kr_failed())
    out_exc(o);
  else
    out_int(o, v);
}

/* strs (stolen, and the array kr_freed), or the exception when n < 0. */
static void out_list(Out *o, KrObj **items, int64_t n) {
  if (n < 0) {
    out_exc(o);
    return;
  }
  out_puts(o, "l:");
  for (int64_t i = 0; i < n; i++) {
    out_puts(o, !str_props_ok(items[i]) ? ",BADSTR" : i ? ",x" : "x");
    out_hex(o, kr_str_data(items[i]), (size_t)kr_str_bytes(items[i]));
    kr_decref(items[i]);
  }
  kr_free(items);
}

/* ---- arguments */

typedef struct Arg {
  char kind;  /* s i f b n l, or O for a boxed number (v/k hold it) */
  KrObj *s;   /* s */
  int64_t i;
  double f;
  bool b;
  KrObj **list;
  int64_t nlist;
  KrVal v;    /* every token as a value too */
  ValKind k;
} Arg;

static int unhex(int c) { return c <= '9' ? c - '0' : (c | 32) - 'a' + 10; }

static KrObj *hex_str(const char *h, size_t n) {
  char *buf = malloc(n / 2 + 1);
  for (size_t i = 0; i + 1 < n; i += 2)
    buf[i / 2] = (char)(unhex(h[i]) << 4 | unhex(h[i + 1]));
  KrObj *s = kr_str_new(buf, (int64_t)(n / 2));
  free(buf);
  return s;
}

static double hex_double(const char *h) {
  uint64_t u = strtoull(h, NULL, 16);
  double d;
  memcpy(&d, &u, 8);
  return d;
}

static void parse_arg(const char *t, Arg *a) {
  memset(a, 0, sizeof *a);
  bool boxed = t[0] == 'O';
  if (boxed)
    t++;
  a->kind = t[0];
  switch (t[0]) {
  case 's':
    a->s = hex_str(t + 2, strlen(t + 2));
    a->v.o = a->s;
    a->k = KR_OBJ;
    break;
  case 'i':
    a->i = strtoll(t + 2, NULL, 10);
    a->v.i = a->i;
    a->k = KR_INT;
    break;
  case 'f':
    a->f = hex_double(t + 2);
    a->v.f = a->f;
    a->k = KR_FLOAT;
    break;
  case 'b':
    a->b = t[2] == '1';
    a->v.b = a->b;
    a->k = KR_BOOL;
    break;
  case 'n':
    a->v.o = kr_None;
    a->k = KR_OBJ;
    break;
  case 'l': {
    const char *p = t + 2;
    int64_t cap = 4;
    a->list = malloc((size_t)cap * sizeof(KrObj *));
    while (*p == 'x') { /* each item is x then its hex */
      p++;
      const char *q = strchr(p, ',');
      size_t n = q ? (size_t)(q - p) : strlen(p);
      if (a->nlist == cap)
        a->list = realloc(a->list, (size_t)(cap *= 2) * sizeof(KrObj *));
      a->list[a->nlist++] = hex_str(p, n);
      p += n + (q ? 1 : 0);
    }
    break;
  }
  }
  if (boxed) {
    a->v.o = kr_val_box(a->v, a->k);
    a->k = KR_OBJ;
    a->kind = 'O';
  }
}

static void free_arg(Arg *a) {
  if (a->kind == 's')
    kr_decref(a->s);
  if (a->kind == 'O')
    kr_decref(a->v.o);
  for (int64_t i = 0; i < a->nlist; i++)
    kr_decref(a->list[i]);
  free(a->list);
}

static KrObj *opt(Arg *a) { return a->kind == 'n' ? NULL : a->s; }

/* ---- fd capture, for print and the exception report */

typedef struct Capture {
  int fd, saved;
  FILE *tmp;
} Capture;

static void capture_begin(Capture *c, int fd) {
  fflush(stdout);
  fflush(stderr);
  kr_flush_stdout();
  c->fd = fd;
  c->tmp = tmpfile();
  c->saved = dup(fd);
  dup2(fileno(c->tmp), fd);
}

static void capture_end(Capture *c, Out *o) {
  kr_flush_stdout();
  fflush(stderr);
  dup2(c->saved, c->fd);
  close(c->saved);
  fseek(c->tmp, 0, SEEK_END);
  long n = ftell(c->tmp);
  rewind(c->tmp);
  char *buf = malloc((size_t)n + 1);
  size_t got = fread(buf, 1, (size_t)n, c->tmp);
  fclose(c->tmp);
  out_puts(o, "s:");
  out_hex(o, buf, got);
  free(buf);
}

/* ---- commands */

typedef void (*Cmd)(Arg *a, int n, Out *o);

static const KrType *type_named(const char *name) {
#define EXC(nm, base)                                                                              \
  if (strcmp(name, #nm) == 0)                                                                      \
    return &kr_##nm##_type;
#include "../../runtime/exceptions.def"
#undef EXC
  return &kr_Exception_type;
}

static void c_repr_float(Arg *a, int n, Out *o) { out_str(o, kr_float_repr(a[0].f)); }
static void c_repr_int(Arg *a, int n, Out *o) { out_str(o, kr_int_repr(a[0].i)); }
static void c_format_int(Arg *a, int n, Out *o) { out_str(o, kr_format_int(a[0].i, a[1].s)); }
static void c_format_float(Arg *a, int n, Out *o) { out_str(o, kr_format_float(a[0].f, a[1].s)); }
static void c_format_bool(Arg *a, int n, Out *o) { out_str(o, kr_format_bool(a[0].b, a[1].s)); }
static void c_format_str(Arg *a, int n, Out *o) { out_str(o, kr_format_str(a[0].s, a[1].s)); }
static void c_format_val(Arg *a, int n, Out *o) { out_str(o, kr_format_val(a[0].v, a[0].k, a[1].s)); }

/* mod FMT MODE values...: MODE t (a tuple of the values), 1 (one value),
 * m (a mapping: key value key value ...) */
typedef struct Map {
  Arg *kv;
  int n;
} Map;
static KrObj *map_lookup(void *ctx, KrObj *key) {
  Map *m = ctx;
  for (int i = 0; i + 1 < m->n; i += 2)
    if (kr_str_eq(m->kv[i].s, key))
      return kr_val_box(m->kv[i + 1].v, m->kv[i + 1].k);
  KrObj *args[1] = {key};
  return kr_raise_args(&kr_KeyError_type, args, 1);
}
static KrObj *dict_repr_slot(KrObj *self) { return kr_str_from_cstr("{...}"); }
static const KrType fake_dict_type = {.name = "dict", .repr = dict_repr_slot};

static void c_mod(Arg *a, int n, Out *o) {
  KrArg args[32];
  int m = 0;
  const char *mode = kr_str_data(a[1].s);
  if (mode[0] == 'm') {
    Map map = {a + 2, n - 2};
    KrObj fake = {-1, &fake_dict_type};
    args[0] = (KrArg){{.o = &fake}, KR_OBJ};
    out_str(o, kr_str_mod(a[0].s, args, -1, map_lookup, &map));
    return;
  }
  for (int i = 2; i < n && m < 32; i++)
    args[m++] = (KrArg){a[i].v, a[i].k};
  out_str(o, kr_str_mod(a[0].s, args, mode[0] == '1' ? -1 : m, NULL, NULL));
}

static void c_hash(Arg *a, int n, Out *o) { out_i(o, kr_val_hash(a[0].v, a[0].k)); }
static void c_eq(Arg *a, int n, Out *o) { out_i(o, kr_val_eq(a[0].v, a[0].k, a[1].v, a[1].k)); }
static void c_cmp(Arg *a, int n, Out *o) { out_i(o, kr_val_cmp(a[1].v, a[1].k, a[2].v, a[2].k, (int)a[0].i)); }
static void c_truth(Arg *a, int n, Out *o) { out_i(o, kr_val_truth(a[0].v, a[0].k)); }
static void c_repr(Arg *a, int n, Out *o) { out_str(o, kr_val_repr(a[0].v, a[0].k)); }
static void c_str(Arg *a, int n, Out *o) { out_str(o, kr_val_str(a[0].v, a[0].k)); }
static void c_ascii(Arg *a, int n, Out *o) { out_str(o, kr_val_ascii(a[0].v, a[0].k)); }

static void c_getitem(Arg *a, int n, Out *o) { out_str(o, kr_str_getitem(a[0].s, a[1].i)); }
static void c_slice(Arg *a, int n, Out *o) { out_str(o, kr_str_slice(a[0].s, a[1].i, a[2].i, a[3].i, (int)a[4].i)); }
static void c_concat(Arg *a, int n, Out *o) { out_str(o, kr_str_concat(a[0].s, a[1].s)); }
static void c_repeat(Arg *a, int n, Out *o) { out_str(o, kr_str_repeat(a[0].s, a[1].i)); }
/* s + (t + t) * k, appending in place (kr_str_append_n) to a fresh copy of
 * s, whose hash is cached before each append: the result's must be a fresh
 * str's. */
static void c_append(Arg *a, int n, Out *o) {
  KrObj *x = kr_str_new(kr_str_data(a[0].s), kr_str_bytes(a[0].s));
  for (int64_t j = 0; x && j < a[2].i; j++) {
    kr_str_hash(x);
    KrObj *parts[3] = {x, a[1].s, a[1].s};
    KrObj *r = kr_str_append_n(&x, 3, parts);
    kr_xdecref(x); /* NULL when the append took it */
    x = r;
  }
  if (x) {
    KrObj *fresh = kr_str_new(kr_str_data(x), kr_str_bytes(x));
    if (!fresh) {
      kr_decref(x);
      x = NULL;
    } else {
      bool same = kr_str_hash(fresh) == kr_str_hash(x);
      kr_decref(fresh);
      if (!same) {
        kr_decref(x);
        out_puts(o, "BADHASH");
        return;
      }
    }
  }
  out_str(o, x);
}
static void c_contains(Arg *a, int n, Out *o) { out_i(o, kr_str_contains(a[0].s, a[1].s)); }
static void c_strcmp(Arg *a, int n, Out *o) {
  int c = kr_str_cmp(a[0].s, a[1].s);
  int e = kr_str_eq(a[0].s, a[1].s);
  bool hash_ok = !e || kr_str_hash(a[0].s) == kr_str_hash(a[1].s);
  out_int(o, hash_ok ? (c < 0 ? -1 : c > 0) + 10 * e : 99);
}
static void c_len(Arg *a, int n, Out *o) { out_int(o, kr_str_len(a[0].s)); }
static void c_chr(Arg *a, int n, Out *o) { out_str(o, kr_str_chr(a[0].i)); }
static void c_ord(Arg *a, int n, Out *o) { out_i(o, kr_str_ord(a[0].s)); }
static void c_iter(Arg *a, int n, Out *o) {
  int64_t cap = kr_str_len(a[0].s) + 1, k = 0, pos = 0;
  KrObj **items = kr_alloc((size_t)cap * sizeof(KrObj *));
  if (!items) {
    out_exc(o);
    return;
  }
  KrObj *c;
  while ((c = kr_str_next(a[0].s, &pos)))
    items[k++] = c;
  if (kr_failed()) {
    while (k > 0)
      kr_decref(items[--k]);
    kr_free(items);
    out_exc(o);
    return;
  }
  out_list(o, items, k);
}
/* every index, one by one: exercises the sparse index */
static void c_index_all(Arg *a, int n, Out *o) {
  int64_t len = kr_str_len(a[0].s);
  KrBuf b;
  kr_buf_init(&b, 0);
  for (int64_t i = -len; i < len; i++) {
    KrObj *c = kr_str_getitem(a[0].s, i < 0 ? i : len - 1 - i);
    if (!c) {
      kr_buf_discard(&b);
      out_exc(o);
      return;
    }
    kr_buf_puts(&b, c);
    kr_decref(c);
  }
  out_str(o, kr_buf_finish(&b));
}

#define UNARY_STR(name) \
  static void c_##name(Arg *a, int n, Out *o) { out_str(o, kr_str_##name(a[0].s)); }
UNARY_STR(capitalize)
UNARY_STR(casefold)
UNARY_STR(lower)
UNARY_STR(upper)
UNARY_STR(swapcase)
UNARY_STR(title)
#define PRED(name) \
  static void c_##name(Arg *a, int n, Out *o) { out_int(o, kr_str_##name(a[0].s)); }
PRED(isalnum)
PRED(isalpha)
PRED(isascii)
PRED(isdecimal)
PRED(isdigit)
PRED(isidentifier)
PRED(islower)
PRED(isnumeric)
PRED(isprintable)
PRED(isspace)
PRED(istitle)
PRED(isupper)
#define SEARCH(name) \
  static void c_##name(Arg *a, int n, Out *o) { out_i(o, kr_str_##name(a[0].s, a[1].s, a[2].i, a[3].i, (int)a[4].i)); }
SEARCH(count)
SEARCH(find)
SEARCH(rfind)
SEARCH(index)
SEARCH(rindex)
static void c_startswith(Arg *a, int n, Out *o) {
  out_i(o, kr_str_startswith(a[0].s, a[1].list, a[1].nlist, a[2].i, a[3].i, (int)a[4].i));
}
static void c_endswith(Arg *a, int n, Out *o) {
  out_i(o, kr_str_endswith(a[0].s, a[1].list, a[1].nlist, a[2].i, a[3].i, (int)a[4].i));
}
static void c_center(Arg *a, int n, Out *o) { out_str(o, kr_str_center(a[0].s, a[1].i, opt(&a[2]))); }
static void c_ljust(Arg *a, int n, Out *o) { out_str(o, kr_str_ljust(a[0].s, a[1].i, opt(&a[2]))); }
static void c_rjust(Arg *a, int n, Out *o) { out_str(o, kr_str_rjust(a[0].s, a[1].i, opt(&a[2]))); }
static void c_zfill(Arg *a, int n, Out *o) { out_str(o, kr_str_zfill(a[0].s, a[1].i)); }
static void c_expandtabs(Arg *a, int n, Out *o) { out_str(o, kr_str_expandtabs(a[0].s, a[1].i)); }
static void c_join(Arg *a, int n, Out *o) { out_str(o, kr_str_join(a[0].s, a[1].list, a[1].nlist)); }
static void c_strip(Arg *a, int n, Out *o) { out_str(o, kr_str_strip(a[0].s, opt(&a[1]))); }
static void c_lstrip(Arg *a, int n, Out *o) { out_str(o, kr_str_lstrip(a[0].s, opt(&a[1]))); }
static void c_rstrip(Arg *a, int n, Out *o) { out_str(o, kr_str_rstrip(a[0].s, opt(&a[1]))); }
static void c_removeprefix(Arg *a, int n, Out *o) { out_str(o, kr_str_removeprefix(a[0].s, a[1].s)); }
static void c_removesuffix(Arg *a, int n, Out *o) { out_str(o, kr_str_removesuffix(a[0].s, a[1].s)); }
static void c_replace(Arg *a, int n, Out *o) { out_str(o, kr_str_replace(a[0].s, a[1].s, a[2].s, a[3].i)); }
static void part_out(Out *o, int rc, KrObj *p[3]) {
  if (rc < 0) {
    out_exc(o);
    return;
  }
  KrObj **arr = kr_alloc(3 * sizeof(KrObj *));
  if (!arr) {
    for (int i = 0; i < 3; i++)
      kr_decref(p[i]);
    out_exc(o);
    return;
  }
  memcpy(arr, p, 3 * sizeof(KrObj *));
  out_list(o, arr, 3);
}
static void c_partition(Arg *a, int n, Out *o) {
  KrObj *p[3];
  part_out(o, kr_str_partition(a[0].s, a[1].s, p), p);
}
static void c_rpartition(Arg *a, int n, Out *o) {
  KrObj *p[3];
  part_out(o, kr_str_rpartition(a[0].s, a[1].s, p), p);
}
static void c_split(Arg *a, int n, Out *o) {
  KrObj **items;
  int64_t k = kr_str_split(a[0].s, opt(&a[1]), a[2].i, &items);
  out_list(o, items, k);
}
static void c_rsplit(Arg *a, int n, Out *o) {
  KrObj **items;
  int64_t k = kr_str_rsplit(a[0].s, opt(&a[1]), a[2].i, &items);
  out_list(o, items, k);
}
static void c_splitlines(Arg *a, int n, Out *o) {
  KrObj **items;
  int64_t k = kr_str_splitlines(a[0].s, a[1].b, &items);
  out_list(o, items, k);
}
static void c_encode(Arg *a, int n, Out *o) {
  kr_str_raise_encode_error(a[0].s);
  if (kr_failed())
    out_exc(o);
  else
    out_puts(o, "ok");
}

/* exc_new TYPE values...: l:[repr, str] */
static void c_exc_new(Arg *a, int n, Out *o) {
  KrObj *vals[16];
  int m = 0;
  for (int i = 1; i < n && m < 16; i++) {
    vals[m] = kr_val_box(a[i].v, a[i].k);
    if (!vals[m]) {
      while (m > 0)
        kr_decref(vals[--m]);
      out_exc(o);
      return;
    }
    m++;
  }
  KrObj *e = kr_exc_new(type_named(kr_str_data(a[0].s)), vals, m);
  for (int i = 0; i < m; i++)
    kr_decref(vals[i]);
  if (!e) {
    out_exc(o);
    return;
  }
  KrObj **items = kr_alloc(3 * sizeof(KrObj *));
  if (!items) {
    kr_decref(e);
    out_exc(o);
    return;
  }
  items[0] = kr_str_from_cstr(e->type->name);
  items[1] = kr_exc_repr(e);
  items[2] = kr_exc_str(e);
  kr_decref(e);
  if (!items[0] || !items[1] || !items[2]) {
    for (int i = 0; i < 3; i++)
      kr_xdecref(items[i]);
    kr_free(items);
    out_exc(o);
    return;
  }
  out_list(o, items, 3);
}

/* print TO FLUSH SEP END items...: the captured output (and the exception) */
static void c_print(Arg *a, int n, Out *o) {
  KrObj *items[32];
  int m = 0;
  for (int i = 4; i < n && m < 32; i++)
    items[m++] = a[i].s;
  int to_err = (int)a[0].i;
  Capture c;
  capture_begin(&c, to_err ? 2 : 1);
  int rc = kr_print(items, m, opt(&a[2]), opt(&a[3]), to_err, a[1].b);
  capture_end(&c, o);
  if (rc < 0) {
    out_puts(o, " ");
    out_exc(o);
  }
}

/* report OPS...: tokens (as s: strs) of a small script that builds an
 * exception the way generated code would, then reports it:
 *   source HEX            register prog.py's source
 *   raise TYPE HEXMSG     kr_raise(TYPE, "%s", msg); "-" for no message
 *   raisev TYPE N v...    raise TYPE(*values)
 *   tb FUNC LINE          kr_tb_add("prog.py", FUNC, LINE)
 *   catch                 fetch the pending exception and begin handling it
 *   end                   end handling the innermost caught exception
 *   reraise               bare raise
 *   from TYPE HEXMSG      raise TYPE(msg) from the exception being handled
 *   fromnone TYPE HEXMSG  raise TYPE(msg) from None
 * The result: l:[captured stderr, the exit status]. */
static void c_report(Arg *a, int n, Out *o) {
  enum { MAXH = 16 };
  KrObj *caught[MAXH], *prev[MAXH];
  int nh = 0;
  static char *source;
  for (int i = 0; i < n; i++) {
    const char *op = kr_str_data(a[i].s);
    if (strcmp(op, "source") == 0) {
      free(source);
      source = strdup(kr_str_data(a[++i].s));
      kr_tb_set_source("prog.py", source);
    } else if (strcmp(op, "raise") == 0) {
      const KrType *t = type_named(kr_str_data(a[i + 1].s));
      const char *msg = kr_str_data(a[i + 2].s);
      if (strcmp(msg, "-") == 0)
        kr_raise(t, NULL);
      else
        kr_raise(t, "%s", msg);
      i += 2;
    } else if (strcmp(op, "raisev") == 0) {
      const KrType *t = type_named(kr_str_data(a[i + 1].s));
      int k = (int)a[i + 2].i;
      KrObj *vals[16];
      for (int j = 0; j < k; j++)
        vals[j] = kr_val_box(a[i + 3 + j].v, a[i + 3 + j].k);
      kr_raise_args(t, vals, k);
      for (int j = 0; j < k; j++)
        kr_decref(vals[j]);
      i += 2 + k;
    } else if (strcmp(op, "tb") == 0) {
      kr_tb_add("prog.py", kr_str_data(a[i + 1].s), (int)a[i + 2].i);
      i += 2;
    } else if (strcmp(op, "catch") == 0) {
      if (!kr_exc) /* generated code only catches what is pending */
        kr_raise(&kr_RuntimeError_type, "nothing to catch");
      caught[nh] = kr_exc_fetch();
      prev[nh] = kr_exc_begin_handling(caught[nh]);
      nh++;
    } else if (strcmp(op, "end") == 0) {
      nh--;
      kr_exc_end_handling(prev[nh]);
      kr_decref(caught[nh]);
    } else if (strcmp(op, "reraise") == 0) {
      kr_exc_reraise();
    } else if (strcmp(op, "from") == 0 || strcmp(op, "fromnone") == 0) {
      KrObj *e = kr_exc_newf(type_named(kr_str_data(a[i + 1].s)), "%s", kr_str_data(a[i + 2].s));
      i += 2;
      if (!e) /* MemoryError is pending instead */
        continue;
      KrObj *cause = NULL;
      if (op[4] == 0) {
        cause = kr_exc_handling();
        kr_incref(cause);
      }
      kr_raise_from(e, cause);
    }
  }
  while (nh > 0) { /* a report happens outside every handler */
    nh--;
    kr_exc_end_handling(prev[nh]);
    kr_decref(caught[nh]);
  }
  Capture c;
  capture_begin(&c, 2);
  int status = kr_exc_report();
  capture_end(&c, o);
  char t[32];
  snprintf(t, sizeof t, ",%d", status);
  out_puts(o, t);
}

static const struct {
  const char *name;
  Cmd fn;
  int nargs; /* the least number of tokens */
} commands[] = {
    {"repr_float", c_repr_float, 1}, {"repr_int", c_repr_int, 1},       {"format_int", c_format_int, 2},
    {"format_float", c_format_float, 2}, {"format_bool", c_format_bool, 2}, {"format_str", c_format_str, 2},
    {"format_val", c_format_val, 2}, {"mod", c_mod, 2},                 {"hash", c_hash, 1},
    {"eq", c_eq, 2},                 {"cmp", c_cmp, 3},                 {"truth", c_truth, 1},
    {"repr", c_repr, 1},             {"str", c_str, 1},                 {"ascii", c_ascii, 1},
    {"getitem", c_getitem, 2},       {"slice", c_slice, 5},             {"concat", c_concat, 2},
    {"append", c_append, 3},
    {"repeat", c_repeat, 2},         {"contains", c_contains, 2},       {"strcmp", c_strcmp, 2},
    {"len", c_len, 1},               {"chr", c_chr, 1},                 {"ord", c_ord, 1},
    {"iter", c_iter, 1},             {"index_all", c_index_all, 1},     {"capitalize", c_capitalize, 1},
    {"casefold", c_casefold, 1},     {"lower", c_lower, 1},             {"upper", c_upper, 1},
    {"swapcase", c_swapcase, 1},     {"title", c_title, 1},             {"isalnum", c_isalnum, 1},
    {"isalpha", c_isalpha, 1},       {"isascii", c_isascii, 1},         {"isdecimal", c_isdecimal, 1},
    {"isdigit", c_isdigit, 1},       {"isidentifier", c_isidentifier, 1}, {"islower", c_islower, 1},
    {"isnumeric", c_isnumeric, 1},   {"isprintable", c_isprintable, 1}, {"isspace", c_isspace, 1},
    {"istitle", c_istitle, 1},       {"isupper", c_isupper, 1},         {"count", c_count, 5},
    {"find", c_find, 5},             {"rfind", c_rfind, 5},             {"index", c_index, 5},
    {"rindex", c_rindex, 5},         {"startswith", c_startswith, 5},   {"endswith", c_endswith, 5},
    {"center", c_center, 3},         {"ljust", c_ljust, 3},             {"rjust", c_rjust, 3},
    {"zfill", c_zfill, 2},           {"expandtabs", c_expandtabs, 2},   {"join", c_join, 2},
    {"strip", c_strip, 2},           {"lstrip", c_lstrip, 2},           {"rstrip", c_rstrip, 2},
    {"removeprefix", c_removeprefix, 2}, {"removesuffix", c_removesuffix, 2}, {"replace", c_replace, 4},
    {"partition", c_partition, 2},   {"rpartition", c_rpartition, 2},   {"split", c_split, 3},
    {"rsplit", c_rsplit, 3},         {"splitlines", c_splitlines, 2},   {"encode", c_encode, 1},
    {"exc_new", c_exc_new, 1},       {"print", c_print, 4},             {"report", c_report, 0},
};

/* Every code point's properties and case mappings, for the exhaustive
 * comparison with CPython: "HEX FLAGS lower upper title fold" for the code
 * points where any differs from nothing-special. */
static void unidump(void) {
  for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
    KrObj *c = kr_str_chr(cp);
    int flags = kr_str_isalpha(c) | kr_str_isdecimal(c) << 1 | kr_str_isdigit(c) << 2 |
                kr_str_isnumeric(c) << 3 | kr_str_isspace(c) << 4 | kr_str_isprintable(c) << 5 |
                kr_str_islower(c) << 6 | kr_str_isupper(c) << 7 | kr_str_isidentifier(c) << 8 |
                kr_str_istitle(c) << 9;
    KrObj *m[4] = {kr_str_lower(c), kr_str_upper(c), kr_str_capitalize(c), kr_str_casefold(c)};
    bool same = true;
    for (int i = 0; i < 4; i++)
      same &= kr_str_eq(m[i], c);
    if (flags != 0x20 || !same) {
      printf("%X %X", (unsigned)cp, (unsigned)flags);
      for (int i = 0; i < 4; i++) {
        printf(" ");
        const char *d = kr_str_data(m[i]);
        for (int64_t j = 0; j < kr_str_bytes(m[i]); j++)
          printf("%02x", (unsigned char)d[j]);
      }
      printf("\n");
    }
    for (int i = 0; i < 4; i++)
      kr_decref(m[i]);
    kr_decref(c);
  }
}

static bool failsweep;

static void run_once(Cmd fn, Arg *a, int n, Out *o, int64_t fail_at) {
  kr_alloc_fail_at = fail_at ? kr_alloc_count + fail_at : 0;
  fn(a, n, o);
  kr_alloc_fail_at = 0;
  if (kr_failed()) { /* a command must leave nothing pending */
    out_puts(o, " PENDING:");
    out_exc(o);
  }
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--failsweep") == 0)
      failsweep = true;
    if (strcmp(argv[i], "--unidump") == 0) {
      unidump();
      return 0;
    }
  }
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  Out o = {0}, o2 = {0};
  while ((len = getline(&line, &cap, stdin)) > 0) {
    if (line[len - 1] == '\n')
      line[--len] = 0;
    char *save = NULL, *tok = strtok_r(line, " ", &save);
    if (!tok)
      continue;
    Cmd fn = NULL;
    int need = 0;
    for (size_t i = 0; i < countof(commands); i++)
      if (strcmp(commands[i].name, tok) == 0)
        fn = commands[i].fn, need = commands[i].nargs;
    Arg args[64];
    int n = 0;
    while ((tok = strtok_r(NULL, " ", &save)) && n < 64)
      parse_arg(tok, &args[n++]);
    o.n = 0;
    out_puts(&o, "");
    if (!fn || n < need) {
      out_puts(&o, "BADCMD");
    } else {
      int64_t objs = kr_live_objects, blocks = kr_live_blocks, count0 = kr_alloc_count;
      run_once(fn, args, n, &o, 0);
      if (kr_live_objects != objs || kr_live_blocks != blocks) {
        char t[64];
        snprintf(t, sizeof t, " LEAK(%" PRId64 ",%" PRId64 ")", kr_live_objects - objs, kr_live_blocks - blocks);
        out_puts(&o, t);
      }
      int64_t allocs = kr_alloc_count - count0;
      for (int64_t k = 1; failsweep && k <= allocs; k++) {
        o2.n = 0;
        out_puts(&o2, "");
        objs = kr_live_objects, blocks = kr_live_blocks;
        run_once(fn, args, n, &o2, k);
        bool leak = kr_live_objects != objs || kr_live_blocks != blocks;
        /* the normal result, or MemoryError: raised, or reported (its
         * name in hex in a captured report) */
        bool ok = strcmp(o2.p, o.p) == 0 || strncmp(o2.p, "E:MemoryError:", 14) == 0 ||
                  strstr(o2.p, " E:MemoryError:") != NULL || strstr(o2.p, "4d656d6f72794572726f72") != NULL ||
                  strstr(o2.p, "7374722829206661696c6564") != NULL; /* "str() failed" */
        if (!ok || leak) {
          char t[64];
          snprintf(t, sizeof t, " FAILSWEEP(%" PRId64 "%s:", k, leak ? ",leak" : "");
          out_puts(&o, t);
          out_puts(&o, o2.p);
          out_puts(&o, ")");
          break;
        }
      }
    }
    for (int i = 0; i < n; i++)
      free_arg(&args[i]);
    fputs(o.p, stdout);
    fputc('\n', stdout);
    fflush(stdout);
  }
  free(line);
  free(o.p);
  free(o2.p);
  return 0;
}
