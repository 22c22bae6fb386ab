/* abi.c — include/kiln.h over the table a compiled library defines
 * (kr_library, see kilnrt.h).
 *
 * A call checks and converts each argument to its parameter's type, walking
 * the type as Python spells it ("dict[str, list[float]]"): a list becomes a
 * new list whose items have the element type's ValKind, an int is accepted
 * where a float is expected, and anything else that does not fit is a
 * TypeError naming the argument and the item. Defaults are kept as JSON text
 * in the table and converted the same way. Calls are serialised by one lock
 * per library; the pending exception and the allocation counters are per
 * thread already.
 *
 * A kiln_value * is a KrObj *: the boxed form of any value. An array made
 * over the caller's memory (kiln_array) is a view whose base is a small
 * owner object: its dealloc calls the caller's release, so the memory
 * lives exactly as long as the last array or view that uses it.
 */
#include "kilnrt.h"
#include "ndarray.h"
#include "../include/kiln.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct kiln_module {
  int opens;
  bool ran;         /* the module code has run */
  kiln_error *failed; /* what it raised, if it did: every open reports it */
};

struct kiln_error {
  char *type, *message, *traceback;
};

static struct kiln_module the_module;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* Release callbacks (kiln_array) that fall due while the lock is held run
 * after it is let go, on the same thread: a callback may then call into the
 * ABI, and a host whose callbacks need its main thread (koffi's, ctypes')
 * cannot deadlock with that thread waiting for the lock. */
typedef struct Pending {
  struct Pending *next;
  void (*release)(void *ctx);
  void *ctx;
} Pending;

static Pending *pending;          /* due callbacks, under the lock */
static _Thread_local bool locked; /* this thread holds the lock */

static void abi_lock(void) {
  pthread_mutex_lock(&lock);
  locked = true;
}

static void abi_unlock(void) {
  Pending *due = pending;
  pending = NULL;
  locked = false;
  pthread_mutex_unlock(&lock);
  while (due) {
    Pending *next = due->next;
    due->release(due->ctx);
    free(due);
    due = next;
  }
}

/* Call release(ctx) now, or after the lock when this thread holds it. */
static void release_later(void (*release)(void *ctx), void *ctx) {
  Pending *p = locked ? malloc(sizeof *p) : NULL;
  if (!p) { /* not under the lock (or no memory to defer it) */
    release(ctx);
    return;
  }
  p->release = release;
  p->ctx = ctx;
  p->next = pending;
  pending = p;
}

#define OBJ(v) ((KrObj *)(v))
#define VAL(o) ((kiln_value *)(o))

/* ---------------------------------------------------------------- errors */

static kiln_error *error_new(const char *type, const char *message, const char *tb) {
  kiln_error *e = calloc(1, sizeof *e);
  if (!e)
    return NULL;
  e->type = strdup(type);
  e->message = strdup(message);
  e->traceback = strdup(tb);
  if (!e->type || !e->message || !e->traceback) {
    kiln_error_free(e);
    return NULL;
  }
  return e;
}

static kiln_error *error_copy(const kiln_error *e) {
  return e ? error_new(e->type, e->message, e->traceback) : NULL;
}

/* Take the pending exception and turn it into a kiln_error (or drop it
 * when the caller did not ask for one). */
static void take_error(kiln_error **err) {
  KrObj *exc = kr_exc_fetch();
  if (!exc || !err) {
    kr_xdecref(exc);
    return;
  }
  KrObj *msg = kr_exc_str(exc);
  if (!msg)
    kr_exc_clear();
  char *tb = kr_exc_format(exc);
  *err = error_new(exc->type->name, msg ? kr_str_data(msg) : "", tb ? tb : "");
  free(tb);
  kr_xdecref(msg);
  kr_decref(exc);
}

const char *kiln_error_type(const kiln_error *e) { return e ? e->type : ""; }
const char *kiln_error_message(const kiln_error *e) { return e ? e->message : ""; }
const char *kiln_error_traceback(const kiln_error *e) { return e ? e->traceback : ""; }

void kiln_error_free(kiln_error *e) {
  if (!e)
    return;
  free(e->type);
  free(e->message);
  free(e->traceback);
  free(e);
}

void kiln_free(void *p) { free(p); }

/* ------------------------------------------------------ converting values */

/* Where a conversion is: the function, the argument, and the path into it
 * ("xs[2]", "d['k']") for messages. */
typedef struct Where {
  const char *func, *param;
  char path[256];
} Where;

static const char *type_name(KrObj *o) { return o->type->name; }

