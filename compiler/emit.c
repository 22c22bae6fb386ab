/* emit.c — typed SSA IR to C.
 *
 * One C function per specialisation, one C local per SSA value (v<id>), one
 * label per basic block (b<id>). Phis become copies at the end of each
 * predecessor, done through temporaries so that phis of one block that read
 * each other (a swap) see the old values. #line directives map every
 * statement to its Python line, so gdb and perf show Python source.
 *
 * Representation: int, float, bool are int64_t, double, bool; None and
 * values that never exist (functions used only by calls) are a char; range
 * is an unboxed KrRangeLoop; everything else is a KrObj *. Where a value flows
 * into a place of a wider type (a phi of type object, a boxed argument of
 * an op, a global), it is converted: int → float, bool → int, or boxed.
 *
 * Reference counting: every boxed value a function computes is owned by its
 * C local; assigning a new value to it (in a loop) releases the old one,
 * and the function's exit releases them all. Parameters are borrowed. A
 * returned value is given a reference of its own first. Phi locals own a
 * reference to what they hold.
 *
 * Errors: after each operation that may raise, `if (kr_failed())` jumps to
 * the function's error exit, which records a traceback frame with the line
 * of the failing operation and returns; the caller's check does the same,
 * so the traceback grows frame by frame as in CPython.
 *
 * Reading a local that may be unassigned on some path: such a value gets a
 * companion flag, and a read checks it and raises UnboundLocalError, as
 * CPython does.
 */
#include "kilnc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct Emit {
  Buf *out;
  Module *m;
  IrFunc *fn;
  Vec consts;        /* str constants: Instr * of each kc_<n> */
  int ntemps;        /* boxing temporaries of the current function */
  int nyields;       /* a generator: its yields so far (resume points) */
  Buf errlines;      /* the current function's error exits: one byte per line, set if used */
  uint8_t *cyclic;   /* per block id of the current function: on a cycle (runs again) */
  int last_line;     /* the last #line emitted */
  const Type ***gtypes; /* per module (by index), the type of each of its globals */
  uint8_t *maybe_unbound; /* per value id of the current function */
  uint8_t *unbuilt;   /* per value id: a value not made (UNBUILT_*: find_unbuilt) */
  uint8_t *borrowed;  /* per value id: a global's value read without a reference (find_borrowed) */
  int *uses;          /* per value id: the instructions that read it (find_unbuilt) */
  int *slot_in;       /* per value id: a SLOT_GET's `k in d` test (SLOT_IN) whose slot it reads, or 0 */
  char tbpath[4096];  /* the source's absolute path, as tracebacks name it: a C string literal */
  char linepath[4096]; /* the path #line names: a C string literal */
  Module *paths_of;    /* the module tbpath and linepath are of */
} Emit;

static bool boxed(const Type *t) {
  switch (t->kind) {
  case TY_FUNC: return t->nitems > 0; /* a closure: a tuple of its cells */
  case TY_INT:
  case TY_FLOAT:
  case TY_BOOL:
  case TY_NONE:
  case TY_RANGE:
  case TY_CURSOR:
  case TY_TVAR:
  case TY_CLASSREF:
  case TY_NORETURN:
  case TY_UNKNOWN: return false;
  default: return true;
  }
}

static const char *ctype(const Type *t) {
  switch (t->kind) {
  case TY_INT: return "int64_t";
  case TY_FLOAT: return "double";
  case TY_BOOL: return "bool";
  case TY_RANGE: return "KrRangeLoop";
  case TY_CURSOR: return "KrLoop";
  case TY_FUNC: return t->nitems > 0 ? "KrObj *" : "char";
  case TY_NONE:
  case TY_CLASSREF:
  case TY_NORETURN:
  case TY_UNKNOWN: return "char";
  default: return "KrObj *";
  }
}

static const char *czero(const Type *t) {
  switch (t->kind) {
  case TY_FLOAT: return "0.0";
  case TY_BOOL: return "false";
  case TY_RANGE: return "(KrRangeLoop){0, 0, 1}";
  case TY_CURSOR: return "(KrLoop){.want = KR_INT}";
  default: return boxed(t) ? "NULL" : "0";
  }
}

/* The ValKind a value of type t has inside a KrVal. */
static const char *valkind(const Type *t) {
  switch (t->kind) {
  case TY_INT: return "KR_INT";
  case TY_FLOAT: return "KR_FLOAT";
  case TY_BOOL: return "KR_BOOL";
  default: return "KR_OBJ";
  }
}

/* The C expression of an exception class: a built-in type of the runtime,
 * or one the program defines (kp_exc_<name>, see emit_program). */
static const char *exc_type(Module *m, Ident *name, Module *gmod) {
  static char buf[2][160];
  static int next;
  char *b = buf[next++ & 1];
  const Import *imp = import_of(m, name);
  ClassDecl *c = gmod ? module_class(gmod, name) : module_class(m, name);
  if (c && class_exc_root(c)) /* a class with a body: its type object */
    snprintf(b, sizeof buf[0], "&kt_%s", c->cname);
  else if (gmod) /* m.E */
    snprintf(b, sizeof buf[0], "&kp_exc_%s%s", gmod->prefix, name->str);
  else if (module_exception(m, name) >= 0)
    snprintf(b, sizeof buf[0], "&kp_exc_%s%s", m->prefix, name->str);
  else if (imp && imp->exc && imp->provided) /* from safetensors import SafetensorError */
    snprintf(b, sizeof buf[0], "&kr_%s_type", imp->exc->str);
  else if (imp && imp->exc) /* from m import E */
    snprintf(b, sizeof buf[0], "&kp_exc_%s%s", imp->mod->prefix, imp->exc->str);
  else
    snprintf(b, sizeof buf[0], "&kr_%s_type", name->str);
  return b;
}

static void line_directive(Emit *E, uint32_t off) {
  int line, col;
  source_pos(E->fn->decl->mod->src, off, &line, &col);
  if (line != E->last_line) {
    buf_printf(E->out, "#line %d %s\n", line, E->linepath);
    E->last_line = line;
  }
}

static int line_of(Emit *E, uint32_t off) {
  int line, col;
  source_pos(E->fn->decl->mod->src, off, &line, &col);
  return line;
}

/* A C string literal of arbitrary bytes. */
static void c_string(Buf *b, const char *s, size_t n) {
  buf_putc(b, '"');
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\')
      buf_printf(b, "\\%c", c);
    else if (c >= 32 && c < 127 && c != '?')
      buf_putc(b, c);
    else
      buf_printf(b, "\\%03o", c);
  }
  buf_putc(b, '"');
}

/* ----------------------------------------------------------- conversions */

/* The C expression of value v converted to type `to`. *owned says whether
 * the expression makes a new reference (a box) that the caller must keep or
 * release. Boxes used as borrowed arguments go into temporaries. */
static void convert(Emit *E, Buf *b, Instr *v, const Type *to, bool *owned) {
  const Type *from = v->type;
  *owned = false;
  if (v->op == IR_UNDEF) {
    buf_puts(b, czero(to));
    return;
  }
  if (from == to || (!boxed(to) && to->kind != TY_FLOAT && to->kind != TY_INT &&
                     to->kind != TY_BOOL && to->kind != TY_RANGE)) {
    buf_printf(b, "v%d", v->id);
    return;
  }
  if (boxed(from) && boxed(to)) { /* a str is already an object, a T an Optional[T] */
    buf_printf(b, "v%d", v->id);
    return;
  }
  if (to->kind == TY_FLOAT && (from->kind == TY_INT || from->kind == TY_BOOL)) {
    buf_printf(b, "(double)v%d", v->id);
    return;
  }
  if (to->kind == TY_INT && from->kind == TY_BOOL) {
    buf_printf(b, "(int64_t)v%d", v->id);
    return;
  }
  if (boxed(to)) {
    *owned = true;
    switch (from->kind) {
    case TY_INT: buf_printf(b, "kr_int_box(v%d)", v->id); return;
    case TY_FLOAT: buf_printf(b, "kr_float_box(v%d)", v->id); return;
    case TY_BOOL: buf_printf(b, "kr_bool_box(v%d)", v->id); return;
    case TY_RANGE: buf_printf(b, "kr_range_box(v%d)", v->id); return;
    default:
      *owned = false;
      buf_puts(b, "kr_None");
      return;
    }
  }
  buf_printf(b, "v%d", v->id); /* unreachable for well-typed IR */
}

/* An argument expression: converted, and boxes parked in a temporary that
 * the function's exit releases. */
static void arg_expr(Emit *E, Buf *pre, Buf *b, Instr *v, const Type *to) {
  Buf tmp = {0};
  bool owned;
  convert(E, &tmp, v, to, &owned);
  if (owned) {
    int t = E->ntemps++;
    buf_printf(pre, "  kr_xdecref(t%d);\n  t%d = %s;\n  if (!t%d) goto kp_error; /* MemoryError */\n", t,
               t, tmp.data, t);
    buf_printf(b, "t%d", t);
  } else {
    buf_puts(b, tmp.data ? tmp.data : "0");
  }
  buf_free(&tmp);
}

static const Type *code_type(char c, const Type *actual) {
  const Type *t = type_of_code(c);
  if (t)
    return t;
  if (strchr("aoOIJHWNYjlght", c)) /* passed as an object */
    return boxed(actual) ? actual : ty_object;
  return actual;
}

/* --------------------------------------------------------------- values */

/* place = x for a boxed place (a global, a field) that owns its value: the
 * old value released after, a borrowed x taken a reference to, an owned x
 * (a new box) checked for MemoryError. */
static void goto_error(Emit *E, Instr *in);

static void store_boxed(Emit *E, Instr *in, const char *place, const char *x, bool owned) {
  buf_printf(E->out, "  {\n    KrObj *old = %s;\n    %s = %s;\n", place, place, x);
  if (!owned) {
    buf_printf(E->out, "    kr_incref(%s);\n", place);
  } else {
    buf_printf(E->out, "    if (!%s) { %s = old; ", place, place);
    goto_error(E, in);
    buf_puts(E->out, "    }\n");
  }
  buf_puts(E->out, "    kr_xdecref(old);\n  }\n");
}

static void phi_copies(Emit *E, Block *from, Block *to);
static bool exit_released(Emit *E, const Instr *in);

/* The length of the name a traceback shows for f: a def that lowering of
 * lru_cache or decorators renamed (f__kiln_cached, f__kiln_undecorated) is
 * still f in CPython's tracebacks. */
static int tb_name_len(const FuncDecl *f) {
  const char *s = f->name->str, *k = strstr(s, "__kiln_");
  return (int)(k && k != s ? k - s : (ptrdiff_t)strlen(s));
}

/* Leave for the error: to the try's dispatch block (copying the phis along
 * the exception edge) or to the function's error exit. */
/* Where an exception goes: the try's handler, or the function's exit. As
 * in CPython, an exception records this function's frame (file, line) once,
 * where it is raised here or first passes through; going on from a handler
 * (no clause matched, a bare `raise`) records nothing more. */
static void goto_error(Emit *E, Instr *in) {
  bool again = in->op == IR_RERAISE;
  if (!again && !in->succs[1]) { /* the function's exit: one shared block per line */
    int line = line_of(E, in->off);
    while (E->errlines.len <= (size_t)line)
      buf_putc(&E->errlines, 0);
    E->errlines.data[line] = 1;
    buf_printf(E->out, "goto kp_e%d;\n", line);
    return;
  }
  buf_puts(E->out, "{\n");
  if (!again)
    buf_printf(E->out, "    kp_line = %d;\n", line_of(E, in->off));
  if (in->succs[1]) {
    if (!again)
      buf_printf(E->out, "    kr_tb_add(%s, \"%.*s\", kp_line);\n", E->tbpath, tb_name_len(E->fn->decl),
                 E->fn->decl->name->str);
    phi_copies(E, in->block, in->succs[1]);
    buf_printf(E->out, "    goto b%d;\n  }\n", in->succs[1]->id);
  } else {
    buf_printf(E->out, "    goto %s;\n  }\n", again ? "kp_reraise" : "kp_error");
  }
}

static void check_error(Emit *E, Instr *in) {
  buf_puts(E->out, "  if (kr_failed()) ");
  goto_error(E, in);
}

/* A read of a value that may be unassigned on some path raises
 * UnboundLocalError, as in CPython. */
static void emit_unbound_check(Emit *E, Instr *user, Instr *v) {
  if (!E->maybe_unbound[v->id])
    return;
  Ident *name = v->var >= 0 && v->var < E->fn->decl->nlocals ? E->fn->decl->locals[v->var] : NULL;
  if (v->op == IR_UNDEF)
    buf_puts(E->out, "  {\n");
  else
    buf_printf(E->out, "  if (!v%d_b) {\n", v->id);
  buf_printf(E->out,
             "    kr_raise(&kr_UnboundLocalError_type, \"cannot access local variable '%s' where "
             "it is not associated with a value\");\n  ",
             name ? name->str : "?");
  goto_error(E, user);
  buf_puts(E->out, "  }\n");
}

/* Assign the result expression to v<id>, releasing what it held before. */
static void assign(Emit *E, Instr *in, const char *expr) {
  /* the value a block made the last time it ran: only a block on a cycle
   * runs again (every local starts NULL) */
  if (boxed(in->type) && E->cyclic[in->block->id])
    buf_printf(E->out, "  kr_xdecref(v%d);\n", in->id);
  if (in->type->kind == TY_CURSOR) /* a loop run again: its cursor starts anew */
    buf_printf(E->out, "  kr_loop_clear(&v%d);\n", in->id);
  buf_printf(E->out, "  v%d = %s;\n", in->id, expr);
}

/* The KrVal field a value of type t lives in. */
static const char *valfield(const Type *t) {
  switch (t->kind) {
  case TY_INT: return "i";
  case TY_FLOAT: return "f";
  case TY_BOOL: return "b";
  default: return "o";
  }
}

/* A value passed as a KrVal slot of type `slot` ({.i = v}, boxed if the
 * slot holds objects). */
static void kval_arg(Emit *E, Buf *pre, Buf *b, Instr *v, const Type *slot) {
  if (!boxed(slot) && slot->kind != TY_INT && slot->kind != TY_FLOAT && slot->kind != TY_BOOL)
    slot = ty_object; /* None (and anything else without a slot kind) is stored boxed */
  buf_printf(b, "(KrVal){.%s = ", valfield(slot));
  arg_expr(E, pre, b, v, slot);
  buf_puts(b, "}");
}

/* A value as a KrArg, {value, kind}: int, float and bool unboxed, the rest
 * boxed (str.format's arguments). */
static void karg_expr(Emit *E, Buf *pre, Buf *b, Instr *a) {
  const Type *t = a->type;
  bool scalar = t->kind == TY_INT || t->kind == TY_FLOAT || t->kind == TY_BOOL;
  const Type *slot = scalar || boxed(t) ? t : ty_object;
  buf_puts(b, "{");
  kval_arg(E, pre, b, a, slot);
  buf_printf(b, ", %s}", valkind(slot));
}

/* l[i] and l[i] = v on a list whose item type the compiler knows: the slot
 * is found inline (kr_list_at) and an IndexError jumps on its NULL, with
 * no test of kr_exc; the item is read or written with its C type, and a
 * list of numbers pays no reference count. */
static bool list_at_row(const Instr *in) {
  const OpRow *r = in->row;
  bool get = !strcmp(r->cfn, "kr_list_getitem"), set = !strcmp(r->cfn, "kr_list_setitem");
  return (get || set) && in->args[0]->type->kind == TY_LIST && in->args[0]->type->elem->kind != TY_NORETURN &&
         (set || in->type->kind != TY_NORETURN);
}

static const char *slot_lvalue(const Type *t) {
  switch (t->kind) {
  case TY_INT: return "*(int64_t *)kp_at";
  case TY_FLOAT: return "*(double *)kp_at";
  case TY_BOOL: return "kp_at->b";
  default: return "kp_at->o";
  }
}

static void emit_list_at(Emit *E, Instr *in) {
  const Type *elem = in->args[0]->type->elem;
  bool set = !strcmp(in->row->cfn, "kr_list_setitem");
  bool scalar = elem->kind == TY_INT || elem->kind == TY_FLOAT || elem->kind == TY_BOOL;
  const Type *slot = boxed(elem) || scalar ? elem : ty_object; /* as kval_arg stores it */
  Buf pre = {0}, x = {0};
  if (set)
    arg_expr(E, &pre, &x, in->args[2], slot);
  if (pre.len)
    buf_putn(E->out, pre.data, pre.len);
  buf_printf(E->out, "  {\n    KrVal *kp_at = kr_list_at(v%d, v%d, %s);\n    if (KR_UNLIKELY(!kp_at)) ",
             in->args[0]->id, in->args[1]->id, set ? "true" : "false");
  goto_error(E, in);
  if (set && boxed(slot)) {
    buf_printf(E->out, "    kr_list_at_put_obj(kp_at, %s);\n  }\n  v%d = 0;\n", x.data, in->id);
  } else if (set) {
    buf_printf(E->out, "    %s = %s;\n  }\n  v%d = 0;\n", slot_lvalue(slot), x.data, in->id);
  } else {
    assign(E, in, slot_lvalue(slot));
    if (boxed(slot))
      buf_printf(E->out, "  kr_incref(v%d);\n", in->id);
    buf_puts(E->out, "  }\n");
  }
  buf_free(&pre);
  buf_free(&x);
}

