/* containers_driver.c — runs the operation sequences of test_containers.py
 * through libkilnrt and prints one line per operation, as the Python
 * reference does. Input: "T <n>" starts a sequence, "E" ends it; between
 * them one operation a line (the value syntax is test_containers.py's).
 * After each sequence the driver prints "=", having first printed
 * "LEAK <n>" if kr_live_objects did not come back to where it started. */
#include "kilnrt.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Allocation failures (KR_OOM mode) are for the runtime: the driver's own
 * allocations (parsing arguments, its buffers) run with them switched off. */
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

static bool quiet; /* KR_OOM mode: run the ops, print nothing */

/* ------------------------------------------------------------------ output */

static void put_str(KrObj *s) {
  fwrite(kr_str_data(s), 1, (size_t)kr_str_bytes(s), stdout);
}

/* A line being assembled from pieces; a failed piece leaves kr_exc set. */
static KrBuf line;
static bool line_failed;

static void line_start(void) {
  nofail_begin();
  kr_buf_init(&line, 64);
  nofail_end();
  line_failed = false;
}

static void add_cstr(const char *s) {
  if (!line_failed)
    kr_buf_put(&line, s, (int64_t)strlen(s));
}

static void add_obj(KrObj *s) { /* steals s */
  if (!s) {
    line_failed = true;
    return;
  }
  if (!line_failed)
    kr_buf_puts(&line, s);
  kr_decref(s);
}

static void add_repr(KrVal v, ValKind k) {
  if (!line_failed)
    add_obj(kr_val_repr(v, k));
}

static void add_bool(int r) {
  if (r < 0)
    line_failed = true;
  else
    add_cstr(r ? "True" : "False");
}

static void add_int(int64_t v) {
  if (kr_failed()) {
    line_failed = true;
    return;
  }
  char b[32];
  snprintf(b, sizeof b, "%" PRId64, v);
  add_cstr(b);
}

/* Print the line, or the pending exception as "Type: message" (with what
 * the line holds so far after it when keep is set). */
static void line_end(void) {
  if (quiet) {
    kr_exc_clear();
    kr_buf_discard(&line);
    return;
  }
  if (kr_failed() || line_failed) {
    KrObj *e = kr_exc_fetch();
    if (!e) {
      printf("<no exception set>\n");
    } else {
      KrObj *s = kr_exc_str(e);
      printf("%s: ", e->type->name);
      if (s) {
        put_str(s);
        kr_decref(s);
      } else {
        kr_exc_clear();
      }
      printf("\n");
      kr_decref(e);
    }
    kr_buf_discard(&line);
    return;
  }
  KrObj *s = kr_buf_finish(&line);
  if (!s) {
    kr_exc_clear();
    printf("<buffer failed>\n");
    return;
  }
  put_str(s);
  printf("\n");
  kr_decref(s);
}

/* "Type: message" into the line (for results that go on after an error). */
static void add_exc(void) {
  KrObj *e = kr_exc_fetch();
  if (!e) {
    line_failed = true;
    return;
  }
  KrObj *s = kr_exc_str(e);
  add_cstr(e->type->name);
  add_cstr(": ");
  add_obj(s);
  kr_decref(e);
}

/* ------------------------------------------------------------------ values */

static char **toks;
static int ntoks;

static KrObj *sobj(const char *s) { return kr_str_new(s, (int64_t)strlen(s)); }

static int hexnib(char c) { return c <= '9' ? c - '0' : (c | 32) - 'a' + 10; }

static char *unhex(const char *h, int64_t *n) {
  size_t len = strlen(h) / 2;
  char *p = malloc(len + 1);
  for (size_t i = 0; i < len; i++)
    p[i] = (char)(hexnib(h[2 * i]) << 4 | hexnib(h[2 * i + 1]));
  p[len] = 0;
  *n = (int64_t)len;
  return p;
}

static ValKind kind_of_letter(const char *t) {
  switch (t[0]) {
  case 'I': return KR_INT;
  case 'F': return KR_FLOAT;
  case 'B': return KR_BOOL;
  default: return KR_OBJ;
  }
}

/* v (owned, kind from) as kind to (owned). */
static KrVal conv(KrVal v, ValKind from, ValKind to) {
  if (from == to)
    return v;
  if (to == KR_OBJ) {
    KrVal r = {.o = kr_val_box(v, from)};
    return r;
  }
  if (from == KR_OBJ) {
    KrVal r = kr_val_unbox(v.o, to);
    kr_decref(v.o);
    return r;
  }
  fprintf(stderr, "driver: bad kind conversion %d -> %d\n", from, to);
  exit(2);
}

static KrVal parse(int *pos, ValKind *kind);

/* Items up to the closing token, converted to kind k (a malloc'ed array). */
static KrVal *parse_items(int *pos, const char *close, ValKind k, int64_t *n, uint8_t **kinds) {
  int64_t cap = 8;
  KrVal *items = malloc(sizeof(KrVal) * (size_t)cap);
  uint8_t *ks = malloc((size_t)cap);
  *n = 0;
  while (strcmp(toks[*pos], close) != 0) {
    ValKind vk;
    KrVal v = parse(pos, &vk);
    if (*n == cap) {
      cap *= 2;
      items = realloc(items, sizeof(KrVal) * (size_t)cap);
      ks = realloc(ks, (size_t)cap);
    }
    if ((int)k >= 0) {
      v = conv(v, vk, k);
      vk = k;
    }
    ks[*n] = (uint8_t)vk;
    items[(*n)++] = v;
  }
  (*pos)++;
  if (kinds)
    *kinds = ks;
  else
    free(ks);
  return items;
}

static void release_items(KrVal *items, int64_t n, ValKind k) {
  for (int64_t i = 0; i < n; i++)
    kr_val_decref(items[i], k);
  free(items);
}

static KrVal parse1(int *pos, ValKind *kind);

static KrVal parse(int *pos, ValKind *kind) {
  nofail_begin();
  KrVal v = parse1(pos, kind);
  nofail_end();
  return v;
}

