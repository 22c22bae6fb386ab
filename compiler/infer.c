/* infer.c — type propagation over the SSA IR, and the op library.
 *
 * Types start at the entry (module code has no parameters; an exported
 * function's come from its annotations) and at constants, and flow forward
 * through every instruction: an operation's result type is the result of
 * the op-library row its argument types select (ops.def). A phi joins its
 * operands' types (ty_join: equal types stay, None makes Optional, other
 * mixes become a boxed variant). A call of a function of the program
 * selects — or creates and lowers — that function's specialisation for the
 * argument types at the call site, so a helper called with ints and with
 * floats becomes two C functions. Module globals get the join of every value
 * stored into them.
 *
 * All of this runs to a fixed point: return types and global types start
 * unknown and only grow (the join is monotone), so recursion and mutual
 * recursion settle. Then one checking pass reports every operation no row
 * matches, each with file:line:col and the argument types inferred.
 */
#include "kilnc.h"

#include <stdlib.h>
#include <string.h>

const OpRow op_table[] = {
#define E OPF_RAISES
#define OP(callee, sig, result, cfn, flags) {callee, sig, result, cfn, flags},
#include "ops.def"
#undef OP
#undef E
};
const int op_count = (int)countof(op_table);

const Type *type_of_code(char code) {
  switch (code) {
  case 'i': return ty_int;
  case 'f': return ty_float;
  case 'b': return ty_bool;
  case 's': return ty_str;
  case 'n':
  case '-': return ty_none;
  case 'r': return ty_range;
  case 'o': return ty_object;
  default: return NULL;
  }
}

const Type *type_from_annotation(Node *ann) {
  if (!ann)
    return NULL;
  if (ann->kind == AST_Constant && ann->Constant.value.kind == CONST_NONE)
    return ty_none;
  if (ann->kind == AST_Name) {
    const char *n = ann->Name.id->str;
    if (!strcmp(n, "int"))
      return ty_int;
    if (!strcmp(n, "float"))
      return ty_float;
    if (!strcmp(n, "str"))
      return ty_str;
    if (!strcmp(n, "bool"))
      return ty_bool;
    return NULL;
  }
  if (ann->kind == AST_Subscript && ann->Subscript.value->kind == AST_Name) {
    const char *n = ann->Subscript.value->Name.id->str;
    Node *arg = ann->Subscript.slice;
    if ((!strcmp(n, "dict") || !strcmp(n, "Dict")) && arg->kind == AST_Tuple &&
        arg->Tuple.elts.len == 2) {
      const Type *k = type_from_annotation(arg->Tuple.elts.items[0]);
      const Type *v = type_from_annotation(arg->Tuple.elts.items[1]);
      return k && v ? ty_dict(k, v) : NULL;
    }
    const Type *inner = type_from_annotation(arg);
    if (!inner)
      return NULL;
    if (!strcmp(n, "list") || !strcmp(n, "List"))
      return ty_list(inner);
    if (!strcmp(n, "Optional"))
      return ty_optional(inner);
  }
  return NULL;
}

/* How `kiln ops` shows a type code of ops.def. */
static const char *code_name(char c) {
  switch (c) {
  case 'L': return "list";
  case 'D': return "dict";
  case 'e':
  case 'E': return "item";
  case 'k': return "key";
  case 'v':
  case 'V': return "value";
  case 'M': return "same";
  case 'S': return "list[str]";
  case 'a': return "any";
  case '*': return "...";
  default: {
    const Type *t = type_of_code(c);
    return t ? ty_str_of(t) : "?";
  }
  }
}

