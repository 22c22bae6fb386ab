/* lower.c — AST to SSA IR, one function at a time.
 *
 * Each function becomes a graph of basic blocks whose instructions are in
 * SSA form, built directly from the AST with the algorithm of Braun et al.,
 * "Simple and Efficient Construction of Static Single Assignment Form"
 * (CC 2013): a local variable's current value is looked up per block, phis
 * are created on demand at merges, and a block is "sealed" once all its
 * predecessors are known. Trivial phis (all operands the same value) are
 * forwarded to that value and dropped in a final pass.
 *
 * Every instruction keeps the source offset of the AST node it comes from,
 * so type errors and run-time tracebacks point at Python lines.
 *
 * Constructs kiln cannot compile yet are refused here with error_at and the
 * construct's name: the driver prints file:line:col and the source line.
 */
#include "kilnc.h"

#include <stdlib.h>
#include <string.h>

const char *const ir_name[IR_COUNT] = {
#define IR(name, text, flags) text,
#include "ir.def"
#undef IR
};

#define RAISES IRF_RAISES
#define TERM IRF_TERM
#define PURE IRF_PURE
const int ir_flags[IR_COUNT] = {
#define IR(name, text, flags) flags,
#include "ir.def"
#undef IR
};
#undef RAISES
#undef TERM
#undef PURE

typedef struct Loop {
  Block *head;  /* continue target */
  Block *exit;  /* break target */
  struct Loop *outer;
} Loop;

typedef struct Lower {
  Arena *a;
  Source *src;
  FuncDecl *decl;
  IrFunc *fn;
  Block *cur;     /* the block being filled; NULL after a terminator (dead code) */
  Vec blocks;
  Loop *loop;
  int nvars;
  Block *handler; /* where an exception raised here goes (a try's dispatch), or NULL */
} Lower;

/* Is id an exception class here: a built-in one or one the module defines,
 * and not shadowed by a variable? */
static bool is_exception_name(Lower *L, Ident *id) {
  if (func_local_index(L->decl, id) >= 0 || module_global_index(L->decl->mod, id) >= 0)
    return false;
  return is_builtin_exception(id) || module_exception(L->decl->mod, id) >= 0;
}

_Noreturn static void unsupported(Lower *L, Node *n, const char *what) {
  error_at(L->src, n->off, ERR_SYNTAX, "kiln does not support %s yet", what);
}

/* ---------------------------------------------------------------- blocks */

static Block *new_block(Lower *L) {
  Block *b = arena_alloc(L->a, sizeof *b);
  b->id = L->blocks.len;
  b->defs = arena_alloc(L->a, (size_t)(L->nvars + 1) * sizeof *b->defs);
  b->incomplete = arena_alloc(L->a, (size_t)(L->nvars + 1) * sizeof *b->incomplete);
  vec_push(&L->blocks, b);
  return b;
}

static void add_pred(Block *b, Block *pred) {
  if (b->npreds == b->cappreds) {
    b->cappreds = b->cappreds ? b->cappreds * 2 : 4;
    b->preds = xrealloc(b->preds, (size_t)b->cappreds * sizeof *b->preds);
  }
  b->preds[b->npreds++] = pred;
}

static void append(Block *b, Instr *in) {
  if (b->ninstrs == b->cap) {
    b->cap = b->cap ? b->cap * 2 : 8;
    b->instrs = xrealloc(b->instrs, (size_t)b->cap * sizeof *b->instrs);
  }
  b->instrs[b->ninstrs++] = in;
  in->block = b;
}

/* Value numbers follow the order instructions are placed, so dumps read
 * top to bottom. */
static void number(Lower *L, Instr *in) {
  if (in->id < 0)
    in->id = L->fn->nvalues++;
}

static Instr *new_instr(Lower *L, IrOp op, uint32_t off, int nargs) {
  Instr *in = arena_alloc(L->a, sizeof *in);
  in->op = op;
  in->off = off;
  in->id = -1;
  in->type = ty_unknown;
  in->nargs = nargs;
  if (nargs)
    in->args = arena_alloc(L->a, (size_t)nargs * sizeof *in->args);
  return in;
}

/* The block being filled; after a terminator, a fresh unreachable one. */
static Block *cur_block(Lower *L) {
  if (!L->cur) {
    L->cur = new_block(L);
    L->cur->sealed = true;
  }
  return L->cur;
}

/* Emit an instruction into the current block. Code after a return, raise,
 * break or continue is unreachable: it still gets lowered (into a fresh
 * block nothing jumps to) so that errors in it are still reported. */
static void add_pred(Block *b, Block *pred);

static Instr *emit(Lower *L, Instr *in) {
  Block *b = cur_block(L);
  append(b, in);
  number(L, in);
  if ((ir_flags[in->op] & IRF_RAISES) && L->handler) {
    /* in a try body: the exception edge to the dispatch block, and the
     * block ends here so that the dispatch sees the variables' values at
     * this point */
    in->succs[1] = L->handler;
    add_pred(L->handler, b);
    if (!(ir_flags[in->op] & IRF_TERM)) {
      Block *next = new_block(L);
      Instr *j = new_instr(L, IR_JUMP, in->off, 0);
      j->succs[0] = next;
      append(b, j);
      number(L, j);
      add_pred(next, b);
      next->sealed = true;
      L->cur = next;
      return in;
    }
  }
  if (ir_flags[in->op] & IRF_TERM)
    L->cur = NULL;
  return in;
}

static Instr *op0(Lower *L, IrOp op, uint32_t off) { return emit(L, new_instr(L, op, off, 0)); }

static Instr *op1(Lower *L, IrOp op, uint32_t off, Instr *a) {
  Instr *in = new_instr(L, op, off, 1);
  in->args[0] = a;
  return emit(L, in);
}

static Instr *op2(Lower *L, IrOp op, uint32_t off, Instr *a, Instr *b) {
  Instr *in = new_instr(L, op, off, 2);
  in->args[0] = a;
  in->args[1] = b;
  return emit(L, in);
}

static void jump(Lower *L, Block *to, uint32_t off) {
  if (!L->cur)
    return;
  Block *from = L->cur;
  Instr *j = op0(L, IR_JUMP, off);
  j->succs[0] = to;
  add_pred(to, from);
}

static void branch(Lower *L, Instr *cond, Block *then, Block *els, uint32_t off) {
  Block *from = L->cur;
  if (!from)
    return;
  Instr *br = op1(L, IR_BRANCH, off, cond);
  br->succs[0] = then;
  br->succs[1] = els;
  add_pred(then, from);
  add_pred(els, from);
}

/* ------------------------------------------------------ SSA construction */