static KrVal parse1(int *pos, ValKind *kind) {
  const char *t = toks[(*pos)++];
  KrVal v = {0};
  *kind = KR_OBJ;
  if (strcmp(t, "n") == 0) {
    v.o = kr_None;
  } else if (strncmp(t, "i:", 2) == 0) {
    v.i = strtoll(t + 2, NULL, 10);
    *kind = KR_INT;
  } else if (strncmp(t, "f:", 2) == 0) {
    v.f = strtod(t + 2, NULL);
    *kind = KR_FLOAT;
  } else if (strncmp(t, "b:", 2) == 0) {
    v.b = t[2] == '1';
    *kind = KR_BOOL;
  } else if (strncmp(t, "s:", 2) == 0 || strncmp(t, "y:", 2) == 0) {
    int64_t n;
    char *p = unhex(t + 2, &n);
    v.o = t[0] == 's' ? kr_str_new(p, n) : kr_bytes_new(p, n);
    free(p);
  } else if (strcmp(t, "(") == 0) {
    int64_t n;
    uint8_t *ks;
    KrVal *items = parse_items(pos, ")", (ValKind)-1, &n, &ks);
    v.o = kr_tuple_pack_steal(n, items, ks);
    free(items);
    free(ks);
  } else if (strcmp(t, "[") == 0) {
    ValKind k = kind_of_letter(toks[(*pos)++]);
    int64_t n;
    KrVal *items = parse_items(pos, "]", k, &n, NULL);
    v.o = kr_list_from_steal(k, items, n);
    free(items);
  } else if (strcmp(t, "{") == 0 || strcmp(t, "F{") == 0) {
    ValKind k = kind_of_letter(toks[(*pos)++]);
    int64_t n;
    KrVal *items = parse_items(pos, "}", k, &n, NULL);
    v.o = kr_set_from(k, items, n);
    release_items(items, n, k);
    if (t[0] == 'F' && v.o) {
      KrObj *f = kr_set_from_iter(v.o, k, true);
      kr_decref(v.o);
      v.o = f;
    }
  } else if (strcmp(t, "D{") == 0) {
    ValKind kk = kind_of_letter(toks[(*pos)++]);
    ValKind vk = kind_of_letter(toks[(*pos)++]);
    int64_t n;
    uint8_t *ks;
    KrVal *items = parse_items(pos, "}", (ValKind)-1, &n, &ks);
    KrVal *keys = malloc(sizeof(KrVal) * (size_t)(n / 2 + 1)), *vals = malloc(sizeof(KrVal) * (size_t)(n / 2 + 1));
    uint8_t *kks = malloc((size_t)(n / 2 + 1));
    for (int64_t i = 0; i < n / 2; i++) {
      keys[i] = conv(items[2 * i], (ValKind)ks[2 * i], kk);
      vals[i] = conv(items[2 * i + 1], (ValKind)ks[2 * i + 1], vk);
    }
    v.o = kr_dict_from_items(kk, vk, keys, vals, n / 2);
    for (int64_t i = 0; i < n / 2; i++) {
      kr_val_decref(keys[i], kk);
      kr_val_decref(vals[i], vk);
    }
    free(keys);
    free(vals);
    free(kks);
    free(items);
    free(ks);
  } else if (strcmp(t, "R") == 0) {
    int64_t a = strtoll(toks[*pos], NULL, 10), b = strtoll(toks[*pos + 1], NULL, 10),
            c = strtoll(toks[*pos + 2], NULL, 10);
    *pos += 3;
    v.o = kr_range_new(a, b, c);
  } else {
    fprintf(stderr, "driver: bad token %s\n", t);
    exit(2);
  }
  if (*kind == KR_OBJ && !v.o) { /* the generator must not write such literals */
    KrObj *e = kr_exc_fetch();
    KrObj *msg = e ? kr_exc_str(e) : NULL;
    fprintf(stderr, "driver: could not build a literal (%s): %s\n", t, msg ? kr_str_data(msg) : "?");
    exit(2);
  }
  return v;
}

/* The value at token pos (owned), converted to kind k unless k is -1. */
static KrVal arg(int pos, ValKind *kind) { return parse(&pos, kind); }

static KrVal arg_as(int pos, ValKind k) {
  ValKind vk;
  nofail_begin();
  KrVal v = parse(&pos, &vk);
  v = conv(v, vk, k);
  nofail_end();
  return v;
}

static int64_t iarg(int pos) { return strtoll(toks[pos], NULL, 10); }

/* ------------------------------------------------------------------- keys */

enum { K_NONE, K_NEG, K_ABS, K_MOD7, K_LEN, K_FIRST, K_SECOND, K_STR, K_FLOAT, K_CONST, K_APPENDX, K_CLEARX,
       K_SORTKEY };

typedef struct KeyCtx {
  int which;
  ValKind ik;
} KeyCtx;

static KrObj *x; /* the subject */

static int key_which(const char *s) {
  static const char *names[] = {"none",  "neg",   "abs", "mod7",    "len",   "first",
                                "second", "str", "float", "const", "appendx", "clearx"};
  for (int i = 0; i < 12; i++)
    if (strcmp(s, names[i]) == 0)
      return i;
  return K_NONE;
}

static ValKind key_kind(int which, ValKind ik) {
  switch (which) {
  case K_NEG:
  case K_ABS: return ik == KR_FLOAT ? KR_FLOAT : KR_INT;
  case K_MOD7:
  case K_LEN:
  case K_FIRST:
  case K_CONST:
  case K_APPENDX:
  case K_CLEARX: return KR_INT;
  case K_FLOAT: return KR_FLOAT;
  default: return KR_OBJ;
  }
}