void ops_print(FILE *out) {
  fprintf(out, "%-16s %-14s %-10s %-22s %s\n", "callee", "args", "result", "C", "raises");
  for (int i = 0; i < op_count; i++) {
    const OpRow *r = &op_table[i];
    Buf args = {0};
    for (const char *c = r->sig; *c; c++)
      buf_printf(&args, "%s%s", c == r->sig ? "" : ",", code_name(*c));
    fprintf(out, "%-16s %-14s %-10s %-22s %s\n", r->callee, args.data ? args.data : "()",
            code_name(r->result), r->cfn, r->flags & OPF_RAISES ? "yes" : "");
    buf_free(&args);
  }
}

/* Can a value of type t go where type want is expected? exact: no
 * promotion (bool → int → float); a boxed dynamic place takes anything. */
static bool fits_type(const Type *t, const Type *want, bool exact) {
  if (t == want)
    return true;
  if (want->kind == TY_OBJECT)
    return true;
  if (want->kind == TY_OPTIONAL)
    return t == want->elem || t == ty_none;
  if (exact)
    return false;
  return (want == ty_float && (t == ty_int || t == ty_bool)) || (want == ty_int && t == ty_bool);
}

/* Does type t fit the signature code c? exact: no promotion. args[0] is
 * the first argument (for 'e', the element type of a list). */
static bool fits(const Type *t, char c, bool exact, const Type *first) {
  switch (c) {
  case 'a': return true;
  case 'L': return t->kind == TY_LIST;
  case 'D': return t->kind == TY_DICT;
  case 'M': return t == first;
  /* no promotion into a container: a list[float] holding an int would print
   * differently from CPython's, so that is a compile error, not a conversion */
  case 'e': return first->kind == TY_LIST && fits_type(t, first->elem, true);
  /* a dict's key or value: keys may be promoted (1 and 1.0 are the same key),
   * values not (they are stored) */
  case 'k': return first->kind == TY_DICT && fits_type(t, first->key, false);
  case 'v': return first->kind == TY_DICT && fits_type(t, first->elem, true);
  case 'o': return !ty_is_unboxed(t) && t->kind != TY_RANGE;
  case 'f':
    if (t == ty_float)
      return true;
    return !exact && (t == ty_int || t == ty_bool);
  case 'i': return t == ty_int || (!exact && t == ty_bool);
  default: return t == type_of_code(c);
  }
}

static const OpRow *match(const char *callee, const Type **args, int nargs) {
  for (int pass = 0; pass < 2; pass++) {
    for (int i = 0; i < op_count; i++) {
      const OpRow *r = &op_table[i];
      if (strcmp(r->callee, callee) != 0)
        continue;
      int n = (int)strlen(r->sig);
      bool variadic = n && r->sig[n - 1] == '*';
      if (variadic)
        n--;
      if (variadic ? nargs < n : nargs != n)
        continue;
      bool ok = true;
      for (int k = 0; k < n && ok; k++)
        ok = fits(args[k], r->sig[k], pass == 0,
                  (r->sig[0] == 'k' || r->sig[0] == 'e') && nargs > 1 ? args[1] : args[0]);
                  /* "in": the container is second */
      if (ok)
        return r;
    }
  }
  return NULL;
}

static const char *callee_of(Instr *in) {
  static const char *const binops[] = {"+", "-", "*", "@", "/", "%", "**", "<<", ">>", "|", "^", "&", "//"};
  static const char *const unops[] = {"~x", "not", "+x", "-x"};
  static const char *const cmps[] = {"==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in"};
  switch (in->op) {
  case IR_BINOP:
    /* x ** c with a constant c >= 0 stays an int; any other int ** int may
     * be a float (2 ** -1 == 0.5) */
    if (in->sub == BIN_Pow && in->args[1]->op == IR_CONST && in->args[1]->cval.kind == CONST_INT &&
        in->args[1]->cval.i >= 0)
      return "**+";
    return binops[in->sub];
  case IR_UNARYOP: return unops[in->sub];
  case IR_COMPARE: return cmps[in->sub];
  case IR_TRUTH:
  case IR_NOT: return "truth";
  case IR_BUILTIN: return in->name->str;
  default: return "?";
  }
}