static void emit_call_row(Emit *E, Instr *in) {
  const OpRow *r = in->row;
  if (list_at_row(in)) {
    emit_list_at(E, in);
    return;
  }
  Buf pre = {0}, call = {0};
  int nsig = (int)strlen(r->sig);
  bool variadic = nsig && r->sig[nsig - 1] == '*';
  if (variadic)
    nsig--;
  int npos = in->nargs - in->nkw;
  /* a checked form (ops.def's K) jumps on its own result */
  bool checked = (r->flags & OPF_CHECKED) && in->op != IR_NOT && !variadic &&
                 in->type == type_of_code(r->result);
  if (variadic && !strcmp(r->callee, "print")) {
    /* print(*values, sep=, end=, flush=): values as KrVal with their kinds */
    Buf vals = {0}, kinds = {0};
    for (int i = 0; i < npos; i++) {
      Instr *a = in->args[i];
      const char *field = a->type->kind == TY_INT     ? "i"
                          : a->type->kind == TY_FLOAT ? "f"
                          : a->type->kind == TY_BOOL  ? "b"
                                                      : "o";
      buf_printf(&vals, "%s{.%s = ", i ? ", " : "", field);
      if (!strcmp(field, "o") && !boxed(a->type))
        arg_expr(E, &pre, &vals, a, ty_object);
      else
        buf_printf(&vals, "v%d", a->id);
      buf_puts(&vals, "}");
      buf_printf(&kinds, "%s%s", i ? ", " : "", valkind(a->type));
    }
    const char *sep = "NULL", *end = "NULL", *flush = "false";
    bool to_stderr = false;
    Instr *to_file = NULL, *to_other = NULL;
    Buf kw[3] = {{0}};
    for (int k = 0; k < in->nkw; k++) {
      Instr *a = in->args[npos + k];
      const char *name = in->kwnames[k]->str;
      if (!strcmp(name, "file")) { /* sys.stdout / sys.stderr (builtins of lower.c), None, or a file */
        to_stderr = a->op == IR_BUILTIN && !strcmp(a->name->str, "sys.stderr");
        bool std = to_stderr || (a->op == IR_BUILTIN && !strcmp(a->name->str, "sys.stdout"));
        if (!std && a->type->kind == TY_TEXTIO)
          to_file = a;
        else if (!std && a->type->kind != TY_NONE)
          to_other = a;
        continue;
      }
      Buf *dst = !strcmp(name, "sep") ? &kw[0] : !strcmp(name, "end") ? &kw[1] : &kw[2];
      if (a->type->kind == TY_NONE)
        buf_puts(dst, dst == &kw[2] ? "false" : "NULL");
      else if (dst == &kw[2])
        buf_printf(dst, "KR_BTRUTH(v%d)", a->id);
      else
        buf_printf(dst, "v%d", a->id);
    }
    if (kw[0].data)
      sep = kw[0].data;
    if (kw[1].data)
      end = kw[1].data;
    if (kw[2].data)
      flush = kw[2].data;
    if (to_file)
      buf_printf(&call, "kr_print_file(v%d, %d, (const KrVal[]){%s}, (const uint8_t[]){%s}, %s, %s)", to_file->id,
                 npos, npos ? vals.data : "{0}", npos ? kinds.data : "0", sep, end);
    else if (to_other) /* never a silent write elsewhere */
      buf_printf(&call, "kr_raise(&kr_TypeError_type, \"kiln cannot print to a %s yet\")",
                 ty_str_of(to_other->type));
    else
      buf_printf(&call, "kr_print_values(%d, (const KrVal[]){%s}, (const uint8_t[]){%s}, %s, %s, %s, %s)",
                 npos, npos ? vals.data : "{0}", npos ? kinds.data : "0", sep, end,
                 to_stderr ? "true" : "false", flush);
    buf_free(&vals);
    buf_free(&kinds);
    for (int k = 0; k < 3; k++)
      buf_free(&kw[k]);
  } else if (!strcmp(r->callee, "tuple.new")) {
    if (in->nargs == 0) {
      buf_puts(&call, "kr_tuple_pack(0, NULL, NULL)");
    } else {
      Buf kinds = {0};
      buf_printf(&call, "kr_tuple_pack(%d, (const KrVal[]){", in->nargs);
      for (int i = 0; i < in->nargs; i++) {
        const Type *t = in->args[i]->type;
        const Type *slot = ty_is_unboxed(t) && t->kind != TY_NONE ? t : (boxed(t) ? t : ty_object);
        buf_puts(&call, i ? ", " : "");
        kval_arg(E, &pre, &call, in->args[i], slot);
        buf_printf(&kinds, "%s%s", i ? ", " : "", valkind(slot));
      }
      buf_printf(&call, "}, (const uint8_t[]){%s})", kinds.data);
      buf_free(&kinds);
    }
  } else if (!strcmp(r->callee, "unpack")) {
    buf_printf(&call, "%s(v%d, %d, %d, %s).%s", r->cfn, in->args[0]->id, in->sub, in->var, valkind(in->type),
               valfield(in->type));
  } else if (!strcmp(r->callee, "tuple.item?")) {
    buf_printf(&call, "kr_obj_unpack(v%d, %d, %d)", in->args[0]->id, in->sub, in->var);
  } else if (!strcmp(r->callee, "tuple.item")) {
    buf_printf(&call, "kr_tuple_getitem(v%d, %d).%s", in->args[0]->id, in->sub, valfield(in->type));
  } else if (!strcmp(r->callee, "dict.new")) {
    const Type *kt = in->type->key, *vt = in->type->elem;
    int n = in->nargs / 2;
    if (n == 0) {
      buf_printf(&call, "kr_dict_new(%s, %s)", valkind(kt), valkind(vt));
    } else {
      Buf keys = {0}, vals = {0};
      for (int i = 0; i < n; i++) {
        buf_puts(&keys, i ? ", " : "");
        kval_arg(E, &pre, &keys, in->args[2 * i], kt);
        buf_puts(&vals, i ? ", " : "");
        kval_arg(E, &pre, &vals, in->args[2 * i + 1], vt);
      }
      buf_printf(&call, "kr_dict_from_items(%s, %s, (const KrVal[]){%s}, (const KrVal[]){%s}, %d)",
                 valkind(kt), valkind(vt), keys.data, vals.data, n);
      buf_free(&keys);
      buf_free(&vals);
    }
  } else if (variadic && (!strcmp(r->callee, "list.new") || !strcmp(r->callee, "set.new"))) {
    const Type *elem = in->type->elem;
    bool set = r->callee[0] == 's';
    if (in->nargs == 0) {
      buf_printf(&call, set ? "kr_set_new(%s)" : "kr_list_new(%s, 0)", valkind(elem));
    } else {
      buf_printf(&call, "%s(%s, (const KrVal[]){",
                 !set ? "kr_list_from" : in->sub ? "kr_set_from_consts" : "kr_set_from", valkind(elem));
      for (int i = 0; i < in->nargs; i++) {
        buf_puts(&call, i ? ", " : "");
        kval_arg(E, &pre, &call, in->args[i], elem);
      }
      buf_printf(&call, "}, %d)", in->nargs);
    }
  } else if (!strcmp(r->callee, ".format")) {
    /* fmt.format(*args, **kwargs): the values as KrArgs, the keywords' names as C strings */
    Buf pos = {0}, kws = {0}, names = {0};
    for (int i = 1; i < in->nargs; i++) {
      Buf *dst = i < npos ? &pos : &kws;
      buf_puts(dst, dst->len ? ", " : "");
      karg_expr(E, &pre, dst, in->args[i]);
    }
    for (int k = 0; k < in->nkw; k++) {
      buf_puts(&names, k ? ", " : "");
      c_string(&names, in->kwnames[k]->str, in->kwnames[k]->len);
    }
    buf_printf(&call, "%s(", r->cfn);
    arg_expr(E, &pre, &call, in->args[0], ty_str);
    if (pos.len)
      buf_printf(&call, ", (const KrArg[]){%s}, %d", pos.data, npos - 1);
    else
      buf_puts(&call, ", NULL, 0");
    if (in->nkw)
      buf_printf(&call, ", (const char *const[]){%s}, (const KrArg[]){%s}, %d)", names.data, kws.data, in->nkw);
    else
      buf_puts(&call, ", NULL, NULL, 0)");
    buf_free(&pos);
    buf_free(&kws);
    buf_free(&names);
  } else if (nsig >= 2 && r->sig[nsig - 1] == '+') {
    /* "f+" (math.hypot): the fixed arguments, then the count and an array
     * of the rest, each converted to the repeated code's type */
    int fixed = nsig - 2, rest = in->nargs - fixed;
    const Type *t = type_of_code(r->sig[fixed]);
    buf_printf(&call, "%s(", r->cfn);
    for (int i = 0; i < fixed; i++) {
      arg_expr(E, &pre, &call, in->args[i], code_type(r->sig[i], in->args[i]->type));
      buf_puts(&call, ", ");
    }
    if (!rest) {
      buf_puts(&call, "0, NULL)");
    } else {
      buf_printf(&call, "%d, (const %s[]){", rest, ctype(t));
      for (int i = fixed; i < in->nargs; i++) {
        buf_puts(&call, i > fixed ? ", " : "");
        arg_expr(E, &pre, &call, in->args[i], t);
      }
      buf_puts(&call, "})");
    }
  } else if (variadic) {
    /* f-string pieces: all str */
    buf_printf(&call, "%s(%d, (KrObj *[]){", r->cfn, in->nargs);
    for (int i = 0; i < in->nargs; i++) {
      buf_puts(&call, i ? ", " : "");
      arg_expr(E, &pre, &call, in->args[i], ty_str);
    }
    buf_puts(&call, "})");
  } else if (!strncmp(r->callee, "iter.", 5) && strcmp(r->callee, "iter.new")) {
    /* iter.next / iter.item: a macro on the cursor itself */
    buf_printf(&call, "%s(v%d", r->cfn, in->args[0]->id);
    if (r->result == 'X')
      buf_printf(&call, ", %s).%s", valkind(in->type), valfield(in->type));
    else
      buf_puts(&call, ")");
  } else {
    buf_printf(&call, "%s%s(", r->cfn, checked ? "_ck" : "");
    for (int i = 0; i < in->nargs; i++) {
      buf_puts(&call, i ? ", " : "");
      /* the container an 'e' or 'k' argument belongs to: the first argument,
       * or the second for "in" (item first) */
      const Type *cont = (r->sig[0] == 'k' || r->sig[0] == 'e') && in->nargs > 1 ? in->args[1]->type
                                                                               : in->args[0]->type;
      if (r->sig[i] == 'e' || r->sig[i] == 'v')
        kval_arg(E, &pre, &call, in->args[i], cont->elem);
      else if (r->sig[i] == 'k') /* a dict's key, a set's item */
        kval_arg(E, &pre, &call, in->args[i], cont->kind == TY_DICT ? cont->key : cont->elem);
      else
        arg_expr(E, &pre, &call, in->args[i], code_type(r->sig[i], in->args[i]->type));
    }
    /* what the program reads the items as: the kind the runtime converts them to */
    const Type *t = in->type;
    if (r->result == 'X' || r->result == 'B' || r->result == '?')
      buf_printf(&call, ", %s", valkind(t));
    else if (strchr("QZFG", r->result))
      buf_printf(&call, ", %s", valkind(t->elem));
    else if (r->result == 'C')
      buf_printf(&call, ", %s", valkind(ty_iter_item(t)));
    else if (r->result == 'A' || r->result == '%')
      buf_printf(&call, ", %s, %s", valkind(t->key), valkind(t->elem));
    else if (r->result == 'c')
      buf_printf(&call, ", %s", valkind(t->key));
    else if (strchr("249", r->result)) /* itertools: the kind of the items */
      buf_printf(&call, ", %s", valkind(t->elem));
    else if (strchr("68", r->result)) /* tuples of one item type */
      buf_printf(&call, ", %s", valkind(t->elem->nitems < 0 ? t->elem->elem : t->elem->items[0]));
    else if (r->result == '5') /* groupby: the key's kind, the items' */
      buf_printf(&call, ", %s, %s", valkind(t->elem->items[0]), valkind(t->elem->items[1]->elem));
    else if (strchr("7!", r->result)) { /* a tuple's kinds */
      buf_puts(&call, ", (const uint8_t[]){");
      for (int i = 0; i < t->elem->nitems; i++)
        buf_printf(&call, "%s%s", i ? ", " : "", valkind(t->elem->items[i]));
      buf_printf(&call, "%s}, %d", t->elem->nitems ? "" : "0", t->elem->nitems);
    }
    else if (r->result == 'u' || (r->result == '0' && t->kind == TY_DEQUE))
      buf_printf(&call, "%s%s", in->nargs ? ", " : "", valkind(t->elem));
    else if (r->result == '0') { /* a dict of collections: its kinds, flavour, and the factory's item kinds */
      const Type *v = t->elem;
      const char *k1 = v->kind == TY_LIST || v->kind == TY_SET ? valkind(v->elem)
                       : v->kind == TY_DICT                    ? valkind(v->key)
                                                               : "KR_OBJ";
      buf_printf(&call, "%s, %s, %s, %s, %s", valkind(t->key), valkind(v), dict_flavor_c[t->flavor], k1,
                 v->kind == TY_DICT ? valkind(v->elem) : "KR_OBJ");
    }
    if (checked)
      buf_printf(&call, ", &v%d", in->id);
    buf_puts(&call, ")");
    if (strchr("EVXB?", r->result)) /* the item comes back as a KrVal */
      buf_printf(&call, ".%s", valfield(in->type));
  }
  if (pre.len)
    buf_putn(E->out, pre.data, pre.len);
  if (checked) {
    buf_printf(E->out, "  if (%s) ", call.data);
    goto_error(E, in);
    buf_free(&pre);
    buf_free(&call);
    return;
  }
  if (r->result == '-' || in->type->kind == TY_NORETURN) { /* NoReturn: an item of an always-empty container */
    buf_printf(E->out, "  %s;\n  v%d = 0;\n", call.data, in->id);
  } else if (in->op == IR_NOT) {
    Buf neg = {0};
    buf_printf(&neg, "!%s", call.data);
    assign(E, in, neg.data);
    buf_free(&neg);
  } else {
    assign(E, in, call.data);
  }
  buf_free(&pre);
  buf_free(&call);
  if (r->flags & OPF_RAISES)
    check_error(E, in);
}

static int const_index(Emit *E, Instr *in) {
  for (int i = 0; i < E->consts.len; i++) {
    Instr *c = E->consts.items[i];
    if (c->cval.len == in->cval.len && !memcmp(c->cval.s, in->cval.s, in->cval.len))
      return i;
  }
  vec_push(&E->consts, in);
  return E->consts.len - 1;
}

static void emit_const(Emit *E, Instr *in) {
  Buf v = {0};
  const Const *c = &in->cval;
  /* a str no instruction reads (a docstring) gets no constant: one made at
   * load that nothing reads would be stored in a static gcc drops, and the
   * object would be left unreachable (LeakSanitizer reports it) */
  if (!in->callee && !in->cls && c->kind == CONST_STR && !E->uses[in->id])
    return;
  if (in->callee || in->cls) {
    buf_puts(&v, "0");
  } else {
    switch (c->kind) {
    case CONST_INT: buf_printf(&v, "INT64_C(%lld)", (long long)c->i); break;
    case CONST_FLOAT:
      if (isnan(c->f))
        buf_puts(&v, "NAN");
      else if (isinf(c->f))
        buf_puts(&v, c->f > 0 ? "INFINITY" : "-INFINITY");
      else
        buf_printf(&v, "%.17g", c->f);
      break;
    case CONST_TRUE: buf_puts(&v, "true"); break;
    case CONST_FALSE: buf_puts(&v, "false"); break;
    case CONST_STR: buf_printf(&v, "kc_%d", const_index(E, in)); break;
    case CONST_BYTES: /* a new bytes object each time, owned by the local */
      buf_puts(&v, "kr_bytes_new(");
      c_string(&v, c->s, c->len);
      buf_printf(&v, ", %zu)", c->len);
      break;
    default: buf_puts(&v, "0"); break;
    }
  }
  /* a str constant is immortal, and what its local held before (NULL or
   * the same constant, in a loop) needs no release */
  if (!in->callee && !in->cls && c->kind == CONST_STR)
    buf_printf(E->out, "  v%d = %s;\n", in->id, v.data);
  else
    assign(E, in, v.data);
  buf_free(&v);
  if (!in->callee && c->kind == CONST_BYTES)
    check_error(E, in); /* MemoryError */
}