static KrVal key_fn(void *data, KrVal item) {
  KeyCtx *c = data;
  KrVal r = {0};
  switch (c->which) {
  case K_NEG:
    if (c->ik == KR_FLOAT)
      r.f = -item.f;
    else
      r.i = c->ik == KR_BOOL ? -(int64_t)item.b : -item.i;
    break;
  case K_ABS:
    if (c->ik == KR_FLOAT)
      r.f = fabs(item.f);
    else
      r.i = item.i < 0 ? -item.i : item.i;
    break;
  case K_MOD7: r.i = ((item.i % 7) + 7) % 7; break;
  case K_LEN: r.i = kr_str_len(item.o); break;
  case K_FIRST: {
    KrVal v = kr_tuple_getitem(item.o, 0);
    if (!kr_failed())
      r = conv(v, kr_tuple_kind(item.o, 0), KR_INT);
    break;
  }
  case K_SECOND: {
    KrVal v = kr_tuple_getitem(item.o, 1);
    if (!kr_failed())
      r = conv(v, kr_tuple_kind(item.o, 1), KR_OBJ);
    break;
  }
  case K_STR: r.o = kr_val_str(item, c->ik); break;
  case K_FLOAT: {
    KrVal v = item;
    ValKind k = c->ik;
    if (k == KR_OBJ && (v.o->type == &kr_int_type || v.o->type == &kr_float_type || v.o->type == &kr_bool_type))
      k = v.o->type == &kr_float_type ? KR_FLOAT : KR_INT, v = kr_val_unbox(v.o, k);
    if (k == KR_FLOAT)
      r.f = v.f;
    else if (k == KR_INT)
      r.f = (double)v.i;
    else if (k == KR_BOOL)
      r.f = v.b;
    else if (v.o->type == &kr_str_type)
      r.f = kr_str_to_float(v.o);
    else
      kr_raise(&kr_TypeError_type, "float() argument must be a string or a real number, not '%s'",
               v.o->type->name);
    break;
  }
  case K_SORTKEY: { /* (type name, repr): a total order for printing sets */
    KrVal items[2];
    uint8_t kinds[2] = {KR_OBJ, KR_OBJ};
    items[0].o = sobj(kr_type_name(item, c->ik));
    if (!items[0].o)
      break;
    items[1].o = kr_val_repr(item, c->ik);
    if (!items[1].o) {
      kr_decref(items[0].o);
      break;
    }
    r.o = kr_tuple_pack_steal(2, items, kinds);
    break;
  }
  case K_APPENDX:
  case K_CLEARX:
    kr_list_append(x, (KrVal){.i = 0});
    if (c->which == K_CLEARX)
      kr_list_clear(x);
    r.i = 0;
    break;
  default: r.i = 0; break;
  }
  return r;
}

/* ------------------------------------------------------------------ helpers */

static bool sortedsets;   /* print every set sorted (its history involved str hashes) */

static bool has_str(KrVal v, ValKind k) {
  if (k != KR_OBJ)
    return false;
  if (v.o->type == &kr_str_type)
    return true;
  if (v.o->type == &kr_tuple_type)
    for (int64_t i = 0; i < kr_tuple_len(v.o); i++)
      if (has_str(KR_TUPLE(v.o)->items[i], kr_tuple_kind(v.o, i)))
        return true;
  return false;
}

static bool set_has_str(KrObj *s) {
  KrSet *so = KR_SET(s);
  for (int64_t i = 0; i <= so->mask; i++)
    if (so->table[i].state == 1 && has_str(so->table[i].key, so->kind))
      return true;
  return false;
}

/* A set with strs, in a reproducible order: sorted by (type name, repr). */
static KrObj *sorted_set_list(KrObj *s) {
  KeyCtx c = {K_SORTKEY, KR_SET(s)->kind};
  return kr_sorted(s, key_fn, &c, KR_OBJ, false);
}

static void add_show(KrObj *o) {
  if (!o) {
    line_failed = true;
    return;
  }
  if (kr_is_anyset(o) && (sortedsets || set_has_str(o))) {
    add_cstr(o->type->name);
    KrObj *l = sorted_set_list(o);
    if (!l) {
      line_failed = true;
      return;
    }
    add_obj(kr_list_repr(l));
    kr_decref(l);
    return;
  }
  add_obj(kr_obj_repr(o));
}

static void add_show_steal(KrObj *o) {
  add_show(o);
  kr_xdecref(o);
}

static void set_subject(KrObj *o) {
  if (!o)
    return;
  kr_xdecref(x);
  x = o;
}

static int64_t length(KrObj *o) { return o->type->len(o); }

static int cmp_op(const char *name) {
  static const char *names[] = {"lt", "le", "gt", "ge", "eq", "ne"};
  for (int i = 0; i < 6; i++)
    if (strcmp(name, names[i]) == 0)
      return i;
  return -1;
}

/* sum() as kiln does it for the iterable's kind (an empty float list sums
 * to the int 0 in CPython: the emitter's business, mirrored here). */
static void do_sum(KrObj *o) {
  ValKind k = kr_iterable_kind(o);
  if (k == KR_INT || k == KR_BOOL) {
    add_int(kr_sum_int(o, 0));
  } else if (k == KR_FLOAT) {
    if (length(o) == 0)
      add_cstr("0");
    else {
      double d = kr_sum_float(o, 0.0);
      if (!kr_failed())
        add_repr((KrVal){.f = d}, KR_FLOAT);
    }
  } else {
    KrObj *r = kr_sum_obj(o, kr_int_box(0));
    if (r) {
      add_obj(kr_obj_repr(r));
      kr_decref(r);
    }
  }
}

/* ------------------------------------------------------------ mutate in loop */

