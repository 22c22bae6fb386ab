/* json_driver.c — runs test_json.py's cases through libkilnrt's json
 * module (kr_json_loads, kr_json_dumps, kr_json_dump) and prints one line
 * per operation, as the Python reference does.
 *
 * Input: "T <n>" starts a case, "E" ends it; between them one operation a
 * line:
 *   L h:HEX                     json.loads(text), text given as UTF-8 hex
 *   D OPTS K VALUE              json.dumps(value, **opts); K the value's kind
 *                               (I F B unboxed, O boxed)
 *   DEEP OPTS SHAPE N VALUE     VALUE wrapped N times: l [x], t (x,), d {"a": x}
 *   CYC OPTS SHAPE              a self-referencing (or shared) structure
 * OPTS is INDENT:ASCII:SORT:NAN:ITEMSEP:KEYSEP (INDENT -1 for None, a
 * separator as UTF-8 hex, E for an empty one, - for the default). Values: n, b:0/1, i:INT,
 * f:BITS (the double's 64 bits in hex), s:HEX (WTF-8), y:HEX (bytes),
 * ( K v K v ... ) tuples, [ K v ... ] lists of kind K, D{ KK VK k v ... }
 * dicts, { K v ... } sets, F{ K v ... } frozensets, R a b c ranges.
 *
 * Output: loads prints its value (n, b:0/1, i:N, f:BITS, s:HEX, [ ... ],
 * { k v ... }) and dumps the text's UTF-8 hex; an error prints
 * "Type: message" (a JSONDecodeError adds " | repr | pos lineno colno |
 * S or -", S when raised from None). After each case the driver prints
 * "=", having first printed "LEAK ..." if objects or blocks were left
 * alive.
 *
 * KR_OOM=N in the environment: each case runs again and again failing its
 * 1st, 2nd, ... allocation inside the json call (at most N runs, spread
 * over all its allocations); every run must print what the clean run
 * printed or a MemoryError, and leak nothing. Only mismatches print. */
#include "kilnrt.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The driver's own allocations through the runtime (building the inputs,
 * formatting the output) run with allocation failures switched off. */
static int64_t saved_fail_at;
static int nofail_depth;
static void nofail_begin(void) {
  if (nofail_depth++ == 0) {
    saved_fail_at = kr_alloc_fail_at;
    kr_alloc_fail_at = 0;
  }
}
static void nofail_end(void) {
  if (--nofail_depth == 0)
    kr_alloc_fail_at = saved_fail_at;
}

/* ------------------------------------------------------------ output line */

typedef struct Line {
  char *p;
  size_t len, cap;
} Line;