/* The copies into the phis of `to` along the edge from `from`. */
static void phi_copies(Emit *E, Block *from, Block *to) {
  int pred = -1;
  for (int i = 0; i < to->npreds; i++)
    if (to->preds[i] == from)
      pred = i;
  if (pred < 0)
    return;
  Buf dst = {0};
  int n = 0;
  for (int i = 0; i < to->ninstrs && to->instrs[i]->op == IR_PHI; i++) {
    Instr *phi = to->instrs[i];
    Instr *src = phi->args[pred];
    if (!n)
      buf_puts(E->out, "  {\n");
    bool owned;
    Buf expr = {0};
    convert(E, &expr, src, phi->type, &owned);
    buf_printf(E->out, "    %s c%d = %s;\n", ctype(phi->type), n, expr.data ? expr.data : "0");
    if (boxed(phi->type) && !owned && src->op != IR_UNDEF)
      buf_printf(E->out, "    kr_xincref(c%d);\n", n);
    if (E->maybe_unbound[phi->id]) {
      if (src->op == IR_UNDEF)
        buf_printf(E->out, "    bool c%d_b = false;\n", n);
      else if (E->maybe_unbound[src->id])
        buf_printf(E->out, "    bool c%d_b = v%d_b;\n", n, src->id);
      else
        buf_printf(E->out, "    bool c%d_b = true;\n", n);
    }
    if (boxed(phi->type))
      buf_printf(&dst, "    kr_xdecref(v%d);\n", phi->id);
    buf_printf(&dst, "    v%d = c%d;\n", phi->id, n);
    if (E->maybe_unbound[phi->id])
      buf_printf(&dst, "    v%d_b = c%d_b;\n", phi->id, n);
    buf_free(&expr);
    n++;
  }
  if (n) {
    buf_putn(E->out, dst.data, dst.len);
    buf_puts(E->out, "  }\n");
  }
  buf_free(&dst);
}

/* --------------------------------------------------------------- classes */

/* A value of type `from` in C expression x, as type `to` (a method's
 * result into the joined type of a dispatching call). x is owned when
 * boxed; so is the result. */
static void convert_expr(Buf *b, const char *x, const Type *from, const Type *to) {
  if (from == to || (boxed(from) && boxed(to)) || (!boxed(to) && to->kind != TY_FLOAT && to->kind != TY_INT)) {
    buf_puts(b, x);
    return;
  }
  if (to->kind == TY_FLOAT && (from->kind == TY_INT || from->kind == TY_BOOL)) {
    buf_printf(b, "(double)(%s)", x);
    return;
  }
  if (to->kind == TY_INT && from->kind == TY_BOOL) {
    buf_printf(b, "(int64_t)(%s)", x);
    return;
  }
  switch (from->kind) {
  case TY_INT: buf_printf(b, "kr_int_box(%s)", x); return;
  case TY_FLOAT: buf_printf(b, "kr_float_box(%s)", x); return;
  case TY_BOOL: buf_printf(b, "kr_bool_box(%s)", x); return;
  default: buf_printf(b, "((void)(%s), kr_None)", x); return;
  }
}

/* not x for a method's result x (a != b through __eq__, not in). */
static void negate_expr(Buf *b, const char *x, const Type *t) {
  switch (t->kind) {
  case TY_BOOL: buf_printf(b, "!(%s)", x); break;
  case TY_INT: buf_printf(b, "((%s) == 0)", x); break;
  case TY_FLOAT: buf_printf(b, "((%s) == 0.0)", x); break;
  case TY_NONE: buf_printf(b, "((void)(%s), true)", x); break;
  default: buf_printf(b, "kp_not(%s)", x); break;
  }
}

/* Raise AttributeError when a method or attribute is used on None (a
 * value typed Optional[C]). */
static void none_check(Emit *E, Instr *in, Instr *recv, Ident *name) {
  if (recv->type->kind != TY_OPTIONAL)
    return;
  buf_printf(E->out,
             "  if (v%d == kr_None) {\n    kr_raise(&kr_AttributeError_type, \"'NoneType' object has no "
             "attribute '%s'\");\n  ",
             recv->id, name->str);
  goto_error(E, in);
  buf_puts(E->out, "  }\n");
}

/* One arm of a method call: v = target(args), converted to in's type. */
static void method_arm(Emit *E, Instr *in, IrFunc *t) {
  Buf pre = {0}, call = {0}, conv = {0};
  buf_printf(&call, "%s(", t->cname);
  int ncells = in->margs[0]->type->kind == TY_FUNC ? in->callee->ncells : 0;
  int nreal = in->nargs - (ncells ? 1 : 0);
  for (int i = 0; i < nreal; i++) {
    buf_puts(&call, i ? ", " : "");
    arg_expr(E, &pre, &call, in->args[i], t->params[i]);
  }
  for (int k = 0; k < ncells; k++) /* a closure's cells, borrowed from it */
    buf_printf(&call, "%sKR_TUPLE(v%d)->items[%d].o", nreal + k ? ", " : "", in->args[nreal]->id, k);
  buf_puts(&call, ")");
  buf_putn(E->out, pre.data ? pre.data : "", pre.len);
  if (t->ret->kind == TY_NORETURN || in->type->kind == TY_NORETURN) {
    buf_printf(E->out, "  %s;\n", call.data);
  } else {
    if (in->negate)
      negate_expr(&conv, call.data, t->ret);
    else
      convert_expr(&conv, call.data, t->ret, in->type);
    assign(E, in, conv.data);
  }
  buf_free(&pre);
  buf_free(&call);
  buf_free(&conv);
}

/* obj.m(...): the method of obj's static class, or of the subclass obj is
 * an instance of that overrides it (most derived first). */
static bool scalar_field(const ClassField *f) {
  return f->type->kind == TY_INT || f->type->kind == TY_FLOAT || f->type->kind == TY_BOOL;
}

/* An instance that needs no zeroing: every field of it is a number that
 * every __init__ assigns first thing (always_set), before anything reads
 * self, and no field is a reference that its dealloc would release, nor a
 * class attribute's default. If __init__ raises before, the object is
 * freed unread. */
static bool filled_by_init(const ClassDecl *c) {
  if (c->is_enum)
    return false;
  for (const ClassDecl *k = c; k; k = k->base) {
    if (k->exc_base)
      return false;
    for (int i = 0; i < k->nfields; i++)
      if (!scalar_field(&k->fields[i]) || !k->fields[i].always_set || k->fields[i].has_default)
        return false;
  }
  return true;
}

/* isinstance(v, k) for a class of the program: a class no class derives
 * from (every class is known when compiling) is tested by its type
 * pointer alone, not by the walk up the bases. */
static void instance_test(Buf *o, const Instr *v, const ClassDecl *k) {
  if (k->nsubs == 0)
    buf_printf(o, "v%d->type == &kt_%s", v->id, k->cname);
  else
    buf_printf(o, "kr_isinstance(v%d, &kt_%s)", v->id, k->cname);
}

static void emit_method_call(Emit *E, Instr *in) {
  if (!in->target) {
    buf_printf(E->out, "  /* v%d: unreachable */\n", in->id);
    return;
  }
  bool self = in->margs[0]->type->kind != TY_FUNC && in->callee->mkind != MK_STATIC;
  if (self)
    none_check(E, in, in->args[0], in->name);
  for (int i = 0; i < in->ndisp; i++) {
    buf_printf(E->out, "  %sif (", i ? "else " : "");
    instance_test(E->out, in->args[0], in->dispcls[i]);
    buf_puts(E->out, ") {\n");
    method_arm(E, in, in->disp[i]);
    buf_puts(E->out, "  }\n");
  }
  if (in->ndisp)
    buf_puts(E->out, "  else {\n");
  method_arm(E, in, in->target);
  if (in->ndisp)
    buf_puts(E->out, "  }\n");
  check_error(E, in);
}

static const char *field_access(char *buf, size_t n, Instr *in, const char *what) {
  snprintf(buf, n, "((ko_%s *)v%d)->%s_%s", in->cls->cname, in->args[0]->id, what, in->field->name->str);
  return buf;
}

static bool frozen_class(const Type *t) {
  ClassDecl *c = t->kind == TY_OPTIONAL ? t->elem->cls : t->cls;
  for (; c; c = c->base)
    if (c->frozen)
      return true;
  return false;
}

static void emit_attr(Emit *E, Instr *in) {
  Instr *obj = in->args[0];
  bool set = in->op == IR_SETATTR;
  if (in->target) { /* a property: its getter or setter */
    none_check(E, in, obj, in->name);
    Buf pre = {0}, call = {0};
    buf_printf(&call, "%s(", in->target->cname);
    arg_expr(E, &pre, &call, obj, in->target->params[0]);
    if (set) {
      buf_puts(&call, ", ");
      arg_expr(E, &pre, &call, in->args[1], in->target->params[1]);
    }
    buf_puts(&call, ")");
    buf_putn(E->out, pre.data ? pre.data : "", pre.len);
    if (set || in->target->ret->kind == TY_NORETURN)
      buf_printf(E->out, "  %s;\n", call.data);
    else
      assign(E, in, call.data);
    buf_free(&pre);
    buf_free(&call);
    check_error(E, in);
    return;
  }
  if (!in->field && in->cls) { /* a class attribute read through an instance */
    none_check(E, in, obj, in->name);
    if (boxed(in->type))
      buf_printf(E->out, "  kr_xdecref(v%d);\n", in->id);
    for (int i = 0; i <= in->ndisp; i++) { /* the most derived class's that obj is an instance of */
      ClassDecl *k = i < in->ndisp ? in->dispcls[i] : in->cls;
      if (i < in->ndisp) {
        buf_printf(E->out, "  %sif (", i ? "else " : "");
        instance_test(E->out, obj, k);
        buf_puts(E->out, ")");
      }
      else if (in->ndisp)
        buf_puts(E->out, "  else");
      int g = module_global_index(k->mod, class_attr_global(k, in->name));
      const Type *gt = E->gtypes[k->mod->index][g];
      char gname[64];
      snprintf(gname, sizeof gname, "kg_%s%d", k->mod->prefix, g);
      Buf x = {0};
      convert_expr(&x, gname, gt, in->type);
      buf_printf(E->out, " {\n    v%d = %s;\n", in->id, x.data);
      if (boxed(gt))
        buf_printf(E->out, "    kr_xincref(v%d);\n", in->id);
      buf_puts(E->out, "  }\n");
      buf_free(&x);
    }
    return;
  }
  if (!in->field) {
    buf_printf(E->out, "  /* v%d: unreachable */\n", in->id);
    return;
  }
  none_check(E, in, obj, in->name);
  const Type *ft = in->field->type;
  char acc[256], flag[256];
  field_access(acc, sizeof acc, in, "f");
  field_access(flag, sizeof flag, in, "s");
  if (set) {
    if (in->sub != 1 && frozen_class(obj->type) &&
        !(E->fn->decl->fresh_defaults && !strcmp(E->fn->decl->name->str, "__init__"))) {
      const Type *ot = obj->type;
      if ((ot->kind == TY_OPTIONAL ? ot->elem->cls : ot->cls)->nntfields) /* a NamedTuple */
        buf_puts(E->out, "  kr_raise(&kr_AttributeError_type, \"can't set attribute\");\n  ");
      else
        buf_printf(E->out, "  kr_raise(&kp_FrozenInstanceError, \"cannot assign to field '%s'\");\n  ",
                   in->name->str);
      goto_error(E, in);
      return;
    }
    bool owned;
    Buf x = {0};
    convert(E, &x, in->args[1], ft, &owned);
    if (boxed(ft)) {
      store_boxed(E, in, acc, x.data, owned);
    } else if (ft->kind == TY_INT || ft->kind == TY_FLOAT || ft->kind == TY_BOOL) {
      buf_printf(E->out, "  %s = %s;\n", acc, x.data ? x.data : "0");
      if (!in->field->always_set)
        buf_printf(E->out, "  %s = true;\n", flag);
    } else if (!in->field->always_set) { /* None: nothing to store */
      buf_printf(E->out, "  %s = true;\n", flag);
    }
    buf_free(&x);
    return;
  }
  if (!in->field->always_set) {
    buf_printf(E->out, "  if (!%s) {\n    kr_raise(&kr_AttributeError_type, \"'%%s' object has no attribute '%s'\", "
                       "v%d->type->name);\n  ",
               boxed(ft) ? acc : flag, in->name->str, obj->id);
    goto_error(E, in);
    buf_puts(E->out, "  }\n");
  }
  if (ft->kind == TY_INT || ft->kind == TY_FLOAT || ft->kind == TY_BOOL)
    assign(E, in, acc);
  else if (boxed(ft) && E->borrowed[in->id])
    buf_printf(E->out, "  v%d = %s;\n", in->id, acc);
  else if (boxed(ft)) {
    assign(E, in, acc);
    buf_printf(E->out, "  kr_incref(v%d);\n", in->id);
  } else
    buf_printf(E->out, "  v%d = 0;\n", in->id);
}


/* The C struct of c's instances: its base's, then its own fields; and its
 * type object declared (static in a one-unit program, else defined in unit
 * 0 and extern in every unit). */
static void emit_class_struct(Buf *o, ClassDecl *c, bool split) {
  buf_printf(o, "typedef struct ko_%s {\n  ", c->cname);
  if (c->base)
    buf_printf(o, "ko_%s base;\n", c->base->cname);
  else if (c->exc_base)
    buf_puts(o, "KrExc h; /* an exception */\n");
  else
    buf_puts(o, "KrObj h;\n");
  for (int i = 0; i < c->nfields; i++) {
    ClassField *f = &c->fields[i];
    buf_printf(o, "  %s f_%s; /* %s */\n", boxed(f->type) || scalar_field(f) ? ctype(f->type) : "char",
               f->name->str, ty_str_of(f->type));
    if (!f->always_set && !boxed(f->type))
      buf_printf(o, "  bool s_%s;\n", f->name->str);
  }
  buf_printf(o, "} ko_%s;\n%s const KrType kt_%s;\n", c->cname, split ? "extern" : "static", c->cname);
}

/* The truth of a method's result r (owned) as an int, r released. */
static void slot_truth(Buf *o, const Type *t) {
  if (t->kind == TY_BOOL || t->kind == TY_INT)
    buf_puts(o, "  return r != 0;\n");
  else if (t->kind == TY_FLOAT)
    buf_puts(o, "  return r != 0.0;\n");
  else if (boxed(t))
    buf_puts(o, "  int b = kr_obj_truth(r);\n  kr_decref(r);\n  return b;\n");
  else
    buf_puts(o, "  return 0;\n");
}

/* c's type object: its dealloc (releasing its boxed fields) and the slots
 * through which the runtime calls its dunder methods. */
