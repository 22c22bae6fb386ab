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
#include <strings.h>

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

/* What leaving a region early (return, break, continue) must run first:
 * a finally body, or the end of an except clause's handling. */
typedef struct Cleanup {
  NodeList finalbody;  /* a try's finally body, lowered again on each way out */
  Block *handler;      /* where exceptions in it go: the handler outside the try */
  struct Loop *loop;   /* the loop outside the try, which a break in the body leaves */
  Instr *prev;         /* no finalbody: an except clause, excend prev on the way out */
  struct Cleanup *outer;
} Cleanup;

typedef struct Loop {
  Block *head;  /* continue target */
  Block *exit;  /* break target */
  Cleanup *cleanup; /* the cleanups outside the loop: break and continue run those inside */
  struct Loop *outer;
} Loop;

/* A comprehension's own names (Python 3 scoping): each lives in a variable
 * slot of its own, past the function's locals, so it neither leaks nor
 * clobbers a local of the same name. */
typedef struct Scope {
  Ident **names;
  int *slots;
  int n;
  struct Scope *outer;
} Scope;

typedef struct Lower {
  Arena *a;
  Source *src;
  FuncDecl *decl;
  IrFunc *fn;
  Block *cur;     /* the block being filled; NULL after a terminator (dead code) */
  Vec blocks;
  Loop *loop;
  int nvars;      /* the function's locals; slot nvars is the spare of boolop/ifexp */
  int nslots;     /* slots in use: locals, the spare, then hidden ones (see hidden_slots) */
  Vec slot_nodes; /* the nodes hidden slots were given for, and (as a number) the first slot */
  Block *handler; /* where an exception raised here goes (a try's dispatch), or NULL */
  Cleanup *cleanup;
  Scope *scope;   /* the comprehensions being lowered, innermost first */
  int cellbase;   /* the slots of the cells of the function's celled variables */
} Lower;

/* The variable slot of a local name: a comprehension's own (innermost
 * first), else the function's; -1 for a global or builtin. */
static int local_slot(Lower *L, Ident *id) {
  for (Scope *sc = L->scope; sc; sc = sc->outer)
    for (int i = 0; i < sc->n; i++)
      if (sc->names[i] == id)
        return sc->slots[i];
  return func_local_index(L->decl, id);
}

/* Is id an exception class here: a built-in one or one the module defines,
 * and not shadowed by a variable? */
static bool is_exception_name(Lower *L, Ident *id) {
  if (local_slot(L, id) >= 0 || module_global_index(L->decl->mod, id) >= 0)
    return false;
  const Import *imp = import_of(L->decl->mod, id);
  return is_builtin_exception(id) || module_exception(L->decl->mod, id) >= 0 || (imp && imp->exc);
}


_Noreturn static void unsupported(Lower *L, Node *n, const char *what) {
  error_at(L->src, n->off, ERR_SYNTAX, "kiln does not support %s yet", what);
}

/* ---------------------------------------------------------------- blocks */

