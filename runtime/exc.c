/* exc.c — exceptions: the built-in types, raising, chaining, tracebacks,
 * and the report of an uncaught exception.
 *
 * The pending exception is one thread-local pointer, kr_exc: a failing
 * function sets it and returns its error value, and generated code passes
 * the failure up, calling kr_tb_add once per Python frame it leaves, until
 * an except clause fetches it or main reports it. Nothing unwinds the C
 * stack.
 *
 * Chaining follows CPython: generated code brackets an except block with
 * kr_exc_begin_handling/kr_exc_end_handling, and an exception raised in
 * between gets the handled one as its __context__ (cycles broken as in
 * _PyErr_SetObject); raise ... from ... sets __cause__ and suppresses the
 * context. The report prints the chain oldest first, with CPython's
 * linking sentences, each traceback outermost frame first.
 *
 * MemoryError must not need memory it cannot get: its instance bypasses
 * the test allocator's failure hook, and when even malloc fails a static
 * immortal instance stands in (it then collects no traceback).
 */
#include "core_impl.h"
#include "platform.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Thread_local KrObj *kr_exc;
_Thread_local KrRec kr_rec;
int64_t kr_recursion_limit = 1000;

/* kr_enter's slow path: a thread's first call (find its stack), or a call
 * past the limit or too near the stack's end. The margin kept is an eighth
 * of the stack, between 16 KiB and 256 KiB: room for the runtime's own
 * calls (printing, sorting, PCRE2) below the deepest compiled frame. */
int kr_enter_slow(void) {
  KrRec *r = &kr_rec;
  if (r->limit == 0) {
    r->limit = kr_recursion_limit;
    uintptr_t lo;
    size_t size;
    if (kr_plat_stack(&lo, &size)) {
      size_t margin = size / 8;
      margin = margin < 16384 ? 16384 : margin > 262144 ? 262144 : margin;
      r->stack_lo = lo + margin;
      r->base = lo;
      r->top = lo + size;
    }
  }
  uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
  bool own = sp >= r->base && sp < r->top;
  if (r->depth > r->limit || (own && sp < r->stack_lo)) {
    kr_raise(&kr_RecursionError_type, "maximum recursion depth exceeded");
    return -1;
  }
  return 0;
}

/* The exception being handled by the innermost running except block (a
 * reference owned here), for implicit chaining and bare `raise`. */
static _Thread_local KrObj *handling;

/* ---- the types */

/* BaseException's base is NULL: `&kr_NULL_type` is `&*(KrType *)0`, which
 * C defines as the null pointer itself. */
#define kr_NULL_type (*(const KrType *)0)
#define EXC(n, b)                                                                                  \
  const KrType kr_##n##_type = {                                                                   \
      .name = #n,                                                                                  \
      .base = &kr_##b##_type,                                                                      \
      .size = sizeof(KrExc),                                                                       \
      .dealloc = kr_exc_dealloc,                                                                   \
      .repr = kr_exc_repr,                                                                         \
      .str = kr_exc_str,                                                                           \
  };
#include "exceptions.def"
#undef EXC
#undef kr_NULL_type

void kr_exc_dealloc(KrObj *self) {
  KrExc *e = (KrExc *)self;
  for (int64_t i = 0; i < e->nheld; i++)
    kr_decref(e->args[i]);
  kr_free(e->args);
  kr_xdecref(e->cause);
  kr_xdecref(e->context);
  kr_free(e->tb);
  kr_free(self);
}