static void emit_class_type(Buf *o, ClassDecl *c, bool split) {
  const char *n = c->cname;
  buf_printf(o, "static void kd_%s(KrObj *o) {\n", n);
  for (ClassDecl *k = c; k; k = k->base)
    for (int i = 0; i < k->nfields; i++)
      if (boxed(k->fields[i].type))
        buf_printf(o, "  kr_xdecref(((ko_%s *)o)->f_%s);\n", k->cname, k->fields[i].name->str);
  buf_puts(o, class_exc_root(c) ? "  kr_exc_dealloc(o);\n}\n" : "  kr_free(o);\n}\n");
  IrFunc **s = c->slots;
  for (int i = 0; i < 2; i++)
    if (s[i]) {
      buf_printf(o, "static KrObj *ks_%s_%s(KrObj *self) {\n", n, i ? "str" : "repr");
      if (s[i]->ret == ty_str)
        buf_printf(o, "  return %s(self);\n}\n", s[i]->cname);
      else
        buf_printf(o, "  return kr_raise(&kr_TypeError_type, \"%s returned non-string (type %s)\");\n}\n",
                   i ? "__str__" : "__repr__", ty_str_of(s[i]->ret));
    }
  if (s[2]) {
    buf_printf(o, "static int ks_%s_eq(KrObj *a, KrObj *b) {\n", n);
    for (int i = 0; c->int_enum && i < c->nfields; i++) /* an IntEnum member equals its int, in containers too */
      if (!strcmp(c->fields[i].name->str, "value") && c->fields[i].type == ty_int && scalar_field(&c->fields[i]))
        buf_printf(o, "  if (b->type == &kr_int_type || b->type == &kr_bool_type || b->type == &kr_float_type)\n"
                      "    return kr_val_eq((KrVal){.i = ((ko_%s *)a)->f_value}, KR_INT, (KrVal){.o = b}, KR_OBJ);\n",
                   n);
    buf_printf(o, "  if (!kr_isinstance(b, &kt_%s))\n    return a == b;\n"
                  "  %s r = %s(a, b);\n  if (kr_failed())\n    return -1;\n",
               n, ctype(s[2]->ret), s[2]->cname);
    slot_truth(o, s[2]->ret);
    buf_puts(o, "}\n");
  }
  if (s[3]) {
    buf_printf(o, "static int64_t ks_%s_hash(KrObj *a) {\n", n);
    if (s[3]->ret == ty_int || s[3]->ret == ty_bool)
      buf_printf(o, "  int64_t h = %s(a);\n  if (kr_failed())\n    return -1;\n  return h == -1 ? -2 : h;\n}\n",
                 s[3]->cname);
    else
      buf_puts(o, "  kr_raise(&kr_TypeError_type, \"__hash__ method should return an integer\");\n  return -1;\n}\n");
  }
  bool cmp = s[4] || s[5] || s[6] || s[7];
  if (cmp) {
    buf_printf(o, "static int ks_%s_cmp(KrObj *a, KrObj *b, int op) {\n  if (!kr_isinstance(b, &kt_%s))\n"
                  "    return -2;\n  switch (op) {\n",
               n, n);
    static const char *const ops[] = {"KR_LT", "KR_LE", "KR_GT", "KR_GE"};
    static const int refl[] = {2, 3, 0, 1};
    for (int k = 0; k < 4; k++) {
      IrFunc *f = s[4 + k];
      bool swap = false;
      if (!f) {
        f = s[4 + refl[k]];
        swap = true;
      }
      if (!f)
        continue;
      buf_printf(o, "  case %s: {\n  %s r = %s(%s);\n  if (kr_failed())\n    return -1;\n", ops[k], ctype(f->ret),
                 f->cname, swap ? "b, a" : "a, b");
      slot_truth(o, f->ret);
      buf_puts(o, "  }\n");
    }
    buf_puts(o, "  }\n  return -2;\n}\n");
  }
  if (s[8])
    buf_printf(o, "static int64_t ks_%s_len(KrObj *a) {\n  int64_t n = %s(a);\n  if (kr_failed())\n    return -1;\n"
                  "  if (n < 0) {\n    kr_raise(&kr_ValueError_type, \"__len__() should return >= 0\");\n"
                  "    return -1;\n  }\n  return n;\n}\n",
               n, s[8]->cname);
  if (s[9]) {
    buf_printf(o, "static int ks_%s_truth(KrObj *a) {\n  %s r = %s(a);\n  if (kr_failed())\n    return -1;\n", n,
               ctype(s[9]->ret), s[9]->cname);
    slot_truth(o, s[9]->ret);
    buf_puts(o, "}\n");
  }
  buf_printf(o, "%sconst KrType kt_%s = {.name = ", split ? "" : "static ", n);
  c_string(o, c->name->str, c->name->len);
  buf_puts(o, ", .module = ");
  c_string(o, c->mod->name->str, c->mod->name->len);
  if (c->base)
    buf_printf(o, ", .base = &kt_%s", c->base->cname);
  else if (c->exc_base)
    buf_printf(o, ", .base = %s", exc_type(c->mod, c->exc_base, NULL));
  buf_printf(o, ", .size = sizeof(ko_%s), .dealloc = kd_%s", n, n);
  bool exc = class_exc_root(c) != NULL;
  if (s[0])
    buf_printf(o, ", .repr = ks_%s_repr", n);
  else if (exc)
    buf_puts(o, ", .repr = kr_exc_repr");
  if (s[1])
    buf_printf(o, ", .str = ks_%s_str", n);
  else if (exc && !s[0])
    buf_puts(o, ", .str = kr_exc_str");
  if (s[2])
    buf_printf(o, ", .eq = ks_%s_eq", n);
  if (s[3])
    buf_printf(o, ", .hash = ks_%s_hash", n);
  if (cmp)
    buf_printf(o, ", .cmp = ks_%s_cmp", n);
  if (s[8])
    buf_printf(o, ", .len = ks_%s_len", n);
  if (s[9])
    buf_printf(o, ", .truth = ks_%s_truth", n);
  buf_puts(o, "};\n\n");
}

/* Every class of the program, bases before subclasses. */
static void all_classes(Program *p, Vec *out) {
  for (int depth = 0;; depth++) {
    bool any = false;
    for (int mi = 0; mi < p->nmods; mi++)
      for (int i = 0; i < p->mods[mi]->nclasses; i++) {
        ClassDecl *c = p->mods[mi]->classes[i];
        if (c->depth == depth)
          vec_push(out, c);
        any |= c->depth >= depth;
      }
    if (!any)
      break;
  }
}

static void emit_yield(Emit *E, Instr *in);
/* What find_unbuilt marks a value as (Emit.unbuilt). */
enum { UNBUILT_TUPLE = 1, UNBUILT_CONCAT = 2, SLOT_GET = 3, SLOT_SET = 4, UNBUILT_PIECE = 5, UNBUILT_NDMUL = 6,
       SLOT_IN = 7, UNBUILT_SPLIT = 8, LOOP_SPLIT = 9 };
static bool fstring_build(Emit *E, const Instr *in);
static void emit_fstring(Emit *E, Instr *in);
/* Is in a call of the op-library row whose C function is cfn? */
static bool is_row(const Instr *in, const char *cfn) {
  return in->op == IR_BUILTIN && in->row && !strcmp(in->row->cfn, cfn);
}
static bool unbuilt_cmp(Emit *E, const Instr *in);
static void emit_slot_get(Emit *E, Instr *in);
static void emit_slot_set(Emit *E, Instr *in);
static void emit_slot_in(Emit *E, Instr *in);
static bool concat_chain(Emit *E, const Instr *in);
static bool is_nd_sum(const Instr *in);
static void emit_sum_mul(Emit *E, Instr *in);
static void emit_concat_chain(Emit *E, Instr *in);
static void emit_unbuilt_cmp(Emit *E, Instr *in);

static void emit_instr(Emit *E, Instr *in) {
  IrFunc *fn = E->fn;
  if (in->op != IR_PHI && in->op != IR_UNDEF)
    line_directive(E, in->off);
  if (in->op != IR_PHI)
    for (int i = 0; i < in->nargs; i++)
      emit_unbound_check(E, in, in->args[i]);
  switch (in->op) {
  case IR_PHI:
  case IR_UNDEF: break;
  case IR_CONST: emit_const(E, in); break;
  case IR_PARAM: buf_printf(E->out, "  v%d = p%d;\n", in->id, in->sub); break;
  case IR_GLOBAL_GET: {
    Module *gm = in->gmod ? in->gmod : E->fn->decl->mod;
    char g[48];
    snprintf(g, sizeof g, "kg_%s%d", gm->prefix, module_global_index(gm, in->name));
    if (boxed(in->type))
      buf_printf(E->out, "  if (!%s) {", g);
    else
      buf_printf(E->out, "  if (!%s_set) {", g);
    const char *hint = in->gmod ? NULL : suggest_name(E->fn->decl, in->name->str);
    Buf msg = {0};
    if (in->gmod) /* m.x, from m import x: CPython's messages */
      buf_printf(&msg, "module '%s' has no attribute '%s'", gm->name->str, in->name->str);
    else
      buf_printf(&msg, "name '%s' is not defined", in->name->str);
    if (hint) { /* the suggestion: printed by the traceback, not part of str(e) */
      buf_puts(E->out, " kr_raise_hint(&kr_NameError_type, ");
      c_string(E->out, msg.data, msg.len);
      buf_puts(E->out, ", ");
      c_string(E->out, hint, strlen(hint));
    } else {
      buf_printf(E->out, " kr_raise(&kr_%s_type, \"%%s\", ", in->gmod ? "AttributeError" : "NameError");
      c_string(E->out, msg.data, msg.len);
    }
    buf_puts(E->out, ");\n  ");
    goto_error(E, in);
    buf_puts(E->out, "  }\n");
    buf_free(&msg);
    if (boxed(in->type) && !E->borrowed[in->id])
      buf_printf(E->out, "  kr_xdecref(v%d);\n  v%d = %s;\n  kr_incref(v%d);\n", in->id, in->id, g,
                 in->id);
    else
      buf_printf(E->out, "  v%d = %s;\n", in->id, g);
    break;
  }
  case IR_GLOBAL_SET: {
    Module *gm = in->gmod ? in->gmod : E->fn->decl->mod;
    int gi = module_global_index(gm, in->name);
    char g[48];
    snprintf(g, sizeof g, "kg_%s%d", gm->prefix, gi);
    const Type *gt = E->gtypes[gm->index][gi];
    bool owned;
    Buf expr = {0};
    convert(E, &expr, in->args[0], gt, &owned);
    if (boxed(gt)) {
      store_boxed(E, in, g, expr.data, owned);
    } else {
      buf_printf(E->out, "  %s = %s;\n  %s_set = true;\n", g, expr.data ? expr.data : "0", g);
    }
    buf_free(&expr);
    break;
  }
  case IR_IMPORT: /* the module's code runs once: later imports find it loaded */
    buf_printf(E->out, "  if (!kp_%sloaded) {\n    kp_%sloaded = true;\n    %s();\n  }\n",
               in->gmod->prefix, in->gmod->prefix, in->target->cname);
    check_error(E, in);
    buf_printf(E->out, "  v%d = 0;\n", in->id);
    break;
  case IR_NEW:
    {
      char x[300];
      snprintf(x, sizeof x, "kr_obj_new%s(&kt_%s, sizeof(ko_%s))", filled_by_init(in->cls) ? "_uninit" : "",
               in->cls->cname, in->cls->cname);
      assign(E, in, x);
    }
    check_error(E, in);
    break;
  case IR_GETATTR:
  case IR_SETATTR: emit_attr(E, in); break;
  case IR_CALL: {
    if (in->margs) {
      emit_method_call(E, in);
      break;
    }
    IrFunc *t = in->target;
    if (!t) { /* an argument comes from a call that never returns */
      buf_printf(E->out, "  /* v%d: unreachable */\n", in->id);
      break;
    }
    Buf pre = {0}, call = {0};
    buf_printf(&call, "%s(", t->cname);
    for (int i = 0; i < in->nargs; i++) {
      buf_puts(&call, i ? ", " : "");
      arg_expr(E, &pre, &call, in->args[i], t->params[i]);
    }
    buf_puts(&call, ")");
    buf_putn(E->out, pre.data ? pre.data : "", pre.len);
    if (t->ret->kind == TY_NORETURN) {
      buf_printf(E->out, "  %s;\n  v%d = 0;\n", call.data, in->id);
    } else {
      assign(E, in, call.data);
    }
    buf_free(&pre);
    buf_free(&call);
    check_error(E, in);
    break;
  }
  case IR_NOT:
  case IR_TRUTH:
  case IR_BINOP:
  case IR_INPLACE:
  case IR_UNARYOP:
  case IR_COMPARE:
  case IR_BUILTIN:
    /* no row: an operand is the value of a call that never returns (its
     * function always raises), so this cannot run; type propagation has
     * reported every other case */
    if (E->unbuilt[in->id] == SLOT_GET)
      emit_slot_get(E, in);
    else if (E->unbuilt[in->id] == SLOT_SET)
      emit_slot_set(E, in);
    else if (E->unbuilt[in->id] == SLOT_IN)
      emit_slot_in(E, in);
    else if (E->unbuilt[in->id] == LOOP_SPLIT) {
      char x[64];
      snprintf(x, sizeof x, "kr_loop_split(v%d)", in->args[0]->args[0]->id);
      assign(E, in, x);
      check_error(E, in);
    } else if (in->op == IR_BUILTIN && in->nargs == 1 && E->unbuilt[in->args[0]->id] == LOOP_SPLIT &&
               is_row(in, "KR_LOOP_LIST_NEXT")) {
      buf_printf(E->out, "  v%d = KR_LOOP_SPLIT_NEXT(v%d);\n", in->id, in->args[0]->id);
      check_error(E, in);
    }
    else if (E->unbuilt[in->id])
      buf_printf(E->out, "  /* v%d: not made (find_unbuilt) */\n", in->id);
    else if (unbuilt_cmp(E, in))
      emit_unbuilt_cmp(E, in);
    else if (fstring_build(E, in))
      emit_fstring(E, in);
    else if (concat_chain(E, in))
      emit_concat_chain(E, in);
    else if (in->op == IR_BUILTIN && (!strcmp(in->name->str, "cast.class") || !strcmp(in->name->str, "cast.some") ||
                                      !strcmp(in->name->str, "cast.type") ||
                                      !strcmp(in->name->str, "cast.nottype"))) {
      if (boxed(in->type)) {
        char x[32];
        snprintf(x, sizeof x, "v%d", in->args[0]->id);
        assign(E, in, x);
        buf_printf(E->out, "  kr_xincref(v%d);\n", in->id);
      } else if (in->type->kind != TY_NORETURN && in->type == in->args[0]->type) {
        buf_printf(E->out, "  v%d = v%d;\n", in->id, in->args[0]->id);
      } else {
        buf_printf(E->out, "  /* v%d: unreachable */\n", in->id);
      }
    } else if (in->op == IR_BUILTIN && !strcmp(in->name->str, "iter.class")) {
      /* an instance walked by its __next__ (infer.c, class_iterable) */
      char x[400];
      snprintf(x, sizeof x, "kr_class_iter_new(v%d, (void (*)(void))%s, %s)", in->args[0]->id, in->target->cname,
               valkind(in->type->elem));
      assign(E, in, x);
      check_error(E, in);
    } else if (in->op == IR_BUILTIN && !strcmp(in->name->str, "isinstance.class")) {
      const Type *t = in->args[0]->type;
      if (boxed(t)) {
        buf_printf(E->out, "  v%d = ", in->id);
        instance_test(E->out, in->args[0], in->cls);
        buf_puts(E->out, ";\n");
      }
      else
        buf_printf(E->out, "  v%d = false;\n", in->id);
    } else if (!in->row)
      buf_printf(E->out, "  /* v%d: unreachable */\n", in->id);
    else if (is_nd_sum(in) && E->unbuilt[in->args[0]->id] == UNBUILT_NDMUL)
      emit_sum_mul(E, in);
    else
      emit_call_row(E, in);
    break;
  case IR_JUMP:
    phi_copies(E, in->block, in->succs[0]);
    buf_printf(E->out, "  goto b%d;\n", in->succs[0]->id);
    break;
  case IR_BRANCH: {
    bool then_phis = in->succs[0]->ninstrs && in->succs[0]->instrs[0]->op == IR_PHI;
    bool else_phis = in->succs[1]->ninstrs && in->succs[1]->instrs[0]->op == IR_PHI;
    if (!then_phis && !else_phis) {
      buf_printf(E->out, "  if (v%d) goto b%d; else goto b%d;\n", in->args[0]->id, in->succs[0]->id,
                 in->succs[1]->id);
      break;
    }
    buf_printf(E->out, "  if (v%d) {\n", in->args[0]->id);
    phi_copies(E, in->block, in->succs[0]);
    buf_printf(E->out, "  goto b%d;\n  } else {\n", in->succs[0]->id);
    phi_copies(E, in->block, in->succs[1]);
    buf_printf(E->out, "  goto b%d;\n  }\n", in->succs[1]->id);
    break;
  }
  case IR_EXC_NEW: {
    Buf pre = {0}, call = {0};
    buf_printf(&call, "kr_exc_new(%s, ", exc_type(E->fn->decl->mod, in->name, in->gmod));
    if (in->nargs) {
      buf_puts(&call, "(KrObj *[]){");
      for (int i = 0; i < in->nargs; i++) {
        buf_puts(&call, i ? ", " : "");
        arg_expr(E, &pre, &call, in->args[i], boxed(in->args[i]->type) ? in->args[i]->type : ty_object);
      }
      buf_printf(&call, "}, %d)", in->nargs);
    } else {
      buf_puts(&call, "NULL, 0)");
    }
    buf_putn(E->out, pre.data ? pre.data : "", pre.len);
    assign(E, in, call.data);
    buf_free(&pre);
    buf_free(&call);
    check_error(E, in);
    break;
  }
  case IR_RAISE:
    buf_printf(E->out, "  kr_incref(v%d);\n", in->args[0]->id);
    if (in->nargs == 2 && in->args[1]->type->kind == TY_NONE) {
      buf_printf(E->out, "  kr_raise_from(v%d, NULL);\n  ", in->args[0]->id);
    } else if (in->nargs == 2) {
      Buf pre = {0}, c = {0};
      arg_expr(E, &pre, &c, in->args[1], ty_object);
      buf_putn(E->out, pre.data ? pre.data : "", pre.len);
      buf_printf(E->out, "  kr_incref(%s);\n  kr_raise_from(v%d, %s);\n  ", c.data, in->args[0]->id, c.data);
      buf_free(&pre);
      buf_free(&c);
    } else {
      buf_printf(E->out, "  kr_raise_obj(v%d);\n  ", in->args[0]->id);
    }
    goto_error(E, in);
    break;
  case IR_RERAISE:
    if (in->sub == 1)
      buf_puts(E->out, "  kr_exc_reraise();\n");
    else if (in->nargs) /* the end of a finally block run for an exception */
      buf_printf(E->out, "  kr_exc_restore(v%d);\n", in->args[0]->id);
    buf_puts(E->out, "  ");
    goto_error(E, in);
    break;
  case IR_EXC_MATCH:
    buf_printf(E->out, "  v%d = ", in->id);
    for (int i = 0; i < in->nkw; i++)
      buf_printf(E->out, "%skr_exc_matches(%s)", i ? " || " : "",
                 exc_type(E->fn->decl->mod, in->kwnames[i], NULL));
    buf_puts(E->out, ";\n");
    break;
  case IR_EXC_FETCH: assign(E, in, "kr_exc_fetch()"); break;
  case IR_EXC_BEGIN:
    buf_printf(E->out, "  v%d = kr_exc_begin_handling(v%d);\n", in->id, in->args[0]->id);
    break;
  case IR_EXC_END: buf_printf(E->out, "  kr_exc_end_handling(v%d);\n  v%d = 0;\n", in->args[0]->id, in->id); break;
  case IR_YIELD: emit_yield(E, in); break;
  case IR_RETURN: {
    if (E->fn->decl->generator) { /* the generator is exhausted */
      buf_puts(E->out, "  goto kp_out;\n");
      break;
    }
    bool owned;
    Buf expr = {0};
    const Type *rt = fn->ret;
    convert(E, &expr, in->args[0], rt, &owned);
    if (rt->kind == TY_NORETURN)
      buf_puts(E->out, "  kp_ret = 0;\n");
    else
      buf_printf(E->out, "  kp_ret = %s;\n", expr.data ? expr.data : "0");
    /* a local this function owns is moved into kp_ret (the exit's release
     * then finds it NULL) instead of taking a reference released at once;
     * a constant (None, a str) is immortal and needs none */
    Instr *a = in->args[0];
    if (boxed(rt) && !owned && boxed(a->type) && exit_released(E, a))
      buf_printf(E->out, "  v%d = NULL;\n", a->id);
    else if (boxed(rt) && !owned && !(a->op == IR_CONST && a->cval.kind != CONST_BYTES && !a->callee && !a->cls))
      buf_puts(E->out, "  kr_xincref(kp_ret);\n");
    buf_puts(E->out, "  goto kp_out;\n");
    buf_free(&expr);
    break;
  }
  default:
    buf_printf(E->out, "  /* %s: not emitted */\n", ir_name[in->op]);
    break;
  }
}