/* ----------------------------------------------------------- propagation */

typedef struct Infer {
  Arena *a;
  Module *m;
  const Type **globals; /* per module global */
  Vec specs;            /* every IrFunc created */
  bool changed;
} Infer;

static Infer *cur_infer;

static const Type *const_type(Instr *in) {
  if (in->callee)
    return ty_func(in->callee);
  switch (in->cval.kind) {
  case CONST_NONE: return ty_none;
  case CONST_TRUE:
  case CONST_FALSE: return ty_bool;
  case CONST_INT: return ty_int;
  case CONST_FLOAT: return ty_float;
  case CONST_STR: return ty_str;
  case CONST_BYTES: return ty_bytes;
  default: return ty_unknown; /* big ints, complex: reported by check() */
  }
}

IrFunc *func_spec(Arena *a, FuncDecl *f, const Type **args, int nargs) {
  for (int i = 0; i < f->nspecs; i++) {
    IrFunc *s = f->specs[i];
    if (s->nparams == nargs && (nargs == 0 || !memcmp(s->params, args, (size_t)nargs * sizeof *args)))
      return s;
  }
  const Type **params = arena_alloc(a, (size_t)(nargs + 1) * sizeof *params);
  if (nargs)
    memcpy(params, args, (size_t)nargs * sizeof *args);
  IrFunc *s = lower_func(a, f, params, nargs);
  s->ret = ty_unknown;
  f->specs = xrealloc(f->specs, (size_t)(f->nspecs + 1) * sizeof *f->specs);
  f->specs[f->nspecs++] = s;
  Buf name = {0};
  buf_printf(&name, "kp_%s", f->def->kind == AST_Module ? "module" : f->name->str);
  if (f->nspecs > 1)
    buf_printf(&name, "_%d", f->nspecs);
  s->cname = arena_strndup(a, name.data, name.len);
  buf_free(&name);
  if (cur_infer) {
    vec_push(&cur_infer->specs, s);
    cur_infer->changed = true;
  }
  return s;
}

static void set_type(Infer *I, Instr *in, const Type *t) {
  if (in->type != t) {
    in->type = t;
    I->changed = true;
  }
}