/* OSError(errno, ...) makes the subclass for that errno, as CPython. */
static const KrType *oserror_subclass(int64_t err) {
  switch (err) {
  case EAGAIN:
  case EALREADY:
  case EINPROGRESS: return &kr_BlockingIOError_type;
  case ECHILD: return &kr_ChildProcessError_type;
  case EPIPE:
  case ESHUTDOWN: return &kr_BrokenPipeError_type;
  case ECONNABORTED: return &kr_ConnectionAbortedError_type;
  case ECONNREFUSED: return &kr_ConnectionRefusedError_type;
  case ECONNRESET: return &kr_ConnectionResetError_type;
  case EEXIST: return &kr_FileExistsError_type;
  case ENOENT: return &kr_FileNotFoundError_type;
  case EISDIR: return &kr_IsADirectoryError_type;
  case ENOTDIR: return &kr_NotADirectoryError_type;
  case EINTR: return &kr_InterruptedError_type;
  case EACCES:
  case EPERM: return &kr_PermissionError_type;
  case ESRCH: return &kr_ProcessLookupError_type;
  case ETIMEDOUT: return &kr_TimeoutError_type;
  default: return &kr_OSError_type;
  }
}

KrObj *kr_exc_new(const KrType *t, KrObj **args, int64_t n) {
  bool os = false;
  for (const KrType *u = t; u; u = u->base)
    os |= u == &kr_OSError_type;
  if (t == &kr_OSError_type && n >= 2 && n <= 5 && (num_kind(args[0]) == KR_INT || num_kind(args[0]) == KR_BOOL))
    t = oserror_subclass(kr_val_unbox(args[0], KR_INT).i);
  size_t size = t->size > sizeof(KrExc) ? t->size : sizeof(KrExc);
  KrExc *e = (KrExc *)kr_obj_new(t, size);
  if (!e)
    return NULL;
  if (n > 0) {
    e->args = kr_alloc((size_t)n * sizeof(KrObj *));
    if (!e->args) {
      kr_decref(&e->h);
      return NULL;
    }
    for (int64_t i = 0; i < n; i++) {
      kr_incref(args[i]);
      e->args[i] = args[i];
    }
  }
  e->nargs = e->nheld = n;
  /* OSError(errno, strerror, filename, ...): e.args is the first two */
  if (os && n >= 3 && n <= 5 && args[2] != kr_None)
    e->nargs = 2;
  return &e->h;
}

void *kr_raise_hint(const KrType *t, const char *msg, const char *hint) {
  KrObj *args[2] = {kr_str_from_cstr(msg), kr_str_from_cstr(hint)};
  KrObj *e = args[0] && args[1] ? kr_exc_new(t, args, 2) : NULL;
  kr_xdecref(args[0]);
  kr_xdecref(args[1]);
  if (!e)
    return NULL;
  ((KrExc *)e)->nargs = 1; /* the suggestion is held after e.args */
  return kr_raise_obj(e);
}

KrObj *kr_exc_newf(const KrType *t, const char *fmt, ...) {
  if (!fmt)
    return kr_exc_new(t, NULL, 0);
  KrBuf b;
  kr_buf_init(&b, 0);
  va_list ap;
  va_start(ap, fmt);
  kr_buf_vformat(&b, fmt, ap);
  va_end(ap);
  KrObj *msg = kr_buf_finish(&b);
  if (!msg)
    return NULL;
  KrObj *e = kr_exc_new(t, &msg, 1);
  kr_decref(msg);
  return e;
}

KrObj *kr_exc_arg(KrObj *exc, int64_t i) {
  KrExc *e = (KrExc *)exc;
  return i >= 0 && i < e->nargs ? e->args[i] : kr_None;
}

/* ---- raising */

static KrExc static_memerr = {.h = {-1, &kr_MemoryError_type}};
static _Thread_local bool in_nomem;

/* Make exc (stolen) the pending exception, chaining the handled one as its
 * context. */