/* Values that may be read unassigned: undefs and phis fed by them. */
static void find_maybe_unbound(Emit *E, IrFunc *fn) {
  E->maybe_unbound = xrealloc(E->maybe_unbound, (size_t)fn->nvalues + 1);
  memset(E->maybe_unbound, 0, (size_t)fn->nvalues + 1);
  bool changed = true;
  while (changed) {
    changed = false;
    for (int b = 0; b < fn->nblocks; b++) {
      Block *blk = fn->blocks[b];
      for (int i = 0; i < blk->ninstrs; i++) {
        Instr *in = blk->instrs[i];
        bool mu = in->op == IR_UNDEF;
        if (in->op == IR_PHI)
          for (int k = 0; k < in->nargs; k++)
            mu |= E->maybe_unbound[in->args[k]->id];
        if (mu && !E->maybe_unbound[in->id]) {
          E->maybe_unbound[in->id] = 1;
          changed = true;
        }
      }
    }
  }
}

/* Tuple displays that are only compared: `(a, b) < (c, d)`, as a dataclass's
 * order methods and sort keys written by hand compare. When both operands
 * of a tuple comparison are tuple.new values that nothing else reads, made
 * in the comparison's block, neither tuple is built: the comparison passes
 * their items to kr_items_cmp, the loop kr_tuple_cmp runs on a tuple's
 * items, so the result and the errors are the same, without two
 * allocations. */

static bool is_tuple_new(const Instr *in) {
  return in->op == IR_BUILTIN && in->row && !strcmp(in->row->callee, "tuple.new") && in->nargs > 0;
}

static int tuple_cmp_op(const Instr *in) {
  if (in->op != IR_COMPARE || !in->row || in->nargs != 2)
    return -1;
  static const char *const names[] = {"KR_OBJ_LT", "KR_OBJ_LE", "KR_OBJ_GT", "KR_OBJ_GE", "kr_any_eq", "kr_any_ne"};
  for (int op = 0; op < 6; op++)
    if (!strcmp(in->row->cfn, names[op]))
      return op; /* the runtime's KR_LT..KR_NE, in this order */
  return -1;
}

/* A chain of str concatenations, `"[" + s + "]"`, `a + b + c + d`: each
 * intermediate str that only the next + reads (in the same block) is not
 * made; the outermost + concatenates every operand at once
 * (kr_str_concat_n), one allocation and one copy of each byte instead of one
 * per +. The operands are all evaluated before, in their order, as before;
 * only a MemoryError of an intermediate result would come later. */
static bool is_str_concat(const Instr *in) {
  return (in->op == IR_BINOP || in->op == IR_INPLACE) && in->row && in->nargs == 2 &&
         !strcmp(in->row->cfn, "kr_str_concat");
}

static void concat_parts(Emit *E, Buf *pre, Buf *call, Instr *in, int *n) {
  for (int k = 0; k < 2; k++) {
    Instr *a = in->args[k];
    if (E->unbuilt[a->id] == UNBUILT_CONCAT) {
      concat_parts(E, pre, call, a, n);
    } else {
      buf_puts(call, *n ? ", " : "");
      arg_expr(E, pre, call, a, ty_str);
      ++*n;
    }
  }
}

/* The first operand of a concatenation (of the chain it ends) can grow in
 * place (kr_str_append_n) when its local owns it and nothing reads it
 * after: `s += t` and `s = s + t` in a loop, whose old value only the phi
 * of the next iteration held. A parameter is borrowed, a constant
 * immortal; a value read by another instruction (a phi included) stays. */
static bool dead_after(const Instr *in, const Instr *a);

static Instr *append_target(Emit *E, const Instr *in) {
  Instr *a = in->args[0];
  while (E->unbuilt[a->id] == UNBUILT_CONCAT)
    a = a->args[0];
  if (a->type->kind != TY_STR || a->op == IR_PARAM || a->op == IR_CONST || a->op == IR_UNDEF ||
      E->unbuilt[a->id] || E->borrowed[a->id] || (E->uses[a->id] != 1 && !dead_after(in, a)))
    return NULL;
  return a;
}

/* A loop's variable read after the loop too (`w = ""; for ...: w += x`,
 * then `w` used): its phi has other uses, but on the way from the
 * concatenation nothing reads it before the jump back to the loop's head,
 * whose phi copy stores the next value: a is a phi of the block in's block
 * jumps to, no instruction after in reads it, and no other phi of that
 * block takes it along this edge. (Elsewhere it is not taken: a path that
 * leaves the loop never ran the append.) */
static bool dead_after(const Instr *in, const Instr *a) {
  Block *b = in->block, *h = a->block;
  if (a->op != IR_PHI || !b->ninstrs)
    return false;
  const Instr *t = b->instrs[b->ninstrs - 1];
  if (t->op != IR_JUMP || t->succs[0] != h)
    return false;
  int at = -1, pred = -1;
  for (int i = 0; i < b->ninstrs; i++)
    if (b->instrs[i] == in)
      at = i;
  for (int i = 0; i < h->npreds; i++)
    if (h->preds[i] == b)
      pred = i;
  if (at < 0 || pred < 0)
    return false;
  for (int i = at + 1; i < b->ninstrs; i++) {
    const Instr *x = b->instrs[i];
    for (int k = 0; k < x->nargs; k++)
      if (x->args[k] == a)
        return false;
    for (int k = 0; k < x->nmargs; k++)
      if (x->margs[k] == a)
        return false;
  }
  for (int i = 0; i < h->ninstrs && h->instrs[i]->op == IR_PHI; i++)
    if (h->instrs[i] != a && h->instrs[i]->args[pred] == a)
      return false;
  return true;
}

static bool concat_chain(Emit *E, const Instr *in) {
  return is_str_concat(in) &&
         (E->unbuilt[in->args[0]->id] == UNBUILT_CONCAT || E->unbuilt[in->args[1]->id] == UNBUILT_CONCAT ||
          append_target(E, in));
}

static void emit_concat_chain(Emit *E, Instr *in) {
  Buf pre = {0}, parts = {0}, call = {0};
  int n = 0;
  concat_parts(E, &pre, &parts, in, &n);
  Instr *a = append_target(E, in);
  if (a)
    buf_printf(&call, "kr_str_append_n(&v%d, %d, (KrObj *[]){%s})", a->id, n, parts.data);
  else
    buf_printf(&call, "kr_str_concat_n(%d, (KrObj *[]){%s})", n, parts.data);
  if (pre.len)
    buf_putn(E->out, pre.data, pre.len);
  assign(E, in, call.data);
  buf_free(&pre);
  buf_free(&parts);
  buf_free(&call);
  check_error(E, in);
}

/* A product of two arrays that only a sum reads, `(x * x).sum(axis=1)`,
 * `np.sum(a * b, axis=-1)`: the product array is not made; the sum calls
 * kr_np_sum_mul(a, b, axis, keepdims), which sums the products without
 * storing them where it can and otherwise makes the product first, so
 * values and errors are those of the two calls. Only when nothing that may
 * raise or have an effect runs between the two, and both are on one line
 * (a traceback names the same line either way). */
static bool is_nd_mul(const Instr *in) {
  return in->op == IR_BINOP && in->row && in->nargs == 2 && !strcmp(in->row->cfn, "kr_np_BMUL") &&
         !strcmp(in->row->sig, "tt");
}

static bool is_nd_sum(const Instr *in) {
  return in->op == IR_BUILTIN && in->row && in->nargs == 3 && in->nkw == 0 && !strcmp(in->row->cfn, "kr_np_sum");
}

static bool nothing_between(const Block *blk, const Instr *a, const Instr *b) {
  int i = 0;
  while (i < blk->ninstrs && blk->instrs[i] != a)
    i++;
  for (i++; i < blk->ninstrs && blk->instrs[i] != b; i++)
    if (!(ir_flags[blk->instrs[i]->op] & IRF_PURE))
      return false;
  return i < blk->ninstrs;
}

static void emit_sum_mul(Emit *E, Instr *in) {
  Instr *mul = in->args[0];
  const OpRow *row = in->row;
  char sig[16];
  snprintf(sig, sizeof sig, "tt%s", row->sig + 1);
  OpRow fused = *row;
  fused.sig = sig;
  fused.cfn = "kr_np_sum_mul";
  Instr *args[4] = {mul->args[0], mul->args[1], in->args[1], in->args[2]};
  Instr **saved = in->args;
  in->row = &fused;
  in->args = args;
  in->nargs = 4;
  emit_call_row(E, in);
  in->row = row;
  in->args = saved;
  in->nargs = 3;
}

static bool unbuilt_cmp(Emit *E, const Instr *in) {
  return tuple_cmp_op(in) >= 0 && E->unbuilt[in->args[0]->id] == UNBUILT_TUPLE &&
         E->unbuilt[in->args[1]->id] == UNBUILT_TUPLE;
}

/* An f-string, f"k{i},{name},{x}": lowering formats each field to a str
 * and joins the pieces (str.join_parts). A field that is the plain str()
 * of an int, a float or a str (no spec, no conversion but !s) and that
 * only the join reads is not made: the join writes its digits or text
 * straight into the result (kr_str_build), so the f-string makes one str
 * instead of one per field. Such a field raises nothing but MemoryError,
 * so writing it later changes no behaviour. */
static const char *piece_kind(const Instr *in) {
  if (in->op != IR_BUILTIN || !in->row || in->nargs != 1 ||
      (strcmp(in->row->callee, "format") && strcmp(in->row->callee, "str")))
    return NULL;
  const char *f = in->row->cfn;
  return !strcmp(f, "kr_int_repr")     ? "KR_PIECE_INT"
         : !strcmp(f, "kr_float_repr") ? "KR_PIECE_FLOAT"
         : !strcmp(f, "kr_str_self")   ? "KR_PIECE_STR"
                                       : NULL;
}

static bool fstring_build(Emit *E, const Instr *in) {
  if (!is_row(in, "kr_str_join_parts"))
    return false;
  for (int i = 0; i < in->nargs; i++)
    if (E->unbuilt[in->args[i]->id] == UNBUILT_PIECE)
      return true;
  return false;
}

/* in = the call text built in call, after the statements pre holds (the
 * arguments' temporaries); both buffers freed. */
static void emit_prepared_call(Emit *E, Instr *in, Buf *pre, Buf *call) {
  if (pre->len)
    buf_putn(E->out, pre->data, pre->len);
  assign(E, in, call->data);
  buf_free(pre);
  buf_free(call);
  check_error(E, in);
}

static void emit_fstring(Emit *E, Instr *in) {
  Buf pre = {0}, call = {0};
  buf_printf(&call, "kr_str_build(%d, (const KrPiece[]){", in->nargs);
  for (int i = 0; i < in->nargs; i++) {
    Instr *a = in->args[i];
    buf_puts(&call, i ? ", " : "");
    if (E->unbuilt[a->id] == UNBUILT_PIECE) {
      const char *kind = piece_kind(a);
      Instr *v = a->args[0];
      const Type *t = !strcmp(kind, "KR_PIECE_INT") ? ty_int : !strcmp(kind, "KR_PIECE_FLOAT") ? ty_float : ty_str;
      buf_printf(&call, "{{.%s = ", valfield(t));
      arg_expr(E, &pre, &call, v, t);
      buf_printf(&call, "}, %s}", kind);
    } else {
      buf_puts(&call, "{{.o = ");
      arg_expr(E, &pre, &call, a, ty_str);
      buf_puts(&call, "}, KR_PIECE_STR}");
    }
  }
  buf_puts(&call, "})");
  emit_prepared_call(E, in, &pre, &call);
}

/* d[k] op= v on a dict of int or float values (`counts[w] += 1`): lowering
 * makes d[k], the in-place op and d[k] = ..., each of which hashes k and
 * probes the table. When nothing between the read and the store can change
 * the dict or run code of the program (the op, constants, arithmetic on
 * unboxed values), and hashing and comparing the key cannot either (str,
 * int, float, bool keys and tuples of them), the read looks the key up once
 * (kr_dict_slot: a pointer to the value's slot, KeyError when missing, as
 * d[k] raises) and the store writes through that pointer: CPython's
 * result, one lookup instead of two. A defaultdict(int) or (float) inserts
 * its 0 on the read, as its __missing__ does. */
static bool plain_key(const Type *t) {
  switch (t->kind) {
  case TY_STR:
  case TY_INT:
  case TY_FLOAT:
  case TY_BOOL: return true;
  case TY_TUPLE:
    if (t->nitems < 0)
      return plain_key(t->elem);
    for (int i = 0; i < t->nitems; i++)
      if (!plain_key(t->items[i]))
        return false;
    return true;
  default: return false;
  }
}

/* An instruction between the read and the store that cannot touch the
 * dict: a constant or an operator on unboxed values. */
static bool inert(const Instr *in) {
  if (in->op == IR_CONST)
    return in->cval.kind != CONST_BYTES && !in->callee && !in->cls;
  if (in->op != IR_BINOP && in->op != IR_UNARYOP && in->op != IR_COMPARE && in->op != IR_NOT)
    return false;
  if (boxed(in->type) || in->margs)
    return false;
  for (int i = 0; i < in->nargs; i++)
    if (boxed(in->args[i]->type))
      return false;
  return true;
}

/* `if k in d: d[k] op= v` (or `if k not in d: ... else: d[k] op= v`): the
 * test has found k's slot already. When the read of d[k] above (a
 * SLOT_GET) is in the block the test branches to when k is there, that
 * block is entered from the test's block only, and nothing but inert
 * instructions stand between the test and the read, the test keeps the
 * slot (kr_dict_find) and the read and the store use it: one lookup for
 * the test and the update instead of two. The key is plain (hashing and
 * == run no code), so the test itself runs none either. */
static bool is_dict_in(const Instr *in, bool *negated) {
  if (in->op != IR_COMPARE || !in->row || in->nargs != 2)
    return false;
  *negated = !strcmp(in->row->cfn, "KR_DICT_NOT_IN");
  return *negated || !strcmp(in->row->cfn, "KR_DICT_IN");
}

static void find_slot_in(Emit *E, Instr *g) {
  Block *blk = g->block;
  if (blk->npreds != 1)
    return;
  Block *p = blk->preds[0];
  Instr *br = p->ninstrs ? p->instrs[p->ninstrs - 1] : NULL;
  if (!br || br->op != IR_BRANCH || br->succs[0] == br->succs[1])
    return;
  Instr *c = br->args[0], *t = c->op == IR_TRUTH && c->nargs == 1 ? c->args[0] : c;
  bool negated;
  if (!is_dict_in(t, &negated) || t->block != p || t->args[0] != g->args[1] || t->args[1] != g->args[0] ||
      br->succs[negated ? 1 : 0] != blk || E->unbuilt[t->id])
    return;
  int ti = -1;
  for (int i = 0; i < p->ninstrs; i++)
    if (p->instrs[i] == t)
      ti = i;
  for (int i = ti + 1; i < p->ninstrs - 1; i++)
    if (p->instrs[i] != c && !inert(p->instrs[i]))
      return;
  for (int i = 0; i < blk->ninstrs && blk->instrs[i] != g; i++)
    if (!inert(blk->instrs[i]))
      return;
  E->unbuilt[t->id] = SLOT_IN;
  E->slot_in[g->id] = t->id;
}