static Block *new_block(Lower *L) {
  Block *b = arena_alloc(L->a, sizeof *b);
  b->id = L->blocks.len;
  b->nslots = L->nslots;
  b->defs = arena_alloc(L->a, (size_t)b->nslots * sizeof *b->defs);
  b->incomplete = arena_alloc(L->a, (size_t)b->nslots * sizeof *b->incomplete);
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

/* Blocks made before a hidden slot was taken have no room for it yet. */
static void room(Lower *L, Block *b, int var) {
  if (var < b->nslots)
    return;
  int n = L->nslots > var ? L->nslots : var + 1;
  Instr **defs = arena_alloc(L->a, (size_t)n * sizeof *defs);
  Instr **inc = arena_alloc(L->a, (size_t)n * sizeof *inc);
  memcpy(defs, b->defs, (size_t)b->nslots * sizeof *defs);
  memcpy(inc, b->incomplete, (size_t)b->nslots * sizeof *inc);
  b->defs = defs;
  b->incomplete = inc;
  b->nslots = n;
}

static Instr *read_var(Lower *L, int var, Block *b, uint32_t off) {
  room(L, b, var);
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
  for (int v = 0; v < b->nslots; v++)
    if (b->incomplete[v]) {
      add_phi_operands(L, v, b->incomplete[v]);
      b->incomplete[v] = NULL;
    }
  b->sealed = true;
}

static void write_var(Lower *L, int var, Instr *val) {
  Block *b = cur_block(L);
  room(L, b, var);
  b->defs[var] = val;
}

/* n hidden variable slots for node n (a comprehension's names and its
 * running result, an enumerate's counter): the first of them. A node
 * lowered twice (a finally body is, once per way out) gets the same ones. */
static int hidden_slots(Lower *L, Node *n, int count) {
  for (int i = 0; i < L->slot_nodes.len; i += 2)
    if (L->slot_nodes.items[i] == n)
      return (int)(intptr_t)L->slot_nodes.items[i + 1];
  int first = L->nslots;
  L->nslots += count;
  vec_push(&L->slot_nodes, n);
  vec_push(&L->slot_nodes, (void *)(intptr_t)first);
  return first;
}

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
static Instr *iter_expr(Lower *L, Node *it);

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
/* The module a name refers to (import m / import m as n), unless a local
 * shadows it; NULL if it is no module. */
static const Import *module_ref(Lower *L, Node *e) {
  if (e->kind != AST_Name || local_slot(L, e->Name.id) >= 0)
    return NULL;
  const Import *imp = import_of(L->decl->mod, e->Name.id);
  return imp && !imp->func && !imp->exc && !imp->cls && !imp->attr ? imp : NULL;
}

/* The module kiln provides that e names: m for `import m` (or `as n`), and
 * a submodule reached through it (os.path); NULL if none. */
static const char *provided_ref(Lower *L, Node *e) {
  if (e->kind == AST_Attribute) {
    const char *outer = provided_ref(L, e->Attribute.value);
    return outer ? provided_submodule(outer, e->Attribute.attr) : NULL;
  }
  const Import *m = module_ref(L, e);
  return m ? m->provided : NULL;
}

/* The class of the program a name (or m.C) refers to here, unless a
 * variable shadows it. */
static ClassDecl *class_ref(Lower *L, Node *e) {
  if (e->kind == AST_Name && L->decl->mkind == MK_CLASSMETHOD && L->fn->nparams &&
      L->fn->params[0]->kind == TY_CLASSREF && local_slot(L, e->Name.id) == 0)
    return L->fn->params[0]->cls; /* cls in a classmethod: the class it was called on */
  if (e->kind == AST_Attribute) {
    const Import *m = module_ref(L, e->Attribute.value);
    return m && m->mod ? module_class(m->mod, e->Attribute.attr) : NULL;
  }
  if (e->kind != AST_Name || local_slot(L, e->Name.id) >= 0 ||
      module_global_index(L->decl->mod, e->Name.id) >= 0)
    return NULL;
  return module_class(L->decl->mod, e->Name.id);
}

/* C.x: class attribute x of c (or of a base), a module global "C.x". */
static Instr *class_attr(Lower *L, ClassDecl *c, Ident *x, Instr *store, uint32_t off) {
  ClassDecl *o = class_attr_owner(c, x);
  if (!o && !store) {
    if (class_method(c, x, -1))
      error_at(L->src, off, ERR_SYNTAX, "kiln does not support methods as values yet (call %s.%s(...))",
               c->name->str, x->str);
    error_at(L->src, off, ERR_SYNTAX, "type object '%s' has no attribute '%s'", c->name->str, x->str);
  }
  if (!o)
    error_at(L->src, off, ERR_SYNTAX,
             "kiln does not support adding class attributes outside the class body yet ('%s.%s')",
             c->name->str, x->str);
  Instr *in = new_instr(L, store ? IR_GLOBAL_SET : IR_GLOBAL_GET, off, store ? 1 : 0);
  if (store)
    in->args[0] = store;
  in->name = class_attr_global(o, x);
  in->gmod = o->mod != L->decl->mod ? o->mod : NULL;
  return emit(L, in);
}

/* Run module m's code, once (import m). */
static void import_module(Lower *L, Module *m, uint32_t off) {
  Instr *in = new_instr(L, IR_IMPORT, off, 0);
  in->gmod = m;
  in->callee = m->init;
  emit(L, in);
}

/* The packages of a dotted module run first, outermost first. */
static void import_packages(Lower *L, Ident *dotted, int level, uint32_t off) {
  for (const char *dot = dotted ? strchr(dotted->str, '.') : NULL; dot; dot = strchr(dot + 1, '.')) {
    Module *pkg = import_target(L->decl->mod, intern(dotted->str, (size_t)(dot - dotted->str)), level);
    if (pkg)
      import_module(L, pkg, off);
  }
}

/* m.name read of a module kiln provides: one of its constants, or a value
 * the runtime makes (the builtin "m.name": sys.argv, os.environ); NULL if
 * the module has neither by that name. */
static Instr *provided_attr(Lower *L, const char *m, Ident *name, uint32_t off) {
  Const c;
  if (provided_const(m, name, &c))
    return const_instr(L, off, c);
  if (!provided_value(m, name))
    return NULL;
  char full[256];
  snprintf(full, sizeof full, "%s.%s", m, name->str);
  return builtin(L, off, full, NULL, 0);
}

static Instr *provided_global(Lower *L, const char *m, Ident *name, uint32_t off) {
  Instr *in = provided_attr(L, m, name, off);
  if (in)
    return in;
  if (provided_submodule(m, name))
    error_at(L->src, off, ERR_SYNTAX, "kiln does not support modules as values yet (use %s.%s.name)", m,
             name->str);
  if (provided_func(m, name) || !strcmp(m, "math"))
    error_at(L->src, off, ERR_SYNTAX, "module '%s' has no attribute '%s'%s", m, name->str,
             provided_func(m, name) ? " kiln can use as a value yet (call it)" : "");
  error_at(L->src, off, ERR_SYNTAX, "kiln does not provide %s.%s yet (it provides part of the module %s)", m,
           name->str, m);
}

/* m.name read: a global of module m. */
static Instr *module_global(Lower *L, Module *m, Ident *name, uint32_t off) {
  if (module_global_index(m, name) < 0)
    error_at(L->src, off, ERR_SYNTAX, "module '%s' has no attribute '%s'%s", m->name->str, name->str,
             module_func(m, name) ? " kiln can use as a value yet (call it)" : "");
  Instr *in = new_instr(L, IR_GLOBAL_GET, off, 0);
  in->name = name;
  in->gmod = m;
  return emit(L, in);
}

/* x[a:b:c] (e a Subscript of a Slice): args[0] x, args[1..3] the bounds
 * given (0 for the others), args[4] which were given (KR_SLICE_* bits). */
static void bounds_args(Lower *L, Node *sl, Instr *args[5]);

static void slice_args(Lower *L, Node *e, Instr *args[5]) {
  args[0] = expr(L, e->Subscript.value);
  bounds_args(L, e->Subscript.slice, args);
}

/* The bounds of slice sl into args[1..4], as slice_args does. */
static void bounds_args(Lower *L, Node *sl, Instr *args[5]) {
  Node *parts[3] = {sl->Slice.lower, sl->Slice.upper, sl->Slice.step};
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
}

/* ---- closures: a variable an inner function uses lives in a cell */

/* The slot holding the cell of variable id here, or -1: a captured one (a
 * hidden parameter) or a celled one (made at entry); a comprehension's
 * own name shadows both. */
static int cell_slot(Lower *L, Ident *id) {
  for (Scope *sc = L->scope; sc; sc = sc->outer)
    for (int i = 0; i < sc->n; i++)
      if (sc->names[i] == id)
        return -1;
  FuncDecl *f = L->decl;
  for (int i = 0; i < f->ncells; i++)
    if (f->cells[i] == id)
      return f->nparams + i;
  for (int i = 0; i < f->ncelled; i++)
    if (f->celled[i] == id)
      return L->cellbase + i;
  return -1;
}

static Instr *cell_get(Lower *L, int slot, Ident *id, uint32_t off) {
  bool mine = slot >= L->cellbase; /* UnboundLocalError here, NameError in an inner function */
  Instr *a[2] = {read_var(L, slot, cur_block(L), off),
                 const_instr(L, off, (Const){.kind = CONST_STR, .s = id->str, .len = id->len})};
  return builtin(L, off, mine ? "cell.getlocal" : "cell.get", a, 2);
}

static void cell_set(Lower *L, int slot, Instr *v, uint32_t off) {
  Instr *a[2] = {read_var(L, slot, cur_block(L), off), v};
  builtin(L, off, "cell.set", a, 2);
}

/* The value of inner function g here: static (its type names it), or a
 * closure holding the cells it uses. */
static Instr *func_value(Lower *L, FuncDecl *g, uint32_t off) {
  if (!g->ncells) {
    Instr *in = new_instr(L, IR_CONST, off, 0);
    in->cval.kind = CONST_NONE;
    in->callee = g;
    return emit(L, in);
  }
  Instr *in = new_instr(L, IR_BUILTIN, off, g->ncells);
  in->name = intern("closure.new", 11);
  in->callee = g;
  for (int i = 0; i < g->ncells; i++) {
    int slot = cell_slot(L, g->cells[i]);
    if (slot < 0)
      error_at(L->src, off, ERR_SYNTAX, "kiln: no cell for '%s' (a bug in kiln)", g->cells[i]->str);
    in->args[i] = read_var(L, slot, cur_block(L), off);
  }
  return emit(L, in);
}

/* A def nested in a function enclosing this one, named id. */
static FuncDecl *enclosing_def(Lower *L, Ident *id) {
  for (FuncDecl *o = L->decl->outer; o; o = o->outer)
    for (int i = 0; i < o->nnested; i++)
      if (o->nested[i]->name == id)
        return o->nested[i];
  return NULL;
}

static Instr *name_load(Lower *L, Node *e) {
  Ident *id = e->Name.id;
  int cs = cell_slot(L, id);
  if (cs >= 0)
    return cell_get(L, cs, id, e->off);
  if (module_ref(L, e) && module_ref(L, e)->provided)
    unsupported(L, e, "modules as values (use m.name)");
  int var = local_slot(L, id);
  if (var >= 0)
    return read_var(L, var, cur_block(L), e->off);
  if (module_global_index(L->decl->mod, id) >= 0) {
    Instr *in = new_instr(L, IR_GLOBAL_GET, e->off, 0);
    in->name = id;
    return emit(L, in);
  }
  FuncDecl *enc = enclosing_def(L, id);
  if (enc) /* a def nested in an enclosing function: itself, or a sibling that captures nothing */
    return func_value(L, enc, e->off);
  ClassDecl *ec = module_class(L->decl->mod, id);
  if (ec && ec->is_enum) /* an enum as a value: its members, in order */
    return class_attr(L, ec, intern("_kiln_members", 13), NULL, e->off);
  if (import_of(L->decl->mod, id) || module_class(L->decl->mod, id))
    unsupported(L, e, "modules, functions and classes as values (call them, or use m.name)");
  if (!strcmp(id->str, "__name__")) /* __main__ for a program, the file's stem for a library */
    return const_instr(L, e->off,
                       (Const){.kind = CONST_STR, .s = L->decl->mod->name->str,
                               .len = L->decl->mod->name->len});
  if (!strcmp(id->str, "__file__")) { /* the source's absolute path, as python3 FILE.py sees it */
    const char *abs = source_abspath(L->a, L->decl->mod->src->path);
    return const_instr(L, e->off, (Const){.kind = CONST_STR, .s = abs, .len = strlen(abs)});
  }
  error_at(L->src, e->off, ERR_SYNTAX,
           "kiln does not support the name '%s' here yet (not a variable of this program)",
           id->str);
}

static void store_name(Lower *L, Ident *id, Instr *val, uint32_t off) {
  int cs = cell_slot(L, id);
  if (cs >= 0) {
    cell_set(L, cs, val, off);
    return;
  }
  int var = local_slot(L, id);
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

static void narrow(Lower *L, Node *test, bool then);

/* a if t else b: a variable the test narrows (x if x is not None else d)
 * is narrowed in each arm, as in an if statement. */
static Instr *ifexp(Lower *L, Node *e) {
  Instr *test = op1(L, IR_TRUTH, e->IfExp.test->off, expr(L, e->IfExp.test));
  Block *then = new_block(L), *els = new_block(L), *done = new_block(L);
  branch(L, test, then, els, e->off);
  seal(L, then);
  seal(L, els);
  int tmp = L->nvars;
  L->cur = then;
  narrow(L, e->IfExp.test, true);
  write_var(L, tmp, expr(L, e->IfExp.body));
  jump(L, done, e->off);
  L->cur = els;
  narrow(L, e->IfExp.test, false);
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
/* A call of a function (or method) of the program, its arguments bound to
 * the parameters as Python binds them. self: a method's receiver, bound to
 * its first parameter (NULL for a plain call). */
static Instr *call_func(Lower *L, Node *e, FuncDecl *callee, Instr *self) {
  NodeList args = e->Call.args, kws = e->Call.keywords;
  Node *fargs = callee->def->FunctionDef.args;
  int np = callee->nparams, npos = callee->npos, nposonly = fargs->arguments.posonlyargs.len;
  int first = self ? 1 : 0, given = args.len + first;
  const char *fname = callee->name->str;
  if (given > npos && callee->vararg < 0)
    error_at(L->src, e->off, ERR_SYNTAX, "%s() takes %d positional argument%s but %d %s given",
             fname, npos, npos == 1 ? "" : "s", given, given == 1 ? "was" : "were");
  if (self && np == 0)
    error_at(L->src, e->off, ERR_SYNTAX, "%s() takes 0 positional arguments but 1 was given", fname);
  /* where each argument goes: a parameter's slot, *args or **kwargs */
  Node **slot = arena_alloc(L->a, (size_t)(np + 1) * sizeof *slot);
  if (self)
    slot[0] = e;
  for (int i = 0; i < args.len && i + first < npos; i++)
    slot[i + first] = args.items[i];
  int nextra = given > npos ? given - npos : 0;
  Node **kwextra = arena_alloc(L->a, (size_t)(kws.len + 1) * sizeof *kwextra);
  int nkwextra = 0;
  for (int k = 0; k < kws.len; k++) {
    Ident *name = kws.items[k]->keyword.arg;
    int i = func_local_index(callee, name);
    bool named = i >= nposonly && i < np && i != callee->vararg && i != callee->kwarg;
    if (!named && callee->kwarg >= 0) {
      for (int j = 0; j < nkwextra; j++)
        if (kwextra[j]->keyword.arg == name)
          error_at(L->src, kws.items[k]->off, ERR_SYNTAX,
                   "%s() got multiple values for keyword argument '%s'", fname, name->str);
      kwextra[nkwextra++] = kws.items[k];
      continue;
    }
    if (!named)
      error_at(L->src, kws.items[k]->off, ERR_SYNTAX, "%s() got an unexpected keyword argument '%s'",
               fname, name->str);
    if (slot[i])
      error_at(L->src, kws.items[k]->off, ERR_SYNTAX, "%s() got multiple values for argument '%s'",
               fname, name->str);
    slot[i] = kws.items[k]->keyword.value;
  }
  /* defaults: the last positional parameters', and the keyword-only ones' */
  NodeList defaults = fargs->arguments.defaults, kwdefaults = fargs->arguments.kw_defaults;
  int kwfirst = callee->vararg >= 0 ? callee->vararg + 1 : npos;
  for (int i = 0; i < np; i++) {
    if (slot[i] || i == callee->vararg || i == callee->kwarg)
      continue;
    Node *d = NULL;
    if (i < npos && i - (npos - defaults.len) >= 0)
      d = defaults.items[i - (npos - defaults.len)];
    else if (i >= kwfirst && i - kwfirst < kwdefaults.len)
      d = kwdefaults.items[i - kwfirst];
    if (!d)
      error_at(L->src, e->off, ERR_SYNTAX, "%s() missing 1 required %s argument: '%s'", fname,
               i < npos ? "positional" : "keyword-only", callee->locals[i]->str);
    if (d->kind != AST_Constant && !callee->fresh_defaults &&
        !(d->kind == AST_UnaryOp && d->UnaryOp.op == UOP_USub && d->UnaryOp.operand->kind == AST_Constant))
      unsupported(L, d, "default values other than constants");
    slot[i] = d;
  }
  /* arguments are evaluated in the order written; defaults after */
  Instr **vals = arena_alloc(L->a, (size_t)(np + 1) * sizeof *vals);
  if (self)
    vals[0] = self;
  Instr *varargs = NULL, *kwargs = NULL;
  if (callee->vararg >= 0) {
    varargs = new_instr(L, IR_BUILTIN, e->off, nextra);
    varargs->name = intern("tuple.new", 9);
    vals[callee->vararg] = varargs;
  }
  for (int i = 0; i < args.len; i++) {
    Instr *v = expr(L, args.items[i]);
    if (i + first < npos)
      vals[i + first] = v;
    else
      varargs->args[i + first - npos] = v;
  }
  if (varargs)
    emit(L, varargs);
  if (callee->kwarg >= 0) {
    kwargs = new_instr(L, IR_BUILTIN, e->off, 2 * nkwextra);
    kwargs->name = intern("dict.new", 8);
    if (!nkwextra)
      kwargs->ann = ty_dict(ty_str, ty_object);
    vals[callee->kwarg] = kwargs;
  }
  for (int k = 0, x = 0; k < kws.len; k++) {
    Ident *name = kws.items[k]->keyword.arg;
    Instr *v = expr(L, kws.items[k]->keyword.value);
    if (x < nkwextra && kwextra[x] == kws.items[k]) {
      kwargs->args[2 * x] = const_instr(L, kws.items[k]->off,
                                        (Const){.kind = CONST_STR, .s = name->str, .len = name->len});
      kwargs->args[2 * x + 1] = v;
      x++;
    } else {
      vals[func_local_index(callee, name)] = v;
    }
  }
  if (kwargs)
    emit(L, kwargs);
  for (int i = 0; i < np; i++)
    if (!vals[i])
      vals[i] = expr(L, slot[i]);
  Instr *in = new_instr(L, IR_CALL, e->off, np);
  for (int i = 0; i < np; i++)
    in->args[i] = vals[i];
  in->callee = callee;
  return emit(L, in);
}

static Instr *consume(Lower *L, Node *e, const char *name, Instr *sep);
static Instr *comprehension(Lower *L, Node *e);
static void yield_from(Lower *L, Node *e);
static bool iteration_form(Lower *L, Node *e);

static Instr *setattr(Lower *L, Instr *obj, Ident *name, Instr *val, uint32_t off) {
  Instr *in = op2(L, IR_SETATTR, off, obj, val);
  in->name = name;
  return in;
}

static bool is_super_call(Node *e);

static void find_super_init(Node **slot, void *ctx) {
  Node *n = *slot;
  if (*(bool *)ctx || n->kind == AST_FunctionDef || n->kind == AST_Lambda)
    return;
  if (n->kind == AST_Call && n->Call.func->kind == AST_Attribute && is_super_call(n->Call.func->Attribute.value) &&
      !strcmp(n->Call.func->Attribute.attr->str, "__init__")) {
    *(bool *)ctx = true;
    return;
  }
  ast_children(n, find_super_init, ctx);
}

/* Does the body of def call super().__init__(...)? */
static bool calls_super_init(Node *def) {
  bool found = false;
  for (int i = 0; i < def->FunctionDef.body.len; i++)
    find_super_init(&def->FunctionDef.body.items[i], &found);
  return found;
}

/* BaseException.__init__(self, *args) for an exception class with a body:
 * its args set from e's arguments (exc.init). */
static Instr *exc_init(Lower *L, Node *e, Instr *self) {
  NodeList args = e->Call.args;
  if (e->Call.keywords.len)
    unsupported(L, e->Call.keywords.items[0], "keyword arguments to exception classes");
  Instr *t = new_instr(L, IR_BUILTIN, e->off, args.len);
  t->name = intern("tuple.new", 9);
  for (int i = 0; i < args.len; i++) {
    if (args.items[i]->kind == AST_Starred)
      unsupported(L, args.items[i], "starred arguments to exception classes");
    t->args[i] = expr(L, args.items[i]);
  }
  emit(L, t);
  Instr *a[2] = {self, t};
  builtin(L, e->off, "exc.init", a, 2);
  return none_const(L, e->off);
}

/* C(args): a new instance, its fields that have a class attribute of the
 * same name set from it, then __init__ (of C or of its nearest base). */
static Instr *construct(Lower *L, Node *e, ClassDecl *c) {
  if (c->is_enum && e->Call.args.len == 1 && !e->Call.keywords.len) /* Color(1): the member */
    return call_func(L, e, class_method(c, intern("_kiln_lookup", 12), -1), NULL);
  Instr *obj = new_instr(L, IR_NEW, e->off, 0);
  obj->cls = c;
  emit(L, obj);
  for (ClassDecl *k = c; k; k = k->base)
    for (int i = 0; i < k->nfields; i++)
      if (k->fields[i].has_default && !k->fields[i].always_set)
        setattr(L, obj, k->fields[i].name, class_attr(L, c, k->fields[i].name, NULL, e->off), e->off)->sub = 1;
  FuncDecl *init = class_method(c, intern("__init__", 8), -1);
  if (init && class_exc_root(c) && !calls_super_init(init->def)) {
    /* BaseException.__new__ sets e.args to the positional arguments before
     * __init__ runs: kiln sets them too when evaluating them twice shows
     * nothing (constants and names) */
    for (int i = 0; i < e->Call.args.len; i++) {
      Node *x = e->Call.args.items[i];
      if (x->kind != AST_Constant && x->kind != AST_Name)
        unsupported(L, x, "arguments other than names and constants to an exception class whose "
                          "__init__ does not call super().__init__()");
    }
    Node *pos = node_new(L->a, AST_Call, e->off, e->end);
    pos->Call.func = e->Call.func;
    pos->Call.args = e->Call.args;
    exc_init(L, pos, obj);
  }
  if (init)
    call_func(L, e, init, obj);
  else if (class_exc_root(c))
    exc_init(L, e, obj); /* BaseException.__init__: e.args */
  else if (e->Call.args.len || e->Call.keywords.len)
    error_at(L->src, e->off, ERR_SYNTAX, "%s() takes no arguments", c->name->str);
  return obj;
}

/* The class c as a value of a classmethod's cls parameter. */
static Instr *class_const(Lower *L, ClassDecl *c, uint32_t off) {
  Instr *in = const_instr(L, off, (Const){.kind = CONST_NONE});
  in->cls = c;
  return in;
}

/* open(path, mode="r", encoding="utf-8"): the mode must be a constant, as
 * it decides the file's type (text or binary). */
static Instr *open_call(Lower *L, Node *e) {
  NodeList args = e->Call.args, kws = e->Call.keywords;
  Node *path = args.len ? args.items[0] : NULL, *mode = args.len > 1 ? args.items[1] : NULL;
  if (args.len > 2)
    unsupported(L, args.items[2], "open() arguments after the mode (buffering=...)");
  for (int i = 0; i < kws.len; i++) {
    const char *k = kws.items[i]->keyword.arg->str;
    Node *v = kws.items[i]->keyword.value;
    if (!strcmp(k, "file") && !path)
      path = v;
    else if (!strcmp(k, "mode") && !mode)
      mode = v;
    else if (!strcmp(k, "encoding")) {
      const char *enc = v->kind == AST_Constant && v->Constant.value.kind == CONST_STR ? v->Constant.value.s : "";
      if (strcasecmp(enc, "utf-8") && strcasecmp(enc, "utf8") && strcasecmp(enc, "utf_8"))
        unsupported(L, v, "encodings other than UTF-8");
    } else
      unsupported(L, kws.items[i], "this argument of open()");
  }
  if (!path)
    error_at(L->src, e->off, ERR_SYNTAX, "open() missing required argument 'file' (pos 1)");
  if (mode && (mode->kind != AST_Constant || mode->Constant.value.kind != CONST_STR))
    unsupported(L, mode, "open() with a mode that is not a constant string");
  const char *m = mode ? mode->Constant.value.s : "r";
  Instr *a[2] = {expr(L, path), const_instr(L, mode ? mode->off : e->off,
                                            (Const){.kind = CONST_STR, .s = m, .len = strlen(m)})};
  return builtin(L, e->off, strchr(m, 'b') ? "open.b" : "open", a, 2);
}

static bool is_super_call(Node *e) {
  return e->kind == AST_Call && e->Call.func->kind == AST_Name && !strcmp(e->Call.func->Name.id->str, "super") &&
         !e->Call.args.len && !e->Call.keywords.len;
}

/* C.m(args), super().m(args): a method called without dispatch. */
static Instr *static_method_call(Lower *L, Node *e) {
  Node *fn = e->Call.func;
  Ident *name = fn->Attribute.attr;
  ClassDecl *c = class_ref(L, fn->Attribute.value);
  if (c) {
    FuncDecl *m = class_method(c, name, -1);
    if (!m) {
      class_attr(L, c, name, NULL, fn->off); /* a class attribute: errors */
      unsupported(L, fn, "calling a class attribute");
    }
    return call_func(L, e, m, m->mkind == MK_CLASSMETHOD ? class_const(L, c, e->off) : NULL);
  }
  ClassDecl *me = L->decl->cls;
  if (!me || L->decl->mkind == MK_STATIC || !L->decl->nparams)
    error_at(L->src, fn->off, ERR_SYNTAX, "super(): no arguments");
  FuncDecl *m = me->base ? class_method(me->base, name, -1) : NULL;
  if (!m && !strcmp(name->str, "__init__") && class_exc_root(me))
    return exc_init(L, e, read_var(L, 0, cur_block(L), e->off)); /* Exception.__init__(self, ...) */
  if (!m && !strcmp(name->str, "__init__") && !e->Call.args.len && !e->Call.keywords.len)
    return none_const(L, e->off); /* object.__init__() */
  if (!m)
    error_at(L->src, fn->off, ERR_SYNTAX, "'super' object has no attribute '%s'", name->str);
  Instr *self = read_var(L, 0, cur_block(L), e->off);
  if (m->mkind == MK_CLASSMETHOD && L->decl->mkind != MK_CLASSMETHOD)
    self = class_const(L, me, e->off);
  return call_func(L, e, m, m->mkind == MK_STATIC ? NULL : self);
}

/* Does the builtin `name` consume an iterable given as its first of nargs
 * arguments, so that a generator expression there can run as a loop? */
static bool consumes(const char *name, int nargs, NodeList kws) {
  static const char *const one[] = {"list", "set", "frozenset", "tuple", "dict", "any", "all", "min", "max"};
  if (!strcmp(name, "sorted"))
    return nargs == 1 && (!kws.len || (kws.len == 1 && !strcmp(kws.items[0]->keyword.arg->str, "reverse")));
  if (kws.len)
    return false;
  if (!strcmp(name, "sum"))
    return nargs <= 2;
  for (size_t i = 0; i < countof(one); i++)
    if (!strcmp(name, one[i]))
      return nargs == 1;
  return false;
}

/* isinstance(x, T): T a builtin class or a tuple of them, made a constant
 * mask with bit i for isinstance_names[i] (the runtime's KR_TM_* bits, in
 * the same order), so the op library can answer from x's static type.
 * bool is a subclass of int: int stands for both. */
static const char *const isinstance_names[] = {"int", "bool", "float", "str", "list", "dict", "tuple",
                                               "set", "frozenset", "bytes", "NoneType", "range"};

static bool is_builtin_name(Lower *L, Node *n, const char *name) {
  return n->kind == AST_Name && !strcmp(n->Name.id->str, name) && local_slot(L, n->Name.id) < 0 &&
         module_global_index(L->decl->mod, n->Name.id) < 0;
}

static int64_t class_bit(const char *name) {
  for (int i = 0; i < (int)countof(isinstance_names); i++)
    if (!strcmp(isinstance_names[i], name))
      return (int64_t)1 << i;
  return 0;
}

static int64_t class_mask(Lower *L, Node *c) {
  if (c->kind == AST_Tuple) {
    int64_t m = 0;
    for (int i = 0; i < c->Tuple.elts.len; i++)
      m |= class_mask(L, c->Tuple.elts.items[i]);
    return m;
  }
  if (c->kind == AST_Call && is_builtin_name(L, c->Call.func, "type") && c->Call.args.len == 1 &&
      !c->Call.keywords.len && c->Call.args.items[0]->kind == AST_Constant &&
      c->Call.args.items[0]->Constant.value.kind == CONST_NONE)
    return class_bit("NoneType");
  if (c->kind == AST_Name && strcmp(c->Name.id->str, "NoneType") && is_builtin_name(L, c, c->Name.id->str) &&
      class_bit(c->Name.id->str))
    return class_bit(c->Name.id->str) | (!strcmp(c->Name.id->str, "int") ? class_bit("bool") : 0);
  unsupported(L, c, "isinstance() with classes other than builtin types (int, float, str, bool, list, "
                    "dict, tuple, set, frozenset, bytes, range, type(None))");
}

static Instr *isinstance_call(Lower *L, Node *e) {
  Instr *args[2];
  args[0] = expr(L, e->Call.args.items[0]);
  Node *cls = e->Call.args.items[1];
  ClassDecl *c = class_ref(L, cls);
  if (c) { /* a class of the program: its type, or a base of it */
    Instr *in = op1(L, IR_BUILTIN, e->off, args[0]);
    in->name = intern("isinstance.class", 16);
    in->cls = c;
    return in;
  }
  args[1] = const_instr(L, cls->off, (Const){.kind = CONST_INT, .i = class_mask(L, cls)});
  return builtin(L, e->off, "isinstance", args, 2);
}

/* A call of a function of a module kiln provides (math.sqrt(x), or sqrt(x)
 * after from math import sqrt): the builtin "math.sqrt", whose op-library
 * rows decide what it accepts, keywords included ("math.isclose:rel_tol").
 * fsum() and prod() of a generator expression take the list it fills. */
/* json.dumps(obj, indent=, sort_keys=, ensure_ascii=, separators=) and
 * json.dump(obj, fp, ...): the options in a fixed order, None where absent. */
static Instr *json_dump_call(Lower *L, Node *e, const char *name) {
  NodeList args = e->Call.args, kws = e->Call.keywords;
  int nfixed = name[9] == 's' ? 1 : 2; /* dumps: obj; dump: obj, fp */
  if (args.len != nfixed)
    unsupported(L, e, nfixed == 1 ? "json.dumps() with other than one positional argument"
                                   : "json.dump() with other than two positional arguments");
  static const char *const opt[] = {"indent", "sort_keys", "ensure_ascii", "separators"};
  Node *given[4] = {0};
  for (int i = 0; i < kws.len; i++) {
    int k = 0;
    while (k < 4 && strcmp(kws.items[i]->keyword.arg->str, opt[k]))
      k++;
    if (k == 4)
      unsupported(L, kws.items[i], "this argument of json.dumps()");
    given[k] = kws.items[i]->keyword.value;
  }
  Instr *a[7];
  for (int i = 0; i < nfixed; i++)
    a[i] = expr(L, args.items[i]);
  for (int k = 0; k < 3; k++)
    a[nfixed + k] = given[k] ? expr(L, given[k]) : none_const(L, e->off);
  Node *sep = given[3];
  if (sep && (sep->kind != AST_Tuple || sep->Tuple.elts.len != 2))
    unsupported(L, sep, "separators= other than a (item, key) tuple display");
  a[nfixed + 3] = sep ? expr(L, sep->Tuple.elts.items[0]) : none_const(L, e->off);
  a[nfixed + 4] = sep ? expr(L, sep->Tuple.elts.items[1]) : none_const(L, e->off);
  return builtin(L, e->off, name, a, nfixed + 5);
}

/* An argument of a numpy call: the builtin types float, int and bool stand
 * for dtypes there (np.zeros(3, dtype=int), a.astype(float)). */
static Instr *np_arg(Lower *L, Node *v) {
  static const char *const py[] = {"float", "int", "bool"};
  static const char *const np[] = {"numpy.float64", "numpy.int64", "numpy.bool_"};
  for (int i = 0; i < 3; i++)
    if (is_builtin_name(L, v, py[i]))
      return builtin(L, v->off, np[i], NULL, 0);
  return expr(L, v);
}

static Instr *provided_call(Lower *L, Node *e, const char *module, Ident *fname) {
  NodeList args = e->Call.args, kws = e->Call.keywords;
  if (!provided_func(module, fname)) {
    if (!strcmp(module, "math"))
      error_at(L->src, e->Call.func->off, ERR_SYNTAX,
               "module 'math' has no attribute '%s' (kiln provides CPython 3.11's math module)", fname->str);
    error_at(L->src, e->Call.func->off, ERR_SYNTAX,
             "kiln does not provide %s.%s() yet (it provides part of the module %s)", module, fname->str,
             module);
  }
  char name[256];
  snprintf(name, sizeof name, "%s.%s", module, fname->str);
  if (!strcmp(name, "sys.exit")) { /* raise SystemExit(arg) */
    if (kws.len || args.len > 1)
      unsupported(L, e, "sys.exit() with more than one argument or with keywords");
    Instr *in = new_instr(L, IR_EXC_NEW, e->off, args.len);
    for (int i = 0; i < args.len; i++)
      in->args[i] = expr(L, args.items[i]);
    in->name = intern("SystemExit", 10);
    emit(L, in);
    op1(L, IR_RAISE, e->off, in);
    return none_const(L, e->off); /* unreachable: sys.exit() raises SystemExit */
  }
  if (!strcmp(name, "os.getenv")) { /* os.environ.get(key[, default]) */
    if (kws.len || args.len < 1 || args.len > 2)
      unsupported(L, e, "os.getenv() other than getenv(key) or getenv(key, default)");
    Instr *a[3] = {builtin(L, e->off, "os.environ", NULL, 0), expr(L, args.items[0]), NULL};
    if (args.len > 1)
      a[2] = expr(L, args.items[1]);
    return builtin(L, e->off, ".get", a, 1 + args.len);
  }
  if (!strcmp(name, "json.dumps") || !strcmp(name, "json.dump"))
    return json_dump_call(L, e, name);
  if (!strcmp(name, "collections.defaultdict")) {
    /* defaultdict(list): the factory is part of the static type (infer.c) */
    static const char *const factories[] = {"list", "int", "float", "str", "set", "dict"};
    static const int flavors[] = {DF_DD_LIST, DF_DD_INT, DF_DD_FLOAT, DF_DD_STR, DF_DD_SET, DF_DD_DICT};
    if (args.len != 1 || kws.len)
      unsupported(L, e, "defaultdict() without one factory argument");
    for (int i = 0; i < (int)countof(factories); i++)
      if (is_builtin_name(L, args.items[0], factories[i])) {
        Instr *in = builtin(L, e->off, name, NULL, 0);
        in->sub = flavors[i];
        return in;
      }
    unsupported(L, args.items[0], "a defaultdict factory other than list, int, float, str, set or dict");
  }
  if (args.len == 1 && !kws.len && iteration_form(L, args.items[0]) &&
      (!strcmp(name, "math.fsum") || !strcmp(name, "math.prod")))
    return consume(L, e, name, NULL);
  bool np = !strncmp(module, "numpy", 5);
  Instr *in = new_instr(L, IR_BUILTIN, e->off, args.len + kws.len);
  for (int i = 0; i < args.len; i++)
    in->args[i] = np ? np_arg(L, args.items[i]) : expr(L, args.items[i]);
  if (kws.len) {
    in->kwnames = arena_alloc(L->a, (size_t)kws.len * sizeof *in->kwnames);
    in->nkw = kws.len;
    for (int i = 0; i < kws.len; i++) {
      in->kwnames[i] = kws.items[i]->keyword.arg;
      in->args[args.len + i] = np ? np_arg(L, kws.items[i]->keyword.value) : expr(L, kws.items[i]->keyword.value);
    }
  }
  in->name = intern(name, strlen(name));
  return emit(L, in);
}

static Instr *call(Lower *L, Node *e) {
  Node *fn = e->Call.func;
  NodeList args = e->Call.args, kws = e->Call.keywords;
  /* f(*args, **kwargs): only f a variable (a function value, a closure),
   * whose parameters type propagation binds them to (infer.c, bind_method) */
  bool value_call = fn->kind == AST_Name && (local_slot(L, fn->Name.id) >= 0 || cell_slot(L, fn->Name.id) >= 0 ||
                                             module_global_index(L->decl->mod, fn->Name.id) >= 0);
  for (int i = 0; i < args.len; i++)
    if (args.items[i]->kind == AST_Starred && !value_call)
      unsupported(L, args.items[i], "*args in calls other than of a function value");
  for (int i = 0; i < kws.len; i++)
    if (!kws.items[i]->keyword.arg && !value_call)
      unsupported(L, kws.items[i], "**kwargs in calls other than of a function value");
  ClassDecl *cref = class_ref(L, fn);
  if (cref)
    return construct(L, e, cref);
  if (fn->kind == AST_Attribute && (class_ref(L, fn->Attribute.value) || is_super_call(fn->Attribute.value)))
    return static_method_call(L, e);
  if (fn->kind == AST_Name) {
    Ident *id = fn->Name.id;
    FuncDecl *callee = local_slot(L, id) < 0 ? module_func(L->decl->mod, id) : NULL;
    const Import *imp = local_slot(L, id) < 0 ? import_of(L->decl->mod, id) : NULL;
    if (!callee && imp && imp->func) /* from m import f */
      callee = imp->func;
    FuncDecl *enc = !callee && local_slot(L, id) < 0 && module_global_index(L->decl->mod, id) < 0
                        ? enclosing_def(L, id)
                        : NULL;
    if (enc && !enc->ncells)
      callee = enc;
    if (callee)
      return call_func(L, e, callee, NULL);
    if (imp && imp->attr) /* from math import sqrt */
      return provided_call(L, e, imp->provided, imp->attr);
    if (is_exception_name(L, id)) {
      if (kws.len)
        unsupported(L, kws.items[0], "keyword arguments to exception classes");
      Instr *in = new_instr(L, IR_EXC_NEW, e->off, args.len);
      for (int i = 0; i < args.len; i++)
        in->args[i] = expr(L, args.items[i]);
      in->name = id;
      return emit(L, in);
    }
    if (local_slot(L, id) < 0 && module_global_index(L->decl->mod, id) < 0 && !enc) {
      const char *n = id->str;
      bool none = !args.len && !kws.len;
      /* list(), set(), dict(): empty containers, typed by what the program
       * puts in them (infer.c); tuple(), frozenset(): empty for good */
      if (none && (!strcmp(n, "list") || !strcmp(n, "set") || !strcmp(n, "dict")))
        return builtin(L, e->off, n[0] == 'l' ? "list.new" : n[0] == 's' ? "set.new" : "dict.new", NULL, 0);
      if (none && (!strcmp(n, "tuple") || !strcmp(n, "frozenset"))) {
        Instr *t = builtin(L, e->off, "tuple.new", NULL, 0);
        return n[0] == 't' ? t : builtin(L, e->off, n, &t, 1);
      }
      if (args.len && iteration_form(L, args.items[0]) && consumes(n, args.len, kws))
        return consume(L, e, n, NULL);
      if (!strcmp(n, "isinstance") && args.len == 2 && !kws.len)
        return isinstance_call(L, e);
      if (!strcmp(n, "open"))
        return open_call(L, e);
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
  if (fn->kind == AST_Attribute && !strcmp(fn->Attribute.attr->str, "from_iterable")) {
    /* itertools.chain.from_iterable(x), chain.from_iterable(x) */
    Node *c = fn->Attribute.value;
    const Import *ci = c->kind == AST_Name && local_slot(L, c->Name.id) < 0 ? import_of(L->decl->mod, c->Name.id)
                       : c->kind == AST_Attribute                           ? module_ref(L, c->Attribute.value)
                                                                            : NULL;
    bool chain = ci && ci->provided && !strcmp(ci->provided, "itertools") &&
                 (c->kind == AST_Name ? ci->attr && !strcmp(ci->attr->str, "chain")
                                      : !ci->attr && !strcmp(c->Attribute.attr->str, "chain"));
    if (chain)
      return provided_call(L, e, "itertools", intern("chain.from_iterable", 19));
  }
  const char *pm = fn->kind == AST_Attribute ? provided_ref(L, fn->Attribute.value) : NULL;
  if (pm) /* math.sqrt(x), os.path.join(a, b) */
    return provided_call(L, e, pm, fn->Attribute.attr);
  const Import *mref = fn->kind == AST_Attribute ? module_ref(L, fn->Attribute.value) : NULL;
  if (mref) { /* m.f(args), m.E(args) */
    Ident *attr = fn->Attribute.attr;
    FuncDecl *f = module_func(mref->mod, attr);
    if (f)
      return call_func(L, e, f, NULL);
    if (module_exception(mref->mod, attr) >= 0) {
      if (kws.len)
        unsupported(L, kws.items[0], "keyword arguments to exception classes");
      Instr *in = new_instr(L, IR_EXC_NEW, e->off, args.len);
      for (int i = 0; i < args.len; i++)
        in->args[i] = expr(L, args.items[i]);
      in->name = attr;
      in->gmod = mref->mod;
      return emit(L, in);
    }
    error_at(L->src, fn->off, ERR_SYNTAX, "module '%s' has no function '%s'", mref->mod->name->str,
             attr->str);
  }
  /* f(args) with f a variable, or any other expression: f.__call__(args) */
  bool var = (fn->kind == AST_Name && (local_slot(L, fn->Name.id) >= 0 ||
                                       module_global_index(L->decl->mod, fn->Name.id) >= 0 ||
                                       enclosing_def(L, fn->Name.id))) ||
             (fn->kind != AST_Name && fn->kind != AST_Attribute);
  if (fn->kind == AST_Attribute || var) {
    /* a method call: obj.name(args) becomes the builtin "name" with obj first;
     * the op library picks the method from obj's type, or type propagation
     * the method of obj's class; f(args) with f a variable is f.__call__(args) */
    Instr *obj = expr(L, var ? fn : fn->Attribute.value);
    if (!var && !strcmp(fn->Attribute.attr->str, "join") && args.len == 1 && iteration_form(L, args.items[0]))
      return consume(L, e, "join", obj);
    /* d.setdefault(k) is d.setdefault(k, None) */
    bool add_none = !var && !strcmp(fn->Attribute.attr->str, "setdefault") && args.len == 1 && !kws.len;
    const char *mname = var ? "" : fn->Attribute.attr->str;
    if ((!strcmp(mname, "reshape") || !strcmp(mname, "transpose")) && args.len > 1) {
      /* a.reshape(2, 3) is a.reshape((2, 3)) (no other type has these) */
      Instr **items = arena_alloc(L->a, (size_t)args.len * sizeof *items);
      for (int i = 0; i < args.len; i++)
        items[i] = expr(L, args.items[i]);
      Instr *shape = builtin(L, e->off, "tuple.new", items, args.len);
      Instr *in = new_instr(L, IR_BUILTIN, e->off, 2);
      in->args[0] = obj;
      in->args[1] = shape;
      char name[32];
      snprintf(name, sizeof name, ".%s", mname);
      in->name = intern(name, strlen(name));
      if (kws.len)
        unsupported(L, kws.items[0], "keyword arguments with the shape given as separate arguments");
      return emit(L, in);
    }
    bool dtypes = !strcmp(mname, "astype"); /* a.astype(float) */
    Instr *in = new_instr(L, IR_BUILTIN, e->off, args.len + kws.len + 1 + add_none);
    in->args[0] = obj;
    for (int i = 0; i < args.len; i++) {
      Node *a = args.items[i];
      if (a->kind == AST_Starred) { /* *xs: its items, when its type says how many */
        Instr *x = expr(L, a->Starred.value);
        in->args[i + 1] = builtin(L, a->off, "call.star", &x, 1);
      } else {
        in->args[i + 1] = dtypes ? np_arg(L, a) : expr(L, a);
      }
    }
    if (add_none)
      in->args[2] = none_const(L, e->off);
    /* keyword arguments follow, named: xs.sort(reverse=r) selects the row
     * ".sort:reverse", s.format(x=1) the variadic ".format" (infer.c) */
    if (kws.len) {
      in->kwnames = arena_alloc(L->a, (size_t)kws.len * sizeof *in->kwnames);
      in->nkw = kws.len;
      for (int i = 0; i < kws.len; i++) {
        in->kwnames[i] = kws.items[i]->keyword.arg ? kws.items[i]->keyword.arg : intern("**", 2);
        in->args[args.len + 1 + i] = !strcmp(in->kwnames[i]->str, "dtype") ? np_arg(L, kws.items[i]->keyword.value)
                                                                            : expr(L, kws.items[i]->keyword.value);
      }
    }
    char name[256];
    snprintf(name, sizeof name, ".%s", var ? "__call__" : fn->Attribute.attr->str);
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
  if (parts.len == 1 && ((Instr *)parts.items[0])->op == IR_CONST) { /* a constant format spec: "7d" of f"{n:7d}" */
    Instr *r = parts.items[0];
    free(parts.items);
    return r;
  }
  Instr *r = builtin(L, e->off, "str.join_parts", (Instr **)parts.items, parts.len);
  free(parts.items);
  return r;
}

/* Is e a constant once CPython's AST optimizer has run: a literal, a
 * signed number, a tuple of those? */
static bool folded_constant(Node *e) {
  if (e->kind == AST_Constant)
    return true;
  if (e->kind == AST_UnaryOp && e->UnaryOp.op != UOP_Not && e->UnaryOp.operand->kind == AST_Constant) {
    ConstKind k = e->UnaryOp.operand->Constant.value.kind;
    return k == CONST_INT || k == CONST_FLOAT || (k == CONST_TRUE && e->UnaryOp.op != UOP_Invert);
  }
  if (e->kind == AST_Tuple) {
    for (int i = 0; i < e->Tuple.elts.len; i++)
      if (!folded_constant(e->Tuple.elts.items[i]))
        return false;
    return true;
  }
  return false;
}

static Instr *expr(Lower *L, Node *e) {
  switch (e->kind) {
  case AST_Constant:
    if (e->Constant.value.kind == CONST_ELLIPSIS) /* a[..., 0] */
      return builtin(L, e->off, "Ellipsis", NULL, 0);
    return const_instr(L, e->off, e->Constant.value);
  case AST_Name: return name_load(L, e);
  case AST_BinOp: {
    Instr *a = expr(L, e->BinOp.left);
    Instr *b = expr(L, e->BinOp.right);
    Instr *in = op2(L, IR_BINOP, e->off, a, b);
    in->sub = e->BinOp.op;
    return in;
  }
  case AST_UnaryOp: {
    Node *x = e->UnaryOp.operand;
    if (e->UnaryOp.op == UOP_USub && x->kind == AST_Constant && x->Constant.value.kind == CONST_INT)
      /* -2 is a constant (t[-2:] of a tuple has a known type; t * -1 too) */
      return const_instr(L, e->off, (Const){.kind = CONST_INT, .i = -x->Constant.value.i});
    Instr *a = expr(L, x);
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
    if (L->scope)
      unsupported(L, e, "assignment expressions in comprehensions");
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
  case AST_Set: {
    NodeList elts = e->Set.elts;
    Instr *in = new_instr(L, IR_BUILTIN, e->off, elts.len);
    for (int i = 0; i < elts.len; i++) {
      if (elts.items[i]->kind == AST_Starred)
        unsupported(L, elts.items[i], "unpacking in set displays");
      in->args[i] = expr(L, elts.items[i]);
    }
    in->name = intern("set.new", 7);
    /* sub 1: three or more constants, a frozenset constant in CPython */
    in->sub = elts.len >= 3;
    for (int i = 0; i < elts.len; i++)
      in->sub &= folded_constant(elts.items[i]);
    return emit(L, in);
  }
  case AST_ListComp:
  case AST_SetComp:
  case AST_DictComp: return comprehension(L, e);
  case AST_GeneratorExp: {
    /* a value: a call of its generator function (resolve.c, make_genexp)
     * with the first iterable; none inside a comprehension, or when a
     * shadowed builtin was taken for one that consumes it */
    FuncDecl *g = find_genexp(L->decl, e);
    if (!g)
      unsupported(L, e, "generator expressions as values inside a comprehension or passed to a "
                        "function that shadows a builtin");
    Instr *in = new_instr(L, IR_BUILTIN, e->off, 2);
    in->args[0] = func_value(L, g, e->off);
    in->args[1] = iter_expr(L, e->GeneratorExp.generators.items[0]->comprehension.iter);
    in->name = intern(".__call__", 9);
    return emit(L, in);
  }
  case AST_Lambda: return func_value(L, resolve_lambda(L->a, L->decl, e), e->off);
  case AST_Subscript: {
    if (e->Subscript.slice->kind == AST_Slice) {
      Instr *args[5];
      slice_args(L, e, args);
      return builtin(L, e->off, "[:]", args, 5);
    }
    ClassDecl *ec = class_ref(L, e->Subscript.value);
    if (ec && ec->is_enum) { /* Color["RED"]: the member of that name */
      Node *c = node_new(L->a, AST_Call, e->off, e->end);
      c->Call.func = e->Subscript.value;
      c->Call.args = (NodeList){&e->Subscript.slice, 1};
      return call_func(L, c, class_method(ec, intern("_kiln_by_name", 13), -1), NULL);
    }
    Instr *args[2] = {expr(L, e->Subscript.value), expr(L, e->Subscript.slice)};
    return builtin(L, e->off, "[]", args, 2);
  }
  case AST_Attribute:
    if (provided_ref(L, e->Attribute.value)) /* math.pi, sys.argv, os.path.sep */
      return provided_global(L, provided_ref(L, e->Attribute.value), e->Attribute.attr, e->off);
    if (module_ref(L, e->Attribute.value))
      return module_global(L, module_ref(L, e->Attribute.value)->mod, e->Attribute.attr, e->off);
    if (class_ref(L, e->Attribute.value))
      return class_attr(L, class_ref(L, e->Attribute.value), e->Attribute.attr, NULL, e->off);
    if (!strcmp(e->Attribute.attr->str, "__name__")) { /* type(x).__name__, x.__class__.__name__ */
      Node *v = e->Attribute.value;
      Node *of = v->kind == AST_Call && is_builtin_name(L, v->Call.func, "type") && v->Call.args.len == 1 &&
                         !v->Call.keywords.len
                     ? v->Call.args.items[0]
                 : v->kind == AST_Attribute && !strcmp(v->Attribute.attr->str, "__class__") ? v->Attribute.value
                                                                                            : NULL;
      if (of) {
        Instr *x = expr(L, of);
        return builtin(L, e->off, "typename", &x, 1);
      }
    }
    if (is_super_call(e->Attribute.value))
      unsupported(L, e, "super() other than to call a method");
    {
      Instr *in = op1(L, IR_GETATTR, e->off, expr(L, e->Attribute.value));
      in->name = e->Attribute.attr;
      return in;
    }
  case AST_Await: unsupported(L, e, "await");
  case AST_Yield:
  case AST_YieldFrom: {
    if (!L->decl->generator)
      error_at(L->src, e->off, ERR_SYNTAX, "'yield' outside function");
    if (e->kind == AST_Yield) {
      op1(L, IR_YIELD, e->off, e->Yield.value ? expr(L, e->Yield.value) : none_const(L, e->off));
    } else {
      yield_from(L, e);
    }
    return none_const(L, e->off); /* what send() would give: kiln has no send() */
  }
  case AST_Starred: unsupported(L, e, "starred expressions");
  case AST_Slice: { /* an item of an index tuple (a[1:2, ::3]): a slice object */
    Instr *args[5];
    bounds_args(L, e, args);
    return builtin(L, e->off, "slice.new", args + 1, 4);
  }
  default: unsupported(L, e, "this expression");
  }
}

/* ------------------------------------------------------------ statements */

static void body(Lower *L, NodeList stmts);

static void starred_unpack(Lower *L, NodeList t, int star, Instr *val, uint32_t off);

static void assign_to(Lower *L, Node *target, Instr *val) {
  if (target->kind == AST_Name) {
    store_name(L, target->Name.id, val, target->off);
    return;
  }
  if (target->kind == AST_Subscript) {
    if (target->Subscript.slice->kind == AST_Slice) { /* x[a:b:c] = v */
      Instr *args[6];
      slice_args(L, target, args);
      args[5] = val;
      builtin(L, target->off, "[:]=", args, 6);
      return;
    }
    Instr *args[3] = {expr(L, target->Subscript.value), expr(L, target->Subscript.slice), val};
    builtin(L, target->off, "[]=", args, 3);
    return;
  }
  const Import *mref = target->kind == AST_Attribute ? module_ref(L, target->Attribute.value) : NULL;
  if (target->kind == AST_Attribute && provided_ref(L, target->Attribute.value))
    unsupported(L, target, "assigning to an attribute of a module kiln provides");
  if (mref) { /* m.x = v: a global of module m */
    if (module_global_index(mref->mod, target->Attribute.attr) < 0)
      unsupported(L, target, "adding attributes to a module (assign only names it defines)");
    Instr *in = new_instr(L, IR_GLOBAL_SET, target->off, 1);
    in->args[0] = val;
    in->name = target->Attribute.attr;
    in->gmod = mref->mod;
    emit(L, in);
    return;
  }
  if (target->kind == AST_Attribute && class_ref(L, target->Attribute.value)) { /* C.x = v */
    class_attr(L, class_ref(L, target->Attribute.value), target->Attribute.attr, val, target->off);
    return;
  }
  if (target->kind == AST_Attribute) { /* obj.x = v */
    setattr(L, expr(L, target->Attribute.value), target->Attribute.attr, val, target->off);
    return;
  }
  if (target->kind == AST_Tuple || target->kind == AST_List) {
    /* a, b = x: x's items in order; from a tuple display, its values
     * directly (they were all evaluated before any is assigned) */
    NodeList t = target->kind == AST_Tuple ? target->Tuple.elts : target->List.elts;
    int star = -1;
    for (int i = 0; i < t.len; i++)
      if (t.items[i]->kind == AST_Starred) {
        if (star >= 0)
          error_at(L->src, t.items[i]->off, ERR_SYNTAX, "multiple starred expressions in assignment");
        star = i;
      }
    if (star >= 0) {
      starred_unpack(L, t, star, val, target->off);
      return;
    }
    if (val->op == IR_BUILTIN && !strcmp(val->name->str, "tuple.new") && val->nargs == t.len) {
      for (int i = 0; i < t.len; i++)
        assign_to(L, t.items[i], val->args[i]);
      return;
    }
    /* every item is read (the first read checks the length) before any
     * target is assigned, as CPython's UNPACK_SEQUENCE does: assigning a
     * target may change a list being unpacked (xs[1], xs[0] = xs) */
    Instr **items = arena_alloc(L->a, (size_t)t.len * sizeof *items);
    for (int i = 0; i < t.len; i++) {
      items[i] = op1(L, IR_BUILTIN, t.items[i]->off, val);
      items[i]->name = intern("tuple.item", 10);
      items[i]->sub = i;
      items[i]->var = t.len; /* the number of targets */
    }
    for (int i = 0; i < t.len; i++)
      assign_to(L, t.items[i], items[i]);
    return;
  }
  unsupported(L, target, "assignment to this target");
}

static Instr *int_const(Lower *L, uint32_t off, int64_t v) {
  return const_instr(L, off, (Const){.kind = CONST_INT, .i = v});
}

/* a, *b, c = x: x's items as a list (any iterable, as CPython consumes
 * it), at least len(t) - 1 of them; the starred target takes the middle
 * ones as a list. */
static void starred_unpack(Lower *L, NodeList t, int star, Instr *val, uint32_t off) {
  Instr *seq = builtin(L, off, "list", &val, 1);
  Instr *n = builtin(L, off, "len", &seq, 1);
  int after = t.len - 1 - star;
  Instr *chk[2] = {n, int_const(L, off, t.len - 1)};
  builtin(L, off, "unpack.atleast", chk, 2);
  Instr **items = arena_alloc(L->a, (size_t)t.len * sizeof *items);
  for (int i = 0; i < t.len; i++) {
    if (i == star) {
      Instr *sl[5] = {seq, int_const(L, off, star), int_const(L, off, -after), int_const(L, off, 0),
                      int_const(L, off, after ? 3 : 1)};
      items[i] = builtin(L, off, "[:]", sl, 5);
    } else {
      Instr *ix[2] = {seq, int_const(L, off, i < star ? i : -(t.len - i))};
      items[i] = builtin(L, off, "[]", ix, 2);
    }
  }
  for (int i = 0; i < t.len; i++)
    assign_to(L, i == star ? t.items[i]->Starred.value : t.items[i], items[i]);
}

/* ---- match */

static void branch_on(Lower *L, Instr *cond, Block *fail, uint32_t off) {
  Block *ok = new_block(L);
  branch(L, op1(L, IR_TRUTH, off, cond), ok, fail, off);
  seal(L, ok);
  L->cur = ok;
}

static Instr *compare_op(Lower *L, int op, Instr *a, Instr *b, uint32_t off) {
  Instr *c = op2(L, IR_COMPARE, off, a, b);
  c->sub = op;
  return c;
}

static const char *const match_types[] = {"int", "float", "str", "bool", "list", "dict", "tuple", "set", "bytes"};

/* Test subject against pattern p: on failure go to fail; on success
 * continue in L->cur with the pattern's names bound. */
static void pattern(Lower *L, Node *p, Instr *subj, Block *fail) {
  uint32_t off = p->off;
  switch (p->kind) {
  case AST_MatchValue:
    branch_on(L, compare_op(L, CMP_Eq, subj, expr(L, p->MatchValue.value), off), fail, off);
    return;
  case AST_MatchSingleton: {
    Instr *c = const_instr(L, off, p->MatchSingleton.value);
    if (c->cval.kind == CONST_NONE)
      branch_on(L, compare_op(L, CMP_Is, subj, c, off), fail, off);
    else /* True/False: a bool that equals it (1 is not True) */
      branch_on(L, builtin(L, off, "match.bool", (Instr *[]){subj, c}, 2), fail, off);
    return;
  }
  case AST_MatchAs:
    if (p->MatchAs.pattern)
      pattern(L, p->MatchAs.pattern, subj, fail);
    if (p->MatchAs.name)
      store_name(L, p->MatchAs.name, subj, off);
    return;
  case AST_MatchOr: {
    Block *ok = new_block(L);
    NodeList ps = p->MatchOr.patterns;
    for (int i = 0; i < ps.len; i++) {
      Block *next = i + 1 < ps.len ? new_block(L) : fail;
      pattern(L, ps.items[i], subj, next);
      jump(L, ok, off);
      if (next != fail) {
        seal(L, next);
        L->cur = next;
      }
    }
    seal(L, ok);
    L->cur = ok;
    return;
  }
  case AST_MatchSequence: {
    NodeList ps = p->MatchSequence.patterns;
    int star = -1;
    for (int i = 0; i < ps.len; i++)
      if (ps.items[i]->kind == AST_MatchStar)
        star = i;
    branch_on(L, builtin(L, off, "match.seq", &subj, 1), fail, off);
    Instr *seq = builtin(L, off, "list", &subj, 1);
    Instr *n = builtin(L, off, "len", &seq, 1);
    branch_on(L, compare_op(L, star >= 0 ? CMP_GtE : CMP_Eq, n, int_const(L, off, star >= 0 ? ps.len - 1 : ps.len), off),
              fail, off);
    for (int i = 0; i < ps.len; i++) {
      if (i == star) {
        Ident *name = ps.items[i]->MatchStar.name;
        int after = ps.len - 1 - star;
        if (name) {
          Instr *sl[5] = {seq, int_const(L, off, star), int_const(L, off, -after), int_const(L, off, 0),
                          int_const(L, off, after ? 3 : 1)};
          store_name(L, name, builtin(L, off, "[:]", sl, 5), off);
        }
        continue;
      }
      Instr *ix[2] = {seq, int_const(L, off, star >= 0 && i > star ? -(ps.len - i) : i)};
      pattern(L, ps.items[i], builtin(L, off, "[]", ix, 2), fail);
    }
    return;
  }
  case AST_MatchMapping: {
    if (p->MatchMapping.rest)
      unsupported(L, p, "**rest in mapping patterns");
    branch_on(L, builtin(L, off, "match.map", &subj, 1), fail, off);
    for (int i = 0; i < p->MatchMapping.keys.len; i++) {
      Instr *k = expr(L, p->MatchMapping.keys.items[i]);
      branch_on(L, compare_op(L, CMP_In, k, subj, off), fail, off);
      Instr *ix[2] = {subj, k};
      pattern(L, p->MatchMapping.patterns.items[i], builtin(L, off, "[]", ix, 2), fail);
    }
    return;
  }
  case AST_MatchClass: {
    Node *cls = p->MatchClass.cls;
    ClassDecl *c = class_ref(L, cls);
    NodeList pos = p->MatchClass.patterns;
    if (c) {
      Instr *t = op1(L, IR_BUILTIN, off, subj);
      t->name = intern("isinstance.class", 16);
      t->cls = c;
      branch_on(L, t, fail, off);
      subj = op1(L, IR_BUILTIN, off, subj); /* from here on, subj is a c */
      subj->name = intern("cast.class", 10);
      subj->cls = c;
      /* positional patterns: the dataclass's fields in order (its __match_args__) */
      Vec fields = {0};
      if (pos.len) {
        if (!c->dataclass)
          unsupported(L, pos.items[0], "positional patterns for a class that is not a dataclass");
        for (ClassDecl *k = c; k; k = k->base) { /* bases' fields first */
          Vec mine = {0};
          NodeList body = k->def->ClassDef.body;
          for (int i = 0; i < body.len; i++)
            if (body.items[i]->kind == AST_AnnAssign && body.items[i]->AnnAssign.target->kind == AST_Name)
              vec_push(&mine, body.items[i]->AnnAssign.target->Name.id);
          for (int i = 0; i < fields.len; i++)
            vec_push(&mine, fields.items[i]);
          free(fields.items);
          fields = mine;
        }
        if (pos.len > fields.len)
          error_at(L->src, pos.items[fields.len]->off, ERR_SYNTAX,
                   "%s() accepts %d positional sub-pattern%s (%d given)", c->name->str, fields.len,
                   fields.len == 1 ? "" : "s", pos.len);
      }
      for (int i = 0; i < pos.len + p->MatchClass.kwd_attrs.len; i++) {
        Ident *attr = i < pos.len ? fields.items[i] : p->MatchClass.kwd_attrs.items[i - pos.len];
        Node *sp = i < pos.len ? pos.items[i] : p->MatchClass.kwd_patterns.items[i - pos.len];
        Instr *g = op1(L, IR_GETATTR, sp->off, subj);
        g->name = attr;
        pattern(L, sp, g, fail);
      }
      free(fields.items);
      return;
    }
    int k = -1;
    for (int i = 0; cls->kind == AST_Name && i < (int)countof(match_types); i++)
      if (!strcmp(cls->Name.id->str, match_types[i]) && is_builtin_name(L, cls, match_types[i]))
        k = i;
    if (k < 0)
      unsupported(L, cls, "class patterns other than builtin types and classes of the program");
    if (p->MatchClass.kwd_attrs.len || pos.len > 1)
      unsupported(L, p, "this class pattern of a builtin type");
    Instr *a[2] = {subj, const_instr(L, cls->off, (Const){.kind = CONST_INT, .i = class_mask(L, cls)})};
    branch_on(L, builtin(L, off, "isinstance", a, 2), fail, off);
    if (pos.len) /* int(x): the subject itself */
      pattern(L, pos.items[0], subj, fail);
    return;
  }
  default: unsupported(L, p, "this pattern");
  }
}

/* match subject: case p if guard: body ... — each case's pattern tested in
 * turn, the first that matches (and whose guard holds) runs. */
static void match_stmt(Lower *L, Node *s) {
  Instr *subj = expr(L, s->Match.subject);
  Block *done = new_block(L);
  NodeList cases = s->Match.cases;
  for (int i = 0; i < cases.len; i++) {
    Node *c = cases.items[i];
    Block *next = new_block(L);
    pattern(L, c->match_case.pattern, subj, next);
    if (c->match_case.guard)
      branch_on(L, expr(L, c->match_case.guard), next, c->match_case.guard->off);
    body(L, c->match_case.body);
    jump(L, done, c->off);
    seal(L, next);
    L->cur = next;
  }
  jump(L, done, s->off);
  seal(L, done);
  L->cur = done->npreds ? done : NULL;
}

/* What a test tells of a local variable on one side of an if: after
 * `isinstance(x, C)` (C a class of the program) x is a C; after
 * `isinstance(x, T)` (T builtin classes) x is what of its type T allows, and
 * in the else what T does not (infer.c: a side no value can reach is dead
 * code, not type-checked); after `x is not None` (or in the else of
 * `x is None`) an Optional x is its value. The
 * variable is re-bound to a cast of itself there; the merge after the if
 * joins the types again. */
static void narrow(Lower *L, Node *test, bool then) {
  Node *var = NULL;
  const char *cast = NULL;
  ClassDecl *c = NULL;
  int64_t mask = 0;
  bool isinst = test->kind == AST_Call && is_builtin_name(L, test->Call.func, "isinstance") &&
                test->Call.args.len == 2 && !test->Call.keywords.len &&
                test->Call.args.items[0]->kind == AST_Name;
  if (then && isinst && (c = class_ref(L, test->Call.args.items[1]))) {
    var = test->Call.args.items[0];
    cast = "cast.class";
  } else if (isinst && !class_ref(L, test->Call.args.items[1])) {
    /* builtin classes (the test itself lowered the mask, so it is valid):
     * the variable narrowed to them, or in the else to what is left */
    var = test->Call.args.items[0];
    mask = class_mask(L, test->Call.args.items[1]);
    cast = then ? "cast.type" : "cast.nottype";
  } else if (test->kind == AST_Compare && test->Compare.ops.len == 1 && test->Compare.left->kind == AST_Name &&
             test->Compare.comparators.items[0]->kind == AST_Constant &&
             test->Compare.comparators.items[0]->Constant.value.kind == CONST_NONE &&
             ((then && test->Compare.ops.items[0] == CMP_IsNot) || (!then && test->Compare.ops.items[0] == CMP_Is))) {
    var = test->Compare.left;
    cast = "cast.some";
  }
  if (!var || cell_slot(L, var->Name.id) >= 0)
    return;
  int slot = local_slot(L, var->Name.id);
  if (slot < 0)
    return;
  Instr *v = op1(L, IR_BUILTIN, var->off, read_var(L, slot, cur_block(L), var->off));
  v->name = intern(cast, strlen(cast));
  v->cls = c;
  v->sub = (int)mask;
  write_var(L, slot, v);
}

static void if_stmt(Lower *L, Node *s) {
  Instr *test = op1(L, IR_TRUTH, s->If.test->off, expr(L, s->If.test));
  Block *then = new_block(L), *els = new_block(L), *done = new_block(L);
  branch(L, test, then, els, s->off);
  seal(L, then);
  seal(L, els);
  L->cur = then;
  narrow(L, s->If.test, true);
  body(L, s->If.body);
  jump(L, done, s->off);
  L->cur = els;
  narrow(L, s->If.test, false);
  body(L, s->If.orelse);
  jump(L, done, s->off);
  seal(L, done);
  L->cur = done->npreds ? done : NULL;
}

static void loop_body(Lower *L, NodeList stmts, Block *head, Block *exit) {
  Loop lp = {head, exit, L->cleanup, L->loop};
  L->loop = &lp;
  body(L, stmts);
  L->loop = lp.outer;
}

/* Is e a constant that is always true (`while True:`, `while 1:`)? CPython
 * tests nothing then, and the loop ends only by a break (or return, raise). */
static bool const_true(Node *e) {
  if (e->kind != AST_Constant)
    return false;
  Const c = e->Constant.value;
  return c.kind == CONST_TRUE || (c.kind == CONST_INT && c.i != 0) || c.kind == CONST_BIGINT ||
         (c.kind == CONST_STR && c.len > 0);
}

/* while test: body else: orelse
 *     head: branch test body, orelse;  body: ...; jump head;  orelse: ...; jump exit
 * With a test that is always true, head jumps to body: the else clause and
 * whatever follows the loop without a break are unreachable, so a function
 * that ends in `while True:` does not fall off its end (return None). */
static void while_stmt(Lower *L, Node *s) {
  bool forever = const_true(s->While.test);
  Block *head = new_block(L), *bodyb = new_block(L), *exit = new_block(L);
  Block *orelse = forever ? NULL : new_block(L);
  jump(L, head, s->off);
  L->cur = head;
  if (forever) {
    jump(L, bodyb, s->off);
  } else {
    Instr *test = op1(L, IR_TRUTH, s->While.test->off, expr(L, s->While.test));
    branch(L, test, bodyb, orelse, s->off);
    seal(L, orelse);
  }
  seal(L, bodyb);
  L->cur = bodyb;
  loop_body(L, s->While.body, head, exit);
  jump(L, head, s->off);
  seal(L, head);
  /* the else clause: unreachable when forever (still lowered, for its errors) */
  L->cur = orelse;
  body(L, s->While.orelse);
  if (!forever)
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
  return !strcmp(id->str, name) && local_slot(L, id) < 0 &&
         module_global_index(L->decl->mod, id) < 0;
}

/* ------------------------------------------------------------- iteration
 *
 * Every iteration — a for statement, a comprehension, a generator
 * expression a builtin consumes — is lowered by iterate() to one protocol
 * of three ops, which type propagation resolves per iterable type
 * (ops.def: a list, a range, a str, a tuple each have an inline step; a
 * dict, a set, a view or a variant go through the runtime's iterator):
 *
 *       c = iter.new xs        the cursor: a C struct local, no allocation
 *     head:
 *       ok = iter.next c       fetch the next item; false at the end
 *       branch ok body, exhausted
 *     body:
 *       x = iter.item c        the item
 *       ...                    the sink: a loop body, an append, a sum
 *       jump head
 *
 * enumerate() and zip() are lowered around it (a counter variable; one
 * cursor per argument, each advanced only while the ones before it gave an
 * item, as CPython's zip does), and a comprehension or generator
 * expression is nested loops whose innermost body feeds the sink, so
 * `for x in (f(y) for y in ys)` and `sum(f(y) for y in ys)` run as loops
 * without a generator object. A Sink says what each item goes to.
 */
typedef enum {
  SINK_FOR,       /* a for statement's target and body */
  SINK_LEVEL,     /* a comprehension's generator `level`: its target, its ifs, then the next */
  SINK_ENUMERATE, /* count, then (i, item) to next */
  SINK_LIST,      /* acc.append(item) */
  SINK_SET,       /* acc.add(item) */
  SINK_DICT,      /* acc[k] = v for the pair item */
  SINK_SUM,       /* slot = slot + item */
  SINK_ANY,       /* the first true item: slot = True, go to done */
  SINK_ALL,       /* the first false item: slot = False, go to done */
  SINK_YIELD,     /* yield item (yield from) */
} SinkKind;

typedef struct Sink {
  SinkKind kind;
  Node *node;        /* FOR: the for statement; LEVEL: the comprehension */
  int level;         /* LEVEL: which of its generators */
  Scope *scope;      /* LEVEL: the comprehension's names */
  Instr *acc;        /* LIST, SET, DICT: the container being filled */
  int slot;          /* SUM, ANY, ALL: the result so far; ENUMERATE: the counter */
  Block *done;       /* FOR: the loop's exit (break); ANY, ALL: after the loop */
  struct Sink *next; /* LEVEL, ENUMERATE: where the items go on to */
} Sink;

static void iterate(Lower *L, Node *it, Instr *value, Sink *k, Block *exhausted);

static NodeList comp_generators(Node *comp) {
  switch (comp->kind) {
  case AST_ListComp: return comp->ListComp.generators;
  case AST_SetComp: return comp->SetComp.generators;
  case AST_DictComp: return comp->DictComp.generators;
  default: return comp->GeneratorExp.generators;
  }
}

/* enumerate(xs), enumerate(xs, n) or enumerate(xs, start=n): its start, or
 * NULL (0) when none is given; false when e is no such call. */
static bool enumerate_call(Lower *L, Node *e, Node **start) {
  if (builtin_call(L, e, "enumerate", 1, 2)) {
    *start = e->Call.args.len == 2 ? e->Call.args.items[1] : NULL;
    return true;
  }
  if (e->kind != AST_Call || e->Call.func->kind != AST_Name || e->Call.args.len != 1 ||
      e->Call.keywords.len != 1 || !e->Call.keywords.items[0]->keyword.arg ||
      strcmp(e->Call.keywords.items[0]->keyword.arg->str, "start"))
    return false;
  Ident *id = e->Call.func->Name.id;
  if (strcmp(id->str, "enumerate") || local_slot(L, id) >= 0 || module_global_index(L->decl->mod, id) >= 0)
    return false;
  *start = e->Call.keywords.items[0]->keyword.value;
  return true;
}

/* Is e iterated by a form of its own (not a value with a cursor): a
 * generator expression, zip(...), enumerate(...)? */
static bool iteration_form(Lower *L, Node *e) {
  Node *start;
  return e->kind == AST_GeneratorExp || builtin_call(L, e, "zip", 1, 8) || enumerate_call(L, e, &start);
}

static void bound_names(Lower *L, Node *t, Vec *names) {
  switch (t->kind) {
  case AST_Name:
    for (int i = 0; i < names->len; i++)
      if (names->items[i] == t->Name.id)
        return;
    vec_push(names, t->Name.id);
    break;
  case AST_Tuple:
    for (int i = 0; i < t->Tuple.elts.len; i++)
      bound_names(L, t->Tuple.elts.items[i], names);
    break;
  case AST_List:
    for (int i = 0; i < t->List.elts.len; i++)
      bound_names(L, t->List.elts.items[i], names);
    break;
  default: unsupported(L, t, "this target in a comprehension");
  }
}

/* The comprehension's scope: its targets' names, each in a hidden slot. */
static Scope *comp_scope(Lower *L, Node *comp) {
  NodeList gens = comp_generators(comp);
  Vec names = {0};
  for (int i = 0; i < gens.len; i++) {
    Node *g = gens.items[i];
    if (g->comprehension.is_async)
      unsupported(L, g, "async comprehensions");
    bound_names(L, g->comprehension.target, &names);
  }
  Scope *sc = arena_alloc(L->a, sizeof *sc);
  int first = hidden_slots(L, comp, names.len);
  sc->n = names.len;
  sc->names = (Ident **)vec_to_arena(L->a, &names);
  sc->slots = arena_alloc(L->a, (size_t)(sc->n + 1) * sizeof *sc->slots);
  for (int i = 0; i < sc->n; i++)
    sc->slots[i] = first + i;
  sc->outer = L->scope;
  return sc;
}

/* One item for the sink, then on to cont (the innermost loop's head). */
static void sink_item(Lower *L, Sink *k, Instr *item, Block *cont, uint32_t off) {
  switch (k->kind) {
  case SINK_FOR: {
    Node *s = k->node;
    assign_to(L, s->For.target, item);
    Loop lp = {cont, k->done, L->cleanup, L->loop};
    L->loop = &lp;
    body(L, s->For.body);
    L->loop = lp.outer;
    break;
  }
  case SINK_LEVEL: {
    Node *comp = k->node;
    NodeList gens = comp_generators(comp);
    Node *g = gens.items[k->level];
    Scope *outside = L->scope;
    L->scope = k->scope;
    assign_to(L, g->comprehension.target, item);
    NodeList ifs = g->comprehension.ifs;
    for (int i = 0; i < ifs.len; i++) {
      Instr *t = op1(L, IR_TRUTH, ifs.items[i]->off, expr(L, ifs.items[i]));
      Block *rest = new_block(L);
      branch(L, t, rest, cont, ifs.items[i]->off);
      seal(L, rest);
      L->cur = rest;
    }
    if (k->level + 1 < gens.len) {
      Sink inner = *k;
      inner.level++;
      iterate(L, gens.items[k->level + 1]->comprehension.iter, NULL, &inner, cont);
    } else {
      Instr *v;
      if (comp->kind == AST_DictComp) { /* the key first, then the value */
        Instr *kv[2] = {expr(L, comp->DictComp.key), expr(L, comp->DictComp.value)};
        v = builtin(L, comp->off, "tuple.new", kv, 2);
      } else {
        v = expr(L, comp->kind == AST_ListComp  ? comp->ListComp.elt
                    : comp->kind == AST_SetComp ? comp->SetComp.elt
                                                : comp->GeneratorExp.elt);
      }
      L->scope = outside; /* what consumes the items is outside the comprehension */
      sink_item(L, k->next, v, cont, off);
    }
    L->scope = outside;
    break;
  }
  case SINK_ENUMERATE: {
    Instr *i = read_var(L, k->slot, cur_block(L), off);
    Instr *next = op2(L, IR_BINOP, off, i, const_instr(L, off, (Const){.kind = CONST_INT, .i = 1}));
    next->sub = BIN_Add;
    write_var(L, k->slot, next);
    Instr *pair[2] = {i, item};
    sink_item(L, k->next, builtin(L, off, "tuple.new", pair, 2), cont, off);
    break;
  }
  case SINK_LIST:
  case SINK_SET: {
    Instr *args[2] = {k->acc, item};
    builtin(L, off, k->kind == SINK_LIST ? ".append" : ".add", args, 2);
    break;
  }
  case SINK_DICT: {
    Instr *args[3] = {k->acc, NULL, NULL};
    if (item->op == IR_BUILTIN && !strcmp(item->name->str, "tuple.new") && item->nargs == 2) {
      args[1] = item->args[0];
      args[2] = item->args[1];
    } else { /* a pair from elsewhere: unpacked as `k, v = item` */
      for (int i = 0; i < 2; i++) {
        args[i + 1] = op1(L, IR_BUILTIN, off, item);
        args[i + 1]->name = intern("tuple.item", 10);
        args[i + 1]->sub = i;
        args[i + 1]->var = 2;
      }
    }
    builtin(L, off, "[]=", args, 3);
    break;
  }
  case SINK_YIELD: op1(L, IR_YIELD, off, item); break;
  case SINK_SUM: {
    Instr *sum = op2(L, IR_BINOP, off, read_var(L, k->slot, cur_block(L), off), item);
    sum->sub = BIN_Add;
    write_var(L, k->slot, sum);
    break;
  }
  case SINK_ANY:
  case SINK_ALL: {
    bool any = k->kind == SINK_ANY;
    Instr *t = op1(L, IR_TRUTH, off, item);
    Block *decide = new_block(L), *rest = new_block(L);
    branch(L, t, any ? decide : rest, any ? rest : decide, off);
    seal(L, decide);
    seal(L, rest);
    L->cur = decide;
    write_var(L, k->slot, const_instr(L, off, (Const){.kind = any ? CONST_TRUE : CONST_FALSE}));
    jump(L, k->done, off);
    L->cur = rest;
    break;
  }
  }
  jump(L, cont, off);
}

/* A cursor loop over the value v: the protocol's three ops. */
static void cursor_loop(Lower *L, Instr *v, uint32_t off, Sink *k, Block *exhausted) {
  Instr *c = builtin(L, off, "iter.new", &v, 1);
  Block *head = new_block(L), *bodyb = new_block(L);
  jump(L, head, off);
  L->cur = head;
  Instr *ok = builtin(L, off, "iter.next", &c, 1);
  branch(L, ok, bodyb, exhausted, off);
  seal(L, bodyb);
  L->cur = bodyb;
  Instr *item = builtin(L, off, "iter.item", &c, 1);
  sink_item(L, k, item, head, off);
  seal(L, head);
  L->cur = NULL;
}

/* zip(a, b, ...): the arguments evaluated, a cursor for each, and an item
 * only while every cursor gives one (a later one is not advanced once an
 * earlier one ran out). */
static void zip_loop(Lower *L, Node *it, Sink *k, Block *exhausted) {
  NodeList a = it->Call.args;
  Instr *vals[8], *curs[8], *items[8];
  for (int i = 0; i < a.len; i++) {
    if (iteration_form(L, a.items[i]))
      unsupported(L, a.items[i], "zip() of generator expressions, zip() or enumerate()");
    vals[i] = expr(L, a.items[i]);
  }
  for (int i = 0; i < a.len; i++)
    curs[i] = builtin(L, it->off, "iter.new", &vals[i], 1);
  Block *head = new_block(L);
  jump(L, head, it->off);
  L->cur = head;
  for (int i = 0; i < a.len; i++) {
    Instr *ok = builtin(L, it->off, "iter.next", &curs[i], 1);
    Block *next = new_block(L);
    branch(L, ok, next, exhausted, it->off);
    seal(L, next);
    L->cur = next;
  }
  for (int i = 0; i < a.len; i++)
    items[i] = builtin(L, it->off, "iter.item", &curs[i], 1);
  sink_item(L, k, builtin(L, it->off, "tuple.new", items, a.len), head, it->off);
  seal(L, head);
  L->cur = NULL;
}

/* Feed the items of `it` to the sink; when they run out, go to
 * exhausted. value: it already evaluated (a plain iterable), or NULL. */
/* The iterable of a for statement or a comprehension. CPython's AST
 * optimizer makes a set display of constants there a frozenset constant,
 * whatever its length (elsewhere only from three items), and that decides
 * the order of iteration: `for v in {255, 99999}` gives 255 first. */
static Instr *iter_expr(Lower *L, Node *it) {
  Instr *v = expr(L, it);
  if (it->kind == AST_Set && v->op == IR_BUILTIN && v->name == intern("set.new", 7)) {
    NodeList elts = it->Set.elts;
    v->sub = elts.len > 0;
    for (int i = 0; i < elts.len; i++)
      v->sub &= folded_constant(elts.items[i]);
  }
  return v;
}

static void iterate(Lower *L, Node *it, Instr *value, Sink *k, Block *exhausted) {
  if (!value && it->kind == AST_GeneratorExp) {
    Sink level = {.kind = SINK_LEVEL, .node = it, .scope = comp_scope(L, it), .next = k};
    iterate(L, it->GeneratorExp.generators.items[0]->comprehension.iter, NULL, &level, exhausted);
    return;
  }
  if (!value && builtin_call(L, it, "zip", 1, 8)) {
    zip_loop(L, it, k, exhausted);
    return;
  }
  Node *start_expr;
  if (!value && enumerate_call(L, it, &start_expr)) {
    /* for i, x in enumerate(xs, start): a counter variable beside the loop */
    Node *x = it->Call.args.items[0];
    Instr *xv = iteration_form(L, x) ? NULL : expr(L, x);
    Instr *start = start_expr ? expr(L, start_expr) : const_instr(L, it->off, (Const){.kind = CONST_INT, .i = 0});
    Sink e = {.kind = SINK_ENUMERATE, .slot = hidden_slots(L, it, 1), .next = k};
    write_var(L, e.slot, start);
    iterate(L, x, xv, &e, exhausted);
    return;
  }
  cursor_loop(L, value ? value : k->kind == SINK_YIELD ? expr(L, it) : iter_expr(L, it), it->off, k, exhausted);
}

/* for target in iter: body else: orelse */
/* yield from it: each item of it, yielded. */
static void yield_from(Lower *L, Node *e) {
  Block *done = new_block(L);
  Sink k = {.kind = SINK_YIELD, .done = done};
  iterate(L, e->YieldFrom.value, NULL, &k, done);
  seal(L, done);
  L->cur = done;
}

static void for_stmt(Lower *L, Node *s) {
  Block *orelse = new_block(L), *exit = new_block(L);
  Sink k = {.kind = SINK_FOR, .node = s, .done = exit};
  iterate(L, s->For.iter, NULL, &k, orelse);
  seal(L, orelse);
  L->cur = orelse->npreds ? orelse : NULL;
  body(L, s->For.orelse);
  jump(L, exit, s->off);
  seal(L, exit);
  L->cur = exit->npreds ? exit : NULL;
}

/* [elt for ...], {elt for ...}, {k: v for ...}: an empty container (whose
 * item type comes from what the loop adds: infer.c) filled by the loops. */
static Instr *comprehension(Lower *L, Node *e) {
  const char *make = e->kind == AST_ListComp ? "list.new" : e->kind == AST_SetComp ? "set.new" : "dict.new";
  Instr *acc = builtin(L, e->off, make, NULL, 0);
  Sink fill = {.kind = e->kind == AST_ListComp ? SINK_LIST : e->kind == AST_SetComp ? SINK_SET : SINK_DICT,
               .acc = acc};
  Sink level = {.kind = SINK_LEVEL, .node = e, .scope = comp_scope(L, e), .next = &fill};
  Block *done = new_block(L);
  iterate(L, comp_generators(e).items[0]->comprehension.iter, NULL, &level, done);
  seal(L, done);
  L->cur = done;
  return acc;
}

/* A builtin that consumes an iteration form (a generator expression, zip,
 * enumerate): list, set, frozenset, tuple, dict, sum, any, all, min, max,
 * sorted, and sep.join (sep given). The loop runs inline; any and all stop
 * at the first item that decides, as CPython's do. */
static Instr *consume(Lower *L, Node *e, const char *name, Instr *sep) {
  Node *it = e->Call.args.items[0];
  uint32_t off = e->off;
  bool to_list = !strcmp(name, "list") || !strcmp(name, "tuple") || !strcmp(name, "min") ||
                 !strcmp(name, "max") || !strcmp(name, "sorted") || !strncmp(name, "math.", 5) || sep;
  bool to_set = !strcmp(name, "set") || !strcmp(name, "frozenset");
  Block *done = new_block(L);
  Instr *r;
  if (to_list || to_set || !strcmp(name, "dict")) {
    Instr *acc = builtin(L, off, to_list ? "list.new" : to_set ? "set.new" : "dict.new", NULL, 0);
    Sink k = {.kind = to_list ? SINK_LIST : to_set ? SINK_SET : SINK_DICT, .acc = acc};
    iterate(L, it, NULL, &k, done);
    seal(L, done);
    L->cur = done;
    r = acc;
    if (sep) { /* sep.join(...): CPython makes the list too */
      Instr *args[2] = {sep, acc};
      return builtin(L, off, ".join", args, 2);
    }
    if (!strcmp(name, "sorted")) {
      Instr *args[2] = {acc, e->Call.keywords.len ? expr(L, e->Call.keywords.items[0]->keyword.value) : NULL};
      builtin(L, off, ".sort", args, args[1] ? 2 : 1);
    } else if (strcmp(name, "list") && strcmp(name, "set") && strcmp(name, "dict")) {
      r = builtin(L, off, name, &acc, 1); /* tuple, frozenset, min, max, math.fsum of the items */
    }
    return r;
  }
  /* sum, any, all: a running result in a hidden variable */
  int slot = hidden_slots(L, e, 1);
  Sink k = {.kind = SINK_SUM, .slot = slot, .done = done};
  Instr *start;
  if (!strcmp(name, "sum")) {
    start = e->Call.args.len == 2 ? expr(L, e->Call.args.items[1])
                                  : const_instr(L, off, (Const){.kind = CONST_INT, .i = 0});
  } else {
    k.kind = !strcmp(name, "any") ? SINK_ANY : SINK_ALL;
    start = const_instr(L, off, (Const){.kind = k.kind == SINK_ANY ? CONST_FALSE : CONST_TRUE});
  }
  write_var(L, slot, start);
  iterate(L, it, NULL, &k, done);
  seal(L, done);
  L->cur = done;
  return read_var(L, slot, done, off);
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
  ClassDecl *ec = class_ref(L, exc);
  if (ec && class_exc_root(ec)) { /* raise E, E with a body: E() */
    Node *call = node_new(L->a, AST_Call, exc->off, exc->end);
    call->Call.func = exc;
    v = construct(L, call, ec);
  } else if (exc->kind == AST_Name && is_exception_name(L, exc->Name.id)) {
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
    const char *pm = n->kind == AST_Attribute ? provided_ref(L, n->Attribute.value) : NULL;
    if (pm && provided_exception(pm, n->Attribute.attr)) {
      match->kwnames[i] = n->Attribute.attr; /* np.AxisError, json.JSONDecodeError: the runtime's kr_<name>_type */
      continue;
    }
    const Import *imp = n->kind == AST_Name && local_slot(L, n->Name.id) < 0 ? import_of(L->decl->mod, n->Name.id) : NULL;
    if ((pm && !strcmp(pm, "re") && !strcmp(n->Attribute.attr->str, "error")) ||
        (imp && imp->provided && !strcmp(imp->provided, "re") && imp->attr && !strcmp(imp->attr->str, "error"))) {
      /* re.error, or error from `from re import error`: kr_re_error_type */
      match->kwnames[i] = intern("re_error", 8);
      continue;
    }
    ClassDecl *c = class_ref(L, n);
    if (n->kind != AST_Name || (!is_exception_name(L, n->Name.id) && !(c && class_exc_root(c))))
      unsupported(L, n, "except clauses for anything but exception classes");
    match->kwnames[i] = n->Name.id;
  }
}

/* Before leaving early (return, break, continue): the cleanups from the
 * innermost out to `stop`, each as what is outside it sees it: a finally
 * body lowered once more (CPython's compiler copies it the same way), an
 * except clause's handling ended. A finally body that returns, raises or
 * breaks itself ends the way out there (L->cur becomes NULL). */
static void run_cleanups(Lower *L, Cleanup *stop, uint32_t off) {
  Cleanup *saved = L->cleanup;
  Block *handler = L->handler;
  Loop *loop = L->loop;
  for (Cleanup *c = L->cleanup; c != stop && L->cur; c = c->outer) {
    L->cleanup = c->outer;
    if (c->prev) {
      op1(L, IR_EXC_END, off, c->prev);
    } else {
      L->handler = c->handler;
      L->loop = c->loop;
      body(L, c->finalbody);
    }
  }
  L->cleanup = saved;
  L->handler = handler;
  L->loop = loop;
}

/* try: body / except E as e: handler ... / else: orelse
 *     body's exceptions land in `dispatch`, which tests each clause in
 *     turn; a clause takes the exception (excfetch), marks it as being
 *     handled (excbegin/excend, for chaining and bare raise), and runs; an
 *     exception inside the clause first ends the handling (cleanup). When
 *     no clause matches, the exception goes on (reraise) to `outer`. */
static void try_except(Lower *L, Node *s, Block *outer) {
  NodeList hs = s->Try.handlers;
  Block *dispatch = hs.len ? new_block(L) : outer, *after = new_block(L);
  L->handler = dispatch;
  body(L, s->Try.body);
  L->handler = outer;
  body(L, s->Try.orelse);
  jump(L, after, s->off);
  if (hs.len) {
    seal(L, dispatch);
    L->cur = dispatch->npreds ? dispatch : NULL;
  }
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
    ClassDecl *ec = h->ExceptHandler.type ? class_ref(L, h->ExceptHandler.type) : NULL;
    if (h->ExceptHandler.name && ec) { /* except E as e, E with a body: e is an E, fields and all */
      Instr *cast = op1(L, IR_BUILTIN, h->off, e);
      cast->name = intern("cast.class", 10);
      cast->cls = ec;
      store_name(L, h->ExceptHandler.name, cast, h->off);
    } else if (h->ExceptHandler.name) {
      store_name(L, h->ExceptHandler.name, e, h->off);
    }
    Block *cleanup = new_block(L);
    Cleanup handling = {.prev = prev, .outer = L->cleanup};
    L->cleanup = &handling;
    L->handler = cleanup;
    body(L, h->ExceptHandler.body);
    L->handler = outer;
    L->cleanup = handling.outer;
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
  if (hs.len && L->cur)
    op0(L, IR_RERAISE, s->off);
  seal(L, after);
  L->cur = after->npreds ? after : NULL;
}

/* try: ... finally: final
 *     The finally body is lowered once for each way out of the try: after
 *     the try statement completes; at each return, break or continue that
 *     leaves it (run_cleanups); and for an exception (fexc), where the
 *     exception is taken, marked as being handled while the body runs (an
 *     exception raised there gets it as __context__, as in CPython), and
 *     made pending again at the end. */
static void try_stmt(Lower *L, Node *s) {
  NodeList final = s->Try.finalbody;
  if (!final.len) {
    try_except(L, s, L->handler);
    return;
  }
  Block *outer = L->handler, *fexc = new_block(L);
  Cleanup fin = {.finalbody = final, .handler = outer, .loop = L->loop, .outer = L->cleanup};
  L->cleanup = &fin;
  try_except(L, s, fexc);
  L->cleanup = fin.outer;
  L->handler = outer;
  if (L->cur) /* completed normally (not when every way out of the body returned or raised: the
               * finally body then runs only on those ways, and nothing falls through to after it) */
    body(L, final);
  Block *cont = L->cur;
  seal(L, fexc);
  if (fexc->npreds) {
    L->cur = fexc;
    uint32_t off = final.items[0]->off;
    Instr *e = op0(L, IR_EXC_FETCH, off);
    Instr *prev = op1(L, IR_EXC_BEGIN, off, e);
    Block *fail = new_block(L);
    Cleanup handling = {.prev = prev, .outer = L->cleanup};
    L->cleanup = &handling;
    L->handler = fail;
    body(L, final);
    L->cleanup = handling.outer;
    L->handler = outer;
    if (L->cur) {
      op1(L, IR_EXC_END, off, prev);
      op1(L, IR_RERAISE, off, e);
    }
    seal(L, fail);
    if (fail->npreds) {
      L->cur = fail;
      op1(L, IR_EXC_END, off, prev);
      op0(L, IR_RERAISE, off);
    }
  }
  L->cur = cont;
}

static Node *synth(Lower *L, AstKind kind, Node *at) { return node_new(L->a, kind, at->off, at->end); }

static NodeList one_node(Lower *L, Node *n) {
  Node **items = arena_alloc(L->a, sizeof *items);
  items[0] = n;
  return (NodeList){items, 1};
}

/* with A as a, B as b: body is with A as a: (with B as b: body). One item:
 *     mgr = A (a hidden variable); a = mgr.__enter__()
 *     try: body
 *     finally: mgr.__exit__(None, None, None)
 * kiln's __exit__ is told nothing of the exception and cannot suppress it
 * (resolve.c refuses an __exit__ that would look). */
static void try_stmt(Lower *L, Node *s);

static void with_stmt(Lower *L, Node *s) {
  NodeList items = s->With.items;
  Node *it = items.items[0];
  Instr *mgr = expr(L, it->withitem.context_expr);
  char nm[48];
  snprintf(nm, sizeof nm, "with#%u", it->off);
  Scope *sc = arena_alloc(L->a, sizeof *sc);
  sc->n = 1;
  sc->names = arena_alloc(L->a, sizeof *sc->names);
  sc->names[0] = intern(nm, strlen(nm));
  sc->slots = arena_alloc(L->a, sizeof *sc->slots);
  sc->slots[0] = hidden_slots(L, it, 1);
  sc->outer = L->scope;
  write_var(L, sc->slots[0], mgr);
  Instr *entered = builtin(L, it->off, ".__enter__", &mgr, 1);
  if (it->withitem.optional_vars)
    assign_to(L, it->withitem.optional_vars, entered);
  L->scope = sc;
  Node *name = synth(L, AST_Name, it);
  name->Name.id = sc->names[0];
  name->Name.ctx = CTX_Load;
  Node *attr = synth(L, AST_Attribute, it);
  attr->Attribute.value = name;
  attr->Attribute.attr = intern("__exit__", 8);
  attr->Attribute.ctx = CTX_Load;
  Node *call = synth(L, AST_Call, it);
  call->Call.func = attr;
  Node **nones = arena_alloc(L->a, 3 * sizeof *nones);
  for (int i = 0; i < 3; i++) {
    nones[i] = synth(L, AST_Constant, it);
    nones[i]->Constant.value.kind = CONST_NONE;
  }
  call->Call.args = (NodeList){nones, 3};
  Node *exit = synth(L, AST_Expr, it);
  exit->Expr.value = call;
  Node *t = synth(L, AST_Try, s);
  if (items.len > 1) { /* the rest of the items: a with of their own inside */
    Node *inner = synth(L, AST_With, s);
    inner->With.items = (NodeList){items.items + 1, items.len - 1};
    inner->With.body = s->With.body;
    t->Try.body = one_node(L, inner);
  } else {
    t->Try.body = s->With.body;
  }
  t->Try.finalbody = one_node(L, exit);
  try_stmt(L, t);
  L->scope = sc->outer;
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
      if (v->op == IR_BUILTIN && (!strcmp(v->name->str, "list.new") || !strcmp(v->name->str, "dict.new") ||
                                  !strcmp(v->name->str, "set.new")))
        v->ann = type_from_annotation(L->decl->mod, s->AnnAssign.annotation);
      assign_to(L, s->AnnAssign.target, v);
    }
    break;
  case AST_AugAssign: {
    Node *t = s->AugAssign.target;
    if (t->kind == AST_Subscript && t->Subscript.slice->kind != AST_Slice) {
      /* xs[i] += v: the container and the index are evaluated once */
      Instr *args[3] = {expr(L, t->Subscript.value), expr(L, t->Subscript.slice), NULL};
      Instr *cur = builtin(L, t->off, "[]", args, 2);
      Instr *in = op2(L, IR_INPLACE, s->off, cur, expr(L, s->AugAssign.value));
      in->sub = s->AugAssign.op;
      args[2] = in;
      builtin(L, t->off, "[]=", args, 3);
      break;
    }
    if (t->kind == AST_Subscript) {
      /* xs[a:b] += v: the container and the bounds are evaluated once */
      Instr *args[6];
      slice_args(L, t, args);
      Instr *cur = builtin(L, t->off, "[:]", args, 5);
      Instr *in = op2(L, IR_INPLACE, s->off, cur, expr(L, s->AugAssign.value));
      in->sub = s->AugAssign.op;
      args[5] = in;
      builtin(L, t->off, "[:]=", args, 6);
      break;
    }
    if (t->kind == AST_Attribute && !module_ref(L, t->Attribute.value) && !class_ref(L, t->Attribute.value)) {
      /* obj.x += v: obj is evaluated once */
      Instr *obj = expr(L, t->Attribute.value);
      Instr *cur = op1(L, IR_GETATTR, t->off, obj);
      cur->name = t->Attribute.attr;
      Instr *in = op2(L, IR_INPLACE, s->off, cur, expr(L, s->AugAssign.value));
      in->sub = s->AugAssign.op;
      setattr(L, obj, t->Attribute.attr, in, t->off);
      break;
    }
    if (t->kind == AST_Attribute) { /* C.x += v, m.x += v */
      Instr *in = op2(L, IR_INPLACE, s->off, expr(L, t), expr(L, s->AugAssign.value));
      in->sub = s->AugAssign.op;
      assign_to(L, t, in);
      break;
    }
    if (t->kind != AST_Name)
      unsupported(L, t, "augmented assignment to this target");
    Instr *cur = name_load(L, t);
    Instr *in = op2(L, IR_INPLACE, s->off, cur, expr(L, s->AugAssign.value));
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
    run_cleanups(L, L->loop->cleanup, s->off);
    jump(L, s->kind == AST_Break ? L->loop->exit : L->loop->head, s->off);
    break;
  case AST_Return: {
    if (L->decl->def->kind == AST_Module)
      error_at(L->src, s->off, ERR_SYNTAX, "'return' outside function");
    Instr *v = s->Return.value ? expr(L, s->Return.value) : none_const(L, s->off);
    run_cleanups(L, NULL, s->off);
    if (L->cur)
      op1(L, IR_RETURN, s->off, v);
    break;
  }
  case AST_FunctionDef: {
    /* module level: binds the global to the function; nested: the local */
    FuncDecl *g = module_func(L->decl->mod, s->FunctionDef.name);
    for (int i = 0; i < L->decl->nnested; i++)
      if (L->decl->nested[i]->def == s)
        g = L->decl->nested[i];
    Instr *in = func_value(L, g, s->off);
    /* a top-level def's decorators are calls after it (resolve.c,
     * decorate_functions); a nested def's only functools.wraps */
    for (int i = 0; i < s->FunctionDef.decorator_list.len; i++)
      if (!is_wraps_decorator(s->FunctionDef.decorator_list.items[i]))
        unsupported(L, s->FunctionDef.decorator_list.items[i], "decorators on a nested def other than functools.wraps");
    store_name(L, s->FunctionDef.name, in, s->off);
    break;
  }
  case AST_Global: break;
  case AST_Import:
    for (int i = 0; i < s->Import.names.len; i++) {
      Node *al = s->Import.names.items[i];
      Ident *bound = al->alias.asname ? al->alias.asname : al->alias.name;
      const Import *imp = import_of(L->decl->mod, bound);
      if (imp && imp->provided) /* import math: nothing to run */
        continue;
      if (!al->alias.asname && provided_module(al->alias.name)) /* import os.path: binds os */
        continue;
      if (imp && !imp->func && !imp->exc) { /* a module of the program, its packages first */
        import_packages(L, al->alias.name, 0, al->off);
        import_module(L, imp->mod, al->off);
      }
      else if (strchr(al->alias.name->str, '.'))
        unsupported(L, al, "dotted imports (import a.b; use from a import b)");
      else if (!is_compile_time_module(al->alias.name))
        error_at(L->src, al->off, ERR_SYNTAX,
                 "kiln cannot find the module '%s': no %s.py next to the program, and kiln does not "
                 "provide it yet",
                 al->alias.name->str, al->alias.name->str);
    }
    break; /* typing: only annotations, nothing to run */
  case AST_ImportFrom: {
    Ident *mname = s->ImportFrom.module;
    if (!s->ImportFrom.level && mname && is_compile_time_module(mname))
      break; /* typing and __future__ only shape annotations: nothing to run */
    Module *t = import_target(L->decl->mod, mname, s->ImportFrom.level);
    const char *provided = !t && !s->ImportFrom.level ? provided_module(mname) : NULL;
    for (int i = 0; provided && i < s->ImportFrom.names.len; i++) {
      /* from math import sqrt, from os import path (bound statically), pi,
       * argv (variables) */
      Node *al = s->ImportFrom.names.items[i];
      Ident *bound = al->alias.asname ? al->alias.asname : al->alias.name;
      if (!strcmp(al->alias.name->str, "*"))
        unsupported(L, al, "from m import *");
      if (import_of(L->decl->mod, bound))
        continue;
      if (!strcmp(provided, "collections") && !strcmp(al->alias.name->str, "namedtuple"))
        continue; /* its calls are class statements (resolve.c, namedtuple_calls) */
      Instr *v = provided_attr(L, provided, al->alias.name, al->off);
      if (!v)
        error_at(L->src, al->off, ERR_SYNTAX, "cannot import name '%s' from '%s' (a module kiln provides)",
                 al->alias.name->str, provided);
      store_name(L, bound, v, al->off);
    }
    if (provided)
      break;
    if (!t)
      error_at(L->src, s->off, ERR_SYNTAX,
               "kiln cannot find the module '%s%s': no such file next to the program, and kiln does "
               "not provide it yet",
               s->ImportFrom.level ? "." : "", mname ? mname->str : "");
    import_packages(L, mname, s->ImportFrom.level, s->off);
    import_module(L, t, s->off);
    for (int i = 0; i < s->ImportFrom.names.len; i++) {
      Node *al = s->ImportFrom.names.items[i];
      Ident *bound = al->alias.asname ? al->alias.asname : al->alias.name;
      if (!strcmp(al->alias.name->str, "*"))
        unsupported(L, al, "from m import *");
      if (import_of(L->decl->mod, bound))
        continue; /* a function or exception class: bound statically */
      if (module_global_index(t, al->alias.name) < 0)
        error_at(L->src, al->off, ERR_SYNTAX, "cannot import name '%s' from '%s' (%s)",
                 al->alias.name->str, t->name->str, t->src->path);
      store_name(L, bound, module_global(L, t, al->alias.name, al->off), al->off);
    }
    break;
  }
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
  case AST_ClassDef: {
    if (L->decl->def->kind == AST_Module && module_exception(L->decl->mod, s->ClassDef.name) >= 0)
      break; /* an exception class: a type the C code defines statically */
    ClassDecl *c = L->decl->def->kind == AST_Module ? module_class(L->decl->mod, s->ClassDef.name) : NULL;
    if (!c || c->def != s)
      unsupported(L, s, "classes defined inside functions or statements");
    /* the class body's code: its class attributes get their values */
    NodeList cb = s->ClassDef.body;
    for (int k = 0; k < cb.len; k++) {
      Node *st = cb.items[k];
      Node *target = st->kind == AST_Assign ? st->Assign.targets.items[0]
                     : st->kind == AST_AnnAssign ? st->AnnAssign.target : NULL;
      Node *value = st->kind == AST_Assign ? st->Assign.value : st->kind == AST_AnnAssign ? st->AnnAssign.value : NULL;
      if (!target || !value || class_attr_owner(c, target->Name.id) != c)
        continue;
      class_attr(L, c, target->Name.id, expr(L, value), st->off);
    }
    break;
  }
  case AST_Try: try_stmt(L, s); break;
  case AST_TryStar: unsupported(L, s, "except*");
  case AST_Raise: raise_stmt(L, s); break;
  case AST_With: with_stmt(L, s); break;
  case AST_AsyncWith: unsupported(L, s, "async with");
  case AST_Delete: /* del x[i], del d[k], del x[a:b]; del of a name is not supported yet */
    for (int i = 0; i < s->Delete.targets.len; i++) {
      Node *t = s->Delete.targets.items[i];
      if (t->kind != AST_Subscript)
        unsupported(L, t, "del of anything but items and slices (del x[i], del d[k])");
      if (t->Subscript.slice->kind == AST_Slice) {
        Instr *args[5];
        slice_args(L, t, args);
        builtin(L, t->off, "del[:]", args, 5);
      } else {
        Instr *args[2] = {expr(L, t->Subscript.value), expr(L, t->Subscript.slice)};
        builtin(L, t->off, "del[]", args, 2);
      }
    }
    break;
  case AST_Match: match_stmt(L, s); break;
  case AST_Nonlocal: break; /* its names live in cells (resolve.c) */
  case AST_AsyncFunctionDef:
  case AST_AsyncFor: unsupported(L, s, "async code");
  default: unsupported(L, s, "this statement");
  }
}

static void body(Lower *L, NodeList stmts) {
  for (int i = 0; i < stmts.len; i++)
    stmt(L, stmts.items[i]);
}

/* The tuples an enumerate() or zip() item, a dict comprehension's pair or
 * an unpacking display made that nothing reads any more (their items were
 * taken directly): dropped, so `for i, x in enumerate(xs)` allocates none. */
static void drop_unused_tuples(Lower *L) {
  int *uses = xmalloc((size_t)(L->fn->nvalues + 1) * sizeof *uses);
  memset(uses, 0, (size_t)(L->fn->nvalues + 1) * sizeof *uses);
  for (int bi = 0; bi < L->blocks.len; bi++) {
    Block *b = L->blocks.items[bi];
    for (int i = 0; i < b->ninstrs; i++)
      for (int k = 0; k < b->instrs[i]->nargs; k++)
        uses[b->instrs[i]->args[k]->id]++;
  }
  bool changed = true;
  while (changed) {
    changed = false;
    for (int bi = 0; bi < L->blocks.len; bi++) {
      Block *b = L->blocks.items[bi];
      int n = 0;
      for (int i = 0; i < b->ninstrs; i++) {
        Instr *in = b->instrs[i];
        if (in->op == IR_BUILTIN && !strcmp(in->name->str, "tuple.new") && !uses[in->id]) {
          for (int k = 0; k < in->nargs; k++)
            uses[in->args[k]->id]--;
          changed = true;
          continue;
        }
        b->instrs[n++] = in;
      }
      b->ninstrs = n;
    }
  }
  free(uses);
}

IrFunc *lower_func(Arena *a, FuncDecl *f, const Type **params, int nparams) {
  IrFunc *fn = arena_alloc(a, sizeof *fn);
  fn->decl = f;
  fn->params = params;
  fn->nparams = nparams;
  Lower L = {.a = a, .src = f->mod->src, .decl = f, .fn = fn, .nvars = f->nlocals,
             .nslots = f->nlocals + 1};
  Block *entry = new_block(&L);
  entry->sealed = true;
  L.cur = entry;
  for (int i = 0; i < nparams; i++) {
    Instr *p = op0(&L, IR_PARAM, f->def->off);
    p->sub = i;
    write_var(&L, i, p);
  }
  /* celled variables: their cells, a parameter's value moved in */
  L.cellbase = f->ncelled ? hidden_slots(&L, f->def, f->ncelled) : f->nlocals + 1000000;
  for (int i = 0; i < f->ncelled; i++) {
    write_var(&L, L.cellbase + i, builtin(&L, f->def->off, "list.new", NULL, 0));
    int p = func_local_index(f, f->celled[i]);
    if (p >= 0 && p < f->nparams)
      cell_set(&L, L.cellbase + i, read_var(&L, p, cur_block(&L), f->def->off), f->def->off);
  }
  NodeList stmts = f->def->kind == AST_Module ? f->def->Module.body : f->def->FunctionDef.body;
  body(&L, stmts);
  if (L.cur) {
    uint32_t end = f->def->end;
    op1(&L, IR_RETURN, end, none_const(&L, end));
  }
  finish_ssa(&L);
  drop_unused_tuples(&L);
  free(L.slot_nodes.items);
  fn->nblocks = L.blocks.len;
  fn->blocks = (Block **)vec_to_arena(a, &L.blocks);
  return fn;
}

Instr *ir_const_before(Arena *a, IrFunc *fn, Instr *at, Const c) {
  Instr *in = ir_insert_before(a, fn, at, IR_CONST, 0);
  in->cval = c;
  return in;
}

Instr *ir_insert_before(Arena *a, IrFunc *fn, Instr *at, IrOp op, int nargs) {
  Instr *in = arena_alloc(a, sizeof *in);
  in->op = op;
  in->id = fn->nvalues++;
  in->off = at->off;
  in->args = arena_alloc(a, (size_t)(nargs + 1) * sizeof *in->args);
  in->nargs = nargs;
  if (op != IR_CONST)
    in->succs[1] = at->succs[1]; /* inside a try: an exception goes where at's goes */
  in->type = ty_unknown;
  in->var = -1;
  Block *b = at->block;
  in->block = b;
  if (b->ninstrs == b->cap) {
    b->cap = b->cap ? b->cap * 2 : 8;
    b->instrs = xrealloc(b->instrs, (size_t)b->cap * sizeof *b->instrs);
  }
  int k = 0;
  while (b->instrs[k] != at)
    k++;
  memmove(b->instrs + k + 1, b->instrs + k, (size_t)(b->ninstrs - k) * sizeof *b->instrs);
  b->instrs[k] = in;
  b->ninstrs++;
  return in;
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
      case IR_BINOP:
      case IR_INPLACE: {
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
      case IR_UNDEF:
        buf_printf(b, " %s", in->var >= 0 && in->var < fn->decl->nlocals ? fn->decl->locals[in->var]->str : "?");
        break;
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