/* The type at *d, spelled out (for a message). */
static int type_len(const char *d) {
  int depth = 0, i = 0;
  for (; d[i]; i++) {
    if (d[i] == '[')
      depth++;
    else if (d[i] == ']') {
      if (depth == 0)
        break;
      depth--;
    } else if (d[i] == ',' && depth == 0)
      break;
  }
  return i;
}

static int mismatch(Where *w, const char *d, KrObj *o) {
  if (w->path[0])
    kr_raise(&kr_TypeError_type, "%s(): %s%s must be %.*s, not %s", w->func, w->param, w->path,
             type_len(d), d, type_name(o));
  else
    kr_raise(&kr_TypeError_type, "%s(): argument '%s' must be %.*s, not %s", w->func, w->param,
             type_len(d), d, type_name(o));
  return -1;
}

static bool starts(const char *d, const char *word) {
  size_t n = strlen(word);
  return !strncmp(d, word, n) && (d[n] == '[' || d[n] == ']' || d[n] == ',' || d[n] == 0);
}

/* The ValKind a value of the type at d has inside a container. */
static ValKind kind_of_type(const char *d) {
  if (starts(d, "int"))
    return KR_INT;
  if (starts(d, "float"))
    return KR_FLOAT;
  if (starts(d, "bool"))
    return KR_BOOL;
  return KR_OBJ;
}

/* The type after the one at d (past a following ", "). */
static const char *next_type(const char *d) {
  d += type_len(d);
  if (*d == ',')
    d++;
  while (*d == ' ')
    d++;
  return d;
}

static int convert(KrObj *o, const char *d, KrVal *out, Where *w);

/* Convert o to the type at d and box the result. */
static KrObj *convert_boxed(KrObj *o, const char *d, Where *w) {
  KrVal v;
  if (convert(o, d, &v, w) < 0)
    return NULL;
  ValKind k = kind_of_type(d);
  if (k == KR_OBJ)
    return v.o;
  return kr_val_box(v, k);
}

/* Append "[i]" or "[key]" to the path while converting an item. */
static size_t path_push(Where *w, const char *fmt, ...) {
  size_t n = strlen(w->path);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(w->path + n, sizeof w->path - n, fmt, ap);
  va_end(ap);
  return n;
}

/* A boxed item of a list, tuple or set (new reference). */
static int seq_items(KrObj *o, KrVal **items, ValKind *kind, const uint8_t **kinds, int64_t *n) {
  *kinds = NULL;
  if (o->type == &kr_list_type) {
    *items = KR_LIST(o)->items;
    *kind = KR_LIST(o)->kind;
    *n = KR_LIST(o)->len;
    return 0;
  }
  if (o->type == &kr_tuple_type) {
    *items = KR_TUPLE(o)->items;
    *kinds = KR_TUPLE(o)->kinds;
    *kind = KR_OBJ;
    *n = KR_TUPLE(o)->len;
    return 0;
  }
  return -1;
}

static int convert_seq_item(KrVal item, ValKind k, const char *d, Where *w, int64_t i, KrVal *out) {
  KrObj *boxed = kr_val_box(item, k);
  if (!boxed)
    return -1;
  size_t mark = path_push(w, "[%lld]", (long long)i);
  int rc = convert(boxed, d, out, w);
  w->path[mark] = 0;
  kr_decref(boxed);
  return rc;
}