static void find_slot_update(Emit *E, Block *blk, int xi, const int *uses) {
  Instr *x = blk->instrs[xi];
  if (!is_row(x, "KR_DICT_SETITEM") || x->nargs != 3 || E->fn->decl->generator)
    return; /* (a generator's values live in its frame: no slot pointer there) */
  Instr *op = x->args[2], *g = op->nargs == 2 ? op->args[0] : NULL;
  const Type *dt = x->args[0]->type, *vt = dt->elem;
  /* d[k] = d.get(k, dflt) + v: only + and -, which raise nothing but an
   * OverflowError where CPython's int would grow instead (the default is
   * inserted by the read, which CPython's store would do after the op) */
  bool via_get = g && op->op == IR_BINOP && (op->sub == BIN_Add || op->sub == BIN_Sub) && op->nargs == 2 &&
                 !boxed(op->args[1]->type) && is_row(g, "KR_DICT_GET") && g->nargs == 3;
  if ((op->op != IR_INPLACE && !via_get) || !g || g->op != IR_BUILTIN || g->nargs != (via_get ? 3 : 2) ||
      op->block != blk || g->block != blk || uses[op->id] != 1 || uses[g->id] != 1 ||
      g->args[0] != x->args[0] || g->args[1] != x->args[1])
    return;
  if (dt->kind != TY_DICT || !plain_key(dt->key) || (vt->kind != TY_INT && vt->kind != TY_FLOAT) ||
      g->type != vt || op->type != vt || E->unbuilt[op->id])
    return;
  bool missing = is_row(g, "KR_DICT_GETITEM_MISSING");
  if (!via_get && !is_row(g, "KR_DICT_GETITEM") &&
      !(missing && (dt->flavor == DF_DD_INT || dt->flavor == DF_DD_FLOAT)))
    return;
  int gi = -1;
  for (int i = 0; i < xi; i++)
    if (blk->instrs[i] == g)
      gi = i;
  if (gi < 0)
    return;
  for (int i = gi + 1; i < xi; i++)
    if (blk->instrs[i] != op && !inert(blk->instrs[i]))
      return;
  E->unbuilt[g->id] = SLOT_GET;
  E->unbuilt[x->id] = SLOT_SET;
  find_slot_in(E, g);
}

/* The C name of the value slot a SLOT_GET reads: its own, or its test's. */
static int slot_id(Emit *E, const Instr *g) { return E->slot_in[g->id] ? E->slot_in[g->id] : g->id; }

static void emit_slot_in(Emit *E, Instr *in) {
  const Type *dt = in->args[1]->type;
  bool negated;
  is_dict_in(in, &negated);
  Buf pre = {0}, key = {0};
  kval_arg(E, &pre, &key, in->args[0], dt->key);
  if (pre.len)
    buf_putn(E->out, pre.data, pre.len);
  buf_printf(E->out, "  kp_s%d = kr_dict_find(v%d, %s, KR_DICT(v%d)->kkind);\n", in->id, in->args[1]->id, key.data,
             in->args[1]->id);
  buf_printf(E->out, "  if (!kp_s%d && kr_failed()) ", in->id);
  goto_error(E, in);
  buf_printf(E->out, "  v%d = kp_s%d %s NULL;\n", in->id, in->id, negated ? "==" : "!=");
  buf_free(&pre);
  buf_free(&key);
}

static void emit_slot_get(Emit *E, Instr *in) {
  if (E->slot_in[in->id]) {
    buf_printf(E->out, "  v%d = kp_s%d->%s;\n", in->id, slot_id(E, in), valfield(in->type));
    return;
  }
  const Type *dt = in->args[0]->type;
  Buf pre = {0}, key = {0}, dflt = {0};
  kval_arg(E, &pre, &key, in->args[1], dt->key);
  if (in->nargs == 3) { /* d.get(k, dflt) */
    buf_puts(&dflt, "(const KrVal[]){");
    kval_arg(E, &pre, &dflt, in->args[2], dt->elem);
    buf_puts(&dflt, "}");
  } else {
    buf_puts(&dflt, "NULL");
  }
  if (pre.len)
    buf_putn(E->out, pre.data, pre.len);
  buf_printf(E->out, "  kp_s%d = kr_dict_slot(v%d, %s, KR_DICT(v%d)->kkind, %s);\n", in->id, in->args[0]->id,
             key.data, in->args[0]->id, dflt.data);
  buf_free(&dflt);
  buf_printf(E->out, "  if (!kp_s%d) ", in->id);
  goto_error(E, in);
  buf_printf(E->out, "  v%d = kp_s%d->%s;\n", in->id, in->id, valfield(in->type));
  buf_free(&pre);
  buf_free(&key);
}

static void emit_slot_set(Emit *E, Instr *in) {
  Instr *g = in->args[2]->args[0];
  buf_printf(E->out, "  kp_s%d->%s = v%d;\n  v%d = 0;\n", slot_id(E, g), valfield(g->type), in->args[2]->id, in->id);
}

/* `for w in s.split():` the list of pieces is made only for the loop to
 * walk: when the split (no separator) has no other reader and the loop's
 * cursor is made in its block, the cursor cuts the pieces one at a time
 * as the loop asks (kr_loop_split, runtime/loop.c) and the list is not
 * made. The str cannot change, so the pieces are the same; the split
 * raises nothing but MemoryError, which now comes when a piece is made. */
static void find_split_loop(Emit *E, Instr *in, const int *uses) {
  if (!is_row(in, "kr_loop_list") || in->nargs != 1)
    return;
  Instr *sp = in->args[0];
  if (is_row(sp, "kr_str_split_list0") && sp->nargs == 1 && uses[sp->id] == 1 && sp->block == in->block &&
      !E->unbuilt[sp->id]) {
    E->unbuilt[sp->id] = UNBUILT_SPLIT;
    E->unbuilt[in->id] = LOOP_SPLIT;
  }
}

static void find_unbuilt(Emit *E, IrFunc *fn) {
  size_t n = (size_t)fn->nvalues + 1;
  int *uses = E->uses = xrealloc(E->uses, n * sizeof *uses);
  memset(uses, 0, n * sizeof *uses);
  for (int b = 0; b < fn->nblocks; b++) {
    Block *blk = fn->blocks[b];
    for (int i = 0; i < blk->ninstrs; i++) {
      Instr *in = blk->instrs[i];
      for (int k = 0; k < in->nargs; k++)
        uses[in->args[k]->id]++;
      for (int k = 0; k < in->nmargs; k++)
        uses[in->margs[k]->id]++;
    }
  }
  E->unbuilt = xrealloc(E->unbuilt, n);
  memset(E->unbuilt, 0, n);
  E->slot_in = xrealloc(E->slot_in, n * sizeof *E->slot_in);
  memset(E->slot_in, 0, n * sizeof *E->slot_in);
  for (int b = 0; b < fn->nblocks; b++) {
    Block *blk = fn->blocks[b];
    for (int i = 0; i < blk->ninstrs; i++) {
      Instr *in = blk->instrs[i];
      find_slot_update(E, blk, i, uses);
      find_split_loop(E, in, uses);
      if (is_nd_sum(in)) {
        Instr *a = in->args[0];
        if (is_nd_mul(a) && uses[a->id] == 1 && a->block == blk && nothing_between(blk, a, in) &&
            line_of(E, a->off) == line_of(E, in->off))
          E->unbuilt[a->id] = UNBUILT_NDMUL;
        continue;
      }
      if (is_row(in, "kr_str_join_parts") && in->nargs > 1) {
        for (int k = 0; k < in->nargs; k++) {
          Instr *a = in->args[k];
          if (piece_kind(a) && uses[a->id] == 1 && a->block == blk && !E->unbuilt[a->id])
            E->unbuilt[a->id] = UNBUILT_PIECE;
        }
        continue;
      }
      if (is_str_concat(in)) {
        for (int k = 0; k < 2; k++) {
          Instr *a = in->args[k];
          if (is_str_concat(a) && uses[a->id] == 1 && a->block == blk)
            E->unbuilt[a->id] = UNBUILT_CONCAT;
        }
        continue;
      }
      if (tuple_cmp_op(in) < 0)
        continue;
      Instr *x = in->args[0], *y = in->args[1];
      if (x != y && is_tuple_new(x) && is_tuple_new(y) && uses[x->id] == 1 && uses[y->id] == 1 &&
          x->block == blk && y->block == blk && x->type->kind == TY_TUPLE && y->type->kind == TY_TUPLE)
        E->unbuilt[x->id] = E->unbuilt[y->id] = UNBUILT_TUPLE;
    }
  }
}

/* The items of an unbuilt tuple display as the arguments kr_items_cmp
 * takes: the count, the KrVal slots and their kinds, as kr_tuple_pack gets
 * them. */
static void tuple_items_args(Emit *E, Buf *pre, Buf *call, Instr *t) {
  Buf kinds = {0};
  buf_printf(call, "%d, (const KrVal[]){", t->nargs);
  for (int i = 0; i < t->nargs; i++) {
    const Type *it = t->args[i]->type;
    const Type *slot = ty_is_unboxed(it) && it->kind != TY_NONE ? it : (boxed(it) ? it : ty_object);
    buf_puts(call, i ? ", " : "");
    kval_arg(E, pre, call, t->args[i], slot);
    buf_printf(&kinds, "%s%s", i ? ", " : "", valkind(slot));
  }
  buf_printf(call, "}, (const uint8_t[]){%s}", kinds.data);
  buf_free(&kinds);
}

/* Two displays of as many items, each pair of one type among int, float,
 * bool and str (a dataclass's order methods on its fields): the comparison
 * is written out, item by item, as kr_items_cmp would make it: the first
 * pair that is not == decides with the operator (a NaN is not == itself,
 * so it decides there, as in CPython), equal items make it a comparison
 * of the lengths, which are the same. No call, no error possible. */
static bool inline_items_cmp(const Instr *in) {
  Instr *x = in->args[0], *y = in->args[1];
  if (x->nargs != y->nargs)
    return false;
  for (int i = 0; i < x->nargs; i++) {
    const Type *t = x->args[i]->type;
    if (t != y->args[i]->type ||
        (t->kind != TY_INT && t->kind != TY_FLOAT && t->kind != TY_BOOL && t->kind != TY_STR))
      return false;
  }
  return true;
}

static void emit_inline_items_cmp(Emit *E, Instr *in) {
  static const char *const ops[] = {"<", "<=", ">", ">="};
  int op = tuple_cmp_op(in);
  Instr *x = in->args[0], *y = in->args[1];
  Buf pre = {0}, expr = {0}, close = {0};
  if (op >= 4)
    buf_puts(&expr, op == 5 ? "!(1" : "(1");
  for (int i = 0; i < x->nargs; i++) {
    const Type *t = x->args[i]->type;
    Buf a = {0}, b = {0};
    arg_expr(E, &pre, &a, x->args[i], t);
    arg_expr(E, &pre, &b, y->args[i], t);
    if (op >= 4) {
      if (t->kind == TY_STR)
        buf_printf(&expr, " && kr_str_eq(%s, %s)", a.data, b.data);
      else
        buf_printf(&expr, " && %s == %s", a.data, b.data);
    } else if (t->kind == TY_STR) {
      buf_printf(&expr, "(!kr_str_eq(%s, %s) ? kr_str_cmp(%s, %s) %s 0 : ", a.data, b.data, a.data, b.data, ops[op]);
      buf_puts(&close, ")");
    } else {
      buf_printf(&expr, "(%s != %s ? %s %s %s : ", a.data, b.data, a.data, ops[op], b.data);
      buf_puts(&close, ")");
    }
    buf_free(&a);
    buf_free(&b);
  }
  if (op >= 4)
    buf_puts(&expr, ")");
  else
    buf_printf(&expr, "%s%s", op == 1 || op == 3 ? "true" : "false", close.data ? close.data : "");
  if (pre.len)
    buf_putn(E->out, pre.data, pre.len);
  assign(E, in, expr.data);
  buf_free(&pre);
  buf_free(&expr);
  buf_free(&close);
}

static void emit_unbuilt_cmp(Emit *E, Instr *in) {
  static const char *const ops[] = {"KR_LT", "KR_LE", "KR_GT", "KR_GE", "KR_EQ", "KR_NE"};
  if (inline_items_cmp(in)) {
    emit_inline_items_cmp(E, in);
    return;
  }
  Buf pre = {0}, call = {0};
  buf_puts(&call, "kr_items_cmp(");
  tuple_items_args(E, &pre, &call, in->args[0]);
  buf_puts(&call, ", ");
  tuple_items_args(E, &pre, &call, in->args[1]);
  buf_printf(&call, ", %s) > 0", ops[tuple_cmp_op(in)]);
  emit_prepared_call(E, in, &pre, &call);
}

/* Borrowed reads. A global's value is held by the global, and a field's by
 * its object: a read whose every use follows it in its block, with nothing
 * from the read to the last use that could drop that reference, cannot see
 * it go, so it takes none of its own and is not released at the exit (`t_prio[cur] >
 * t_prio[p]` on module-level tables; `origin - self.center`, a Vec
 * method's call on a field, takes no reference). What may stand between:
 * constants, arithmetic on unboxed values, global reads, len(), l[i] and
 * l[i] = v of numbers (holds_still), and for a field also field reads,
 * stores of unboxed fields, new instances, builtins of unboxed arguments
 * and calls of functions that are still themselves (find_still). A store
 * of a boxed field, global or container slot drops the reference the slot
 * held, and any other code may do so; what a function only drops are
 * references it took itself. The object a field is read from stays alive
 * through the span: a parameter is held by the caller, a local until the
 * exit, a borrowed read by the same rule. Not in generators, whose values
 * live in a frame that outlives a block. */
static bool holds_still(const Instr *in) {
  if (inert(in) || in->op == IR_GLOBAL_GET)
    return true;
  if (in->op != IR_BUILTIN || !in->row)
    return false;
  if (list_at_row(in))
    return !strcmp(in->row->cfn, "kr_list_getitem") || !boxed(in->args[0]->type->elem);
  return is_row(in, "kr_list_len") || is_row(in, "KR_LIST_TRUTH");
}

/* An instruction that drops no reference held outside the running frames
 * and runs no code but calls of still functions (IrFunc.still). */
static bool instr_still(const Instr *in) {
  if (holds_still(in))
    return true;
  switch (in->op) {
  case IR_CONST:
  case IR_PARAM:
  case IR_PHI:
  case IR_UNDEF:
  case IR_JUMP:
  case IR_BRANCH:
  case IR_RETURN:
  case IR_CHECK_BOUND:
  case IR_NEW: return true;
  case IR_TRUTH: return !boxed(in->args[0]->type);
  case IR_GETATTR: return in->target ? in->target->still : in->field || in->cls;
  case IR_SETATTR: return !in->target && in->field && !boxed(in->field->type);
  case IR_CALL:
    if (!in->target || !in->target->still)
      return false;
    for (int i = 0; i < in->ndisp; i++)
      if (!in->disp[i]->still)
        return false;
    return true;
  case IR_BUILTIN:
    if (!in->row || in->margs)
      return false;
    for (int i = 0; i < in->nargs; i++)
      if (boxed(in->args[i]->type))
        return false;
    return true;
  default: return false;
  }
}

/* Which specialisations are still: every instruction is (instr_still), a
 * call of another still one included. The greatest such set: all start
 * still and a function loses it until none changes, so a recursion that
 * does nothing else stays still. A generator is not (its frame outlives
 * the call). */
static void find_still(Vec *specs) {
  for (int s = 0; s < specs->len; s++) {
    IrFunc *fn = specs->items[s];
    fn->still = !fn->decl->generator;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (int s = 0; s < specs->len; s++) {
      IrFunc *fn = specs->items[s];
      for (int b = 0; b < fn->nblocks && fn->still; b++)
        for (int i = 0; i < fn->blocks[b]->ninstrs && fn->still; i++)
          if (!instr_still(fn->blocks[b]->instrs[i])) {
            fn->still = false;
            changed = true;
          }
    }
  }
}

static bool borrowable(const Instr *in) {
  if (!boxed(in->type))
    return false;
  if (in->op == IR_GLOBAL_GET)
    return true;
  return in->op == IR_GETATTR && in->field && !in->target;
}

static void find_borrowed(Emit *E, IrFunc *fn) {
  size_t n = (size_t)fn->nvalues + 1;
  E->borrowed = xrealloc(E->borrowed, n);
  memset(E->borrowed, 0, n);
  if (fn->decl->generator)
    return;
  for (int b = 0; b < fn->nblocks; b++) {
    Block *blk = fn->blocks[b];
    for (int i = 0; i < blk->ninstrs; i++) {
      Instr *g = blk->instrs[i];
      if (!borrowable(g) || E->maybe_unbound[g->id])
        continue;
      bool field = g->op == IR_GETATTR;
      int left = E->uses[g->id];
      for (int j = i + 1; j < blk->ninstrs && left > 0; j++) {
        Instr *u = blk->instrs[j];
        if (!(field ? instr_still(u) : holds_still(u)))
          break;
        for (int k = 0; k < u->nargs; k++)
          left -= u->args[k] == g;
        for (int k = 0; k < u->nmargs; k++)
          left -= u->margs[k] == g;
      }
      E->borrowed[g->id] = left == 0 && E->uses[g->id] > 0;
    }
  }
}