static void infer_instr(Infer *I, IrFunc *fn, Instr *in) {
  const Type *args[16];
  int nargs = in->nargs > 16 ? 16 : in->nargs;
  bool known = true;
  for (int i = 0; i < nargs; i++) {
    args[i] = in->args[i]->type;
    if (args[i]->kind == TY_UNKNOWN)
      known = false;
  }
  switch (in->op) {
  case IR_CONST: set_type(I, in, const_type(in)); break;
  case IR_PARAM: set_type(I, in, fn->params[in->sub]); break;
  case IR_UNDEF: break;
  case IR_PHI: {
    const Type *t = ty_unknown;
    for (int i = 0; i < in->nargs; i++)
      t = ty_join(t, in->args[i]->type);
    set_type(I, in, t);
    break;
  }
  case IR_GLOBAL_GET: {
    int g = module_global_index(I->m, in->name);
    set_type(I, in, I->globals[g]);
    break;
  }
  case IR_GLOBAL_SET: {
    int g = module_global_index(I->m, in->name);
    const Type *t = ty_join(I->globals[g], args[0]);
    if (t != I->globals[g]) {
      I->globals[g] = t;
      I->changed = true;
    }
    break;
  }
  case IR_CALL:
    if (known) {
      in->target = func_spec(I->a, in->callee, args, nargs);
      set_type(I, in, in->target->ret);
    }
    break;
  case IR_RETURN: {
    const Type *t = ty_join(fn->ret, args[0]);
    if (t != fn->ret) {
      fn->ret = t;
      I->changed = true;
    }
    break;
  }
  case IR_EXC_NEW:
  case IR_EXC_FETCH:
  case IR_EXC_BEGIN: set_type(I, in, ty_object); break;
  case IR_EXC_MATCH: set_type(I, in, ty_bool); break;
  case IR_EXC_END: set_type(I, in, ty_none); break;
  case IR_NOT:
  case IR_TRUTH:
  case IR_BINOP:
  case IR_UNARYOP:
  case IR_COMPARE:
  case IR_BUILTIN:
    if (in->op == IR_BUILTIN && !strcmp(in->name->str, "list.new")) {
      /* [a, b, c]: a list of the join of the items' types, or the annotated type */
      const Type *elem = ty_unknown;
      for (int i = 0; i < nargs; i++)
        elem = ty_join(elem, args[i]);
      in->row = match("list.new", args, nargs);
      if (in->ann)
        set_type(I, in, in->ann);
      else if (nargs == 0) /* [] with no annotation: items of any type, boxed */
        set_type(I, in, ty_list(ty_object));
      else if (known && elem->kind != TY_UNKNOWN)
        set_type(I, in, ty_list(elem));
      break;
    }
    if (in->op == IR_BUILTIN && !strcmp(in->name->str, "dict.new")) {
      /* {k: v, ...}: keys and values joined; {} alone holds boxed objects */
      const Type *k = ty_unknown, *v = ty_unknown;
      for (int i = 0; i + 1 < nargs; i += 2) {
        k = ty_join(k, args[i]);
        v = ty_join(v, args[i + 1]);
      }
      in->row = match("dict.new", args, nargs);
      if (in->ann)
        set_type(I, in, in->ann);
      else if (nargs == 0)
        set_type(I, in, ty_dict(ty_object, ty_object));
      else if (known)
        set_type(I, in, ty_dict(k, v));
      break;
    }
    if (in->op == IR_BUILTIN && !strcmp(in->name->str, "tuple.new")) {
      if (known) {
        in->row = match("tuple.new", args, nargs);
        set_type(I, in, ty_tuple(args, nargs));
      }
      break;
    }
    if (in->op == IR_BUILTIN && !strcmp(in->name->str, "tuple.item")) {
      /* unpacking: an item of a tuple of the right length (checked by check_func) */
      if (known && args[0]->kind == TY_TUPLE && args[0]->nitems == in->var) {
        in->row = match("tuple.item", args, nargs);
        set_type(I, in, args[0]->items[in->sub]);
      }
      break;
    }
    if (known) {
      in->row = match(callee_of(in), args, nargs);
      if (in->row) {
        const Type *t = in->op == IR_NOT        ? ty_bool
                        : in->row->result == 'E' ? args[0]->elem
                        : in->row->result == 'L' ? args[0]
                        : in->row->result == 'S' ? ty_list(ty_str)
                        : in->row->result == 'V' ? args[0]->elem
                                                 : type_of_code(in->row->result);
        set_type(I, in, t);
      }
    }
    break;
  default: break;
  }
}

static void infer_func(Infer *I, IrFunc *fn) {
  for (int b = 0; b < fn->nblocks; b++) {
    Block *blk = fn->blocks[b];
    for (int i = 0; i < blk->ninstrs; i++)
      infer_instr(I, fn, blk->instrs[i]);
  }
}

/* ---------------------------------------------------------------- checks */

static int nerrors;