static void itermut(void) {
  int64_t step = iarg(1);
  const char *what = toks[2];
  nofail_begin();
  KrObj *seen = kr_list_new(kr_iterable_kind(x), 0);
  nofail_end();
  KrIter it;
  if (kr_iter_init(&it, x) < 0) {
    kr_decref(seen);
    line_failed = true;
    return;
  }
  KrVal item;
  int r;
  int64_t j = 0;
  bool isdict = x->type == &kr_dict_type;
  while ((r = it.next(&it, &item)) > 0) {
    kr_list_append(seen, item);
    if (j == step) {
      if (strcmp(what, "append") == 0) {
        KrVal v = arg_as(3, KR_LIST(x)->kind);
        kr_list_append(x, v);
        kr_val_decref(v, KR_LIST(x)->kind);
      } else if (strcmp(what, "insert0") == 0) {
        KrVal v = arg_as(3, KR_LIST(x)->kind);
        kr_list_insert(x, 0, v);
        kr_val_decref(v, KR_LIST(x)->kind);
      } else if (strcmp(what, "pop") == 0) {
        KrVal v = kr_list_pop(x, -1);
        if (!kr_failed())
          kr_val_decref(v, KR_LIST(x)->kind);
      } else if (isdict && (strcmp(what, "set") == 0 || strcmp(what, "delcur_set") == 0 ||
                            strcmp(what, "popitem_set") == 0)) {
        if (strcmp(what, "delcur_set") == 0)
          kr_dict_delitem(x, item, it.kind);
        if (strcmp(what, "popitem_set") == 0) {
          KrObj *t = kr_dict_popitem(x);
          kr_xdecref(t);
        }
        if (!kr_failed()) {
          ValKind kk;
          int p = 3;
          KrVal k = parse(&p, &kk);
          KrVal v = arg_as(p, KR_DICT(x)->vkind);
          kr_dict_setitem(x, k, kk, v);
          kr_val_decref(k, kk);
          kr_val_decref(v, KR_DICT(x)->vkind);
        }
      } else if (isdict && strcmp(what, "del") == 0) {
        ValKind kk;
        KrVal k = arg(3, &kk);
        kr_dict_delitem(x, k, kk);
        kr_val_decref(k, kk);
      } else if (isdict && strcmp(what, "delcur") == 0) {
        kr_dict_delitem(x, item, it.kind);
      } else if (strcmp(what, "add") == 0 || strcmp(what, "discard") == 0 || strcmp(what, "discard_add") == 0) {
        ValKind kk;
        int p = 3;
        KrVal k = parse(&p, &kk);
        if (what[0] == 'a')
          kr_set_add(x, k, kk);
        else
          kr_set_discard(x, k, kk);
        kr_val_decref(k, kk);
        if (strcmp(what, "discard_add") == 0 && !kr_failed()) {
          k = parse(&p, &kk);
          kr_set_add(x, k, kk);
          kr_val_decref(k, kk);
        }
      }
    }
    kr_val_decref(item, it.kind);
    if (kr_failed()) {
      r = -1;
      break;
    }
    j++;
    if (kr_list_len(seen) > 60)
      break;
  }
  kr_iter_clear(&it);
  add_show(seen);
  if (r < 0) {
    add_cstr(" ");
    add_exc();
  }
  add_cstr(" ");
  add_show(x);
  kr_decref(seen);
}

/* ---------------------------------------------------------------- the ops */

static void op_bytes(const char *name) {
  if (strcmp(name, "bsearch") == 0) {
    const char *m = toks[1];
    int pos = 2;
    ValKind sk;
    KrVal sub = parse(&pos, &sk);
    int has = 0;
    int64_t a = 0, b = 0;
    if (strcmp(toks[pos], "N") != 0)
      has |= KR_SLICE_START, a = iarg(pos);
    if (strcmp(toks[pos + 1], "N") != 0)
      has |= KR_SLICE_STOP, b = iarg(pos + 1);
    if (strcmp(m, "startswith") == 0)
      add_bool(kr_bytes_startswith(x, sub.o, a, b, has));
    else if (strcmp(m, "endswith") == 0)
      add_bool(kr_bytes_endswith(x, sub.o, a, b, has));
    else if (strcmp(m, "find") == 0)
      add_int(kr_bytes_find(x, sub.o, a, b, has));
    else if (strcmp(m, "rfind") == 0)
      add_int(kr_bytes_rfind(x, sub.o, a, b, has));
    else if (strcmp(m, "index") == 0)
      add_int(kr_bytes_index(x, sub.o, a, b, has));
    else if (strcmp(m, "rindex") == 0)
      add_int(kr_bytes_rindex(x, sub.o, a, b, has));
    else
      add_int(kr_bytes_count(x, sub.o, a, b, has));
    kr_decref(sub.o);
  } else if (strcmp(name, "bsplit") == 0) {
    ValKind k;
    KrVal sep = arg(3, &k);
    KrObj *s = sep.o == kr_None ? NULL : sep.o;
    add_show_steal(toks[1][0] == 'r' ? kr_bytes_rsplit(x, s, iarg(2)) : kr_bytes_split(x, s, iarg(2)));
    kr_decref(sep.o);
  } else if (strcmp(name, "bstrip") == 0) {
    ValKind k;
    KrVal chars = arg(2, &k);
    KrObj *c = chars.o == kr_None ? NULL : chars.o;
    add_show_steal(toks[1][0] == 's'   ? kr_bytes_strip(x, c)
                   : toks[1][0] == 'l' ? kr_bytes_lstrip(x, c)
                                       : kr_bytes_rstrip(x, c));
    kr_decref(chars.o);
  } else if (strcmp(name, "bcase") == 0) {
    add_show_steal(toks[1][0] == 'u' ? kr_bytes_upper(x) : toks[1][0] == 'l' ? kr_bytes_lower(x) : kr_bytes_hex(x));
  } else if (strcmp(name, "join") == 0) {
    ValKind k;
    KrVal l = arg(1, &k);
    add_show_steal(kr_bytes_join(x, l.o));
    kr_decref(l.o);
  } else if (strcmp(name, "replace") == 0) {
    ValKind k;
    int pos = 2;
    KrVal old = parse(&pos, &k);
    KrVal new_ = parse(&pos, &k);
    add_show_steal(kr_bytes_replace(x, old.o, new_.o, iarg(1)));
    kr_decref(old.o);
    kr_decref(new_.o);
  } else if (strcmp(name, "decode") == 0) {
    add_show_steal(kr_bytes_decode(x, toks[1], toks[2]));
  } else if (strcmp(name, "fromhex") == 0) {
    ValKind k;
    KrVal s = arg(1, &k);
    add_show_steal(kr_bytes_fromhex(s.o));
    kr_decref(s.o);
  } else {
    printf("driver: unknown op %s\n", name);
    exit(2);
  }
}