static Instr *read_var(Lower *L, int var, Block *b, uint32_t off);

static Instr *forwarded(Instr *v) {
  while (v->op == IR_PHI && v->nargs == -1)
    v = v->args[0];
  return v;
}

static Instr *new_phi(Lower *L, Block *b, int var) {
  Instr *phi = new_instr(L, IR_PHI, b->ninstrs ? b->instrs[0]->off : 0, 0);
  phi->var = var;
  number(L, phi);
  /* phis go first in their block */
  append(b, phi);
  memmove(b->instrs + 1, b->instrs, (size_t)(b->ninstrs - 1) * sizeof *b->instrs);
  b->instrs[0] = phi;
  return phi;
}

/* A phi whose operands are all one value (or itself) is that value. */
static Instr *try_remove_trivial(Lower *L, Instr *phi) {
  Instr *same = NULL;
  for (int i = 0; i < phi->nargs; i++) {
    Instr *op = forwarded(phi->args[i]);
    if (op == same || op == phi)
      continue;
    if (same)
      return phi;
    same = op;
  }
  if (!same) {
    same = new_instr(L, IR_UNDEF, phi->off, 0);
    same->var = phi->var;
    number(L, same);
    append(L->blocks.items[0], same); /* undef lives in the entry block */
    Block *entry = L->blocks.items[0];
    memmove(entry->instrs + 1, entry->instrs, (size_t)(entry->ninstrs - 1) * sizeof *entry->instrs);
    entry->instrs[0] = same;
  }
  /* forward: nargs -1 marks the phi as replaced by args[0] */
  phi->args = arena_alloc(L->a, sizeof *phi->args);
  phi->args[0] = same;
  phi->nargs = -1;
  return same;
}

static Instr *add_phi_operands(Lower *L, int var, Instr *phi) {
  Block *b = phi->block;
  phi->nargs = b->npreds;
  phi->args = arena_alloc(L->a, (size_t)b->npreds * sizeof *phi->args);
  for (int i = 0; i < b->npreds; i++)
    phi->args[i] = read_var(L, var, b->preds[i], phi->off);
  return try_remove_trivial(L, phi);
}

static Instr *read_var(Lower *L, int var, Block *b, uint32_t off) {
  if (b->defs[var])
    return forwarded(b->defs[var]);
  Instr *val;
  if (!b->sealed) {
    val = new_phi(L, b, var);
    b->incomplete[var] = val;
  } else if (b->npreds == 1) {
    val = read_var(L, var, b->preds[0], off);
  } else if (b->npreds == 0) {
    val = new_instr(L, IR_UNDEF, off, 0);
    val->var = var;
    number(L, val);
    append(b, val);
    memmove(b->instrs + 1, b->instrs, (size_t)(b->ninstrs - 1) * sizeof *b->instrs);
    b->instrs[0] = val;
  } else {
    Instr *phi = new_phi(L, b, var);
    b->defs[var] = phi;
    val = add_phi_operands(L, var, phi);
  }
  b->defs[var] = val;
  return val;
}

static void seal(Lower *L, Block *b) {
  for (int v = 0; v < L->nvars; v++)
    if (b->incomplete[v]) {
      add_phi_operands(L, v, b->incomplete[v]);
      b->incomplete[v] = NULL;
    }
  b->sealed = true;
}

static void write_var(Lower *L, int var, Instr *val) { cur_block(L)->defs[var] = val; }

/* After construction: replace forwarded phis by their values everywhere,
 * drop them, and repeat while new trivial phis appear. */
static void finish_ssa(Lower *L) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (int bi = 0; bi < L->blocks.len; bi++) {
      Block *b = L->blocks.items[bi];
      for (int i = 0; i < b->ninstrs; i++) {
        Instr *in = b->instrs[i];
        if (in->op == IR_PHI && in->nargs > 0 && try_remove_trivial(L, in) != in)
          changed = true;
      }
    }
  }
  for (int bi = 0; bi < L->blocks.len; bi++) {
    Block *b = L->blocks.items[bi];
    int n = 0;
    for (int i = 0; i < b->ninstrs; i++) {
      Instr *in = b->instrs[i];
      if (in->op == IR_PHI && in->nargs == -1)
        continue;
      for (int k = 0; k < in->nargs; k++)
        in->args[k] = forwarded(in->args[k]);
      b->instrs[n++] = in;
    }
    b->ninstrs = n;
  }
}

/* ----------------------------------------------------------- expressions */

static Instr *expr(Lower *L, Node *e);

static Instr *const_instr(Lower *L, uint32_t off, Const c) {
  Instr *in = new_instr(L, IR_CONST, off, 0);
  in->cval = c;
  return emit(L, in);
}

static Instr *none_const(Lower *L, uint32_t off) {
  return const_instr(L, off, (Const){.kind = CONST_NONE});
}

static Instr *builtin(Lower *L, uint32_t off, const char *name, Instr **args, int nargs) {
  Instr *in = new_instr(L, IR_BUILTIN, off, nargs);
  in->name = intern(name, strlen(name));
  for (int i = 0; i < nargs; i++)
    in->args[i] = args[i];
  return emit(L, in);
}

/* A name read: a local (SSA value), a module global, or a builtin name
 * (which kiln only supports as the callee of a call). */
/* Is `name` the module sys, imported by `import sys`? (resolve made it a
 * global or a local of the importing scope) */
static bool is_sys(Lower *L, Node *e) {
  return e->kind == AST_Name && !strcmp(e->Name.id->str, "sys") &&
         (module_global_index(L->decl->mod, e->Name.id) >= 0 ||
          func_local_index(L->decl, e->Name.id) >= 0);
}

static Instr *name_load(Lower *L, Node *e) {
  Ident *id = e->Name.id;
  if (is_sys(L, e))
    unsupported(L, e, "the module sys except sys.exit(), sys.stdout and sys.stderr");
  int var = func_local_index(L->decl, id);
  if (var >= 0)
    return read_var(L, var, cur_block(L), e->off);
  if (module_global_index(L->decl->mod, id) >= 0) {
    Instr *in = new_instr(L, IR_GLOBAL_GET, e->off, 0);
    in->name = id;
    return emit(L, in);
  }
  if (!strcmp(id->str, "__name__")) /* __main__ for a program, the file's stem for a library */
    return const_instr(L, e->off,
                       (Const){.kind = CONST_STR, .s = L->decl->mod->name->str,
                               .len = L->decl->mod->name->len});
  error_at(L->src, e->off, ERR_SYNTAX,
           "kiln does not support the name '%s' here yet (not a variable of this program)",
           id->str);
}