static int convert(KrObj *o, const char *d, KrVal *out, Where *w) {
  if (starts(d, "object")) {
    kr_incref(o);
    out->o = o;
    return 0;
  }
  if (starts(d, "int")) {
    if (o->type != &kr_int_type && o->type != &kr_bool_type)
      return mismatch(w, d, o);
    out->i = kr_val_unbox(o, KR_INT).i;
    return 0;
  }
  if (starts(d, "float")) {
    if (o->type == &kr_float_type)
      out->f = kr_val_unbox(o, KR_FLOAT).f;
    else if (o->type == &kr_int_type || o->type == &kr_bool_type)
      out->f = (double)kr_val_unbox(o, KR_INT).i;
    else
      return mismatch(w, d, o);
    return 0;
  }
  if (starts(d, "bool")) {
    if (o->type != &kr_bool_type)
      return mismatch(w, d, o);
    out->b = o == kr_True;
    return 0;
  }
  if (starts(d, "None")) {
    if (o != kr_None)
      return mismatch(w, d, o);
    out->o = kr_None;
    return 0;
  }
  if (starts(d, "str") || starts(d, "bytes")) {
    if (o->type != (d[0] == 's' ? &kr_str_type : &kr_bytes_type))
      return mismatch(w, d, o);
    kr_incref(o);
    out->o = o;
    return 0;
  }
  if (starts(d, "ndarray")) { /* an array, or what np.asarray accepts */
    KrArray *a = kr_np_asarray(o, KR_NDTYPES);
    if (!a) {
      kr_exc_clear();
      return mismatch(w, d, o);
    }
    out->o = &a->h;
    return 0;
  }
  if (kr_is_array(o) && (!strncmp(d, "list[", 5) || !strncmp(d, "tuple[", 6))) {
    KrObj *l = kr_np_tolist(o); /* a.tolist(), then checked as a list */
    if (!l)
      return -1;
    if (l->type != &kr_list_type) { /* a 0-d array: a number */
      kr_decref(l);
      return mismatch(w, d, o);
    }
    int rc = convert(l, d, out, w);
    kr_decref(l);
    return rc;
  }
  if (!strncmp(d, "Optional[", 9)) {
    if (o == kr_None) {
      out->o = kr_None;
      return 0;
    }
    out->o = convert_boxed(o, d + 9, w);
    return out->o ? 0 : -1;
  }
  if (!strncmp(d, "list[", 5) || !strncmp(d, "set[", 4)) {
    bool is_list = d[0] == 'l';
    const char *ed = d + (is_list ? 5 : 4);
    ValKind ek = kind_of_type(ed);
    KrVal *items = NULL;
    ValKind kind = KR_OBJ;
    const uint8_t *kinds = NULL;
    int64_t n = 0;
    bool from_set = kr_is_anyset(o);
    if (!from_set && seq_items(o, &items, &kind, &kinds, &n) < 0)
      return mismatch(w, d, o);
    KrObj *res = is_list ? kr_list_new(ek, from_set ? kr_set_len(o) : n) : kr_set_new(ek);
    if (!res)
      return -1;
    if (from_set) { /* a set's items, in its order */
      KrObj *tmp = kr_list_from_iter(o, KR_OBJ);
      if (!tmp) {
        kr_decref(res);
        return -1;
      }
      items = KR_LIST(tmp)->items;
      n = KR_LIST(tmp)->len;
      kind = KR_OBJ;
      kinds = NULL;
      int rc = 0;
      for (int64_t i = 0; i < n && rc == 0; i++) {
        KrVal v;
        rc = convert_seq_item(items[i], kind, ed, w, i, &v);
        if (rc == 0) {
          rc = is_list ? kr_list_append(res, v) : kr_set_add(res, v, ek);
          kr_val_decref(v, ek);
        }
      }
      kr_decref(tmp);
      if (rc < 0) {
        kr_decref(res);
        return -1;
      }
      out->o = res;
      return 0;
    }
    for (int64_t i = 0; i < n; i++) {
      KrVal v;
      if (convert_seq_item(items[i], kinds ? (ValKind)kinds[i] : kind, ed, w, i, &v) < 0) {
        kr_decref(res);
        return -1;
      }
      int rc = is_list ? kr_list_append(res, v) : kr_set_add(res, v, ek);
      kr_val_decref(v, ek);
      if (rc < 0) {
        kr_decref(res);
        return -1;
      }
    }
    out->o = res;
    return 0;
  }
  if (!strncmp(d, "tuple[", 6)) {
    const char *ed = d + 6;
    int64_t want = 0;
    if (!strncmp(ed, "()]", 3))
      want = 0;
    else
      for (const char *p = ed; *p && *p != ']'; p = next_type(p))
        want++;
    KrVal *items;
    ValKind kind;
    const uint8_t *kinds;
    int64_t n;
    if (seq_items(o, &items, &kind, &kinds, &n) < 0)
      return mismatch(w, d, o);
    if (n != want) {
      kr_raise(&kr_TypeError_type, "%s(): argument '%s'%s must be %.*s, not a sequence of %lld items",
               w->func, w->param, w->path, type_len(d), d, (long long)n);
      return -1;
    }
    uint8_t *tk = kr_alloc((size_t)n + 1);
    if (!tk)
      return -1;
    const char *p = ed;
    for (int64_t i = 0; i < n; i++, p = next_type(p))
      tk[i] = (uint8_t)kind_of_type(p);
    KrObj *res = kr_tuple_new(n, tk);
    kr_free(tk);
    if (!res)
      return -1;
    p = ed;
    for (int64_t i = 0; i < n; i++, p = next_type(p))
      if (convert_seq_item(items[i], kinds ? (ValKind)kinds[i] : kind, p, w, i,
                           &KR_TUPLE(res)->items[i]) < 0) {
        kr_decref(res);
        return -1;
      }
    out->o = res;
    return 0;
  }
  if (!strncmp(d, "dict[", 5)) {
    if (o->type != &kr_dict_type)
      return mismatch(w, d, o);
    const char *kd = d + 5, *vd = next_type(kd);
    ValKind kk = kind_of_type(kd), vk = kind_of_type(vd);
    KrObj *res = kr_dict_new(kk, vk);
    if (!res)
      return -1;
    KrDict *src = KR_DICT(o);
    for (int64_t i = 0; i < src->nentries; i++) {
      KrDictEntry *e = &src->entries[i];
      if (e->hash == -1)
        continue;
      KrObj *bk = kr_val_box(e->key, src->kkind), *bv = kr_val_box(e->value, src->vkind);
      KrObj *krepr = bk ? kr_obj_repr(bk) : NULL;
      KrVal ck, cv;
      int rc = -1;
      if (krepr) {
        size_t mark = path_push(w, "[%s]", kr_str_data(krepr));
        if (convert(bk, kd, &ck, w) == 0) {
          if (convert(bv, vd, &cv, w) == 0) {
            rc = kr_dict_setitem(res, ck, kk, cv);
            kr_val_decref(cv, vk);
          }
          kr_val_decref(ck, kk);
        }
        w->path[mark] = 0;
      }
      kr_xdecref(krepr);
      kr_xdecref(bk);
      kr_xdecref(bv);
      if (rc < 0) {
        kr_decref(res);
        return -1;
      }
    }
    out->o = res;
    return 0;
  }
  kr_raise(&kr_TypeError_type, "%s(): argument '%s' has type %.*s, which kiln cannot pass across the ABI",
           w->func, w->param, type_len(d), d);
  return -1;
}