static bool reachable_block(IrFunc *fn, Block *b) { return b == fn->blocks[0] || b->npreds > 0; }

/* A function's C declarator, without a storage class: its prototype at the
 * top of the unit says whether it is static (emit_program), and the
 * definition inherits that. */
static void func_signature(Buf *b, IrFunc *fn) {
  buf_printf(b, "%s %s(", ctype(fn->ret), fn->cname);
  for (int i = 0; i < fn->nparams; i++)
    buf_printf(b, "%s%s p%d", i ? ", " : "", ctype(fn->params[i]), i);
  if (!fn->nparams)
    buf_puts(b, "void");
  buf_puts(b, ")");
}

/* The paths of a module's file as C string literals: absolute for
 * tracebacks (CPython names files so), as given for #line. */
static void module_paths(Emit *E, Module *m) {
  if (E->paths_of == m) /* realpath once per module, not per function */
    return;
  E->paths_of = m;
  char *abs = realpath(m->src->path, NULL);
  Buf lit = {0};
  c_string(&lit, abs ? abs : m->src->path, strlen(abs ? abs : m->src->path));
  snprintf(E->tbpath, sizeof E->tbpath, "%s", lit.data);
  lit.len = 0;
  c_string(&lit, m->src->path, strlen(m->src->path));
  snprintf(E->linepath, sizeof E->linepath, "%s", lit.data);
  buf_free(&lit);
  free(abs);
}

/* Which blocks are on a cycle of the CFG: b is when walking back from its
 * predecessors reaches b again. */
static void find_cycles(Emit *E, IrFunc *fn) {
  int n = 0;
  for (int b = 0; b < fn->nblocks; b++)
    if (fn->blocks[b]->id >= n)
      n = fn->blocks[b]->id + 1;
  free(E->cyclic);
  E->cyclic = xmalloc((size_t)n + 1);
  memset(E->cyclic, 0, (size_t)n + 1);
  uint8_t *seen = xmalloc((size_t)n + 1);
  Block **stack = xmalloc(sizeof *stack * (size_t)(n + 1) * 4);
  for (int b = 0; b < fn->nblocks; b++) {
    Block *start = fn->blocks[b];
    memset(seen, 0, (size_t)n + 1);
    int sp = 0, cap = (n + 1) * 4;
    for (int p = 0; p < start->npreds && sp < cap; p++)
      stack[sp++] = start->preds[p];
    while (sp > 0 && !E->cyclic[start->id]) {
      Block *x = stack[--sp];
      if (x == start) {
        E->cyclic[start->id] = 1;
        break;
      }
      if (seen[x->id])
        continue;
      seen[x->id] = 1;
      for (int p = 0; p < x->npreds; p++) {
        if (sp >= cap) { /* cannot happen (each block pushes its preds once); be safe */
          E->cyclic[start->id] = 1;
          break;
        }
        stack[sp++] = x->preds[p];
      }
    }
  }
  free(seen);
  free(stack);
}

/* Boxed values released at the function's exit: all but parameters (borrowed),
 * an except clause's saved exception (restored, not released), borrowed
 * global reads (find_borrowed) and constants other than bytes (an immortal
 * str, or NULL: emit_const), which would only lengthen the release at every
 * return of a hot function. */
static bool exit_released(Emit *E, const Instr *in) {
  if (in->op == IR_CONST && in->cval.kind != CONST_BYTES)
    return false;
  return !(ir_flags[in->op] & IRF_TERM) && in->op != IR_PARAM && in->op != IR_EXC_BEGIN && boxed(in->type) &&
         !E->borrowed[in->id];
}

/* A function with at least KL_MIN boxed locals and blocks x locals of at
 * least KL_SIZE keeps them in memory, in one struct `kl` released by one call
 * (kr_release_locals), instead of one C local each released inline. Every
 * boxed local lives until the exit, so in a large function (a program's
 * main) hundreds of them are live across every block: gcc's register
 * allocator and dataflow passes then take time superlinear in the function's
 * size, and each error edge into the exit, where a local is still NULL, gets
 * its own copy of that NULL for every such local (edges x locals). In memory
 * they are plain loads and stores. Small functions, hot inner ones among them
 * (a method of a dozen blocks that makes eight objects), keep their locals in
 * registers: there the call and its loop over every slot, NULL or not, cost
 * more than the inline releases (raytrace's Sphere.hit). */
enum { KL_MIN = 8, KL_SIZE = 512 };

/* Rename v<id> (ids marked in home) and t<n> (n < ntemps) to kl.v<id> and
 * kl.t<n> in a function body: a pass over its C tokens that skips string and
 * character literals and comments. */
static void rename_homes(Buf *out, const char *s, size_t n, const uint8_t *home, int nv, int ntemps) {
  for (size_t i = 0, j; i < n; i = j) {
    bool ident;
    j = c_token_end(s, n, i, &ident);
    char c = s[i];
    bool digits = ident && j - i > 1 && j - i < 12 && (c == 'v' || c == 't') && (i == 0 || s[i - 1] != '.');
    for (size_t k = i + 1; digits && k < j; k++)
      digits = s[k] >= '0' && s[k] <= '9';
    if (digits) {
      long id = strtol(s + i + 1, NULL, 10);
      if (c == 'v' ? id < nv && home[id] : id < ntemps)
        buf_puts(out, "kl.");
    }
    buf_putn(out, s + i, j - i);
  }
}

static void emit_func(Emit *E, IrFunc *fn) {
  E->fn = fn;
  find_cycles(E, fn);
  E->ntemps = 0;
  E->last_line = -1;
  module_paths(E, fn->decl->mod);
  find_maybe_unbound(E, fn);
  find_unbuilt(E, fn);
  find_borrowed(E, fn);
  Buf body = {0};
  Buf *saved = E->out;
  E->out = &body;
  for (int b = 0; b < fn->nblocks; b++) {
    Block *blk = fn->blocks[b];
    if (!reachable_block(fn, blk))
      continue;
    buf_printf(&body, "b%d:;\n", blk->id);
    for (int i = 0; i < blk->ninstrs; i++)
      emit_instr(E, blk->instrs[i]);
  }
  E->out = saved;

  /* the boxed locals released at the exit: in registers, or in kl */
  int nhome = 0, nv = fn->nvalues + 1;
  for (int b = 0; b < fn->nblocks; b++)
    for (int i = 0; i < fn->blocks[b]->ninstrs; i++) {
      Instr *in = fn->blocks[b]->instrs[i];
      nhome += exit_released(E, in);
      if (in->id >= nv)
        nv = in->id + 1;
    }
  bool in_memory = nhome + E->ntemps >= KL_MIN && (nhome + E->ntemps) * fn->nblocks >= KL_SIZE;
  uint8_t *home = xmalloc((size_t)nv);
  memset(home, 0, (size_t)nv);

  Buf *o = E->out;
  func_signature(o, fn);
  buf_puts(o, " {\n  int kp_line = 0;\n");
  buf_printf(o, "  %s kp_ret = %s;\n", ctype(fn->ret), czero(fn->ret));
  if (in_memory)
    buf_puts(o, "  struct {\n");
  for (int b = 0; b < fn->nblocks && in_memory; b++)
    for (int i = 0; i < fn->blocks[b]->ninstrs; i++) {
      Instr *in = fn->blocks[b]->instrs[i];
      if (exit_released(E, in)) {
        home[in->id] = 1;
        buf_printf(o, "    KrObj *v%d;\n", in->id);
      }
    }
  for (int t = 0; t < E->ntemps && in_memory; t++)
    buf_printf(o, "    KrObj *t%d;\n", t);
  if (in_memory)
    buf_puts(o, "  } kl = {0}; /* the boxed locals, released by one call at the exit */\n");
  for (int b = 0; b < fn->nblocks; b++) {
    Block *blk = fn->blocks[b];
    for (int i = 0; i < blk->ninstrs; i++) {
      Instr *in = blk->instrs[i];
      if (ir_flags[in->op] & IRF_TERM)
        continue;
      if (!home[in->id])
        buf_printf(o, "  %s v%d = %s;\n", ctype(in->type), in->id, czero(in->type));
      if (E->maybe_unbound[in->id] && in->op == IR_PHI)
        buf_printf(o, "  bool v%d_b = false;\n", in->id);
    }
  }
  for (int t = 0; t < E->ntemps && !in_memory; t++)
    buf_printf(o, "  KrObj *t%d = NULL;\n", t);
  for (int b = 0; b < fn->nblocks; b++)
    for (int i = 0; i < fn->blocks[b]->ninstrs; i++)
      if ((E->unbuilt[fn->blocks[b]->instrs[i]->id] == SLOT_GET && !E->slot_in[fn->blocks[b]->instrs[i]->id]) ||
          E->unbuilt[fn->blocks[b]->instrs[i]->id] == SLOT_IN)
        buf_printf(o, "  KrVal *kp_s%d = NULL;\n", fn->blocks[b]->instrs[i]->id);
  /* the recursion guard: kr_leave() at kp_out balances it on every way out */
  int first_line = fn->nblocks && fn->blocks[0]->ninstrs ? line_of(E, fn->blocks[0]->instrs[0]->off) : 0;
  buf_printf(o, "  if (kr_enter()) {\n    kp_line = %d;\n    goto kp_reraise;\n  }\n", first_line);
  if (in_memory)
    rename_homes(o, body.data ? body.data : "", body.len, home, nv, E->ntemps);
  else
    buf_putn(o, body.data ? body.data : "", body.len);
  buf_free(&body);
  for (size_t line = 0; line < E->errlines.len; line++)
    if (E->errlines.data[line])
      buf_printf(o, "kp_e%zu:\n  kp_line = %zu;\n  goto kp_error;\n", line, line);
  E->errlines.len = 0;
  buf_printf(o, "kp_error:\n  kr_tb_add(%s, \"%.*s\", kp_line);\nkp_reraise:\n", E->tbpath,
             tb_name_len(fn->decl), fn->decl->name->str);
  if (boxed(fn->ret))
    buf_puts(o, "  kr_xdecref(kp_ret);\n  kp_ret = NULL;\n");
  buf_puts(o, "kp_out:\n  kr_leave();\n");
  for (int b = 0; b < fn->nblocks; b++) {
    Block *blk = fn->blocks[b];
    for (int i = 0; i < blk->ninstrs; i++) {
      Instr *in = blk->instrs[i];
      if (exit_released(E, in) && !in_memory)
        buf_printf(o, "  kr_xdecref(v%d);\n", in->id);
      else if (in->type->kind == TY_CURSOR)
        buf_printf(o, "  kr_loop_clear(&v%d);\n", in->id);
    }
  }
  for (int t = 0; t < E->ntemps && !in_memory; t++)
    buf_printf(o, "  kr_xdecref(t%d);\n", t);
  if (in_memory)
    buf_printf(o, "  kr_release_locals((KrObj **)&kl, %d);\n", nhome + E->ntemps);
  free(home);
  buf_puts(o, "  return kp_ret;\n}\n\n");
}

/* ------------------------------------------------------------ generators
 *
 * A generator is a resumable state machine, not a thread: its values live
 * in a frame (an iterator object, KrIter first) instead of C locals, the
 * function's code reads them there (a #define per value), and each yield
 * stores the item, records where to resume and returns; the next call
 * jumps back there. Calling the function only makes the frame. */

static void emit_yield(Emit *E, Instr *in) {
  const Type *t = E->fn->yields;
  Instr *v = in->args[0];
  int k = ++E->nyields;
  if (boxed(t)) {
    bool owned;
    Buf x = {0};
    convert(E, &x, v, t, &owned);
    buf_printf(E->out, "  kp_out->o = %s;\n", x.data ? x.data : "kr_None");
    if (!owned)
      buf_puts(E->out, "  kr_incref(kp_out->o);\n");
    buf_free(&x);
  } else if (t->kind == TY_INT || t->kind == TY_FLOAT || t->kind == TY_BOOL) {
    bool owned;
    Buf x = {0};
    convert(E, &x, v, t, &owned);
    buf_printf(E->out, "  kp_out->%s = %s;\n", valfield(t), x.data ? x.data : "0");
    buf_free(&x);
  } else { /* None: a boxed None */
    buf_puts(E->out, "  kp_out->o = kr_None;\n");
  }
  buf_printf(E->out, "  F->state = %d;\n  return 1;\nky%d:;\n", k, k);
}

/* The frame's slots that hold references: released when the generator dies. */
static bool frame_value(Instr *in) {
  return !(ir_flags[in->op] & IRF_TERM) && in->op != IR_EXC_BEGIN;
}

static void emit_generator(Emit *E, IrFunc *fn) {
  E->fn = fn;
  find_cycles(E, fn);
  E->ntemps = 0;
  E->nyields = 0;
  E->last_line = -1;
  module_paths(E, fn->decl->mod);
  find_maybe_unbound(E, fn);
  find_unbuilt(E, fn);
  find_borrowed(E, fn); /* none in a generator: sized and cleared for this one */
  const char *n = fn->cname;
  const Type *yt = fn->yields ? fn->yields : ty_noreturn;
  Buf body = {0};
  Buf *saved = E->out;
  E->out = &body;
  for (int b = 0; b < fn->nblocks; b++) {
    Block *blk = fn->blocks[b];
    if (!reachable_block(fn, blk))
      continue;
    buf_printf(&body, "b%d:;\n", blk->id);
    for (int i = 0; i < blk->ninstrs; i++)
      emit_instr(E, blk->instrs[i]);
  }
  E->out = saved;
  Buf *o = E->out;
  /* the frame */
  buf_printf(o, "typedef struct kf_%s {\n  KrIter it;\n  int state;\n", n);
  for (int i = 0; i < fn->nparams; i++)
    buf_printf(o, "  %s p%d;\n", ctype(fn->params[i]), i);
  for (int b = 0; b < fn->nblocks; b++)
    for (int i = 0; i < fn->blocks[b]->ninstrs; i++) {
      Instr *in = fn->blocks[b]->instrs[i];
      if (ir_flags[in->op] & IRF_TERM)
        continue;
      buf_printf(o, "  %s v%d;\n", ctype(in->type), in->id);
      if (E->maybe_unbound[in->id] && in->op == IR_PHI)
        buf_printf(o, "  bool v%d_b;\n", in->id);
    }
  for (int t = 0; t < E->ntemps; t++)
    buf_printf(o, "  KrObj *t%d;\n", t);
  buf_printf(o, "} kf_%s;\n", n);
  /* its values, read in the frame */
  Buf undef = {0};
  for (int i = 0; i < fn->nparams; i++) {
    buf_printf(o, "#define p%d (F->p%d)\n", i, i);
    buf_printf(&undef, "#undef p%d\n", i);
  }
  for (int b = 0; b < fn->nblocks; b++)
    for (int i = 0; i < fn->blocks[b]->ninstrs; i++) {
      Instr *in = fn->blocks[b]->instrs[i];
      if (ir_flags[in->op] & IRF_TERM)
        continue;
      buf_printf(o, "#define v%d (F->v%d)\n", in->id, in->id);
      buf_printf(&undef, "#undef v%d\n", in->id);
      if (E->maybe_unbound[in->id] && in->op == IR_PHI) {
        buf_printf(o, "#define v%d_b (F->v%d_b)\n", in->id, in->id);
        buf_printf(&undef, "#undef v%d_b\n", in->id);
      }
    }
  for (int t = 0; t < E->ntemps; t++) {
    buf_printf(o, "#define t%d (F->t%d)\n", t, t);
    buf_printf(&undef, "#undef t%d\n", t);
  }
  /* next(): resume where the last yield left off */
  buf_printf(o, "static int kn_%s(KrIter *kp_it, KrVal *kp_out) {\n  kf_%s *F = (kf_%s *)kp_it;\n  int kp_line = 0;\n"
                "  switch (F->state) {\n  case 0: break;\n",
             n, n, n);
  for (int k = 1; k <= E->nyields; k++)
    buf_printf(o, "  case %d: goto ky%d;\n", k, k);
  buf_puts(o, "  default: return 0;\n  }\n");
  buf_putn(o, body.data ? body.data : "", body.len);
  buf_free(&body);
  for (size_t line = 0; line < E->errlines.len; line++)
    if (E->errlines.data[line])
      buf_printf(o, "kp_e%zu:\n  kp_line = %zu;\n  goto kp_error;\n", line, line);
  E->errlines.len = 0;
  buf_printf(o, "kp_error:\n  kr_tb_add(%s, \"%.*s\", kp_line);\nkp_reraise:\n  F->state = -1;\n  return -1;\n"
                "kp_out:\n  F->state = -1;\n  return 0;\n}\n",
             E->tbpath, tb_name_len(fn->decl), fn->decl->name->str);
  /* dealloc: whatever the frame still holds */
  buf_printf(o, "static void kd_%s(KrObj *o) {\n  kf_%s *F = (kf_%s *)o;\n", n, n, n);
  for (int i = 0; i < fn->nparams; i++)
    if (boxed(fn->params[i]))
      buf_printf(o, "  kr_xdecref(p%d);\n", i);
  for (int b = 0; b < fn->nblocks; b++)
    for (int i = 0; i < fn->blocks[b]->ninstrs; i++) {
      Instr *in = fn->blocks[b]->instrs[i];
      if (!frame_value(in))
        continue;
      if (in->op != IR_PARAM && boxed(in->type))
        buf_printf(o, "  kr_xdecref(v%d);\n", in->id);
      else if (in->type->kind == TY_CURSOR)
        buf_printf(o, "  kr_loop_clear(&v%d);\n", in->id);
    }
  for (int t = 0; t < E->ntemps; t++)
    buf_printf(o, "  kr_xdecref(t%d);\n", t);
  buf_puts(o, "  kr_free(o);\n}\n");
  buf_putn(o, undef.data ? undef.data : "", undef.len);
  buf_free(&undef);
  buf_printf(o, "static const KrType kt_%s = {.name = \"generator\", .base = &kr_iterator_type, "
                ".size = sizeof(kf_%s), .dealloc = kd_%s};\n",
             n, n, n);
  /* calling the function: a new frame holding the arguments */
  func_signature(o, fn);
  buf_printf(o, " {\n  kf_%s *F = (kf_%s *)kr_obj_new(&kt_%s, sizeof(kf_%s));\n  if (!F)\n    return NULL;\n", n, n,
             n, n);
  buf_printf(o, "  F->it.next = kn_%s;\n  F->it.kind = %s;\n", n, valkind(yt));
  for (int i = 0; i < fn->nparams; i++) {
    buf_printf(o, "  F->p%d = p%d;\n", i, i);
    if (boxed(fn->params[i]))
      buf_printf(o, "  kr_incref(p%d);\n", i);
  }
  buf_puts(o, "  return &F->it.h;\n}\n\n");
}