static void store_name(Lower *L, Ident *id, Instr *val, uint32_t off) {
  int var = func_local_index(L->decl, id);
  if (var >= 0) {
    write_var(L, var, val);
    return;
  }
  Instr *in = new_instr(L, IR_GLOBAL_SET, off, 1);
  in->args[0] = val;
  in->name = id;
  emit(L, in);
}

/* `a and b` / `a or b`: the value of the last operand evaluated, so a phi of
 * each operand at the join. */
static Instr *boolop(Lower *L, Node *e) {
  Block *done = new_block(L);
  NodeList vals = e->BoolOp.values;
  int tmp = L->nvars; /* the spare slot of defs: the boolop's result */
  for (int i = 0; i < vals.len; i++) {
    Instr *v = expr(L, vals.items[i]);
    write_var(L, tmp, v);
    if (i == vals.len - 1) {
      jump(L, done, e->off);
      break;
    }
    Instr *t = op1(L, IR_TRUTH, vals.items[i]->off, v);
    Block *rest = new_block(L);
    if (e->BoolOp.op == BOOL_And)
      branch(L, t, rest, done, e->off);
    else
      branch(L, t, done, rest, e->off);
    seal(L, rest);
    L->cur = rest;
  }
  seal(L, done);
  L->cur = done;
  Instr *r = read_var(L, tmp, done, e->off);
  done->defs[tmp] = NULL;
  return r;
}

/* a < b < c: each comparison in turn, stopping at the first false one. */
static Instr *compare(Lower *L, Node *e) {
  NodeList rights = e->Compare.comparators;
  Instr *left = expr(L, e->Compare.left);
  if (rights.len == 1) {
    Instr *c = op2(L, IR_COMPARE, e->off, left, expr(L, rights.items[0]));
    c->sub = e->Compare.ops.items[0];
    return c;
  }
  Block *done = new_block(L);
  int tmp = L->nvars;
  for (int i = 0; i < rights.len; i++) {
    Instr *right = expr(L, rights.items[i]);
    Instr *c = op2(L, IR_COMPARE, rights.items[i]->off, left, right);
    c->sub = e->Compare.ops.items[i];
    write_var(L, tmp, c);
    if (i == rights.len - 1) {
      jump(L, done, e->off);
      break;
    }
    Block *rest = new_block(L);
    branch(L, op1(L, IR_TRUTH, e->off, c), rest, done, e->off);
    seal(L, rest);
    L->cur = rest;
    left = right;
  }
  seal(L, done);
  L->cur = done;
  Instr *r = read_var(L, tmp, done, e->off);
  done->defs[tmp] = NULL;
  return r;
}

static Instr *ifexp(Lower *L, Node *e) {
  Instr *test = op1(L, IR_TRUTH, e->IfExp.test->off, expr(L, e->IfExp.test));
  Block *then = new_block(L), *els = new_block(L), *done = new_block(L);
  branch(L, test, then, els, e->off);
  seal(L, then);
  seal(L, els);
  int tmp = L->nvars;
  L->cur = then;
  write_var(L, tmp, expr(L, e->IfExp.body));
  jump(L, done, e->off);
  L->cur = els;
  write_var(L, tmp, expr(L, e->IfExp.orelse));
  jump(L, done, e->off);
  seal(L, done);
  L->cur = done;
  Instr *r = read_var(L, tmp, done, e->off);
  done->defs[tmp] = NULL;
  return r;
}

/* A call of a function of the program: positional and keyword arguments
 * are matched to the parameters here, and missing ones take their default
 * values (constants, for now), so the IR call has one argument per
 * parameter. A mismatch is a compile-time error in CPython's words. */
static Instr *call_func(Lower *L, Node *e, FuncDecl *callee) {
  NodeList args = e->Call.args, kws = e->Call.keywords;
  Node *fargs = callee->def->FunctionDef.args;
  if (fargs->arguments.vararg || fargs->arguments.kwarg || fargs->arguments.kwonlyargs.len)
    unsupported(L, callee->def, "*args, **kwargs and keyword-only parameters");
  int np = callee->nparams, nposonly = fargs->arguments.posonlyargs.len;
  const char *fname = callee->name->str;
  if (args.len > np)
    error_at(L->src, e->off, ERR_SYNTAX, "%s() takes %d positional argument%s but %d %s given",
             fname, np, np == 1 ? "" : "s", args.len, args.len == 1 ? "was" : "were");
  Node **slot = arena_alloc(L->a, (size_t)(np + 1) * sizeof *slot);
  for (int i = 0; i < args.len; i++)
    slot[i] = args.items[i];
  for (int k = 0; k < kws.len; k++) {
    Ident *name = kws.items[k]->keyword.arg;
    int i = func_local_index(callee, name);
    if (i < nposonly || i >= np)
      error_at(L->src, kws.items[k]->off, ERR_SYNTAX, "%s() got an unexpected keyword argument '%s'",
               fname, name->str);
    if (slot[i])
      error_at(L->src, kws.items[k]->off, ERR_SYNTAX, "%s() got multiple values for argument '%s'",
               fname, name->str);
    slot[i] = kws.items[k]->keyword.value;
  }
  NodeList defaults = fargs->arguments.defaults;
  for (int i = 0; i < np; i++) {
    if (slot[i])
      continue;
    int d = i - (np - defaults.len);
    if (d < 0)
      error_at(L->src, e->off, ERR_SYNTAX, "%s() missing 1 required positional argument: '%s'",
               fname, callee->locals[i]->str);
    if (defaults.items[d]->kind != AST_Constant)
      unsupported(L, defaults.items[d], "default values other than constants");
    slot[i] = defaults.items[d];
  }
  /* arguments are evaluated in the order written; defaults after */
  Instr **vals = arena_alloc(L->a, (size_t)(np + 1) * sizeof *vals);
  for (int i = 0; i < args.len; i++)
    vals[i] = expr(L, args.items[i]);
  for (int k = 0; k < kws.len; k++) {
    int i = func_local_index(callee, kws.items[k]->keyword.arg);
    vals[i] = expr(L, kws.items[k]->keyword.value);
  }
  for (int i = 0; i < np; i++)
    if (!vals[i])
      vals[i] = expr(L, slot[i]);
  Instr *in = new_instr(L, IR_CALL, e->off, np);
  for (int i = 0; i < np; i++)
    in->args[i] = vals[i];
  in->callee = callee;
  return emit(L, in);
}