/* ------------------------------------------------------------------ calls */

static const KrExport *find_export(const char *name) {
  for (int i = 0; i < kr_library.nfuncs; i++)
    if (!strcmp(kr_library.funcs[i].name, name))
      return &kr_library.funcs[i];
  return NULL;
}

/* CPython's "f() missing 2 required positional arguments: 'a' and 'b'". */
static void raise_missing(const KrExport *f, size_t nargs) {
  char names[512] = "";
  size_t used = 0;
  int missing = f->nrequired - (int)nargs;
  for (int i = (int)nargs; i < f->nrequired; i++) {
    int k = i - (int)nargs;
    const char *sep = k == 0 ? "" : k == missing - 1 ? (missing > 2 ? ", and " : " and ") : ", ";
    used += (size_t)snprintf(names + used, used < sizeof names ? sizeof names - used : 0, "%s'%s'",
                             sep, f->params[i]);
    if (used >= sizeof names)
      break;
  }
  kr_raise(&kr_TypeError_type, "%s() missing %d required positional argument%s: %s", f->name, missing,
           missing == 1 ? "" : "s", names);
}

/* The call itself, with the lock held: convert, call, release. */
static KrObj *call_locked(const KrExport *f, KrObj *const *args, size_t nargs) {
  if (nargs > (size_t)f->nparams) {
    kr_raise(&kr_TypeError_type, "%s() takes %d positional argument%s but %zu %s given", f->name,
             f->nparams, f->nparams == 1 ? "" : "s", nargs, nargs == 1 ? "was" : "were");
    return NULL;
  }
  if (nargs < (size_t)f->nrequired) {
    raise_missing(f, nargs);
    return NULL;
  }
  int n = f->nparams;
  KrVal *cargs = kr_alloc(sizeof *cargs * (size_t)(n + 1));
  if (!cargs)
    return NULL;
  int done = 0;
  Where w = {.func = f->name};
  for (; done < n; done++) {
    KrObj *src;
    if ((size_t)done < nargs) {
      src = args[done];
      kr_incref(src);
    } else {
      const char *dflt = f->defaults[done - f->nrequired];
      src = kr_json_loads(dflt, (int64_t)strlen(dflt));
      if (!src)
        break;
    }
    w.param = f->params[done];
    int rc = convert(src, f->types[done], &cargs[done], &w);
    kr_decref(src);
    if (rc < 0)
      break;
  }
  KrObj *res = NULL;
  if (done == n)
    res = f->call(cargs);
  for (int i = 0; i < done; i++)
    kr_val_decref(cargs[i], kind_of_type(f->types[i]));
  kr_free(cargs);
  kr_flush_stdout();
  return res;
}

kiln_module *kiln_open(kiln_error **err) {
  abi_lock();
  kiln_module *m = &the_module;
  if (!m->ran) {
    m->ran = true;
    kr_exc_clear();
    kr_library.init();
    kr_flush_stdout();
    if (kr_failed()) {
      take_error(&m->failed);
      if (!m->failed)
        m->failed = error_new("MemoryError", "", "MemoryError\n");
    }
  }
  if (m->failed) {
    if (err)
      *err = error_copy(m->failed);
    m = NULL;
  } else {
    m->opens++;
  }
  abi_unlock();
  return m;
}