static void lput(Line *l, const char *s, size_t n) {
  if (l->len + n + 1 > l->cap) {
    l->cap = (l->len + n + 1) * 2;
    l->p = realloc(l->p, l->cap);
  }
  memcpy(l->p + l->len, s, n);
  l->len += n;
  l->p[l->len] = 0;
}
static void lputs(Line *l, const char *s) { lput(l, s, strlen(s)); }
static void lprintf(Line *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void lprintf(Line *l, const char *fmt, ...) {
  char t[128];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(t, sizeof t, fmt, ap);
  va_end(ap);
  lputs(l, t);
}
static void lhex(Line *l, const char *s, size_t n) {
  static const char hx[] = "0123456789abcdef";
  for (size_t i = 0; i < n; i++) {
    char t[2] = {hx[(unsigned char)s[i] >> 4], hx[s[i] & 15]};
    lput(l, t, 2);
  }
}
static void lstr(Line *l, KrObj *s) { lput(l, kr_str_data(s), (size_t)kr_str_bytes(s)); }

/* The pending exception (taken) as "Type: message", with a
 * JSONDecodeError's repr, fields and suppressed context after it. */
static void lexc(Line *l, KrObj *e) {
  nofail_begin();
  lputs(l, e->type->name);
  lputs(l, ": ");
  KrObj *s = kr_exc_str(e);
  if (s) {
    lstr(l, s);
    kr_decref(s);
  } else {
    lputs(l, "<str failed>");
    kr_exc_clear();
  }
  if (e->type == &kr_JSONDecodeError_type) {
    KrJsonDecodeError *je = (KrJsonDecodeError *)e;
    lputs(l, " | ");
    KrObj *r = kr_obj_repr(e);
    if (r) {
      lstr(l, r);
      kr_decref(r);
    } else {
      lputs(l, "<repr failed>");
      kr_exc_clear();
    }
    lprintf(l, " | %" PRId64 " %" PRId64 " %" PRId64 " | %s", je->pos, je->lineno, je->colno,
            je->exc.suppress_context ? "S" : "-");
  }
  nofail_end();
}

/* ------------------------------------------------------------------ values */

static char **toks;
static int ntoks, tpos;

static const char *tok(void) {
  if (tpos >= ntoks) {
    fprintf(stderr, "driver: out of tokens\n");
    exit(2);
  }
  return toks[tpos++];
}

static int hexnib(char c) { return c <= '9' ? c - '0' : (c | 32) - 'a' + 10; }

/* hex to bytes (malloc'ed, exactly n bytes: no NUL after them, so reading
 * past the end is an ASan error). */
static char *unhex(const char *h, int64_t *n) {
  size_t len = strlen(h) / 2;
  char *p = malloc(len ? len : 1);
  for (size_t i = 0; i < len; i++)
    p[i] = (char)(hexnib(h[2 * i]) << 4 | hexnib(h[2 * i + 1]));
  *n = (int64_t)len;
  return p;
}

static double bits_double(const char *h) {
  uint64_t u = strtoull(h, NULL, 16);
  double d;
  memcpy(&d, &u, sizeof d);
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

static KrObj *parse_obj(void);

/* One value of kind k (owned). */
static KrVal parse_val(ValKind k) {
  if (k == KR_OBJ)
    return (KrVal){.o = parse_obj()};
  const char *t = tok();
  switch (k) {
  case KR_INT: return (KrVal){.i = strtoll(t + 2, NULL, 10)};
  case KR_FLOAT: return (KrVal){.f = bits_double(t + 2)};
  default: return (KrVal){.b = t[2] == '1'};
  }
}

static KrObj *parse_obj(void) {
  const char *t = tok();
  int64_t n;
  if (strcmp(t, "n") == 0)
    return kr_None;
  if (strncmp(t, "b:", 2) == 0)
    return kr_bool_box(t[2] == '1');
  if (strncmp(t, "i:", 2) == 0)
    return kr_int_box(strtoll(t + 2, NULL, 10));
  if (strncmp(t, "f:", 2) == 0)
    return kr_float_box(bits_double(t + 2));
  if (strncmp(t, "s:", 2) == 0 || strncmp(t, "y:", 2) == 0) {
    char *p = unhex(t + 2, &n);
    KrObj *o = t[0] == 's' ? kr_str_new(p, n) : kr_bytes_new(p, n);
    free(p);
    return o;
  }
  if (strcmp(t, "R") == 0) {
    int64_t a = strtoll(tok(), NULL, 10), b = strtoll(tok(), NULL, 10);
    return kr_range_new(a, b, strtoll(tok(), NULL, 10));
  }
  if (strcmp(t, "(") == 0) {
    KrVal items[64];
    uint8_t kinds[64];
    int64_t m = 0;
    while (strcmp(toks[tpos], ")") != 0) {
      kinds[m] = (uint8_t)kind_letter(tok());
      items[m] = parse_val((ValKind)kinds[m]);
      m++;
    }
    tpos++;
    return kr_tuple_pack_steal(m, items, kinds);
  }
  if (strcmp(t, "[") == 0) {
    ValKind k = kind_letter(tok());
    KrObj *l = kr_list_new(k, 0);
    while (strcmp(toks[tpos], "]") != 0) {
      KrVal v = parse_val(k);
      kr_list_append(l, v);
      kr_val_decref(v, k);
    }
    tpos++;
    return l;
  }
  if (strcmp(t, "D{") == 0) {
    ValKind kk = kind_letter(tok()), vk = kind_letter(tok());
    KrObj *d = kr_dict_new(kk, vk);
    while (strcmp(toks[tpos], "}") != 0) {
      KrVal key = parse_val(kk), v = parse_val(vk);
      kr_dict_setitem(d, key, kk, v);
      kr_val_decref(key, kk);
      kr_val_decref(v, vk);
    }
    tpos++;
    return d;
  }
  if (strcmp(t, "{") == 0 || strcmp(t, "F{") == 0) {
    ValKind k = kind_letter(tok());
    KrObj *s = kr_set_new(k);
    while (strcmp(toks[tpos], "}") != 0) {
      KrVal v = parse_val(k);
      kr_set_add(s, v, k);
      kr_val_decref(v, k);
    }
    tpos++;
    if (t[0] == 'F') {
      KrObj *f = kr_set_from_iter(s, k, true);
      kr_decref(s);
      return f;
    }
    return s;
  }
  fprintf(stderr, "driver: bad token %s\n", t);
  exit(2);
}

/* loads' result, canonically. */
static void show(Line *l, KrObj *o) {
  if (o == kr_None) {
    lputs(l, "n");
  } else if (o->type == &kr_bool_type) {
    lputs(l, o == kr_True ? "b:1" : "b:0");
  } else if (o->type == &kr_int_type) {
    lprintf(l, "i:%" PRId64, ((KrInt *)o)->v);
  } else if (o->type == &kr_float_type) {
    uint64_t u;
    memcpy(&u, &((KrFloat *)o)->v, sizeof u);
    lprintf(l, "f:%016" PRIx64, u);
  } else if (o->type == &kr_str_type) {
    lputs(l, "s:");
    lhex(l, kr_str_data(o), (size_t)kr_str_bytes(o));
  } else if (o->type == &kr_list_type) {
    KrList *x = KR_LIST(o);
    lputs(l, x->kind == KR_OBJ ? "[" : "[BADKIND");
    for (int64_t i = 0; i < x->len; i++) {
      lputs(l, " ");
      show(l, x->items[i].o);
    }
    lputs(l, " ]");
  } else if (o->type == &kr_dict_type) {
    KrDict *d = KR_DICT(o);
    lputs(l, d->kkind == KR_OBJ && d->vkind == KR_OBJ ? "{" : "{BADKIND");
    for (int64_t i = 0; i < d->nentries; i++) {
      if (d->entries[i].hash == -1)
        continue;
      lputs(l, " ");
      show(l, d->entries[i].key.o);
      lputs(l, " ");
      show(l, d->entries[i].value.o);
    }
    lputs(l, " }");
  } else {
    lprintf(l, "?%s", o->type->name);
  }
}

/* OPTS; the separators are malloc'ed (free them with free_opts). */
static KrJsonOpts parse_opts(const char *t) {
  KrJsonOpts o = KR_JSON_OPTS_DEFAULT;
  char *copy = strdup(t), *parts[6];
  int n = 0;
  for (char *p = strtok(copy, ":"); p && n < 6; p = strtok(NULL, ":"))
    parts[n++] = p;
  if (n != 6) {
    fprintf(stderr, "driver: bad options %s\n", t);
    exit(2);
  }
  o.indent = strtoll(parts[0], NULL, 10);
  o.ensure_ascii = parts[1][0] == '1';
  o.sort_keys = parts[2][0] == '1';
  o.allow_nan = parts[3][0] == '1';
  for (int i = 4; i < 6; i++) {
    const char *sep = NULL;
    if (strcmp(parts[i], "E") == 0) {
      sep = strdup("");
    } else if (strcmp(parts[i], "-") != 0) {
      int64_t len;
      char *p = unhex(parts[i], &len);
      char *z = malloc((size_t)len + 1);
      memcpy(z, p, (size_t)len);
      z[len] = 0;
      free(p);
      sep = z;
    }
    if (i == 4)
      o.item_sep = sep;
    else
      o.key_sep = sep;
  }
  free(copy);
  return o;
}

static void free_opts(KrJsonOpts *o) {
  free((char *)o->item_sep);
  free((char *)o->key_sep);
}

/* ------------------------------------------------------------- operations */

static int64_t fail_at; /* the allocation to fail inside the json call (0: none) */
static int64_t json_allocs; /* how many allocations the last json call made */

static void json_begin(void) {
  kr_alloc_count = 0;
  kr_alloc_fail_at = fail_at;
}
static void json_end(void) {
  json_allocs = kr_alloc_count;
  kr_alloc_fail_at = 0;
}

static bool is_memerr(KrObj *e) { return e && e->type == &kr_MemoryError_type; }

static void op_loads(Line *out, const char *hex) {
  int64_t n;
  char *text = unhex(hex + 2, &n);
  json_begin();
  KrObj *v = kr_json_loads(text, n);
  json_end();
  free(text);
  if (v) {
    show(out, v);
    kr_decref(v);
  } else {
    KrObj *e = kr_exc_fetch();
    if (!e) {
      lputs(out, "<NULL without an exception>");
      return;
    }
    lexc(out, e);
    kr_decref(e);
  }
}

/* dumps, twice: kr_json_dumps, and kr_json_dump appending to a builder
 * that holds "<<" already (which must hold "<<" + text after, or just
 * "<<" after an error). */
static void dump_value(Line *out, KrVal v, ValKind k, const KrJsonOpts *opts) {
  json_begin();
  KrObj *s = kr_json_dumps(v, k, opts);
  KrObj *e1 = s ? NULL : kr_exc_fetch();
  nofail_begin();
  KrBuf b;
  kr_buf_init(&b, 4);
  kr_buf_put(&b, "<<", 2);
  nofail_end();
  int r = kr_json_dump(&b, v, k, opts);
  KrObj *e2 = r < 0 ? kr_exc_fetch() : NULL;
  json_end();
  if (is_memerr(e1) || is_memerr(e2)) {
    lputs(out, "MemoryError: ");
  } else if (s) {
    lhex(out, kr_str_data(s), (size_t)kr_str_bytes(s));
    if (r < 0 || b.len != 2 + kr_str_bytes(s) || memcmp(b.s->data, "<<", 2) != 0 ||
        memcmp(b.s->data + 2, kr_str_data(s), (size_t)kr_str_bytes(s)) != 0)
      lputs(out, " INCONSISTENT");
  } else if (!e1) {
    lputs(out, "<NULL without an exception>");
  } else {
    lexc(out, e1);
    if (r == 0 || e2->type != e1->type || b.failed || b.len != 2 || memcmp(b.s->data, "<<", 2) != 0)
      lputs(out, " INCONSISTENT");
  }
  kr_buf_discard(&b);
  kr_xdecref(s);
  kr_xdecref(e1);
  kr_xdecref(e2);
}

static void op_dumps(Line *out) {
  nofail_begin();
  KrJsonOpts opts = parse_opts(tok());
  ValKind k = kind_letter(tok());
  KrVal v = parse_val(k);
  nofail_end();
  dump_value(out, v, k, &opts);
  kr_val_decref(v, k);
  free_opts(&opts);
}

static void op_deep(Line *out) {
  nofail_begin();
  KrJsonOpts opts = parse_opts(tok());
  char shape = tok()[0];
  int64_t n = strtoll(tok(), NULL, 10);
  KrObj *x = parse_obj();
  for (int64_t i = 0; i < n; i++) {
    KrObj *w;
    if (shape == 'l') {
      w = kr_list_new(KR_OBJ, 1);
      kr_list_append(w, (KrVal){.o = x});
    } else if (shape == 't') {
      uint8_t kind = KR_OBJ;
      w = kr_tuple_pack(1, (KrVal[]){{.o = x}}, &kind);
    } else {
      w = kr_dict_new(KR_OBJ, KR_OBJ);
      KrObj *key = kr_str_from_cstr("a");
      kr_dict_setitem(w, (KrVal){.o = key}, KR_OBJ, (KrVal){.o = x});
      kr_decref(key);
    }
    kr_decref(x);
    x = w;
  }
  nofail_end();
  dump_value(out, (KrVal){.o = x}, KR_OBJ, &opts);
  kr_decref(x);
  free_opts(&opts);
}

/* The structures of CYC, built as test_json.py builds them:
 *   l       a = [1, a]
 *   d       a = {"a": [a]}
 *   t       a = [(a,)]
 *   deep    a = [[[{"k": a}]]]
 *   dval    a = {"x": 1, "y": a}
 *   shared  x = [1]; a = [x, x, {"k": x}, (x,)]   (no cycle: no error) */
static void op_cyc(Line *out) {
  nofail_begin();
  KrJsonOpts opts = parse_opts(tok());
  const char *shape = tok();
  KrObj *a, *tmp, *key;
  if (strcmp(shape, "l") == 0) {
    a = kr_list_new(KR_OBJ, 0);
    kr_list_append(a, (KrVal){.o = kr_int_box(1)});
    kr_list_append(a, (KrVal){.o = a});
  } else if (strcmp(shape, "d") == 0) {
    a = kr_dict_new(KR_OBJ, KR_OBJ);
    tmp = kr_list_new(KR_OBJ, 0);
    kr_list_append(tmp, (KrVal){.o = a});
    key = kr_str_from_cstr("a");
    kr_dict_setitem(a, (KrVal){.o = key}, KR_OBJ, (KrVal){.o = tmp});
    kr_decref(key);
    kr_decref(tmp);
  } else if (strcmp(shape, "t") == 0) {
    a = kr_list_new(KR_OBJ, 0);
    uint8_t kind = KR_OBJ;
    tmp = kr_tuple_pack(1, (KrVal[]){{.o = a}}, &kind);
    kr_list_append(a, (KrVal){.o = tmp});
    kr_decref(tmp);
  } else if (strcmp(shape, "deep") == 0) {
    a = kr_list_new(KR_OBJ, 0);
    KrObj *d = kr_dict_new(KR_OBJ, KR_OBJ);
    key = kr_str_from_cstr("k");
    kr_dict_setitem(d, (KrVal){.o = key}, KR_OBJ, (KrVal){.o = a});
    kr_decref(key);
    KrObj *l1 = kr_list_new(KR_OBJ, 0), *l2 = kr_list_new(KR_OBJ, 0);
    kr_list_append(l2, (KrVal){.o = d});
    kr_list_append(l1, (KrVal){.o = l2});
    kr_list_append(a, (KrVal){.o = l1});
    kr_decref(d);
    kr_decref(l1);
    kr_decref(l2);
  } else if (strcmp(shape, "dval") == 0) {
    a = kr_dict_new(KR_OBJ, KR_OBJ);
    key = kr_str_from_cstr("x");
    kr_dict_setitem(a, (KrVal){.o = key}, KR_OBJ, (KrVal){.o = kr_int_box(1)});
    kr_decref(key);
    key = kr_str_from_cstr("y");
    kr_dict_setitem(a, (KrVal){.o = key}, KR_OBJ, (KrVal){.o = a});
    kr_decref(key);
  } else {
    KrObj *x = kr_list_new(KR_OBJ, 0);
    kr_list_append(x, (KrVal){.o = kr_int_box(1)});
    a = kr_list_new(KR_OBJ, 0);
    kr_list_append(a, (KrVal){.o = x});
    kr_list_append(a, (KrVal){.o = x});
    KrObj *d = kr_dict_new(KR_OBJ, KR_OBJ);
    key = kr_str_from_cstr("k");
    kr_dict_setitem(d, (KrVal){.o = key}, KR_OBJ, (KrVal){.o = x});
    kr_decref(key);
    kr_list_append(a, (KrVal){.o = d});
    kr_decref(d);
    uint8_t kind = KR_OBJ;
    tmp = kr_tuple_pack(1, (KrVal[]){{.o = x}}, &kind);
    kr_list_append(a, (KrVal){.o = tmp});
    kr_decref(tmp);
    kr_decref(x);
  }
  nofail_end();
  dump_value(out, (KrVal){.o = a}, KR_OBJ, &opts);
  /* break the cycle, then let it go */
  if (a->type == &kr_list_type)
    kr_list_clear(a);
  else
    kr_dict_clear(a);
  kr_decref(a);
  free_opts(&opts);
}

/* Run one operation line; its output line (malloc'ed) is returned. */
static char *run_line(const char *src) {
  static char *tokv[1 << 16];
  char *buf = strdup(src);
  ntoks = tpos = 0;
  for (char *p = strtok(buf, " "); p && ntoks < (1 << 16); p = strtok(NULL, " "))
    tokv[ntoks++] = p;
  toks = tokv;
  Line out = {0};
  lputs(&out, "");
  if (ntoks > 0) {
    const char *op = tok();
    if (strcmp(op, "L") == 0)
      op_loads(&out, tok());
    else if (strcmp(op, "D") == 0)
      op_dumps(&out);
    else if (strcmp(op, "DEEP") == 0)
      op_deep(&out);
    else if (strcmp(op, "CYC") == 0)
      op_cyc(&out);
    else
      lprintf(&out, "<bad op %s>", op);
  }
  if (kr_exc) {
    lputs(&out, " STRAY-EXCEPTION");
    kr_exc_clear();
  }
  free(buf);
  return out.p;
}

/* ------------------------------------------------------------------- main */

static void check_leaks(int64_t objs0, int64_t blocks0, const char *what) {
  if (kr_live_objects != objs0 || kr_live_blocks != blocks0)
    printf("LEAK %" PRId64 " objects %" PRId64 " blocks%s\n", kr_live_objects - objs0, kr_live_blocks - blocks0,
           what);
}

static void run_case(char **lines, int n, int64_t max_runs) {
  for (int i = 0; i < n; i++) {
    int64_t objs0 = kr_live_objects, blocks0 = kr_live_blocks;
    fail_at = 0;
    char *want = run_line(lines[i]);
    check_leaks(objs0, blocks0, "");
    if (max_runs == 0) {
      printf("%s\n", want);
      free(want);
      continue;
    }
    /* KR_OOM: fail each allocation in turn (spread over max_runs runs) */
    int64_t total = json_allocs;
    int64_t step = total > max_runs ? total / max_runs : 1;
    for (fail_at = 1; fail_at <= total; fail_at += step) {
      objs0 = kr_live_objects;
      blocks0 = kr_live_blocks;
      char *got = run_line(lines[i]);
      char what[64];
      snprintf(what, sizeof what, " (failing allocation %" PRId64 ")", fail_at);
      check_leaks(objs0, blocks0, what);
      if (strcmp(got, want) != 0 && strncmp(got, "MemoryError", 11) != 0)
        printf("OOM%s: %.300s\n", what, got);
      free(got);
    }
    fail_at = 0;
    free(want);
  }
}

int main(void) {
  char *buf = NULL;
  size_t cap = 0;
  ssize_t n;
  const char *oom = getenv("KR_OOM");
  int64_t max_runs = oom ? atoll(oom) : 0;
  char **lines = NULL;
  int nlines = 0, caplines = 0;
  while ((n = getline(&buf, &cap, stdin)) > 0) {
    if (buf[n - 1] == '\n')
      buf[--n] = 0;
    if (buf[0] == 'T' && buf[1] == ' ') {
      nlines = 0;
      continue;
    }
    if (strcmp(buf, "E") == 0) {
      run_case(lines, nlines, max_runs);
      for (int i = 0; i < nlines; i++)
        free(lines[i]);
      nlines = 0;
      printf("=\n");
      fflush(stdout);
      continue;
    }
    if (nlines == caplines) {
      caplines = caplines ? caplines * 2 : 16;
      lines = realloc(lines, sizeof(char *) * (size_t)caplines);
    }
    lines[nlines++] = strdup(buf);
  }
  free(lines);
  free(buf);
  return 0;
}