static Instr *call(Lower *L, Node *e) {
  Node *fn = e->Call.func;
  NodeList args = e->Call.args, kws = e->Call.keywords;
  for (int i = 0; i < args.len; i++)
    if (args.items[i]->kind == AST_Starred)
      unsupported(L, args.items[i], "*args in calls");
  for (int i = 0; i < kws.len; i++)
    if (!kws.items[i]->keyword.arg)
      unsupported(L, kws.items[i], "**kwargs in calls");
  if (fn->kind == AST_Name) {
    Ident *id = fn->Name.id;
    FuncDecl *callee = func_local_index(L->decl, id) < 0 ? module_func(L->decl->mod, id) : NULL;
    if (callee)
      return call_func(L, e, callee);
    if (is_exception_name(L, id)) {
      if (kws.len)
        unsupported(L, kws.items[0], "keyword arguments to exception classes");
      Instr *in = new_instr(L, IR_EXC_NEW, e->off, args.len);
      for (int i = 0; i < args.len; i++)
        in->args[i] = expr(L, args.items[i]);
      in->name = id;
      return emit(L, in);
    }
    if (func_local_index(L->decl, id) < 0 && module_global_index(L->decl->mod, id) < 0) {
      /* a builtin: the op library decides what it accepts */
      Instr *in = new_instr(L, IR_BUILTIN, e->off, args.len + kws.len);
      for (int i = 0; i < args.len; i++)
        in->args[i] = expr(L, args.items[i]);
      if (kws.len) {
        in->kwnames = arena_alloc(L->a, (size_t)kws.len * sizeof *in->kwnames);
        in->nkw = kws.len;
        for (int i = 0; i < kws.len; i++) {
          in->kwnames[i] = kws.items[i]->keyword.arg;
          in->args[args.len + i] = expr(L, kws.items[i]->keyword.value);
        }
      }
      in->name = id;
      return emit(L, in);
    }
  }
  if (fn->kind == AST_Attribute && is_sys(L, fn->Attribute.value)) {
    if (strcmp(fn->Attribute.attr->str, "exit") || kws.len || args.len > 1)
      unsupported(L, fn, "this function of sys");
    Instr *in = new_instr(L, IR_EXC_NEW, e->off, args.len);
    for (int i = 0; i < args.len; i++)
      in->args[i] = expr(L, args.items[i]);
    in->name = intern("SystemExit", 10);
    emit(L, in);
    op1(L, IR_RAISE, e->off, in);
    return none_const(L, e->off); /* unreachable: sys.exit() raises SystemExit */
  }
  if (fn->kind == AST_Attribute) {
    /* a method call: obj.name(args) becomes the builtin "name" with obj first;
     * the op library picks the method from obj's type */
    if (kws.len)
      unsupported(L, kws.items[0], "keyword arguments to methods");
    Instr *in = new_instr(L, IR_BUILTIN, e->off, args.len + 1);
    in->args[0] = expr(L, fn->Attribute.value);
    for (int i = 0; i < args.len; i++)
      in->args[i + 1] = expr(L, args.items[i]);
    char name[256];
    snprintf(name, sizeof name, ".%s", fn->Attribute.attr->str);
    in->name = intern(name, strlen(name));
    return emit(L, in);
  }
  unsupported(L, fn, "calling this kind of expression");
}

/* f"...": str() or format() of each field, then one concatenation. */
static Instr *joined_str(Lower *L, Node *e) {
  NodeList vals = e->JoinedStr.values;
  Vec parts = {0};
  for (int i = 0; i < vals.len; i++) {
    Node *v = vals.items[i];
    if (v->kind == AST_Constant) {
      vec_push(&parts, const_instr(L, v->off, v->Constant.value));
      continue;
    }
    Instr *val = expr(L, v->FormattedValue.value);
    int conv = v->FormattedValue.conversion;
    if (conv == 'r')
      val = builtin(L, v->off, "repr", &val, 1);
    else if (conv == 'a')
      val = builtin(L, v->off, "ascii", &val, 1);
    else if (conv == 's')
      val = builtin(L, v->off, "str", &val, 1);
    if (v->FormattedValue.format_spec) {
      Instr *args[2] = {val, joined_str(L, v->FormattedValue.format_spec)};
      vec_push(&parts, builtin(L, v->off, "format", args, 2));
    } else {
      vec_push(&parts, builtin(L, v->off, "format", &val, 1));
    }
  }
  if (parts.len == 0) {
    free(parts.items);
    return const_instr(L, e->off, (Const){.kind = CONST_STR, .s = "", .len = 0});
  }
  Instr *r = builtin(L, e->off, "str.join_parts", (Instr **)parts.items, parts.len);
  free(parts.items);
  return r;
}