/* Every specialisation reached: the program's module code first, then
 * every module's functions and (for imported modules) module code. */
static void all_specs(Program *p, Vec *out) {
  vec_push(out, p->entry);
  for (int mi = 0; mi < p->nmods; mi++) {
    Module *m = p->mods[mi];
    if (mi > 0)
      for (int k = 0; k < m->init->nspecs; k++)
        vec_push(out, m->init->specs[k]);
    for (int i = 0; i < m->nfuncs; i++)
      for (int k = 0; k < m->funcs[i]->nspecs; k++)
        vec_push(out, m->funcs[i]->specs[k]);
    for (int i = 0; i < m->nmethods; i++)
      for (int k = 0; k < m->methods[i]->nspecs; k++)
        vec_push(out, m->methods[i]->specs[k]);
    for (int i = 0; i < m->ninner; i++)
      for (int k = 0; k < m->inner[i]->nspecs; k++)
        vec_push(out, m->inner[i]->specs[k]);
  }
}

/* The type of each global of each module: the join of what the program
 * stores in it and reads from it. */
static const Type ***global_types(Program *p, Vec *specs) {
  const Type ***g = xmalloc((size_t)p->nmods * sizeof *g);
  for (int mi = 0; mi < p->nmods; mi++) {
    g[mi] = xmalloc((size_t)(p->mods[mi]->nglobals + 1) * sizeof **g);
    for (int i = 0; i < p->mods[mi]->nglobals; i++)
      g[mi][i] = ty_unknown;
  }
  for (int s = 0; s < specs->len; s++) {
    IrFunc *fn = specs->items[s];
    for (int b = 0; b < fn->nblocks; b++)
      for (int i = 0; i < fn->blocks[b]->ninstrs; i++) {
        Instr *in = fn->blocks[b]->instrs[i];
        if (in->op != IR_GLOBAL_SET && in->op != IR_GLOBAL_GET)
          continue;
        Module *gm = in->gmod ? in->gmod : fn->decl->mod;
        int k = module_global_index(gm, in->name);
        g[gm->index][k] = ty_join(g[gm->index][k], in->op == IR_GLOBAL_SET ? in->args[0]->type : in->type);
      }
  }
  return g;
}

/* A C string array: static const char *const NAME[] = {"a", "b"}; */
static void string_array(Buf *o, const char *name, Buf *items, int n) {
  buf_printf(o, "static const char *const %s[] = {%s};\n", name, n ? items->data : "NULL");
}

/* A library's exports: per export a wrapper that takes its converted
 * arguments as KrVals and returns its result boxed, the tables abi.c reads,
 * and kr_library. */
static void emit_library(Buf *o, Program *p) {
  Module *m = p->m;
  for (int i = 0; i < p->nexports; i++) {
    IrFunc *fn = p->exports[i];
    FuncDecl *f = fn->decl;
    buf_printf(o, "static KrObj *kx_%d(const KrVal *a) {\n  ", i);
    const Type *ret = fn->ret;
    bool unit = ret->kind == TY_NONE || ret->kind == TY_NORETURN;
    if (!unit)
      buf_printf(o, "%s r = ", ctype(ret));
    buf_printf(o, "%s(", fn->cname);
    for (int k = 0; k < fn->nparams; k++) {
      const Type *t = fn->params[k];
      const char *field = t->kind == TY_INT     ? "i"
                          : t->kind == TY_FLOAT ? "f"
                          : t->kind == TY_BOOL  ? "b"
                          : boxed(t)            ? "o"
                                                : NULL;
      buf_puts(o, k ? ", " : "");
      if (field)
        buf_printf(o, "a[%d].%s", k, field);
      else
        buf_puts(o, "0");
    }
    buf_puts(o, ");\n  if (kr_failed())\n    return NULL;\n");
    if (unit)
      buf_puts(o, "  return kr_None;\n");
    else if (ret->kind == TY_INT)
      buf_puts(o, "  return kr_int_box(r);\n");
    else if (ret->kind == TY_FLOAT)
      buf_puts(o, "  return kr_float_box(r);\n");
    else if (ret->kind == TY_BOOL)
      buf_puts(o, "  return kr_bool_box(r);\n");
    else
      buf_puts(o, "  return r;\n");
    buf_puts(o, "}\n");
    Buf names = {0}, types = {0}, dflts = {0};
    int ndefaults = f->def->FunctionDef.args->arguments.defaults.len;
    for (int k = 0; k < fn->nparams; k++) {
      buf_puts(&names, k ? ", " : "");
      c_string(&names, f->locals[k]->str, f->locals[k]->len);
      buf_puts(&types, k ? ", " : "");
      const char *ty = ty_str_of(fn->params[k]);
      c_string(&types, ty, strlen(ty));
      if (k >= fn->nparams - ndefaults) {
        Buf json = {0};
        export_param_default(&json, f, k);
        buf_puts(&dflts, dflts.len ? ", " : "");
        c_string(&dflts, json.data, json.len);
        buf_free(&json);
      }
    }
    char name[32];
    snprintf(name, sizeof name, "kx_%d_params", i);
    string_array(o, name, &names, fn->nparams);
    snprintf(name, sizeof name, "kx_%d_types", i);
    string_array(o, name, &types, fn->nparams);
    snprintf(name, sizeof name, "kx_%d_defaults", i);
    string_array(o, name, &dflts, ndefaults);
    buf_free(&names);
    buf_free(&types);
    buf_free(&dflts);
  }
  buf_puts(o, "\nstatic const KrExport kp_exports[] = {\n");
  for (int i = 0; i < p->nexports; i++) {
    IrFunc *fn = p->exports[i];
    FuncDecl *f = fn->decl;
    bool stream = fn->ret->kind == TY_ITER;
    const Type *rt = stream ? fn->ret->elem : fn->ret;
    const char *ret = ty_str_of(rt->kind == TY_NORETURN ? ty_none : rt);
    buf_puts(o, "  {");
    c_string(o, f->name->str, f->name->len);
    buf_printf(o, ", %d, %d, kx_%d_params, kx_%d_types, kx_%d_defaults, ", fn->nparams,
               fn->nparams - f->def->FunctionDef.args->arguments.defaults.len, i, i, i);
    c_string(o, ret, strlen(ret));
    buf_printf(o, ", kx_%d, %d},\n", i, stream);
  }
  if (!p->nexports)
    buf_puts(o, "  {0}\n");
  /* a constant that could not be made (MemoryError) stops the module's
   * code before it runs on a NULL */
  buf_puts(o, "};\n\nstatic void kp_init(void) {\n  kp_constants();\n");
  buf_printf(o, "  if (!kr_failed())\n    %s();\n}\n\nconst KrLibrary kr_library = {", p->entry->cname);
  c_string(o, m->name->str, m->name->len);
  buf_puts(o, ", ");
  Buf manifest = {0};
  export_manifest(&manifest, m, p->exports, p->nexports);
  c_string(o, manifest.data, manifest.len);
  buf_free(&manifest);
  buf_printf(o, ", kp_init, kp_exports, %d};\n", p->nexports);
}

/* How a unit declares what the program's functions share (globals, str
 * constants, exception and class types, modules' loaded flags): UNIT_ONE,
 * the program's only unit, as statics; UNIT_OWN, unit 0 of several, which
 * defines them; UNIT_USE, the other units, which declare them extern. */
enum { UNIT_ONE, UNIT_OWN, UNIT_USE };

/* The top of a unit: the runtime's header, the class structs and the
 * program's shared data, in the unit's form. Several units share their
 * symbols through hidden visibility, so a library exports nothing more. */
static void emit_head(Buf *out, Emit *E, Program *p, Vec *classes, int form) {
  const char *st = form == UNIT_ONE ? "static " : form == UNIT_OWN ? "" : "extern ";
  buf_printf(out, "/* Generated by kiln %s from %s. */\n", KILN_VERSION, p->m->src->path);
  buf_puts(out, "#define KR_GENERATED\n#include \"kilnrt.h\"\n\n");
  if (form != UNIT_ONE)
    buf_puts(out, "#pragma GCC visibility push(hidden)\n");
  bool frozen = false;
  for (int i = 0; i < classes->len; i++) {
    emit_class_struct(out, classes->items[i], form != UNIT_ONE);
    frozen |= ((ClassDecl *)classes->items[i])->frozen;
  }
  if (classes->len)
    buf_puts(out, "static inline int kp_not(KrObj *o) {\n  int t = kr_obj_truth(o);\n  kr_decref(o);\n"
                  "  return t == 0;\n}\n");
  if (frozen && form == UNIT_USE)
    buf_puts(out, "extern const KrType kp_FrozenInstanceError;\n");
  else if (frozen)
    buf_printf(out, "%sconst KrType kp_FrozenInstanceError = {.name = \"FrozenInstanceError\", .module = "
                    "\"dataclasses\", .base = &kr_AttributeError_type, .size = sizeof(KrExc), .dealloc = "
                    "kr_exc_dealloc, .repr = kr_exc_repr, .str = kr_exc_str};\n",
               st);
  for (int mi = 0; mi < p->nmods; mi++) {
    Module *gm = p->mods[mi];
    if (mi > 0)
      buf_printf(out, "/* module %s (%s) */\n%sbool kp_%sloaded;\n", gm->name->str, gm->src->path, st, gm->prefix);
    /* the module's exception classes: types like the runtime's built-in ones */
    for (int i = 0; i < gm->nexc; i++) {
      buf_printf(out, "%sconst KrType kp_exc_%s%s", st, gm->prefix, gm->exc_names[i]->str);
      if (form == UNIT_USE) {
        buf_puts(out, ";\n");
        continue;
      }
      buf_puts(out, " = {.name = ");
      c_string(out, gm->exc_names[i]->str, gm->exc_names[i]->len);
      buf_puts(out, ", .module = ");
      c_string(out, gm->name->str, gm->name->len);
      buf_printf(out, ", .base = %s, .size = sizeof(KrExc), .dealloc = kr_exc_dealloc, "
                      ".repr = kr_exc_repr, .str = kr_exc_str};\n",
                 exc_type(gm, gm->exc_bases[i], NULL));
    }
    for (int g = 0; g < gm->nglobals; g++) {
      const Type *t = E->gtypes[mi][g];
      buf_printf(out, "%s%s kg_%s%d; /* %s: %s */\n", st, ctype(t), gm->prefix, g, gm->globals[g]->str,
                 ty_str_of(t));
      if (!boxed(t))
        buf_printf(out, "%sbool kg_%s%d_set;\n", st, gm->prefix, g);
    }
  }
  buf_puts(out, "\n");
}

int emit_program(Buf *units, int max_units, Program *p) {
  Module *m = p->m;
  IrFunc *entry = p->entry;
  Emit E = {.m = m};
  Vec specs = {0};
  all_specs(p, &specs);
  E.gtypes = global_types(p, &specs);
  Vec classes = {0};
  all_classes(p, &classes);

  /* each specialisation's C on its own; then what unit 0 alone holds: the
   * class types (whose slots call methods), main or the library's tables */
  int ns = specs.len;
  Buf *texts = xmalloc(((size_t)ns + 1) * sizeof *texts);
  char **names = xmalloc(((size_t)ns + 1) * sizeof *names);
  bool *single = xmalloc(((size_t)ns + 1) * sizeof *single);
  find_still(&specs);
  for (int s = 0; s < ns; s++) {
    IrFunc *fn = specs.items[s];
    texts[s] = (Buf){0};
    E.out = &texts[s];
    if (fn->decl->generator)
      emit_generator(&E, fn);
    else
      emit_func(&E, fn);
    names[s] = fn->cname;
    single[s] = fn->decl->generator;
  }
  Buf types = {0}, tail = {0}, roots = {0};
  for (int i = 0; i < classes.len; i++)
    emit_class_type(&types, classes.items[i], false);
  if (p->library)
    emit_library(&tail, p);
  else
    buf_printf(&tail, "int main(int argc, char **argv) {\n  kr_init(argc, argv);\n  kp_constants();\n"
                      "  if (!kr_failed())\n    %s();\n  return kr_exit();\n}\n",
               entry->cname);
  buf_putn(&roots, types.data ? types.data : "", types.len);
  buf_putn(&roots, tail.data ? tail.data : "", tail.len);
  UnitPlan up;
  units_plan(&up, max_units, ns, names, texts, single, &roots);
  if (up.n > 1) {
    types.len = 0;
    for (int i = 0; i < classes.len; i++)
      emit_class_type(&types, classes.items[i], true);
  }

  for (int u = 0; u < up.n; u++) {
    Buf *out = &units[u];
    const uint8_t *in = up.in + (size_t)u * (size_t)ns;
    int form = up.n == 1 ? UNIT_ONE : u == 0 ? UNIT_OWN : UNIT_USE;
    emit_head(out, &E, p, &classes, form);
    /* string constants: immortal objects made once at start-up */
    for (int i = 0; i < E.consts.len; i++)
      buf_printf(out, "%sKrObj *kc_%d;\n", form == UNIT_ONE ? "static " : form == UNIT_OWN ? "" : "extern ", i);
    /* the functions: static where the unit holds its own copy, else
     * defined in one unit for all */
    for (int s = 0; s < ns; s++) {
      bool copy = up.n == 1 || up.home[s] < 0;
      if (copy && !in[s])
        continue;
      buf_puts(out, copy ? "static " : "");
      func_signature(out, specs.items[s]);
      buf_puts(out, ";\n");
    }
    buf_puts(out, "\n");
    if (u == 0) {
      buf_putn(out, types.data ? types.data : "", types.len);
      buf_puts(out, "\nstatic void kp_constants(void) {\n");
      for (int i = 0; i < E.consts.len; i++) {
        Instr *c = E.consts.items[i];
        buf_printf(out, "  kc_%d = kr_str_const(", i);
        c_string(out, c->cval.s, c->cval.len);
        buf_printf(out, ", %zu);\n", c->cval.len);
      }
      buf_puts(out, "}\n\n");
    }
    for (int s = 0; s < ns; s++)
      if (in[s])
        buf_putn(out, texts[s].data ? texts[s].data : "", texts[s].len);
    if (u == 0) {
      if (up.n > 1)
        buf_puts(out, "#pragma GCC visibility pop\n");
      buf_putn(out, tail.data ? tail.data : "", tail.len);
    }
  }
  int n = up.n;
  units_free(&up);
  for (int s = 0; s < ns; s++)
    buf_free(&texts[s]);
  free(texts);
  free(names);
  free(single);
  buf_free(&types);
  buf_free(&tail);
  buf_free(&roots);
  free(classes.items);
  free(specs.items);
  for (int mi = 0; mi < p->nmods; mi++)
    free(E.gtypes[mi]);
  free(E.gtypes);
  free(E.maybe_unbound);
  free(E.unbuilt);
  free(E.uses);
  free(E.slot_in);
  free(E.borrowed);
  free(E.consts.items);
  free(E.cyclic);
  buf_free(&E.errlines);
  return n;
}