static void type_error(Source *src, uint32_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void type_error(Source *src, uint32_t off, const char *fmt, ...) {
  Diag d;
  va_list ap;
  va_start(ap, fmt);
  diag_make(&d, src, off, ERR_SYNTAX, fmt, ap);
  va_end(ap);
  diag_print(stderr, &d);
  nerrors++;
}

static void check_func(Infer *I, IrFunc *fn) {
  Source *src = fn->decl->mod->src;
  for (int b = 0; b < fn->nblocks; b++) {
    Block *blk = fn->blocks[b];
    for (int i = 0; i < blk->ninstrs; i++) {
      Instr *in = blk->instrs[i];
      if (in->op == IR_BUILTIN && !strcmp(in->name->str, "list.new") && in->ann &&
          in->type->kind == TY_LIST) {
        for (int k = 0; k < in->nargs; k++)
          if (!fits_type(in->args[k]->type, in->type->elem, false))
            type_error(src, in->args[k]->off, "a %s item in a list annotated %s",
                       ty_str_of(in->args[k]->type), ty_str_of(in->type));
      }
      if (in->op == IR_CONST && in->type->kind == TY_UNKNOWN) {
        type_error(src, in->off, "kiln does not support %s constants yet",
                   in->cval.kind == CONST_BIGINT ? "integer constants beyond 64 bits (int)"
                                                 : "complex");
        continue;
      }
      bool needs_row = in->op == IR_BINOP || in->op == IR_UNARYOP || in->op == IR_COMPARE ||
                       in->op == IR_BUILTIN || in->op == IR_TRUTH || in->op == IR_NOT;
      if (!needs_row || in->row)
        continue;
      bool known = true;
      for (int k = 0; k < in->nargs; k++)
        known &= in->args[k]->type->kind != TY_UNKNOWN;
      if (!known)
        continue; /* an earlier error, or dead code */
      Buf sig = {0};
      for (int k = 0; k < in->nargs; k++)
        buf_printf(&sig, "%s%s", k ? ", " : "", ty_str_of(in->args[k]->type));
      const char *callee = callee_of(in);
      if (!strcmp(callee, "tuple.item")) {
        if (in->sub == 0) {
          const Type *t = in->args[0]->type;
          if (t->kind == TY_TUPLE)
            type_error(src, in->off, "%s values to unpack (expected %d, got %d)",
                       t->nitems > in->var ? "too many" : "not enough", in->var, t->nitems);
          else
            type_error(src, in->off, "kiln does not support unpacking %s yet", ty_str_of(t));
        }
      } else if (!strcmp(callee, "seq.more"))
        type_error(src, in->off, "kiln does not support for loops over %s yet",
                   ty_str_of(in->args[0]->type));
      else if (!strcmp(callee, "seq.item"))
        ; /* reported with seq.more */
      else if (in->op == IR_BUILTIN && callee[0] == '.')
        type_error(src, in->off, "kiln has no method %s for %s (no op-library row '%s(%s)')",
                   callee + 1, ty_str_of(in->args[0]->type), callee, sig.data ? sig.data : "");
      else if (in->op == IR_BUILTIN)
        type_error(src, in->off, "kiln does not support %s(%s) yet (no op-library row)", callee,
                   sig.data ? sig.data : "");
      else
        type_error(src, in->off, "kiln does not support '%s' on (%s) yet (no op-library row)",
                   callee, sig.data ? sig.data : "");
      buf_free(&sig);
    }
  }
  (void)I;
}

int infer_program(Arena *a, Module *m, IrFunc *entry, IrFunc **exports, int nexports) {
  Infer I = {.a = a, .m = m};
  I.globals = arena_alloc(a, (size_t)(m->nglobals + 1) * sizeof *I.globals);
  for (int g = 0; g < m->nglobals; g++)
    I.globals[g] = ty_unknown;
  cur_infer = &I;
  entry->ret = ty_unknown;
  vec_push(&I.specs, entry);
  for (int i = 0; i < nexports; i++)
    vec_push(&I.specs, exports[i]);
  do {
    I.changed = false;
    for (int i = 0; i < I.specs.len; i++)
      infer_func(&I, I.specs.items[i]);
  } while (I.changed);
  cur_infer = NULL;
  nerrors = 0;
  for (int i = 0; i < I.specs.len; i++) {
    IrFunc *fn = I.specs.items[i];
    check_func(&I, fn);
    fn->typed = true;
    if (fn->ret->kind == TY_UNKNOWN) /* never returns normally */
      fn->ret = ty_noreturn;
  }
  free(I.specs.items);
  return nerrors;
}