static void set_pending(KrObj *exc) {
  KrExc *e = (KrExc *)exc;
  KrObj *h = handling;
  if (h && h != exc && exc->rc >= 0) {
    /* Break a cycle through the context chain (h's chain reaching exc),
     * stepping a slow pointer at half speed to stop on older cycles. */
    KrObj *o = h, *slow = h;
    bool toggle = false;
    KrObj *ctx;
    while ((ctx = ((KrExc *)o)->context)) {
      if (ctx == exc) {
        ((KrExc *)o)->context = NULL;
        kr_decref(ctx);
        break;
      }
      o = ctx;
      if (o == slow)
        break;
      if (toggle)
        slow = ((KrExc *)slow)->context;
      toggle = !toggle;
    }
    kr_incref(h);
    kr_xdecref(e->context);
    e->context = h;
  }
  KrObj *old = kr_exc;
  kr_exc = exc;
  kr_xdecref(old);
}

void *kr_raise_nomem(void) {
  if (in_nomem)
    return NULL;
  in_nomem = true;
  kr_alloc_nofail = true;
  KrObj *e = kr_obj_new(&kr_MemoryError_type, sizeof(KrExc));
  kr_alloc_nofail = false;
  in_nomem = false;
  set_pending(e ? e : &static_memerr.h);
  return NULL;
}

void *kr_raise(const KrType *t, const char *fmt, ...) {
  KrObj *e;
  if (!fmt) {
    e = kr_exc_new(t, NULL, 0);
  } else {
    KrBuf b;
    kr_buf_init(&b, 0);
    va_list ap;
    va_start(ap, fmt);
    kr_buf_vformat(&b, fmt, ap);
    va_end(ap);
    KrObj *msg = kr_buf_finish(&b);
    if (!msg)
      return NULL;
    e = kr_exc_new(t, &msg, 1);
    kr_decref(msg);
  }
  if (e)
    set_pending(e);
  return NULL;
}

void *kr_raise_args(const KrType *t, KrObj **args, int64_t n) {
  KrObj *e = kr_exc_new(t, args, n);
  if (e)
    set_pending(e);
  return NULL;
}

void *kr_raise_obj(KrObj *exc) {
  set_pending(exc);
  return NULL;
}

void *kr_raise_from(KrObj *exc, KrObj *cause) {
  KrExc *e = (KrExc *)exc;
  if (exc->rc >= 0) {
    kr_xdecref(e->cause);
    e->cause = cause;
    e->suppress_context = true;
  } else {
    kr_xdecref(cause);
  }
  set_pending(exc);
  return NULL;
}

void *kr_exc_reraise(void) {
  if (!handling)
    return kr_raise(&kr_RuntimeError_type, "No active exception to reraise");
  kr_incref(handling);
  KrObj *old = kr_exc;
  kr_exc = handling;
  kr_xdecref(old);
  return NULL;
}

KrObj *kr_exc_fetch(void) {
  KrObj *e = kr_exc;
  kr_exc = NULL;
  return e;
}

bool kr_exc_matches(const KrType *t) { return kr_exc && kr_isinstance(kr_exc, t); }

void kr_exc_clear(void) {
  KrObj *e = kr_exc;
  kr_exc = NULL;
  kr_xdecref(e);
}

KrObj *kr_exc_begin_handling(KrObj *exc) {
  KrObj *prev = handling;
  kr_incref(exc);
  handling = exc;
  return prev;
}

void kr_exc_end_handling(KrObj *prev) {
  KrObj *cur = handling;
  handling = prev;
  kr_xdecref(cur);
}

KrObj *kr_exc_handling(void) { return handling; }

void kr_tb_add(const char *file, const char *func, int line) {
  KrExc *e = (KrExc *)kr_exc;
  if (!e || e->h.rc < 0)
    return;
  if (e->ntb == e->captb) {
    int cap = e->captb ? e->captb * 2 : 8;
    kr_exc = NULL;
    KrTbFrame *tb = kr_realloc(e->tb, (size_t)cap * sizeof *tb);
    if (!tb) { /* as CPython: MemoryError, with the exception as its context */
      KrExc *m = (KrExc *)kr_exc;
      if (m->h.rc >= 0 && !m->context)
        m->context = &e->h;
      else
        kr_decref(&e->h);
      return;
    }
    kr_exc = &e->h;
    e->tb = tb;
    e->captb = cap;
  }
  e->tb[e->ntb++] = (KrTbFrame){file, func, line};
}