void kiln_close(kiln_module *m) {
  if (!m)
    return;
  abi_lock();
  if (m->opens > 0)
    m->opens--;
  abi_unlock();
}

const char *kiln_manifest(void) { return kr_library.manifest; }

static const KrExport *lookup(kiln_module *m, const char *func) {
  if (!m || !m->ran || m->failed) {
    kr_raise(&kr_RuntimeError_type, "the module is not open: call kiln_open first");
    return NULL;
  }
  const KrExport *f = find_export(func);
  if (!f)
    kr_raise(&kr_AttributeError_type, "module '%s' has no exported function '%s'", kr_library.module,
             func);
  return f;
}

/* A generator function's items gathered in a list (kiln_call, kiln_call_json). */
static KrObj *collect(const KrExport *f, KrObj *res) {
  if (!res || !f->stream)
    return res;
  KrObj *list = kr_list_from_iter(res, ((KrIter *)res)->kind);
  kr_decref(res);
  return list;
}

int kiln_call(kiln_module *m, const char *func, kiln_value *const *args, size_t nargs,
              kiln_value **result, kiln_error **err) {
  abi_lock();
  kr_exc_clear();
  KrObj *res = NULL;
  const KrExport *f = lookup(m, func);
  if (f)
    res = collect(f, call_locked(f, (KrObj *const *)args, nargs));
  if (!res)
    take_error(err);
  abi_unlock();
  if (result)
    *result = VAL(res);
  else
    kr_xdecref(res);
  return res ? 0 : -1;
}

int kiln_call_json(kiln_module *m, const char *func, const char *args_json, char **result_json,
                   kiln_error **err) {
  abi_lock();
  kr_exc_clear();
  char *text = NULL;
  const KrExport *f = lookup(m, func);
  KrObj *args = f ? kr_json_loads(args_json, (int64_t)strlen(args_json)) : NULL;
  if (args && args->type != &kr_list_type)
    kr_raise(&kr_TypeError_type, "%s(): the arguments must be a JSON array, not %s", func,
             args->type == &kr_dict_type ? "an object" : type_name(args));
  if (args && !kr_failed()) {
    /* the list's slots are KrVals, as wide as a pointer only on 64-bit
     * targets: the arguments are gathered as pointers */
    KrList *l = KR_LIST(args);
    KrObj **argv = malloc(sizeof(KrObj *) * (size_t)(l->len ? l->len : 1));
    if (!argv)
      kr_raise(&kr_MemoryError_type, NULL);
    for (int64_t i = 0; argv && i < l->len; i++)
      argv[i] = l->items[i].o;
    KrObj *res = argv ? collect(f, call_locked(f, argv, (size_t)l->len)) : NULL;
    free(argv);
    if (res && kr_is_array(res)) { /* as a.tolist() */
      KrObj *tl = kr_np_tolist(res);
      kr_decref(res);
      res = tl;
    }
    if (res) {
      KrObj *s = kr_json_dumps((KrVal){.o = res}, KR_OBJ, NULL);
      if (s) {
        text = malloc((size_t)kr_str_bytes(s) + 1);
        if (text)
          memcpy(text, kr_str_data(s), (size_t)kr_str_bytes(s) + 1);
        else
          kr_raise(&kr_MemoryError_type, NULL);
        kr_decref(s);
      }
      kr_decref(res);
    }
  }
  kr_xdecref(args);
  if (!text)
    take_error(err);
  abi_unlock();
  *result_json = text;
  return text ? 0 : -1;
}

int kiln_call_stream(kiln_module *m, const char *func, kiln_value *const *args, size_t nargs,
                     kiln_stream **stream, kiln_error **err) {
  abi_lock();
  kr_exc_clear();
  KrObj *res = NULL;
  const KrExport *f = lookup(m, func);
  if (f && !f->stream)
    kr_raise(&kr_TypeError_type, "%s() is not a generator function: call it with kiln_call", func);
  else if (f)
    res = call_locked(f, (KrObj *const *)args, nargs);
  if (!res)
    take_error(err);
  abi_unlock();
  *stream = (kiln_stream *)res;
  return res ? 0 : -1;
}