static Instr *expr(Lower *L, Node *e) {
  switch (e->kind) {
  case AST_Constant: return const_instr(L, e->off, e->Constant.value);
  case AST_Name: return name_load(L, e);
  case AST_BinOp: {
    Instr *a = expr(L, e->BinOp.left);
    Instr *b = expr(L, e->BinOp.right);
    Instr *in = op2(L, IR_BINOP, e->off, a, b);
    in->sub = e->BinOp.op;
    return in;
  }
  case AST_UnaryOp: {
    Instr *a = expr(L, e->UnaryOp.operand);
    if (e->UnaryOp.op == UOP_Not)
      return op1(L, IR_NOT, e->off, a);
    Instr *in = op1(L, IR_UNARYOP, e->off, a);
    in->sub = e->UnaryOp.op;
    return in;
  }
  case AST_BoolOp: return boolop(L, e);
  case AST_Compare: return compare(L, e);
  case AST_IfExp: return ifexp(L, e);
  case AST_Call: return call(L, e);
  case AST_JoinedStr: return joined_str(L, e);
  case AST_NamedExpr: {
    Instr *v = expr(L, e->NamedExpr.value);
    store_name(L, e->NamedExpr.target->Name.id, v, e->off);
    return v;
  }
  case AST_List: {
    NodeList elts = e->List.elts;
    Instr *in = new_instr(L, IR_BUILTIN, e->off, elts.len);
    for (int i = 0; i < elts.len; i++) {
      if (elts.items[i]->kind == AST_Starred)
        unsupported(L, elts.items[i], "unpacking in list displays");
      in->args[i] = expr(L, elts.items[i]);
    }
    in->name = intern("list.new", 8);
    return emit(L, in);
  }
  case AST_Tuple: {
    NodeList elts = e->Tuple.elts;
    Instr *in = new_instr(L, IR_BUILTIN, e->off, elts.len);
    for (int i = 0; i < elts.len; i++) {
      if (elts.items[i]->kind == AST_Starred)
        unsupported(L, elts.items[i], "unpacking in tuple displays");
      in->args[i] = expr(L, elts.items[i]);
    }
    in->name = intern("tuple.new", 9);
    return emit(L, in);
  }
  case AST_Dict: {
    NodeList keys = e->Dict.keys, vals = e->Dict.values;
    Instr *in = new_instr(L, IR_BUILTIN, e->off, 2 * keys.len);
    for (int i = 0; i < keys.len; i++) {
      if (!keys.items[i])
        unsupported(L, vals.items[i], "** in dict displays");
      in->args[2 * i] = expr(L, keys.items[i]);
      in->args[2 * i + 1] = expr(L, vals.items[i]);
    }
    in->name = intern("dict.new", 8);
    return emit(L, in);
  }
  case AST_Set: unsupported(L, e, "set displays");
  case AST_ListComp: unsupported(L, e, "list comprehensions");
  case AST_SetComp: unsupported(L, e, "set comprehensions");
  case AST_DictComp: unsupported(L, e, "dict comprehensions");
  case AST_GeneratorExp: unsupported(L, e, "generator expressions");
  case AST_Lambda: unsupported(L, e, "lambda");
  case AST_Subscript: {
    Node *sl = e->Subscript.slice;
    if (sl->kind == AST_Slice) {
      /* x[a:b:c]: the bounds given, 0 for the others, and which were given */
      Node *parts[3] = {sl->Slice.lower, sl->Slice.upper, sl->Slice.step};
      Instr *args[5];
      args[0] = expr(L, e->Subscript.value);
      int64_t has = 0;
      for (int i = 0; i < 3; i++) {
        if (parts[i] && !(parts[i]->kind == AST_Constant && parts[i]->Constant.value.kind == CONST_NONE)) {
          args[1 + i] = expr(L, parts[i]);
          has |= (int64_t)1 << i;
        } else {
          args[1 + i] = const_instr(L, sl->off, (Const){.kind = CONST_INT, .i = 0});
        }
      }
      args[4] = const_instr(L, sl->off, (Const){.kind = CONST_INT, .i = has});
      return builtin(L, e->off, "[:]", args, 5);
    }
    Instr *args[2] = {expr(L, e->Subscript.value), expr(L, e->Subscript.slice)};
    return builtin(L, e->off, "[]", args, 2);
  }
  case AST_Attribute:
    if (is_sys(L, e->Attribute.value) && (!strcmp(e->Attribute.attr->str, "stderr") ||
                                          !strcmp(e->Attribute.attr->str, "stdout"))) {
      /* a stream: only print(file=...) takes one, and the emitter reads its name */
      Instr *in = new_instr(L, IR_CONST, e->off, 0);
      in->cval.kind = CONST_NONE;
      in->name = e->Attribute.attr;
      return emit(L, in);
    }
    unsupported(L, e, "attribute access");
  case AST_Await: unsupported(L, e, "await");
  case AST_Yield:
  case AST_YieldFrom: unsupported(L, e, "generators");
  case AST_Starred: unsupported(L, e, "starred expressions");
  case AST_Slice: unsupported(L, e, "slices");
  default: unsupported(L, e, "this expression");
  }
}

/* ------------------------------------------------------------ statements */

static void body(Lower *L, NodeList stmts);

static void assign_to(Lower *L, Node *target, Instr *val) {
  if (target->kind == AST_Name) {
    store_name(L, target->Name.id, val, target->off);
    return;
  }
  if (target->kind == AST_Subscript) {
    if (target->Subscript.slice->kind == AST_Slice)
      unsupported(L, target->Subscript.slice, "assignment to slices");
    Instr *args[3] = {expr(L, target->Subscript.value), expr(L, target->Subscript.slice), val};
    builtin(L, target->off, "[]=", args, 3);
    return;
  }
  if (target->kind == AST_Tuple || target->kind == AST_List) {
    /* a, b = x: x's items in order; from a tuple display, its values
     * directly (they were all evaluated before any is assigned) */
    NodeList t = target->kind == AST_Tuple ? target->Tuple.elts : target->List.elts;
    for (int i = 0; i < t.len; i++)
      if (t.items[i]->kind == AST_Starred)
        unsupported(L, t.items[i], "starred assignment targets");
    if (val->op == IR_BUILTIN && !strcmp(val->name->str, "tuple.new") && val->nargs == t.len) {
      for (int i = 0; i < t.len; i++)
        assign_to(L, t.items[i], val->args[i]);
      return;
    }
    for (int i = 0; i < t.len; i++) {
      Instr *item = op1(L, IR_BUILTIN, t.items[i]->off, val);
      item->name = intern("tuple.item", 10);
      item->sub = i;
      item->var = t.len; /* the number of targets */
      assign_to(L, t.items[i], item);
    }
    return;
  }
  unsupported(L, target, "assignment to this target");
}

static void if_stmt(Lower *L, Node *s) {
  Instr *test = op1(L, IR_TRUTH, s->If.test->off, expr(L, s->If.test));
  Block *then = new_block(L), *els = new_block(L), *done = new_block(L);
  branch(L, test, then, els, s->off);
  seal(L, then);
  seal(L, els);
  L->cur = then;
  body(L, s->If.body);
  jump(L, done, s->off);
  L->cur = els;
  body(L, s->If.orelse);
  jump(L, done, s->off);
  seal(L, done);
  L->cur = done->npreds ? done : NULL;
}

static void loop_body(Lower *L, NodeList stmts, Block *head, Block *exit) {
  Loop lp = {head, exit, L->loop};
  L->loop = &lp;
  body(L, stmts);
  L->loop = lp.outer;
}

/* while test: body else: orelse
 *     head: branch test body, orelse;  body: ...; jump head;  orelse: ...; jump exit */
static void while_stmt(Lower *L, Node *s) {
  Block *head = new_block(L), *bodyb = new_block(L), *orelse = new_block(L),
        *exit = new_block(L);
  jump(L, head, s->off);
  L->cur = head;
  Instr *test = op1(L, IR_TRUTH, s->While.test->off, expr(L, s->While.test));
  branch(L, test, bodyb, orelse, s->off);
  seal(L, bodyb);
  seal(L, orelse);
  L->cur = bodyb;
  loop_body(L, s->While.body, head, exit);
  jump(L, head, s->off);
  seal(L, head);
  L->cur = orelse;
  body(L, s->While.orelse);
  jump(L, exit, s->off);
  seal(L, exit);
  L->cur = exit->npreds ? exit : NULL;
}

/* Is e a call of the builtin `name` (not shadowed by a variable of the
 * program) with lo..hi positional arguments and no keywords? */
static bool builtin_call(Lower *L, Node *e, const char *name, int lo, int hi) {
  if (e->kind != AST_Call || e->Call.func->kind != AST_Name || e->Call.keywords.len ||
      e->Call.args.len < lo || e->Call.args.len > hi)
    return false;
  Ident *id = e->Call.func->Name.id;
  return !strcmp(id->str, name) && func_local_index(L->decl, id) < 0 &&
         module_global_index(L->decl->mod, id) < 0;
}