/* ---- str and repr */

/* repr of a sequence of objects as a tuple's: "(a, b)" ("(a,)" for one). */
static int put_tuple_repr(KrBuf *b, KrObj **items, int64_t n) {
  kr_buf_putc(b, '(');
  for (int64_t i = 0; i < n; i++) {
    if (i)
      kr_buf_put(b, ", ", 2);
    KrObj *r = kr_obj_repr(items[i]);
    if (!r)
      return -1;
    kr_buf_puts(b, r);
    kr_decref(r);
  }
  if (n == 1)
    kr_buf_putc(b, ',');
  return kr_buf_putc(b, ')');
}

KrObj *kr_exc_repr(KrObj *exc) {
  KrExc *e = (KrExc *)exc;
  KrBuf b;
  kr_buf_init(&b, 0);
  kr_buf_put(&b, exc->type->name, (int64_t)strlen(exc->type->name));
  int rc;
  if (e->nargs == 1) {
    kr_buf_putc(&b, '(');
    KrObj *r = kr_obj_repr(e->args[0]);
    rc = r ? kr_buf_puts(&b, r) : -1;
    kr_xdecref(r);
    kr_buf_putc(&b, ')');
  } else {
    rc = put_tuple_repr(&b, e->args, e->nargs);
  }
  if (rc < 0) {
    kr_buf_discard(&b);
    return NULL;
  }
  return kr_buf_finish(&b);
}

KrObj *kr_exc_str(KrObj *exc) {
  KrExc *e = (KrExc *)exc;
  if (kr_isinstance(exc, &kr_KeyError_type) && e->nargs == 1)
    return kr_obj_repr(e->args[0]);
  if (kr_isinstance(exc, &kr_OSError_type) && e->nheld >= 2 && e->nheld <= 5) {
    KrObj *filename = e->nheld >= 3 && e->args[2] != kr_None ? e->args[2] : NULL;
    KrObj *filename2 = e->nheld == 5 && e->args[4] != kr_None ? e->args[4] : NULL;
    if (filename && filename2)
      return kr_str_from_fmt("[Errno %S] %S: %R -> %R", e->args[0], e->args[1], filename, filename2);
    if (filename)
      return kr_str_from_fmt("[Errno %S] %S: %R", e->args[0], e->args[1], filename);
    return kr_str_from_fmt("[Errno %S] %S", e->args[0], e->args[1]);
  }
  if (e->nargs == 0)
    return kr_str_empty();
  if (e->nargs == 1)
    return kr_obj_str(e->args[0]);
  KrBuf b;
  kr_buf_init(&b, 0);
  if (put_tuple_repr(&b, e->args, e->nargs) < 0) {
    kr_buf_discard(&b);
    return NULL;
  }
  return kr_buf_finish(&b);
}

/* ---- the report */

typedef struct Source {
  const char *file, *text;
} Source;
static Source sources[16];
static int nsources;

void kr_tb_set_source(const char *file, const char *text) {
  for (int i = 0; i < nsources; i++)
    if (strcmp(sources[i].file, file) == 0) {
      sources[i].text = text;
      return;
    }
  if (nsources < (int)(sizeof sources / sizeof sources[0]))
    sources[nsources++] = (Source){file, text};
}

/* The text of a source file as the report reads it, like CPython's
 * linecache: from the disk, when it is there (kept for the rest of the run). */