int kiln_stream_next(kiln_stream *stream, kiln_value **item, kiln_error **err) {
  KrObj *g = (KrObj *)stream;
  abi_lock(); /* the generator runs compiled code */
  kr_exc_clear();
  KrVal v;
  int rc = kr_iter_next(g, &v);
  KrObj *o = NULL;
  if (rc == 1) {
    ValKind k = ((KrIter *)g)->kind;
    o = kr_val_box(v, k);
    if (k == KR_OBJ)
      kr_decref(v.o); /* the box is v.o itself, with its own reference now */
    if (!o)
      rc = -1;
  }
  if (rc < 0)
    take_error(err);
  abi_unlock();
  *item = VAL(o);
  return rc;
}

void kiln_stream_close(kiln_stream *stream) {
  if (!stream)
    return;
  abi_lock();
  kr_decref((KrObj *)stream);
  abi_unlock();
}

/* ----------------------------------------------------------------- values */

/* Values are made and read outside the lock: they belong to the calling
 * thread. A failure drops its exception (the functions return NULL). */
static kiln_value *made(KrObj *o) {
  if (!o)
    kr_exc_clear();
  return VAL(o);
}

kiln_value *kiln_none(void) { return VAL(kr_None); }
kiln_value *kiln_bool(int b) { return VAL(kr_bool_box(b != 0)); }
kiln_value *kiln_int(int64_t v) { return made(kr_int_box(v)); }
kiln_value *kiln_float(double v) { return made(kr_float_box(v)); }
kiln_value *kiln_bytes(const void *data, size_t len) {
  return made(kr_bytes_new(data, (int64_t)len));
}
kiln_value *kiln_list(void) { return made(kr_list_new(KR_OBJ, 0)); }
kiln_value *kiln_dict(void) { return made(kr_dict_new(KR_OBJ, KR_OBJ)); }