/* for target in range(...): a counting loop; other iterables come with the
 * containers. The counter is a hidden SSA variable (the spare slot). */
static void for_stmt(Lower *L, Node *s) {
  Node *it = s->For.iter;
  bool is_range = builtin_call(L, it, "range", 1, 3);
  /* for i, x in enumerate(seq[, start]): the loop's own counter is i */
  Node *target = s->For.target;
  bool is_enumerate = builtin_call(L, it, "enumerate", 1, 2);
  NodeList pair = target->kind == AST_Tuple ? target->Tuple.elts
                  : target->kind == AST_List ? target->List.elts
                                             : (NodeList){0};
  if (is_enumerate && pair.len != 2)
    unsupported(L, target, "enumerate() other than `for i, x in enumerate(...)`");
  /* for a, b in zip(xs, ys): one counter over all the sequences, stopping at
   * the shortest */
  bool is_zip = builtin_call(L, it, "zip", 1, 8);
  if (is_zip && pair.len != it->Call.args.len)
    unsupported(L, target, "zip() other than `for a, b in zip(xs, ys)` with one name per sequence");
  Instr *zipped[8];
  Instr *enum_start = NULL;
  Instr *rng, *start;
  const char *more_op = "range.more", *item_op = "range.item";
  if (is_range) {
    NodeList a = it->Call.args;
    Instr *args[3];
    for (int i = 0; i < a.len; i++)
      args[i] = expr(L, a.items[i]);
    /* range(stop) / range(start, stop) / range(start, stop, step): the op
     * library checks the types and the step (ValueError on 0) */
    rng = builtin(L, it->off, "range", args, a.len);
    start = builtin(L, it->off, "range.start", &rng, 1);
  } else {
    /* a sequence: indexed from 0 while the index is below its length, read
     * anew each time (a list may grow in the loop, as CPython allows) */
    if (is_zip)
      for (int k = 0; k < it->Call.args.len; k++)
        zipped[k] = expr(L, it->Call.args.items[k]);
    rng = is_zip ? zipped[0] : expr(L, is_enumerate ? it->Call.args.items[0] : it);
    if (is_enumerate && it->Call.args.len == 2)
      enum_start = expr(L, it->Call.args.items[1]);
    start = const_instr(L, it->off, (Const){.kind = CONST_INT, .i = 0});
    more_op = "seq.more";
    item_op = "seq.item";
  }
  Block *head = new_block(L), *bodyb = new_block(L), *orelse = new_block(L),
        *exit = new_block(L);
  /* The counter is an SSA value of its own: a phi in the head made by hand
   * (no variable slot), the start from the entry edge, next from the latch. */
  Instr *i0 = start;
  jump(L, head, s->off);
  L->cur = head;
  Instr *phi = new_phi(L, head, -1);
  Instr *more = op2(L, IR_BUILTIN, it->off, rng, phi);
  more->name = intern(more_op, strlen(more_op));
  for (int k = 1; is_zip && k < it->Call.args.len; k++) {
    Instr *m = op2(L, IR_BUILTIN, it->off, zipped[k], phi);
    m->name = intern(more_op, strlen(more_op));
    more = op2(L, IR_BINOP, it->off, more, m);
    more->sub = BIN_BitAnd;
  }
  branch(L, more, bodyb, orelse, s->off);
  seal(L, bodyb);
  seal(L, orelse);
  L->cur = bodyb;
  Instr *item = op2(L, IR_BUILTIN, it->off, rng, phi);
  item->name = intern(item_op, strlen(item_op));
  if (is_zip) {
    assign_to(L, pair.items[0], item);
    for (int k = 1; k < it->Call.args.len; k++) {
      Instr *x = op2(L, IR_BUILTIN, it->off, zipped[k], phi);
      x->name = item->name;
      assign_to(L, pair.items[k], x);
    }
  } else if (is_enumerate) {
    Instr *idx = phi;
    if (enum_start) {
      idx = op2(L, IR_BINOP, it->off, phi, enum_start);
      idx->sub = BIN_Add;
    }
    assign_to(L, pair.items[0], idx);
    assign_to(L, pair.items[1], item);
  } else {
    assign_to(L, target, item);
  }
  Instr *next;
  if (is_range) {
    next = op2(L, IR_BUILTIN, it->off, rng, phi);
    next->name = intern("range.next", 10);
  } else {
    next = op2(L, IR_BINOP, it->off, phi, const_instr(L, it->off, (Const){.kind = CONST_INT, .i = 1}));
    next->sub = BIN_Add;
  }
  Block *latch = new_block(L);
  Loop lp = {latch, exit, L->loop};
  L->loop = &lp;
  body(L, s->For.body);
  L->loop = lp.outer;
  jump(L, latch, s->off);
  seal(L, latch);
  L->cur = latch->npreds ? latch : NULL;
  jump(L, head, s->off);
  /* the counter's phi: the start from the entry edge, next from the latch */
  phi->nargs = head->npreds;
  phi->args = arena_alloc(L->a, (size_t)head->npreds * sizeof *phi->args);
  for (int k = 0; k < head->npreds; k++)
    phi->args[k] = head->preds[k] == latch ? next : i0;
  seal(L, head);
  L->cur = orelse;
  body(L, s->For.orelse);
  jump(L, exit, s->off);
  seal(L, exit);
  L->cur = exit->npreds ? exit : NULL;
}

/* raise | raise E | raise E(args): E a built-in exception class, or a
 * value (an exception caught earlier). */
static void raise_stmt(Lower *L, Node *s) {
  Node *exc = s->Raise.exc;
  if (!exc) {
    op0(L, IR_RERAISE, s->off)->sub = 1; /* sub 1: a bare raise, the handled exception */
    return;
  }
  Instr *v;
  if (exc->kind == AST_Name && is_exception_name(L, exc->Name.id)) {
    v = new_instr(L, IR_EXC_NEW, exc->off, 0); /* raise E: E() */
    v->name = exc->Name.id;
    emit(L, v);
  } else {
    v = expr(L, exc);
  }
  if (s->Raise.cause) { /* raise E from cause: args[1] is __cause__ (None: suppress the context) */
    Node *c = s->Raise.cause;
    Instr *cause;
    if (c->kind == AST_Name && is_exception_name(L, c->Name.id)) {
      cause = new_instr(L, IR_EXC_NEW, c->off, 0);
      cause->name = c->Name.id;
      emit(L, cause);
    } else {
      cause = expr(L, c);
    }
    Instr *in = new_instr(L, IR_RAISE, s->off, 2);
    in->args[0] = v;
    in->args[1] = cause;
    emit(L, in);
    return;
  }
  op1(L, IR_RAISE, s->off, v);
}