static void op_setop(void) {
  const char *m = toks[1];
  ValKind k;
  KrVal yv = arg(2, &k);
  KrObj *y = yv.o;
  if (strcmp(m, "union") == 0 || strcmp(m, "|") == 0)
    add_show_steal(kr_set_union(x, y));
  else if (strcmp(m, "intersection") == 0 || strcmp(m, "&") == 0)
    add_show_steal(kr_set_intersection(x, y));
  else if (strcmp(m, "difference") == 0 || strcmp(m, "-") == 0)
    add_show_steal(kr_set_difference(x, y));
  else if (strcmp(m, "symmetric_difference") == 0 || strcmp(m, "^") == 0)
    add_show_steal(kr_set_symmetric_difference(x, y));
  else if (strcmp(m, "issubset") == 0)
    add_bool(kr_set_issubset(x, y));
  else if (strcmp(m, "issuperset") == 0)
    add_bool(kr_set_issuperset(x, y));
  else if (strcmp(m, "isdisjoint") == 0)
    add_bool(kr_set_isdisjoint(x, y));
  else {
    int r;
    if (strcmp(m, "intersection_update") == 0 || strcmp(m, "&=") == 0)
      r = kr_set_intersection_update(x, y);
    else if (strcmp(m, "difference_update") == 0 || strcmp(m, "-=") == 0)
      r = kr_set_difference_update(x, y);
    else if (strcmp(m, "symmetric_difference_update") == 0 || strcmp(m, "^=") == 0)
      r = kr_set_symmetric_difference_update(x, y);
    else
      r = kr_set_update(x, y);
    if (r == 0)
      add_show(x);
  }
  kr_decref(y);
}