static void load_source(const char *file) {
  for (int i = 0; i < nsources; i++)
    if (strcmp(sources[i].file, file) == 0)
      return;
  FILE *in = fopen(file, "rb");
  if (!in)
    return;
  char *text = NULL;
  size_t n = 0, cap = 0, got;
  do {
    if (n + 4096 + 1 > cap) {
      char *grown = realloc(text, cap = cap * 2 + 8192);
      if (!grown)
        break;
      text = grown;
    }
    got = fread(text + n, 1, 4096, in);
    n += got;
  } while (got > 0);
  fclose(in);
  if (!text)
    return;
  text[n] = 0;
  kr_tb_set_source(file, text);
}

/* Print line `line` of file's source, stripped, indented 4. */
static void print_source_line(FILE *f, const char *file, int line) {
  load_source(file);
  for (int i = 0; i < nsources; i++) {
    if (strcmp(sources[i].file, file) != 0)
      continue;
    const char *p = sources[i].text;
    for (int k = 1; k < line && p; k++) {
      p = strchr(p, '\n');
      if (p)
        p++;
    }
    if (!p || line < 1)
      return;
    const char *end = strchr(p, '\n');
    if (!end)
      end = p + strlen(p);
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\f'))
      p++;
    while (end > p && (end[-1] == '\r' || end[-1] == ' ' || end[-1] == '\t'))
      end--;
    if (end > p)
      fprintf(f, "    %.*s\n", (int)(end - p), p);
    return;
  }
}

enum { TB_LIMIT = 1000, TB_RECURSIVE_CUTOFF = 3 };

static void print_repeated(FILE *f, int cnt) {
  cnt -= TB_RECURSIVE_CUTOFF;
  fprintf(f, "  [Previous line repeated %d more time%s]\n", cnt, cnt > 1 ? "s" : "");
}

/* The traceback, outermost frame first, the innermost TB_LIMIT of them,
 * runs of one repeated frame cut after three as CPython does. */
static void print_tb(FILE *f, KrExc *e) {
  if (e->ntb == 0)
    return;
  fputs("Traceback (most recent call last):\n", f);
  int first = e->ntb - 1 < TB_LIMIT ? e->ntb - 1 : TB_LIMIT - 1;
  const KrTbFrame *last = NULL;
  int cnt = 0;
  for (int i = first; i >= 0; i--) {
    const KrTbFrame *t = &e->tb[i];
    if (!last || strcmp(t->file, last->file) != 0 || t->line != last->line || strcmp(t->func, last->func) != 0) {
      if (cnt > TB_RECURSIVE_CUTOFF)
        print_repeated(f, cnt);
      last = t;
      cnt = 0;
    }
    cnt++;
    if (cnt <= TB_RECURSIVE_CUTOFF) {
      fprintf(f, "  File \"%s\", line %d, in %s\n", t->file, t->line, t->func);
      print_source_line(f, t->file, t->line);
    }
  }
  if (cnt > TB_RECURSIVE_CUTOFF)
    print_repeated(f, cnt);
}

/* "Type: message", or "Type" when str(exc) is empty. */
static void print_exc_line(FILE *f, KrObj *exc) {
  KrObj *saved = kr_exc;
  kr_exc = NULL;
  KrObj *s = kr_obj_str(exc);
  /* a class of another module than __main__ prints qualified: mylib.MyError */
  if (exc->type->module && strcmp(exc->type->module, "__main__"))
    fprintf(f, "%s.", exc->type->module);
  fputs(exc->type->name, f);
  if (!s) {
    fputs(": <exception str() failed>", f);
    kr_exc_clear();
  } else if (kr_str_bytes(s) > 0) {
    fputs(": ", f);
    /* a lone surrogate goes out backslash-escaped, as on stderr in CPython */
    const char *d = kr_str_data(s);
    int64_t n = kr_str_bytes(s);
    for (int64_t i = 0; i < n;) {
      int64_t at = i;
      uint32_t cp = u8_next(d, &i);
      if (is_surrogate(cp))
        fprintf(f, "\\u%04x", (unsigned)cp);
      else
        fwrite(d + at, 1, (size_t)(i - at), f);
    }
  }
  /* NameError's suggestion, kept after e.args (kr_raise_hint) */
  KrExc *e = (KrExc *)exc;
  if (kr_isinstance(exc, &kr_NameError_type) && e->nheld == 2 && e->nargs == 1 &&
      e->args[1]->type == &kr_str_type)
    fprintf(f, ". Did you mean: '%s'?", kr_str_data(e->args[1]));
  fputc('\n', f);
  kr_xdecref(s);
  kr_exc = saved;
}