/* Strict UTF-8: no surrogates, no overlong forms. */
static bool valid_utf8(const unsigned char *s, size_t n) {
  for (size_t i = 0; i < n;) {
    unsigned c = s[i];
    size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (!len || i + len > n)
      return false;
    uint32_t cp = len == 1 ? c : c & (0x7F >> len);
    for (size_t k = 1; k < len; k++) {
      if ((s[i + k] & 0xC0) != 0x80)
        return false;
      cp = cp << 6 | (s[i + k] & 0x3F);
    }
    static const uint32_t min[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    i += len;
  }
  return true;
}

kiln_value *kiln_str(const char *utf8, size_t len) {
  if (!valid_utf8((const unsigned char *)utf8, len))
    return NULL;
  return made(kr_str_new(utf8, (int64_t)len));
}

int kiln_list_append(kiln_value *list, const kiln_value *item) {
  if (!list || !item || OBJ(list)->type != &kr_list_type || KR_LIST(list)->kind != KR_OBJ)
    return -1;
  if (kr_list_append(OBJ(list), (KrVal){.o = OBJ(item)}) < 0) {
    kr_exc_clear();
    return -1;
  }
  return 0;
}

int kiln_dict_set(kiln_value *dict, const kiln_value *key, const kiln_value *value) {
  if (!dict || !key || !value || OBJ(dict)->type != &kr_dict_type || KR_DICT(dict)->kkind != KR_OBJ ||
      KR_DICT(dict)->vkind != KR_OBJ)
    return -1;
  if (kr_dict_setitem(OBJ(dict), (KrVal){.o = OBJ(key)}, KR_OBJ, (KrVal){.o = OBJ(value)}) < 0) {
    kr_exc_clear();
    return -1;
  }
  return 0;
}

kiln_value *kiln_from_json(const char *text, size_t len, kiln_error **err) {
  KrObj *o = kr_json_loads(text, (int64_t)len);
  if (!o)
    take_error(err);
  return VAL(o);
}

kiln_kind kiln_kind_of(const kiln_value *v) {
  const KrType *t = v ? OBJ(v)->type : NULL;
  if (t == &kr_NoneType)
    return KILN_NONE;
  if (t == &kr_bool_type)
    return KILN_BOOL;
  if (t == &kr_int_type)
    return KILN_INT;
  if (t == &kr_float_type)
    return KILN_FLOAT;
  if (t == &kr_str_type)
    return KILN_STR;
  if (t == &kr_bytes_type)
    return KILN_BYTES;
  if (t == &kr_list_type)
    return KILN_LIST;
  if (t == &kr_tuple_type)
    return KILN_TUPLE;
  if (t == &kr_dict_type)
    return KILN_DICT;
  if (t == &kr_set_type || t == &kr_frozenset_type)
    return KILN_SET;
  if (t == &kr_ndarray_type)
    return KILN_ARRAY;
  return KILN_OTHER;
}

int64_t kiln_as_int(const kiln_value *v) {
  kiln_kind k = kiln_kind_of(v);
  return k == KILN_INT || k == KILN_BOOL ? kr_val_unbox(OBJ(v), KR_INT).i : 0;
}

double kiln_as_float(const kiln_value *v) {
  kiln_kind k = kiln_kind_of(v);
  if (k == KILN_ARRAY && ((KrArray *)v)->size == 1) {
    KrArray *a = (KrArray *)v;
    return kr_dt_load_f64((KrDtype)a->dtype, a->data);
  }
  if (k == KILN_FLOAT)
    return kr_val_unbox(OBJ(v), KR_FLOAT).f;
  return k == KILN_INT || k == KILN_BOOL ? (double)kr_val_unbox(OBJ(v), KR_INT).i : 0.0;
}

const char *kiln_as_str(const kiln_value *v, size_t *len) {
  kiln_kind k = kiln_kind_of(v);
  if (k == KILN_STR) {
    if (len)
      *len = (size_t)kr_str_bytes(OBJ(v));
    return kr_str_data(OBJ(v));
  }
  if (k == KILN_BYTES) {
    if (len)
      *len = (size_t)KR_BYTES(OBJ(v))->len;
    return KR_BYTES(OBJ(v))->data;
  }
  return NULL;
}

size_t kiln_len(const kiln_value *v) {
  switch (kiln_kind_of(v)) {
  case KILN_LIST: return (size_t)KR_LIST(v)->len;
  case KILN_TUPLE: return (size_t)KR_TUPLE(v)->len;
  case KILN_DICT: return (size_t)KR_DICT(v)->used;
  case KILN_SET: return (size_t)kr_set_len(OBJ(v));
  default: return 0;
  }
}

kiln_value *kiln_item(const kiln_value *v, size_t i) {
  kiln_kind k = kiln_kind_of(v);
  if (k == KILN_LIST && i < (size_t)KR_LIST(v)->len)
    return made(kr_val_box(KR_LIST(v)->items[i], KR_LIST(v)->kind));
  if (k == KILN_TUPLE && i < (size_t)KR_TUPLE(v)->len)
    return made(kr_val_box(KR_TUPLE(v)->items[i], (ValKind)KR_TUPLE(v)->kinds[i]));
  return NULL;
}

/* The i-th live entry of a dict. */
static KrDictEntry *dict_entry(const kiln_value *v, size_t i) {
  if (kiln_kind_of(v) != KILN_DICT)
    return NULL;
  KrDict *d = KR_DICT(v);
  for (int64_t e = 0; e < d->nentries; e++)
    if (d->entries[e].hash != -1 && i-- == 0)
      return &d->entries[e];
  return NULL;
}

kiln_value *kiln_dict_key(const kiln_value *v, size_t i) {
  KrDictEntry *e = dict_entry(v, i);
  return e ? made(kr_val_box(e->key, KR_DICT(v)->kkind)) : NULL;
}

kiln_value *kiln_dict_value(const kiln_value *v, size_t i) {
  KrDictEntry *e = dict_entry(v, i);
  return e ? made(kr_val_box(e->value, KR_DICT(v)->vkind)) : NULL;
}

static char *text_of(KrObj *s) {
  if (!s)
    return NULL;
  char *t = malloc((size_t)kr_str_bytes(s) + 1);
  if (t)
    memcpy(t, kr_str_data(s), (size_t)kr_str_bytes(s) + 1);
  kr_decref(s);
  return t;
}

char *kiln_to_json(const kiln_value *v, kiln_error **err) {
  if (!v)
    return NULL;
  KrObj *s = kr_json_dumps((KrVal){.o = OBJ(v)}, KR_OBJ, NULL);
  if (!s)
    take_error(err);
  return text_of(s);
}

char *kiln_repr(const kiln_value *v) {
  if (!v)
    return NULL;
  KrObj *s = kr_obj_repr(OBJ(v));
  if (!s)
    kr_exc_clear();
  return text_of(s);
}

/* A value the caller alone holds is freed without the lock. One the
 * module holds too (an argument it kept, a global it returned, an array
 * whose memory a kept view shares) is released under the lock, since the
 * module's code may be changing the same count on another thread. */
static bool sole_owner(KrObj *o) {
  intptr_t rc = __atomic_load_n(&o->rc, __ATOMIC_RELAXED);
  if (rc < 0)
    return true; /* immortal */
  if (rc != 1)
    return false;
  if (o->type == &kr_ndarray_type) {
    KrObj *base = ((KrArray *)o)->base;
    if (base && __atomic_load_n(&base->rc, __ATOMIC_RELAXED) != 1)
      return false;
  }
  return true;
}

void kiln_release(kiln_value *v) {
  if (!v)
    return;
  if (sole_owner(OBJ(v))) {
    kr_decref(OBJ(v));
    return;
  }
  abi_lock();
  kr_decref(OBJ(v));
  abi_unlock();
}

/* ----------------------------------------------------------------- arrays */

_Static_assert(KILN_DT_FLOAT64 == (int)KR_DT_FLOAT64 && KILN_DT_BOOL == (int)KR_DT_BOOL &&
                   KILN_DT_BFLOAT16 == (int)KR_DT_BFLOAT16 && KILN_DT_UINT8 == (int)KR_DT_UINT8 &&
                   KILN_DT_FLOAT64 + 1 == (int)KR_NDTYPES,
               "kiln_dtype follows KrDtype");
_Static_assert(KILN_MAXDIMS == KR_MAXDIMS, "KILN_MAXDIMS is numpy's");

/* The owner of caller memory under a kiln_array: calls release when the
 * last array over the memory goes. */
typedef struct Lender {
  KrObj h;
  void (*release)(void *ctx);
  void *ctx;
} Lender;

static void lender_dealloc(KrObj *o) {
  Lender *l = (Lender *)o;
  if (l->release)
    release_later(l->release, l->ctx);
  kr_free(l);
}

static const KrType lender_type = {.name = "kiln_array memory", .size = sizeof(Lender),
                                   .dealloc = lender_dealloc};

static bool array_args_ok(kiln_dtype dtype, int ndim, const int64_t *shape) {
  if ((int)dtype < 0 || (int)dtype >= (int)KR_NDTYPES || ndim < 0 || ndim > KR_MAXDIMS ||
      (ndim > 0 && !shape))
    return false;
  for (int i = 0; i < ndim; i++)
    if (shape[i] < 0)
      return false;
  return true;
}

kiln_value *kiln_array(kiln_dtype dtype, int ndim, const int64_t *shape, void *data,
                       void (*release)(void *ctx), void *ctx) {
  if (!array_args_ok(dtype, ndim, shape) || !data)
    return NULL;
  Lender *l = (Lender *)kr_obj_new(&lender_type, sizeof *l);
  if (!l)
    return made(NULL);
  l->release = release;
  l->ctx = ctx;
  int64_t strides[KR_MAXDIMS];
  int64_t step = kr_dtype_size[dtype];
  for (int i = ndim; --i >= 0;) {
    strides[i] = step;
    step *= shape[i] ? shape[i] : 1;
  }
  KrArray *a = kr_array_over(&l->h, (KrDtype)dtype, data, ndim, shape, strides);
  if (a)
    a->flags &= (uint8_t)~KR_ARR_READONLY; /* the caller's memory, written as numpy would */
  else
    l->release = NULL; /* the caller still owns the memory */
  kr_decref(&l->h);
  return made(a ? &a->h : NULL);
}

kiln_value *kiln_array_copy(kiln_dtype dtype, int ndim, const int64_t *shape, const void *data) {
  if (!array_args_ok(dtype, ndim, shape))
    return NULL;
  KrArray *a = kr_array_new((KrDtype)dtype, ndim, shape, data == NULL);
  if (a && data)
    memcpy(a->data, data, (size_t)a->size * kr_dtype_size[dtype]);
  return made(a ? &a->h : NULL);
}

kiln_value *kiln_as_array(const kiln_value *v, kiln_error **err) {
  if (!v)
    return NULL;
  kr_exc_clear();
  KrArray *a = kr_np_asarray(OBJ(v), KR_NDTYPES);
  if (a && !kr_array_is_contiguous(a)) {
    KrArray *c = kr_array_contiguous(a);
    kr_decref(&a->h);
    a = c;
  }
  if (!a)
    take_error(err);
  return VAL(a);
}

static KrArray *as_arr(const kiln_value *v) {
  return v && OBJ(v)->type == &kr_ndarray_type ? (KrArray *)v : NULL;
}

int kiln_array_dtype(const kiln_value *v) { return as_arr(v) ? as_arr(v)->dtype : -1; }
int kiln_array_ndim(const kiln_value *v) { return as_arr(v) ? as_arr(v)->ndim : -1; }
const int64_t *kiln_array_shape(const kiln_value *v) { return as_arr(v) ? as_arr(v)->shape : NULL; }
size_t kiln_array_size(const kiln_value *v) { return as_arr(v) ? (size_t)as_arr(v)->size : 0; }

void *kiln_array_data(const kiln_value *v) {
  KrArray *a = as_arr(v);
  return a && kr_array_is_contiguous(a) ? a->data : NULL;
}

size_t kiln_dtype_size(kiln_dtype dtype) {
  return (int)dtype >= 0 && (int)dtype < (int)KR_NDTYPES ? kr_dtype_size[dtype] : 0;
}