static void op(void) {
  const char *name = toks[0];
  const KrType *t = x ? x->type : NULL;
  bool islist = t == &kr_list_type, isdict = t == &kr_dict_type;
  ValKind k;
  if (strcmp(name, "sortedsets") == 0) {
    sortedsets = true;
    add_cstr("ok");
  } else if (strcmp(name, "new") == 0) {
    KrVal v = arg(1, &k);
    set_subject(v.o);
    add_show(x);
  } else if (strcmp(name, "newrange") == 0) {
    set_subject(kr_range_new(iarg(1), iarg(2), iarg(3)));
    if (!kr_failed())
      add_show(x);
  } else if (strcmp(name, "show") == 0) {
    add_show(x);
  } else if (strcmp(name, "len") == 0) {
    add_int(length(x));
  } else if (strcmp(name, "iter") == 0) {
    if (kr_is_anyset(x) && (sortedsets || set_has_str(x))) {
      KrObj *l = sorted_set_list(x);
      add_show_steal(l);
    } else {
      add_show_steal(kr_list_from_iter(x, kr_iterable_kind(x)));
    }
  } else if (strcmp(name, "reversed") == 0) {
    KrObj *it = kr_reversed(x);
    if (it) {
      add_show_steal(kr_list_from_iter(it, kr_iter_kind(it)));
      kr_decref(it);
    }
  } else if (strcmp(name, "in") == 0 || strcmp(name, "bcontains") == 0) {
    KrVal v = arg(1, &k);
    add_bool(kr_contains(x, v, k));
    kr_val_decref(v, k);
  } else if (strcmp(name, "get") == 0) {
    int64_t i = iarg(1);
    if (islist) {
      KrVal v = kr_list_getitem(x, i);
      if (!kr_failed()) {
        add_repr(v, KR_LIST(x)->kind);
        kr_val_decref(v, KR_LIST(x)->kind);
      }
    } else if (t == &kr_tuple_type) {
      KrVal v = kr_tuple_getitem(x, i);
      if (!kr_failed()) {
        ValKind vk = kr_tuple_kind(x, i < 0 ? i + kr_tuple_len(x) : i);
        add_repr(v, vk);
        kr_val_decref(v, vk);
      }
    } else if (t == &kr_range_type) {
      add_int(kr_range_getitem(x, i));
    } else {
      add_int(kr_bytes_getitem(x, i));
    }
  } else if (strcmp(name, "slice") == 0 || strcmp(name, "rslice") == 0 || strcmp(name, "setslice") == 0 ||
             strcmp(name, "delslice") == 0 || strcmp(name, "sliceobj") == 0) {
    int64_t v[3] = {0, 0, 0};
    int has = 0;
    for (int i = 0; i < 3; i++)
      if (strcmp(toks[1 + i], "N") != 0) {
        v[i] = iarg(1 + i);
        has |= 1 << i;
      }
    if (name[0] == 'r') {
      add_show_steal(kr_range_slice(x, v[0], v[1], v[2], has));
    } else if (strcmp(name, "sliceobj") == 0) {
      KrObj *s = kr_slice_new(v[0], v[1], v[2], has);
      if (s) {
        add_show_steal(kr_sliceobj_indices(s, iarg(4)));
        kr_decref(s);
      }
    } else if (strcmp(name, "setslice") == 0) {
      KrVal y = arg(4, &k);
      if (kr_list_setslice(x, v[0], v[1], v[2], has, y.o) == 0)
        add_show(x);
      kr_decref(y.o);
    } else if (strcmp(name, "delslice") == 0) {
      if (kr_list_delslice(x, v[0], v[1], v[2], has) == 0)
        add_show(x);
    } else if (islist) {
      add_show_steal(kr_list_getslice(x, v[0], v[1], v[2], has));
    } else if (t == &kr_tuple_type) {
      add_show_steal(kr_tuple_getslice(x, v[0], v[1], v[2], has));
    } else {
      add_show_steal(kr_bytes_getslice(x, v[0], v[1], v[2], has));
    }
  } else if (cmp_op(name) >= 0) {
    KrVal y = arg(1, &k);
    add_bool(kr_val_cmp((KrVal){.o = x}, KR_OBJ, y, k, cmp_op(name)));
    kr_val_decref(y, k);
  } else if (strcmp(name, "hash") == 0) {
    add_int(kr_val_hash((KrVal){.o = x}, KR_OBJ));
  } else if (strcmp(name, "copy") == 0) {
    set_subject(islist ? kr_list_copy(x) : isdict ? kr_dict_copy(x) : kr_set_copy(x));
    if (!kr_failed())
      add_show(x);
  } else if (strcmp(name, "clear") == 0) {
    if (islist)
      kr_list_clear(x);
    else if (isdict)
      kr_dict_clear(x);
    else
      kr_set_clear(x);
    add_show(x);
  } else if (strcmp(name, "count") == 0 || strcmp(name, "countof") == 0) {
    KrVal v = arg(1, &k);
    add_int(islist ? kr_list_count(x, v, k) : t == &kr_tuple_type ? kr_tuple_count(x, v, k) : kr_range_count_of(x, v, k));
    kr_val_decref(v, k);
  } else if (strcmp(name, "index") == 0 || strcmp(name, "index3") == 0 || strcmp(name, "rindexof") == 0) {
    bool three = strcmp(name, "index3") == 0;
    KrVal v = arg(three ? 3 : 1, &k);
    int64_t a = three ? iarg(1) : 0, b = three ? iarg(2) : INT64_MAX;
    if (t == &kr_range_type)
      add_int(kr_range_index(x, v, k));
    else
      add_int(islist ? kr_list_index(x, v, k, a, b) : kr_tuple_index(x, v, k, a, b));
    kr_val_decref(v, k);
  } else if (strcmp(name, "add") == 0) {
    KrVal y = arg(1, &k);
    add_show_steal(islist ? kr_list_concat(x, y.o) : t == &kr_tuple_type ? kr_tuple_concat(x, y.o) : kr_bytes_concat(x, y.o));
    kr_decref(y.o);
  } else if (strcmp(name, "mul") == 0) {
    int64_t n = iarg(1);
    add_show_steal(islist ? kr_list_repeat(x, n) : t == &kr_tuple_type ? kr_tuple_repeat(x, n) : kr_bytes_repeat(x, n));
  } else if (strcmp(name, "sorted") == 0) {
    KeyCtx c = {key_which(toks[1]), kr_iterable_kind(x)};
    add_show_steal(kr_sorted(x, c.which ? key_fn : NULL, &c, key_kind(c.which, c.ik), toks[2][0] == '1'));
  } else if (strcmp(name, "min") == 0 || strcmp(name, "max") == 0) {
    KeyCtx c = {key_which(toks[1]), kr_iterable_kind(x)};
    KrVal d, r;
    bool hasd = ntoks > 2;
    if (hasd)
      d = arg_as(2, c.ik);
    if (name[1] == 'i')
      r = kr_min(x, c.which ? key_fn : NULL, &c, key_kind(c.which, c.ik), hasd ? &d : NULL);
    else
      r = kr_max(x, c.which ? key_fn : NULL, &c, key_kind(c.which, c.ik), hasd ? &d : NULL);
    if (!kr_failed()) {
      add_repr(r, c.ik);
      kr_val_decref(r, c.ik);
    }
    if (hasd)
      kr_val_decref(d, c.ik);
  } else if (strcmp(name, "sum") == 0) {
    do_sum(x);
  } else if (strcmp(name, "itermut") == 0) {
    itermut();
  } else if (strcmp(name, "append") == 0) {
    KrVal v = arg_as(1, KR_LIST(x)->kind);
    if (kr_list_append(x, v) == 0)
      add_show(x);
    kr_val_decref(v, KR_LIST(x)->kind);
  } else if (strcmp(name, "insert") == 0) {
    KrVal v = arg_as(2, KR_LIST(x)->kind);
    if (kr_list_insert(x, iarg(1), v) == 0)
      add_show(x);
    kr_val_decref(v, KR_LIST(x)->kind);
  } else if (strcmp(name, "extend") == 0 || strcmp(name, "iadd") == 0) {
    KrVal y = arg(1, &k);
    if (kr_list_extend(x, y.o) == 0)
      add_show(x);
    kr_decref(y.o);
  } else if (strcmp(name, "extendrange") == 0) {
    KrObj *r = kr_range_new(iarg(1), iarg(2), iarg(3));
    if (r && kr_list_extend(x, r) == 0)
      add_show(x);
    kr_xdecref(r);
  } else if (strcmp(name, "remove") == 0) {
    KrVal v = arg(1, &k);
    if (kr_list_remove(x, v, k) == 0)
      add_show(x);
    kr_val_decref(v, k);
  } else if (strcmp(name, "pop") == 0) {
    KrVal v = kr_list_pop(x, ntoks > 1 ? iarg(1) : -1);
    if (!kr_failed()) {
      add_repr(v, KR_LIST(x)->kind);
      kr_val_decref(v, KR_LIST(x)->kind);
      add_cstr(" ");
      add_show(x);
    }
  } else if (strcmp(name, "reverse") == 0) {
    kr_list_reverse(x);
    add_show(x);
  } else if (strcmp(name, "sort") == 0) {
    KeyCtx c = {key_which(toks[1]), KR_LIST(x)->kind};
    if (kr_list_sort(x, c.which ? key_fn : NULL, &c, key_kind(c.which, c.ik), toks[2][0] == '1') < 0) {
      add_exc();
      add_cstr(" ");
    }
    add_show(x);
  } else if (strcmp(name, "set") == 0) {
    KrVal v = arg_as(2, KR_LIST(x)->kind);
    if (kr_list_setitem(x, iarg(1), v) == 0)
      add_show(x);
    kr_val_decref(v, KR_LIST(x)->kind);
  } else if (strcmp(name, "del") == 0) {
    if (isdict) {
      KrVal key = arg(1, &k);
      if (kr_dict_delitem(x, key, k) == 0)
        add_show(x);
      kr_val_decref(key, k);
    } else if (kr_list_delitem(x, iarg(1)) == 0) {
      add_show(x);
    }
  } else if (strcmp(name, "imul") == 0) {
    if (kr_list_irepeat(x, iarg(1)) == 0)
      add_show(x);
  } else if (strcmp(name, "dset") == 0) {
    int p = 1;
    KrVal key = parse(&p, &k);
    KrVal v = arg_as(p, KR_DICT(x)->vkind);
    if (kr_dict_setitem(x, key, k, v) == 0)
      add_show(x);
    kr_val_decref(key, k);
    kr_val_decref(v, KR_DICT(x)->vkind);
  } else if (strcmp(name, "dget") == 0 || strcmp(name, "get1") == 0 || strcmp(name, "getd") == 0) {
    int p = 1;
    KrVal key = parse(&p, &k);
    ValKind vk = KR_DICT(x)->vkind;
    if (name[1] == 'g') {
      KrVal v = kr_dict_getitem(x, key, k);
      if (!kr_failed()) {
        add_repr(v, vk);
        kr_val_decref(v, vk);
      }
    } else if (name[3] == 'd') {
      KrVal d = arg_as(p, vk);
      KrVal v = kr_dict_get(x, key, k, d);
      if (!kr_failed()) {
        add_repr(v, vk);
        kr_val_decref(v, vk);
      }
      kr_val_decref(d, vk);
    } else {
      KrVal v;
      int r = kr_dict_lookup(x, key, k, &v);
      if (r > 0)
        add_repr(v, vk);
      else if (r == 0)
        add_cstr("None");
    }
    kr_val_decref(key, k);
  } else if (strcmp(name, "dpop") == 0) {
    int p = 1;
    KrVal key = parse(&p, &k);
    ValKind vk = KR_DICT(x)->vkind;
    bool hasd = p < ntoks;
    KrVal d = {0};
    if (hasd)
      d = arg_as(p, vk);
    KrVal v = kr_dict_pop(x, key, k, hasd ? &d : NULL);
    if (!kr_failed()) {
      add_repr(v, vk);
      kr_val_decref(v, vk);
      add_cstr(" ");
      add_show(x);
    }
    if (hasd)
      kr_val_decref(d, vk);
    kr_val_decref(key, k);
  } else if (strcmp(name, "popitem") == 0) {
    KrObj *r = kr_dict_popitem(x);
    if (r) {
      add_show(r);
      kr_decref(r);
      add_cstr(" ");
      add_show(x);
    }
  } else if (strcmp(name, "setdefault") == 0) {
    int p = 1;
    KrVal key = parse(&p, &k);
    ValKind vk = KR_DICT(x)->vkind;
    KrVal d = arg_as(p, vk);
    KrVal v = kr_dict_setdefault(x, key, k, d);
    if (!kr_failed()) {
      add_repr(v, vk);
      kr_val_decref(v, vk);
      add_cstr(" ");
      add_show(x);
    }
    kr_val_decref(d, vk);
    kr_val_decref(key, k);
  } else if (strcmp(name, "update") == 0 || strcmp(name, "dior") == 0 || strcmp(name, "supdate") == 0) {
    KrVal y = arg(1, &k);
    if ((isdict ? kr_dict_update(x, y.o) : kr_set_update(x, y.o)) == 0)
      add_show(x);
    kr_decref(y.o);
  } else if (strcmp(name, "dor") == 0) {
    KrVal y = arg(1, &k);
    add_show_steal(kr_dict_or(x, y.o));
    kr_decref(y.o);
  } else if (strcmp(name, "keys") == 0 || strcmp(name, "values") == 0 || strcmp(name, "items") == 0) {
    KrObj *v = name[0] == 'k' ? kr_dict_keys(x) : name[0] == 'v' ? kr_dict_values(x) : kr_dict_items(x);
    if (v) {
      add_show_steal(kr_list_from_iter(v, kr_iterable_kind(v)));
      kr_decref(v);
    }
  } else if (strcmp(name, "vkeys") == 0 || strcmp(name, "vvalues") == 0 || strcmp(name, "vitems") == 0) {
    KrObj *v = name[1] == 'k' ? kr_dict_keys(x) : name[1] == 'v' ? kr_dict_values(x) : kr_dict_items(x);
    add_show(v);
    if (v && name[1] == 'k') {
      add_cstr(" ");
      add_int(length(v));
    }
    kr_xdecref(v);
  } else if (strcmp(name, "items2") == 0) {
    nofail_begin();
    KrObj *l = kr_list_new(KR_OBJ, 0);
    nofail_end();
    KrIter it;
    kr_iter_init(&it, x);
    KrVal key, val;
    int r;
    while ((r = kr_dict_iter_next2(&it, &key, &val)) > 0) {
      KrObj *pair = kr_tuple_pair(key, KR_DICT(x)->kkind, val, KR_DICT(x)->vkind);
      if (pair) {
        kr_list_append(l, (KrVal){.o = pair});
        kr_decref(pair);
      }
      kr_val_decref(key, KR_DICT(x)->kkind);
      kr_val_decref(val, KR_DICT(x)->vkind);
      if (kr_failed())
        break;
    }
    kr_iter_clear(&it);
    add_show(l);
    kr_decref(l);
  } else if (strcmp(name, "fromkeys") == 0) {
    int p = 1;
    KrVal it = parse(&p, &k);
    KrDict *d = KR_DICT(x);
    KrVal v = arg_as(p, d->vkind);
    KrObj *r = kr_dict_fromkeys(it.o, d->kkind, v, d->vkind);
    kr_val_decref(v, d->vkind);
    kr_decref(it.o);
    if (r) {
      set_subject(r);
      add_show(x);
    }
  } else if (strcmp(name, "fromset") == 0) {
    KrVal v = arg(1, &k);
    add_show_steal(kr_dict_fromkeys(x, KR_SET(x)->kind, v, k));
    kr_val_decref(v, k);
  } else if (strcmp(name, "setfrom") == 0) {
    KrVal y = arg(2, &k);
    KrObj *s = kr_set_from_iter(y.o, KR_SET(x)->kind, toks[1][0] == '1');
    kr_decref(y.o);
    if (s) {
      set_subject(s);
      add_show(x);
    }
  } else if (strcmp(name, "sadd") == 0 || strcmp(name, "sremove") == 0 || strcmp(name, "discard") == 0) {
    KrVal v = arg(1, &k);
    int r = name[1] == 'a' ? kr_set_add(x, v, k) : name[1] == 'r' ? kr_set_remove(x, v, k) : kr_set_discard(x, v, k);
    if (r >= 0)
      add_show(x);
    kr_val_decref(v, k);
  } else if (strcmp(name, "spop") == 0) {
    KrVal v = kr_set_pop(x);
    if (!kr_failed()) {
      add_repr(v, KR_SET(x)->kind);
      kr_val_decref(v, KR_SET(x)->kind);
      add_cstr(" ");
      add_show(x);
    }
  } else if (strcmp(name, "setop") == 0) {
    op_setop();
  } else if (strcmp(name, "appendself") == 0) {
    if (kr_list_append(x, (KrVal){.o = x}) == 0)
      add_show(x);
  } else if (strcmp(name, "setself") == 0) {
    KrVal key = arg(1, &k);
    if (kr_dict_setitem(x, key, k, (KrVal){.o = x}) == 0)
      add_show(x);
    kr_val_decref(key, k);
  } else if (strcmp(name, "totuple") == 0) {
    add_show_steal(kr_tuple_from_iter(x));
  } else if (strcmp(name, "toset") == 0) {
    add_show_steal(kr_set_from_iter(x, kr_iterable_kind(x), false));
  } else if (strcmp(name, "tobytes") == 0) {
    add_show_steal(kr_bytes_from_iter(x));
  } else if (strcmp(name, "viewin") == 0) {
    KrObj *view = toks[1][0] == 'k' ? kr_dict_keys(x) : toks[1][0] == 'v' ? kr_dict_values(x) : kr_dict_items(x);
    KrVal v = arg(2, &k);
    if (view) {
      add_bool(kr_contains(view, v, k));
      kr_decref(view);
    }
    kr_val_decref(v, k);
  } else if (strcmp(name, "sortedkeys") == 0) {
    add_show_steal(kr_sorted(x, NULL, NULL, KR_DICT(x)->kkind, false));
  } else {
    op_bytes(name);
  }
}