/* The exception classes an except clause names: E or (E1, E2). */
static void except_classes(Lower *L, Node *type, Instr *match) {
  NodeList one = {&type, 1};
  NodeList l = type->kind == AST_Tuple ? type->Tuple.elts : one;
  match->nkw = l.len;
  match->kwnames = arena_alloc(L->a, (size_t)l.len * sizeof *match->kwnames);
  for (int i = 0; i < l.len; i++) {
    Node *n = l.items[i];
    if (n->kind != AST_Name || !is_exception_name(L, n->Name.id))
      unsupported(L, n, "except clauses for anything but exception classes");
    match->kwnames[i] = n->Name.id;
  }
}

/* try: body / except E as e: handler ... / else: orelse
 *     body's exceptions land in `dispatch`, which tests each clause in
 *     turn; a clause takes the exception (excfetch), marks it as being
 *     handled (excbegin/excend, for chaining and bare raise), and runs; an
 *     exception inside the clause first ends the handling (cleanup). When
 *     no clause matches, the exception goes on (reraise). */
static void try_stmt(Lower *L, Node *s) {
  if (s->Try.finalbody.len)
    unsupported(L, s, "finally");
  Block *outer = L->handler;
  Block *dispatch = new_block(L), *after = new_block(L);
  L->handler = dispatch;
  body(L, s->Try.body);
  L->handler = outer;
  body(L, s->Try.orelse);
  jump(L, after, s->off);
  seal(L, dispatch);
  L->cur = dispatch->npreds ? dispatch : NULL;
  NodeList hs = s->Try.handlers;
  for (int i = 0; i < hs.len && L->cur; i++) {
    Node *h = hs.items[i];
    Block *clause = NULL, *next = NULL;
    if (h->ExceptHandler.type) {
      Instr *m = new_instr(L, IR_EXC_MATCH, h->off, 0);
      except_classes(L, h->ExceptHandler.type, m);
      emit(L, m);
      clause = new_block(L);
      next = new_block(L);
      branch(L, m, clause, next, h->off);
      seal(L, clause);
      seal(L, next);
      L->cur = clause;
    }
    Instr *e = op0(L, IR_EXC_FETCH, h->off);
    Instr *prev = op1(L, IR_EXC_BEGIN, h->off, e);
    if (h->ExceptHandler.name)
      store_name(L, h->ExceptHandler.name, e, h->off);
    Block *cleanup = new_block(L);
    L->handler = cleanup;
    body(L, h->ExceptHandler.body);
    L->handler = outer;
    if (L->cur) {
      op1(L, IR_EXC_END, h->off, prev);
      jump(L, after, h->off);
    }
    seal(L, cleanup);
    if (cleanup->npreds) {
      L->cur = cleanup;
      op1(L, IR_EXC_END, h->off, prev);
      op0(L, IR_RERAISE, h->off);
    }
    L->cur = next;
  }
  if (L->cur)
    op0(L, IR_RERAISE, s->off);
  seal(L, after);
  L->cur = after->npreds ? after : NULL;
}

static void stmt(Lower *L, Node *s) {
  switch (s->kind) {
  case AST_Expr: expr(L, s->Expr.value); break;
  case AST_Pass: break;
  case AST_Assign: {
    Instr *v = expr(L, s->Assign.value);
    for (int i = 0; i < s->Assign.targets.len; i++)
      assign_to(L, s->Assign.targets.items[i], v);
    break;
  }
  case AST_AnnAssign:
    if (s->AnnAssign.value) {
      Instr *v = expr(L, s->AnnAssign.value);
      /* x: list[int] = []: the annotation gives the empty list its type */
      if (v->op == IR_BUILTIN && (!strcmp(v->name->str, "list.new") || !strcmp(v->name->str, "dict.new")))
        v->ann = type_from_annotation(s->AnnAssign.annotation);
      assign_to(L, s->AnnAssign.target, v);
    }
    break;
  case AST_AugAssign: {
    Node *t = s->AugAssign.target;
    if (t->kind == AST_Subscript && t->Subscript.slice->kind != AST_Slice) {
      /* xs[i] += v: the container and the index are evaluated once */
      Instr *args[3] = {expr(L, t->Subscript.value), expr(L, t->Subscript.slice), NULL};
      Instr *cur = builtin(L, t->off, "[]", args, 2);
      Instr *in = op2(L, IR_BINOP, s->off, cur, expr(L, s->AugAssign.value));
      in->sub = s->AugAssign.op;
      args[2] = in;
      builtin(L, t->off, "[]=", args, 3);
      break;
    }
    if (t->kind != AST_Name)
      unsupported(L, t, "augmented assignment to this target");
    Instr *cur = name_load(L, t);
    Instr *in = op2(L, IR_BINOP, s->off, cur, expr(L, s->AugAssign.value));
    in->sub = s->AugAssign.op;
    store_name(L, t->Name.id, in, s->off);
    break;
  }
  case AST_If: if_stmt(L, s); break;
  case AST_While: while_stmt(L, s); break;
  case AST_For: for_stmt(L, s); break;
  case AST_Break:
  case AST_Continue:
    if (!L->loop)
      error_at(L->src, s->off, ERR_SYNTAX, "'%s' outside loop",
               s->kind == AST_Break ? "break" : "continue");
    jump(L, s->kind == AST_Break ? L->loop->exit : L->loop->head, s->off);
    break;
  case AST_Return: {
    if (L->decl->def->kind == AST_Module)
      error_at(L->src, s->off, ERR_SYNTAX, "'return' outside function");
    Instr *v = s->Return.value ? expr(L, s->Return.value) : none_const(L, s->off);
    op1(L, IR_RETURN, s->off, v);
    break;
  }
  case AST_FunctionDef: {
    /* module level: binds the global to the function */
    Instr *in = new_instr(L, IR_CONST, s->off, 0);
    in->cval.kind = CONST_NONE;
    in->callee = module_func(L->decl->mod, s->FunctionDef.name);
    emit(L, in);
    if (s->FunctionDef.decorator_list.len)
      unsupported(L, s->FunctionDef.decorator_list.items[0], "decorators");
    store_name(L, s->FunctionDef.name, in, s->off);
    break;
  }
  case AST_Global: break;
  case AST_Import:
    for (int i = 0; i < s->Import.names.len; i++) {
      Node *al = s->Import.names.items[i];
      if (!is_compile_time_module(al->alias.name) && (strcmp(al->alias.name->str, "sys") || al->alias.asname))
        unsupported(L, al, "imports other than `import sys`");
    }
    break; /* sys is built in: nothing to run */
  case AST_ImportFrom:
    /* typing and __future__ only shape annotations: nothing to run */
    if (s->ImportFrom.level || !s->ImportFrom.module || !is_compile_time_module(s->ImportFrom.module))
      unsupported(L, s, "from ... import");
    break;
  case AST_Assert: {
    /* assert test, msg: raise AssertionError(msg) when test is false */
    Instr *t = op1(L, IR_TRUTH, s->Assert.test->off, expr(L, s->Assert.test));
    Block *fail = new_block(L), *ok = new_block(L);
    branch(L, t, ok, fail, s->off);
    seal(L, fail);
    seal(L, ok);
    L->cur = fail;
    Instr *exc = new_instr(L, IR_EXC_NEW, s->off, s->Assert.msg ? 1 : 0);
    if (s->Assert.msg)
      exc->args[0] = expr(L, s->Assert.msg);
    exc->name = intern("AssertionError", 14);
    emit(L, exc);
    op1(L, IR_RAISE, s->off, exc);
    L->cur = ok;
    break;
  }
  case AST_ClassDef:
    if (L->decl->def->kind == AST_Module && module_exception(L->decl->mod, s->ClassDef.name) >= 0)
      break; /* an exception class: a type the C code defines statically */
    unsupported(L, s, "classes other than exception classes (class E(ValueError): pass)");
  case AST_Try: try_stmt(L, s); break;
  case AST_TryStar: unsupported(L, s, "except*");
  case AST_Raise: raise_stmt(L, s); break;
  case AST_With:
  case AST_AsyncWith: unsupported(L, s, "with statements");
  case AST_Delete: unsupported(L, s, "del");
  case AST_Match: unsupported(L, s, "match statements");
  case AST_Nonlocal: unsupported(L, s, "nonlocal");
  case AST_AsyncFunctionDef:
  case AST_AsyncFor: unsupported(L, s, "async code");
  default: unsupported(L, s, "this statement");
  }
}