static void print_chain(FILE *f, KrObj *exc) {
  enum { MAXCHAIN = 64 };
  KrObj *chain[MAXCHAIN];
  bool by_cause[MAXCHAIN];
  int n = 0;
  for (KrObj *o = exc; o && n < MAXCHAIN;) {
    for (int i = 0; i < n; i++)
      if (chain[i] == o)
        goto done;
    chain[n] = o;
    KrExc *e = (KrExc *)o;
    if (e->cause) {
      by_cause[n++] = true;
      o = e->cause;
    } else if (e->context && !e->suppress_context) {
      by_cause[n++] = false;
      o = e->context;
    } else {
      by_cause[n++] = false;
      o = NULL;
    }
  }
done:
  for (int i = n - 1; i >= 0; i--) {
    print_tb(f, (KrExc *)chain[i]);
    print_exc_line(f, chain[i]);
    if (i > 0)
      fputs(by_cause[i - 1] ? "\nThe above exception was the direct cause of the following exception:\n\n"
                            : "\nDuring handling of the above exception, another exception occurred:\n\n",
            f);
  }
}

static void print_chain_to(FILE *f, void *exc) { print_chain(f, exc); }

char *kr_exc_format(KrObj *exc) { return kr_plat_print_to_string(print_chain_to, exc); }

int kr_exc_report(void) {
  KrObj *exc = kr_exc_fetch();
  if (!exc)
    return 0;
  kr_flush_stdout();
  int status = 1;
  if (kr_isinstance(exc, &kr_SystemExit_type)) {
    /* the code: None, the one arg, or the args (a tuple) */
    KrExc *e = (KrExc *)exc;
    KrObj *code = e->nargs == 0 ? kr_None : e->nargs == 1 ? e->args[0] : NULL;
    if (code == kr_None) {
      status = 0;
    } else if (code && (code->type == &kr_int_type || code->type == &kr_bool_type)) {
      status = (int)kr_val_unbox(code, KR_INT).i;
    } else { /* printed, then exit status 1 */
      KrObj *s = kr_exc_str(exc);
      if (s) {
        fwrite(kr_str_data(s), 1, (size_t)kr_str_bytes(s), stderr);
        kr_decref(s);
      }
      kr_exc_clear();
      fputc('\n', stderr);
    }
  } else {
    print_chain(stderr, exc);
  }
  fflush(stderr);
  kr_decref(exc);
  return status;
}

/* Exception.__init__(self, *args) for an instance of an exception class of
 * the program (super().__init__(msg), or a class without __init__): e.args
 * becomes the tuple's items, boxed. */
int kr_exc_init_args(KrObj *self, KrObj *tuple) {
  KrExc *e = (KrExc *)self;
  KrTuple *t = KR_TUPLE(tuple);
  KrObj **args = t->len ? kr_alloc((size_t)t->len * sizeof(KrObj *)) : NULL;
  if (t->len && !args)
    return -1;
  for (int64_t i = 0; i < t->len; i++) {
    args[i] = kr_val_box(t->items[i], t->kinds[i]);
    if (!args[i]) {
      while (i--)
        kr_decref(args[i]);
      kr_free(args);
      return -1;
    }
  }
  for (int64_t i = 0; i < e->nheld; i++)
    kr_decref(e->args[i]);
  kr_free(e->args);
  e->args = args;
  e->nargs = e->nheld = t->len;
  return 0;
}