/* ------------------------------------------------------------------- main */

/* Run one line (an op). */
static void run_line(char *buf) {
  static char *tokv[100000];
  ntoks = 0;
  for (char *p = strtok(buf, " "); p; p = strtok(NULL, " "))
    tokv[ntoks++] = p;
  toks = tokv;
  if (ntoks == 0)
    return;
  line_start();
  if (!x && strcmp(toks[0], "new") != 0 && strcmp(toks[0], "newrange") != 0 && strcmp(toks[0], "sortedsets") != 0) {
    kr_buf_discard(&line);
    if (!quiet)
      printf("<no subject>\n");
    return;
  }
  op();
  line_end();
}

/* The end of a sequence: release the subject, check for leaks. */
static void end_case(int64_t live0, const char *what) {
  kr_xdecref(x);
  x = NULL;
  sortedsets = false;
  if (kr_live_objects != live0)
    printf("LEAK %" PRId64 "%s\n", kr_live_objects - live0, what);
}

/* KR_OOM mode: run each sequence again and again, failing its 1st, 2nd,
 * ... allocation, until one run makes no more allocations than that. Each
 * run must end without a crash or a leaked object. */
static void run_oom(char **lines, int n, int64_t max_runs) {
  char **copy = malloc(sizeof(char *) * (size_t)(n ? n : 1));
  int64_t total = 0;
  quiet = true;
  /* a clean run counts the allocations */
  for (int64_t k = 0;; k++) {
    int64_t live0 = kr_live_objects;
    kr_alloc_count = 0;
    int64_t step = total > max_runs ? total / max_runs : 1;
    kr_alloc_fail_at = k == 0 ? 0 : 1 + (k - 1) * step;
    if (k > 0 && kr_alloc_fail_at > total)
      break;
    for (int i = 0; i < n; i++) {
      copy[i] = strdup(lines[i]);
      run_line(copy[i]);
      free(copy[i]);
    }
    kr_alloc_fail_at = 0;
    if (k == 0)
      total = kr_alloc_count;
    if (getenv("KR_OOM_VERBOSE"))
      fprintf(stderr, "run %" PRId64 ": %" PRId64 " allocations\n", k, kr_alloc_count);
    char what[64];
    snprintf(what, sizeof what, " (failing allocation %" PRId64 ")", k == 0 ? (int64_t)0 : 1 + (k - 1) * step);
    quiet = false;
    end_case(live0, what);
    quiet = true;
    kr_exc_clear();
  }
  quiet = false;
  free(copy);
}

int main(void) {
  char *buf = NULL;
  size_t cap = 0;
  ssize_t n;
  int64_t live0 = 0;
  const char *oom = getenv("KR_OOM");
  int64_t max_runs = oom ? atoll(oom) : 0;
  char **lines = NULL;
  int nlines = 0, caplines = 0;
  while ((n = getline(&buf, &cap, stdin)) > 0) {
    if (buf[n - 1] == '\n')
      buf[--n] = 0;
    if (buf[0] == 'T' && buf[1] == ' ') {
      live0 = kr_live_objects;
      nlines = 0;
      continue;
    }
    if (strcmp(buf, "E") == 0) {
      if (max_runs > 0)
        run_oom(lines, nlines, max_runs);
      else
        end_case(live0, "");
      for (int i = 0; i < nlines; i++)
        free(lines[i]);
      nlines = 0;
      printf("=\n");
      fflush(stdout);
      continue;
    }
    if (max_runs > 0) {
      if (nlines == caplines) {
        caplines = caplines ? caplines * 2 : 64;
        lines = realloc(lines, sizeof(char *) * (size_t)caplines);
      }
      lines[nlines++] = strdup(buf);
      continue;
    }
    run_line(buf);
  }
  free(lines);
  free(buf);
  return 0;
}