static void body(Lower *L, NodeList stmts) {
  for (int i = 0; i < stmts.len; i++)
    stmt(L, stmts.items[i]);
}

IrFunc *lower_func(Arena *a, FuncDecl *f, const Type **params, int nparams) {
  IrFunc *fn = arena_alloc(a, sizeof *fn);
  fn->decl = f;
  fn->params = params;
  fn->nparams = nparams;
  Lower L = {.a = a, .src = f->mod->src, .decl = f, .fn = fn, .nvars = f->nlocals};
  Block *entry = new_block(&L);
  entry->sealed = true;
  L.cur = entry;
  for (int i = 0; i < nparams; i++) {
    Instr *p = op0(&L, IR_PARAM, f->def->off);
    p->sub = i;
    write_var(&L, i, p);
  }
  NodeList stmts = f->def->kind == AST_Module ? f->def->Module.body : f->def->FunctionDef.body;
  body(&L, stmts);
  if (L.cur) {
    uint32_t end = f->def->end;
    op1(&L, IR_RETURN, end, none_const(&L, end));
  }
  finish_ssa(&L);
  fn->nblocks = L.blocks.len;
  fn->blocks = (Block **)vec_to_arena(a, &L.blocks);
  return fn;
}

/* ------------------------------------------------------------------ dump */

static void dump_const(Buf *b, const Const *c) { repr_const(b, c); }

void ir_dump(Buf *b, IrFunc *fn, bool with_types) {
  buf_printf(b, "func %s(", fn->decl->name->str);
  for (int i = 0; i < fn->nparams; i++)
    buf_printf(b, "%s%s", i ? ", " : "", ty_str_of(fn->params[i]));
  buf_puts(b, ")");
  if (with_types && fn->ret)
    buf_printf(b, " -> %s", ty_str_of(fn->ret));
  buf_puts(b, "\n");
  for (int bi = 0; bi < fn->nblocks; bi++) {
    Block *blk = fn->blocks[bi];
    buf_printf(b, "  b%d:", blk->id);
    if (blk->npreds) {
      buf_puts(b, "  ; preds");
      for (int i = 0; i < blk->npreds; i++)
        buf_printf(b, " b%d", blk->preds[i]->id);
    }
    buf_puts(b, "\n");
    for (int i = 0; i < blk->ninstrs; i++) {
      Instr *in = blk->instrs[i];
      int line, col;
      source_pos(fn->decl->mod->src, in->off, &line, &col);
      buf_puts(b, "    ");
      if (!(ir_flags[in->op] & IRF_TERM))
        buf_printf(b, "v%d = ", in->id);
      buf_puts(b, ir_name[in->op]);
      switch (in->op) {
      case IR_CONST:
        buf_putc(b, ' ');
        if (in->callee)
          buf_printf(b, "<function %s>", in->callee->name->str);
        else
          dump_const(b, &in->cval);
        break;
      case IR_PARAM: buf_printf(b, " %d", in->sub); break;
      case IR_BINOP: {
        static const char *const ops[] = {"+", "-", "*", "@", "/", "%", "**", "<<", ">>", "|", "^", "&", "//"};
        buf_printf(b, " %s", ops[in->sub]);
        break;
      }
      case IR_UNARYOP: {
        static const char *const ops[] = {"~", "not", "+", "-"};
        buf_printf(b, " %s", ops[in->sub]);
        break;
      }
      case IR_COMPARE: {
        static const char *const ops[] = {"==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in"};
        buf_printf(b, " %s", ops[in->sub]);
        break;
      }
      case IR_GLOBAL_GET:
      case IR_GLOBAL_SET:
      case IR_BUILTIN: buf_printf(b, " %s", in->name->str); break;
      case IR_CALL: buf_printf(b, " %s", in->callee->name->str); break;
      case IR_UNDEF: buf_printf(b, " %s", in->var >= 0 ? fn->decl->locals[in->var]->str : "?"); break;
      default: break;
      }
      for (int k = 0; k < in->nargs; k++)
        buf_printf(b, "%s v%d", k ? "," : "", in->args[k]->id);
      if (in->op == IR_JUMP)
        buf_printf(b, " b%d", in->succs[0]->id);
      if (in->op == IR_BRANCH)
        buf_printf(b, " b%d b%d", in->succs[0]->id, in->succs[1]->id);
      if (with_types && !(ir_flags[in->op] & IRF_TERM))
        buf_printf(b, " : %s", ty_str_of(in->type));
      buf_printf(b, "    ; %d:%d\n", line, col);
    }
  }
}
