/* resolve.c — names to scopes.
 *
 * Python decides a name's scope statically: a name bound anywhere in a
 * function body (assignment, for target, parameter, import, def, with/except
 * target, walrus, del) is local to the whole function unless declared
 * global; otherwise it is a module global, else a builtin. resolve collects,
 * per function, its locals (parameters first) and its global declarations,
 * and per module the names bound at module level and its top-level
 * functions. Lowering then asks func_local_index / module_global_index.
 */
#include "kilnc.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void add_name(Vec *v, Ident *id) {
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == id)
      return;
  vec_push(v, id);
}

static bool in_vec(Vec *v, Ident *id) {
  for (int i = 0; i < v->len; i++)
    if (v->items[i] == id)
      return true;
  return false;
}

typedef struct Scan {
  Source *src;
  Module *m;
  Vec bound;   /* names bound in the body */
  Vec globals; /* names declared global */
  Vec nonlocals; /* names declared nonlocal */
  Vec funcs;   /* nested FunctionDef nodes (module level: the top-level functions) */
} Scan;

static void bind_target(Scan *s, Node *t) {
  switch (t->kind) {
  case AST_Name: add_name(&s->bound, t->Name.id); break;
  case AST_Tuple:
    for (int i = 0; i < t->Tuple.elts.len; i++)
      bind_target(s, t->Tuple.elts.items[i]);
    break;
  case AST_List:
    for (int i = 0; i < t->List.elts.len; i++)
      bind_target(s, t->List.elts.items[i]);
    break;
  case AST_Starred: bind_target(s, t->Starred.value); break;
  default: break; /* attribute and subscript targets bind no name */
  }
}

static void scan_expr(Scan *s, Node *e);

static void scan_list(Scan *s, NodeList l) {
  for (int i = 0; i < l.len; i++)
    if (l.items[i])
      scan_expr(s, l.items[i]);
}

/* Walrus targets inside expressions bind in the function. Comprehensions
 * have their own scope in Python 3, so their targets are not scanned. */
static void scan_expr(Scan *s, Node *e) {
  if (!e)
    return;
  switch (e->kind) {
  case AST_NamedExpr:
    bind_target(s, e->NamedExpr.target);
    scan_expr(s, e->NamedExpr.value);
    break;
  case AST_BoolOp: scan_list(s, e->BoolOp.values); break;
  case AST_BinOp:
    scan_expr(s, e->BinOp.left);
    scan_expr(s, e->BinOp.right);
    break;
  case AST_UnaryOp: scan_expr(s, e->UnaryOp.operand); break;
  case AST_IfExp:
    scan_expr(s, e->IfExp.test);
    scan_expr(s, e->IfExp.body);
    scan_expr(s, e->IfExp.orelse);
    break;
  case AST_Compare:
    scan_expr(s, e->Compare.left);
    scan_list(s, e->Compare.comparators);
    break;
  case AST_Call:
    scan_expr(s, e->Call.func);
    scan_list(s, e->Call.args);
    for (int i = 0; i < e->Call.keywords.len; i++)
      scan_expr(s, e->Call.keywords.items[i]->keyword.value);
    break;
  case AST_Subscript:
    scan_expr(s, e->Subscript.value);
    scan_expr(s, e->Subscript.slice);
    break;
  case AST_Attribute: scan_expr(s, e->Attribute.value); break;
  case AST_List: scan_list(s, e->List.elts); break;
  case AST_Tuple: scan_list(s, e->Tuple.elts); break;
  case AST_Set: scan_list(s, e->Set.elts); break;
  case AST_Dict:
    scan_list(s, e->Dict.keys);
    scan_list(s, e->Dict.values);
    break;
  case AST_JoinedStr: scan_list(s, e->JoinedStr.values); break;
  case AST_FormattedValue:
    scan_expr(s, e->FormattedValue.value);
    scan_expr(s, e->FormattedValue.format_spec);
    break;
  case AST_Starred: scan_expr(s, e->Starred.value); break;
  default: break;
  }
}

static void scan_body(Scan *s, NodeList body);

/* The names a match pattern binds (captures, *rest, **rest). */
static void bind_pattern(Node **slot, void *ctx) {
  Scan *s = ctx;
  Node *p = *slot;
  if (!p)
    return;
  if (p->kind == AST_MatchAs && p->MatchAs.name)
    add_name(&s->bound, p->MatchAs.name);
  else if (p->kind == AST_MatchStar && p->MatchStar.name)
    add_name(&s->bound, p->MatchStar.name);
  else if (p->kind == AST_MatchMapping && p->MatchMapping.rest)
    add_name(&s->bound, p->MatchMapping.rest);
  if (p->kind == AST_MatchValue)
    return; /* an expression, not a pattern */
  ast_children(p, bind_pattern, ctx);
}

/* The async forms (and TryStar) are read through their plain kinds' fields:
 * ast.def gives them the same fields in the same order. */
_Static_assert(offsetof(Node, For.orelse) == offsetof(Node, AsyncFor.orelse), "For/AsyncFor");
_Static_assert(offsetof(Node, With.body) == offsetof(Node, AsyncWith.body), "With/AsyncWith");
_Static_assert(offsetof(Node, Try.finalbody) == offsetof(Node, TryStar.finalbody), "Try/TryStar");

static void scan_stmt(Scan *s, Node *st) {
  switch (st->kind) {
  case AST_FunctionDef:
    add_name(&s->bound, st->FunctionDef.name);
    vec_push(&s->funcs, st);
    break;
  case AST_AsyncFunctionDef: add_name(&s->bound, st->AsyncFunctionDef.name); break;
  case AST_ClassDef: add_name(&s->bound, st->ClassDef.name); break;
  case AST_Assign:
    for (int i = 0; i < st->Assign.targets.len; i++)
      bind_target(s, st->Assign.targets.items[i]);
    scan_expr(s, st->Assign.value);
    break;
  case AST_AugAssign:
    bind_target(s, st->AugAssign.target);
    scan_expr(s, st->AugAssign.value);
    break;
  case AST_AnnAssign:
    if (st->AnnAssign.value || st->AnnAssign.simple)
      bind_target(s, st->AnnAssign.target);
    scan_expr(s, st->AnnAssign.value);
    break;
  case AST_For:
  case AST_AsyncFor:
    bind_target(s, st->For.target);
    scan_expr(s, st->For.iter);
    scan_body(s, st->For.body);
    scan_body(s, st->For.orelse);
    break;
  case AST_While:
    scan_expr(s, st->While.test);
    scan_body(s, st->While.body);
    scan_body(s, st->While.orelse);
    break;
  case AST_If:
    scan_expr(s, st->If.test);
    scan_body(s, st->If.body);
    scan_body(s, st->If.orelse);
    break;
  case AST_With:
  case AST_AsyncWith:
    for (int i = 0; i < st->With.items.len; i++) {
      Node *it = st->With.items.items[i];
      scan_expr(s, it->withitem.context_expr);
      if (it->withitem.optional_vars)
        bind_target(s, it->withitem.optional_vars);
    }
    scan_body(s, st->With.body);
    break;
  case AST_Try:
  case AST_TryStar:
    scan_body(s, st->Try.body);
    for (int i = 0; i < st->Try.handlers.len; i++) {
      Node *h = st->Try.handlers.items[i];
      if (h->ExceptHandler.name)
        add_name(&s->bound, h->ExceptHandler.name);
      scan_body(s, h->ExceptHandler.body);
    }
    scan_body(s, st->Try.orelse);
    scan_body(s, st->Try.finalbody);
    break;
  case AST_Import:
  case AST_ImportFrom: {
    if (st->kind == AST_ImportFrom && !st->ImportFrom.level && st->ImportFrom.module &&
        is_compile_time_module(st->ImportFrom.module))
      break; /* from typing import Optional: names of annotations, not variables */
    NodeList names = st->kind == AST_Import ? st->Import.names : st->ImportFrom.names;
    for (int i = 0; i < names.len; i++) {
      Node *al = names.items[i];
      Ident *name = al->alias.asname ? al->alias.asname : al->alias.name;
      if (!al->alias.asname && st->kind == AST_Import) { /* import a.b binds a */
        const char *dot = strchr(name->str, '.');
        if (dot)
          name = intern(name->str, (size_t)(dot - name->str));
      }
      /* from m import *: names unknown here; a module, function or exception
       * class bound by an import is no variable */
      if (strcmp(name->str, "*") && !import_of(s->m, name))
        add_name(&s->bound, name);
    }
    break;
  }
  case AST_Global:
    for (int i = 0; i < st->Global.names.len; i++)
      add_name(&s->globals, st->Global.names.items[i]);
    break;
  case AST_Nonlocal:
    for (int i = 0; i < st->Nonlocal.names.len; i++)
      add_name(&s->nonlocals, st->Nonlocal.names.items[i]);
    break;
  case AST_Delete:
    for (int i = 0; i < st->Delete.targets.len; i++)
      bind_target(s, st->Delete.targets.items[i]);
    break;
  case AST_Expr: scan_expr(s, st->Expr.value); break;
  case AST_Return: scan_expr(s, st->Return.value); break;
  case AST_Match:
    scan_expr(s, st->Match.subject);
    for (int i = 0; i < st->Match.cases.len; i++) {
      Node *c = st->Match.cases.items[i];
      bind_pattern(&c->match_case.pattern, s);
      scan_expr(s, c->match_case.guard);
      scan_body(s, c->match_case.body);
    }
    break;
  default: break;
  }
}

static void scan_body(Scan *s, NodeList body) {
  for (int i = 0; i < body.len; i++)
    scan_stmt(s, body.items[i]);
}

static Ident **idents_of(Arena *a, Vec *v, int *n) {
  *n = v->len;
  return (Ident **)vec_to_arena(a, v);
}

static FuncDecl *resolve_func(Arena *a, Module *m, Node *def, ClassDecl *cls, FuncDecl *outer);

static void add_inner(Module *m, FuncDecl *g) {
  if (m->ninner == m->capinner) {
    m->capinner = m->capinner ? 2 * m->capinner : 8;
    m->inner = xrealloc(m->inner, (size_t)m->capinner * sizeof *m->inner);
  }
  m->inner[m->ninner++] = g;
}

typedef struct Captures {
  FuncDecl *g;  /* the inner function */
  Vec names;    /* the enclosing functions' variables it uses or passes on */
} Captures;

static bool nested_static(FuncDecl *f, Ident *name) {
  for (int i = 0; i < f->nnested; i++)
    if (f->nested[i]->name == name)
      return !f->nested[i]->ncells; /* a def that captures nothing: a static value */
  return false;
}

/* g uses name id, not a variable of its own: one of a function enclosing
 * it (not the module) is captured. A variable of a function further out is
 * captured by every function between, which passes its cell on. */
static void capture(Captures *c, Ident *id) {
  for (FuncDecl *o = c->g->outer; o && o->def->kind != AST_Module; o = o->outer)
    if (func_local_index(o, id) >= 0) {
      if (nested_static(o, id))
        return;
      if (o == c->g->outer && id == c->g->name && c->g->def->kind == AST_FunctionDef) {
        for (int i = 0; i < o->nnested; i++)
          if (o->nested[i] == c->g)
            return; /* g calling itself: made again from its own cells (lower.c) */
      }
      add_name(&c->names, id);
      return;
    }
}

static void find_captures(Node **slot, void *ctx) {
  Captures *c = ctx;
  Node *n = *slot;
  if (!n)
    return;
  int li = n->kind == AST_Name ? func_local_index(c->g, n->Name.id) : 0;
  if (n->kind == AST_Name && (li < 0 || (li >= c->g->nparams && li < c->g->nparams + c->g->ncells))) {
    capture(c, n->Name.id);
    return;
  }
  if (n->kind == AST_FunctionDef || n->kind == AST_Lambda)
    return; /* its own captures */
  ast_children(n, find_captures, ctx);
}

/* The variables of the enclosing function that inner function g uses: its
 * cells, hidden parameters after its own. */
static void set_cells(Arena *a, FuncDecl *g) {
  Captures c = {g, {0}};
  Node *def = g->def;
  for (int i = 0; i < def->FunctionDef.body.len; i++)
    find_captures(&def->FunctionDef.body.items[i], &c);
  /* the cells g's inner functions take from further out pass through g */
  Module *m = g->mod;
  for (int i = 0; i < m->ninner; i++)
    if (m->inner[i]->outer == g)
      for (int k = 0; k < m->inner[i]->ncells; k++) {
        Ident *id = m->inner[i]->cells[k];
        int li = func_local_index(g, id);
        if (li < 0 || (li >= g->nparams && li < g->nparams + g->ncells))
          capture(&c, id);
      }
  if (c.names.len == g->ncells) {
    free(c.names.items);
    return;
  }
  /* locals: the parameters, the cells, the rest */
  Vec locals = {0};
  for (int i = 0; i < g->nparams; i++)
    vec_push(&locals, g->locals[i]);
  for (int i = 0; i < c.names.len; i++)
    vec_push(&locals, c.names.items[i]);
  for (int i = g->nparams + g->ncells; i < g->nlocals; i++)
    if (!in_vec(&c.names, g->locals[i]))
      vec_push(&locals, g->locals[i]);
  g->locals = idents_of(a, &locals, &g->nlocals);
  g->cells = idents_of(a, &c.names, &g->ncells);
}

/* f's inner functions (nested defs and lambdas) and what they capture of
 * f; f's variables they use are f's celled ones. A nested def that
 * captures nothing is a static value; one that captures something is a
 * variable (holding the closure) that its siblings may capture in turn. */
static void find_cells(Arena *a, FuncDecl *f) {
  Module *m = f->mod;
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i < m->ninner; i++)
      if (m->inner[i]->outer == f) {
        int before = m->inner[i]->ncells;
        set_cells(a, m->inner[i]);
        changed |= m->inner[i]->ncells != before;
      }
  }
  Vec celled = {0};
  for (int i = 0; i < m->ninner; i++)
    if (m->inner[i]->outer == f)
      for (int k = 0; k < m->inner[i]->ncells; k++)
        add_name(&celled, m->inner[i]->cells[k]);
  f->celled = idents_of(a, &celled, &f->ncelled);
}

static FuncDecl *make_lambda(Arena *a, FuncDecl *f, Node *lambda) {
  Node *def = node_new(a, AST_FunctionDef, lambda->off, lambda->end);
  def->FunctionDef.name = intern("<lambda>", 8);
  def->FunctionDef.args = lambda->Lambda.args;
  Node *ret = node_new(a, AST_Return, lambda->Lambda.body->off, lambda->Lambda.body->end);
  ret->Return.value = lambda->Lambda.body;
  Node **body = arena_alloc(a, sizeof *body);
  body[0] = ret;
  def->FunctionDef.body = (NodeList){body, 1};
  FuncDecl *g = resolve_func(a, f->mod, def, NULL, f);
  g->outer = f;
  g->lambda = lambda;
  char cb[32];
  snprintf(cb, sizeof cb, "lambda%d", f->mod->ninner);
  g->cbase = arena_strndup(a, cb, strlen(cb));
  add_inner(f->mod, g);
  return g;
}

static NodeList nodelist_of(Arena *a, Node **items, int n) {
  Node **v = arena_alloc(a, (size_t)n * sizeof *v);
  memcpy(v, items, (size_t)n * sizeof *v);
  return (NodeList){v, n};
}

/* A generator expression used as a value, (elt for t in it if c ...), is
 * the generator function
 *
 *   def <genexpr>($it):
 *       for t in $it:
 *           if c:
 *               yield elt
 *
 * called with its first iterable (evaluated where the expression stands, as
 * in Python); the rest of it is evaluated inside, so what it uses of the
 * enclosing function makes it a closure like any nested def. */
static FuncDecl *make_genexp(Arena *a, FuncDecl *f, Node *g) {
  Ident *it = intern("$it", 3);
  Node *y = node_new(a, AST_Yield, g->off, g->end);
  y->Yield.value = g->GeneratorExp.elt;
  Node *body = node_new(a, AST_Expr, g->off, g->end);
  body->Expr.value = y;
  NodeList gens = g->GeneratorExp.generators;
  for (int i = gens.len - 1; i >= 0; i--) {
    Node *c = gens.items[i];
    for (int k = c->comprehension.ifs.len - 1; k >= 0; k--) {
      Node *test = c->comprehension.ifs.items[k];
      Node *st = node_new(a, AST_If, test->off, test->end);
      st->If.test = test;
      st->If.body = nodelist_of(a, &body, 1);
      body = st;
    }
    Node *loop = node_new(a, AST_For, c->off, c->end);
    loop->For.target = c->comprehension.target;
    if (i == 0) {
      loop->For.iter = node_new(a, AST_Name, c->comprehension.iter->off, c->comprehension.iter->end);
      loop->For.iter->Name.id = it;
    } else {
      loop->For.iter = c->comprehension.iter;
    }
    loop->For.body = nodelist_of(a, &body, 1);
    body = loop;
  }
  Node *param = node_new(a, AST_arg, g->off, g->end);
  param->arg.arg = it;
  Node *args = node_new(a, AST_arguments, g->off, g->end);
  args->arguments.args = nodelist_of(a, &param, 1);
  Node *def = node_new(a, AST_FunctionDef, g->off, g->end);
  def->FunctionDef.name = intern("<genexpr>", 9);
  def->FunctionDef.args = args;
  def->FunctionDef.body = nodelist_of(a, &body, 1);
  FuncDecl *gf = resolve_func(a, f->mod, def, NULL, f);
  gf->outer = f;
  gf->lambda = g;
  char cb[32];
  snprintf(cb, sizeof cb, "genexpr%d", f->mod->ninner);
  gf->cbase = arena_strndup(a, cb, strlen(cb));
  add_inner(f->mod, gf);
  return gf;
}

typedef struct LambdaScan {
  Arena *a;
  FuncDecl *f;
  int incomp; /* inside a comprehension, whose variables no inner function sees yet */
} LambdaScan;

/* Is call c's first argument consumed in place by lowering (a builtin that
 * takes the items of a generator expression, or ''.join)? Its generator
 * expression then needs no function; one the program shadows is refused by
 * lowering. */
static bool consumes_genexp(Node *c) {
  static const char *const names[] = {"list", "set", "frozenset", "tuple", "dict", "any", "all", "min",
                                      "max", "sorted", "sum", "enumerate", "zip", "fsum", "prod"};
  Node *fn = c->Call.func;
  const char *n = fn->kind == AST_Name ? fn->Name.id->str : fn->kind == AST_Attribute ? fn->Attribute.attr->str : "";
  if (!strcmp(n, "join") || !strcmp(n, "fsum") || !strcmp(n, "prod"))
    return true;
  for (size_t i = 0; fn->kind == AST_Name && i < countof(names); i++)
    if (!strcmp(n, names[i]))
      return true;
  return false;
}

static void scan_lambdas(Node **slot, void *ctx);

/* the parts of generator expression g, iterated in place (inside a comprehension) */
static void scan_genexp_parts(Node *g, LambdaScan *ls) {
  scan_lambdas(&g->GeneratorExp.elt, ls);
  NodeList gens = g->GeneratorExp.generators;
  for (int i = 0; i < gens.len; i++)
    ast_children(gens.items[i], scan_lambdas, ls);
}

static void scan_lambdas(Node **slot, void *ctx) {
  LambdaScan *ls = ctx;
  Node *n = *slot;
  if (!n || n->kind == AST_FunctionDef || n->kind == AST_ClassDef)
    return;
  if (n->kind == AST_Lambda) {
    make_lambda(ls->a, ls->f, n);
    return; /* a lambda inside it belongs to it */
  }
  if (n->kind == AST_GeneratorExp && !ls->incomp) { /* a value: one iterated in place is skipped below */
    make_genexp(ls->a, ls->f, n);
    return;
  }
  if (n->kind == AST_ListComp || n->kind == AST_SetComp || n->kind == AST_DictComp ||
      n->kind == AST_GeneratorExp) {
    ls->incomp++;
    ast_children(n, scan_lambdas, ctx);
    ls->incomp--;
    return;
  }
  /* generator expressions that lowering iterates in place: a for loop's or
   * a comprehension's iterable, the argument of a consuming builtin */
  Node **inplace = NULL;
  if (n->kind == AST_For)
    inplace = &n->For.iter;
  else if (n->kind == AST_comprehension)
    inplace = &n->comprehension.iter;
  else if (n->kind == AST_Call && n->Call.args.len && consumes_genexp(n))
    inplace = &n->Call.args.items[0];
  if (inplace && *inplace && (*inplace)->kind == AST_GeneratorExp) {
    Node *g = *inplace;
    *inplace = NULL;
    ast_children(n, scan_lambdas, ctx);
    *inplace = g;
    ls->incomp++;
    scan_genexp_parts(g, ls);
    ls->incomp--;
    return;
  }
  ast_children(n, scan_lambdas, ctx);
}

/* The lambdas and generator expressions of f's body that desugar left as
 * values. */
static void find_lambdas(Arena *a, FuncDecl *f) {
  LambdaScan ls = {a, f, 0};
  NodeList body = f->def->kind == AST_Module ? f->def->Module.body : f->def->FunctionDef.body;
  for (int i = 0; i < body.len; i++)
    scan_lambdas(&body.items[i], &ls);
}

FuncDecl *resolve_lambda(Arena *a, FuncDecl *f, Node *lambda) {
  for (int i = 0; i < f->mod->ninner; i++)
    if (f->mod->inner[i]->lambda == lambda)
      return f->mod->inner[i];
  return make_lambda(a, f, lambda); /* not reached: find_lambdas made them all */
}

FuncDecl *find_genexp(FuncDecl *f, Node *genexp) {
  for (int i = 0; i < f->mod->ninner; i++)
    if (f->mod->inner[i]->lambda == genexp)
      return f->mod->inner[i];
  return NULL;
}

static void find_yield(Node **slot, void *ctx) {
  Node *n = *slot;
  if (!n || *(bool *)ctx)
    return;
  if (n->kind == AST_Yield || n->kind == AST_YieldFrom) {
    *(bool *)ctx = true;
    return;
  }
  if (n->kind == AST_FunctionDef || n->kind == AST_Lambda || n->kind == AST_ClassDef ||
      n->kind == AST_AsyncFunctionDef)
    return; /* their own scope */
  ast_children(n, find_yield, ctx);
}

static FuncDecl *resolve_func(Arena *a, Module *m, Node *def, ClassDecl *cls, FuncDecl *outer) {
  FuncDecl *f = arena_alloc(a, sizeof *f);
  f->outer = outer;
  f->name = def->FunctionDef.name;
  f->def = def;
  f->mod = m;
  f->cls = cls;
  for (int i = 0; i < def->FunctionDef.body.len; i++)
    find_yield(&def->FunctionDef.body.items[i], &f->generator);
  Scan s = {.src = m->src, .m = m};
  Node *args = def->FunctionDef.args;
  NodeList groups[] = {args->arguments.posonlyargs, args->arguments.args};
  for (int g = 0; g < 2; g++)
    for (int i = 0; i < groups[g].len; i++)
      add_name(&s.bound, groups[g].items[i]->arg.arg);
  f->npos = s.bound.len;
  f->vararg = f->kwarg = -1;
  if (args->arguments.vararg) {
    f->vararg = s.bound.len;
    add_name(&s.bound, args->arguments.vararg->arg.arg);
  }
  for (int i = 0; i < args->arguments.kwonlyargs.len; i++)
    add_name(&s.bound, args->arguments.kwonlyargs.items[i]->arg.arg);
  if (args->arguments.kwarg) {
    f->kwarg = s.bound.len;
    add_name(&s.bound, args->arguments.kwarg->arg.arg);
  }
  f->nparams = s.bound.len;
  scan_body(&s, def->FunctionDef.body);
  /* a global or nonlocal declaration wins over binding */
  Vec locals = {0};
  for (int i = 0; i < s.bound.len; i++)
    if ((!in_vec(&s.globals, s.bound.items[i]) && !in_vec(&s.nonlocals, s.bound.items[i])) || i < f->nparams)
      vec_push(&locals, s.bound.items[i]);
  free(s.bound.items);
  f->locals = idents_of(a, &locals, &f->nlocals);
  f->globals = idents_of(a, &s.globals, &f->nglobals);
  free(s.nonlocals.items);
  /* nested defs: functions of their own; what they use of f's variables
   * makes them closures (find_cells) */
  f->nnested = 0; /* counted as they are resolved: an inner one looks through them */
  f->nested = arena_alloc(a, (size_t)(s.funcs.len + 1) * sizeof *f->nested);
  for (int i = 0; i < s.funcs.len; i++) {
    FuncDecl *g = resolve_func(a, m, s.funcs.items[i], NULL, f);
    g->outer = f;
    char cb[300];
    snprintf(cb, sizeof cb, "nested%d_%s", m->ninner, g->name->str);
    g->cbase = arena_strndup(a, cb, strlen(cb));
    f->nested[f->nnested++] = g;
    add_inner(m, g);
  }
  free(s.funcs.items);
  desugar_func(a, f);
  find_lambdas(a, f);
  find_cells(a, f);
  return f;
}

static const char *const builtin_exceptions[] = {
#define EXC(name, base) #name,
#include "../runtime/exceptions.def"
#undef EXC
};

bool is_builtin_exception(Ident *id) {
  for (size_t i = 0; i < countof(builtin_exceptions); i++)
    if (!strcmp(builtin_exceptions[i], id->str))
      return true;
  return false;
}

int module_exception(Module *m, Ident *name) {
  for (int i = 0; i < m->nexc; i++)
    if (m->exc_names[i] == name)
      return i;
  return -1;
}

/* The module's exception classes: top-level `class E(Base): pass` (or a
 * docstring) whose one base is an exception class. Their names are types,
 * not variables. Those with more in them are classes of the program with
 * an exception base (find_classes, exc_base). */
static void find_exception_classes(Arena *a, Module *m) {
  NodeList body = m->ast->Module.body;
  Vec names = {0}, bases = {0};
  for (int i = 0; i < body.len; i++) {
    Node *c = body.items[i];
    if (c->kind != AST_ClassDef || c->ClassDef.bases.len != 1 || c->ClassDef.keywords.len ||
        c->ClassDef.decorator_list.len || c->ClassDef.bases.items[0]->kind != AST_Name)
      continue;
    Ident *base = c->ClassDef.bases.items[0]->Name.id;
    const Import *imp = import_of(m, base);
    if (!is_builtin_exception(base) && !in_vec(&names, base) && !(imp && imp->exc))
      continue;
    bool plain = true;
    NodeList cb = c->ClassDef.body;
    for (int k = 0; k < cb.len; k++) {
      Node *st = cb.items[k];
      bool doc = st->kind == AST_Expr && st->Expr.value->kind == AST_Constant &&
                 st->Expr.value->Constant.value.kind == CONST_STR;
      if (st->kind != AST_Pass && !doc)
        plain = false;
    }
    if (plain && !in_vec(&names, c->ClassDef.name)) {
      vec_push(&names, c->ClassDef.name);
      vec_push(&bases, base);
    }
  }
  m->nexc = names.len;
  m->exc_names = (Ident **)vec_to_arena(a, &names);
  int nb;
  m->exc_bases = idents_of(a, &bases, &nb);
}

bool is_compile_time_module(Ident *name) {
  return !strcmp(name->str, "typing") || !strcmp(name->str, "__future__") ||
         !strcmp(name->str, "dataclasses") || !strcmp(name->str, "functools") || !strcmp(name->str, "enum");
}

/* ---- classes */

ClassDecl *module_class(Module *m, Ident *name) {
  for (int i = 0; i < m->nclasses; i++)
    if (m->classes[i]->name == name)
      return m->classes[i];
  const Import *imp = import_of(m, name);
  return imp ? imp->cls : NULL;
}

ClassDecl *class_exc_root(ClassDecl *c) {
  for (; c; c = c->base)
    if (c->exc_base)
      return c;
  return NULL;
}

bool class_is_sub(const ClassDecl *c, const ClassDecl *base) {
  for (; c; c = c->base)
    if (c == base)
      return true;
  return false;
}

FuncDecl *class_method(ClassDecl *c, Ident *name, int kind) {
  for (; c; c = c->base)
    for (int i = c->nmethods - 1; i >= 0; i--) /* a setter follows its getter: the last def wins */
      if (c->methods[i]->name == name && (kind < 0 || c->methods[i]->mkind == kind))
        return c->methods[i];
  return NULL;
}

ClassField *class_field(ClassDecl *c, Ident *name, ClassDecl **owner) {
  for (; c; c = c->base)
    for (int i = 0; i < c->nfields; i++)
      if (c->fields[i].name == name) {
        if (owner)
          *owner = c;
        return &c->fields[i];
      }
  return NULL;
}

ClassDecl *class_attr_owner(ClassDecl *c, Ident *name) {
  for (; c; c = c->base)
    for (int i = 0; i < c->nattrs; i++)
      if (c->attrs[i] == name)
        return c;
  return NULL;
}

Ident *class_attr_global(ClassDecl *c, Ident *name) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s.%s", c->name->str, name->str);
  return intern(buf, strlen(buf));
}

_Noreturn static void class_error(ClassDecl *c, Node *at, const char *what) {
  error_at(c->mod->src, at->off, ERR_SYNTAX, "kiln does not support %s yet (in class '%s')", what,
           c->name->str);
}

static bool is_docstring(Node *st) {
  return st->kind == AST_Expr && st->Expr.value->kind == AST_Constant &&
         st->Expr.value->Constant.value.kind == CONST_STR;
}

/* The `self.X` of a method's body: X when e is an attribute of the name self. */
static Ident *self_attr(Node *e, Ident *self) {
  return e->kind == AST_Attribute && e->Attribute.value->kind == AST_Name &&
                 e->Attribute.value->Name.id == self
             ? e->Attribute.attr
             : NULL;
}

typedef struct AttrScan {
  Ident *self;
  Vec stores, loads;
} AttrScan;

static void scan_attrs(Node **slot, void *ctx) {
  AttrScan *as = ctx;
  Node *n = *slot;
  if (!n)
    return;
  if (n->kind == AST_FunctionDef || n->kind == AST_Lambda || n->kind == AST_ClassDef)
    return; /* nested scopes: refused elsewhere */
  Ident *x = self_attr(n, as->self);
  if (x)
    add_name(n->Attribute.ctx == CTX_Load ? &as->loads : &as->stores, x);
  ast_children(n, scan_attrs, ctx);
}

static bool mentions(Node *n, Ident *name);

static void mentions_visit(Node **slot, void *ctx) {
  Ident **want = ctx;
  if (*slot && want[1] == NULL && mentions(*slot, want[0]))
    want[1] = want[0];
}

static bool mentions(Node *n, Ident *name) {
  if (!n)
    return false;
  if (n->kind == AST_Name && n->Name.id == name)
    return true;
  Ident *want[2] = {name, NULL};
  ast_children(n, mentions_visit, want);
  return want[1] != NULL;
}

/* Is st `super().__init__(...)` or `Base.__init__(self, ...)`, its other
 * arguments not mentioning self? */
static bool base_init_call(ClassDecl *c, Node *st, Ident *self) {
  if (st->kind != AST_Expr || st->Expr.value->kind != AST_Call || !c->base)
    return false;
  Node *call = st->Expr.value, *fn = call->Call.func;
  if (fn->kind != AST_Attribute || strcmp(fn->Attribute.attr->str, "__init__"))
    return false;
  Node *recv = fn->Attribute.value;
  int skip = 0;
  if (recv->kind == AST_Call && recv->Call.func->kind == AST_Name &&
      !strcmp(recv->Call.func->Name.id->str, "super") && !recv->Call.args.len)
    skip = 0;
  else if (recv->kind == AST_Name && recv->Name.id == c->base->name && call->Call.args.len &&
           call->Call.args.items[0]->kind == AST_Name && call->Call.args.items[0]->Name.id == self)
    skip = 1;
  else
    return false;
  for (int i = skip; i < call->Call.args.len; i++)
    if (mentions(call->Call.args.items[i], self))
      return false;
  for (int i = 0; i < call->Call.keywords.len; i++)
    if (mentions(call->Call.keywords.items[i]->keyword.value, self))
      return false;
  return true;
}

/* Does the __init__ that instances of c run assign field x before anything
 * could read it: in its leading statements `self.x = <no self>`, or through
 * the base's __init__ called there? */
static bool init_sets(ClassDecl *c, Ident *x) {
  Ident *init = intern("__init__", 8);
  FuncDecl *f = class_method(c, init, -1);
  if (!f)
    return false;
  c = f->cls;
  Node *args = f->def->FunctionDef.args;
  if (!args->arguments.args.len)
    return false;
  Ident *self = args->arguments.args.items[0]->arg.arg;
  NodeList body = f->def->FunctionDef.body;
  for (int i = 0; i < body.len; i++) {
    Node *st = body.items[i];
    Node *target = NULL, *value = NULL;
    if (st->kind == AST_Assign && st->Assign.targets.len == 1) {
      target = st->Assign.targets.items[0];
      value = st->Assign.value;
    } else if (st->kind == AST_AnnAssign && st->AnnAssign.value) {
      target = st->AnnAssign.target;
      value = st->AnnAssign.value;
    }
    if (target && self_attr(target, self) && !mentions(value, self)) {
      if (self_attr(target, self) == x)
        return true;
      continue;
    }
    if (base_init_call(c, st, self)) {
      if (init_sets(c->base, x))
        return true;
      continue;
    }
    if (is_docstring(st))
      continue;
    return false;
  }
  return false;
}

static bool always_set(ClassDecl *c, Ident *x) {
  if (!init_sets(c, x))
    return false;
  for (int i = 0; i < c->nsubs; i++)
    if (!always_set(c->subs[i], x))
      return false;
  return true;
}

/* The fields c adds: names its methods store on self or read there (a
 * base class may read what its subclasses assign), and its annotated
 * class-body names, minus its bases' fields and the names of methods. */
static void find_fields(Arena *a, ClassDecl *c, Vec *declared) {
  AttrScan as = {0};
  for (int i = 0; i < c->nmethods; i++) {
    FuncDecl *f = c->methods[i];
    Node *args = f->def->FunctionDef.args;
    if (f->mkind == MK_STATIC || f->mkind == MK_CLASSMETHOD || !args->arguments.args.len)
      continue; /* no self */
    as.self = args->arguments.args.items[0]->arg.arg;
    NodeList body = f->def->FunctionDef.body;
    for (int k = 0; k < body.len; k++)
      scan_attrs(&body.items[k], &as);
  }
  Vec names = {0};
  for (int i = 0; i < declared->len; i++)
    add_name(&names, declared->items[i]);
  for (int i = 0; i < as.stores.len; i++)
    add_name(&names, as.stores.items[i]);
  for (int i = 0; i < as.loads.len; i++)
    if (!class_attr_owner(c, as.loads.items[i]))
      add_name(&names, as.loads.items[i]);
  Vec fields = {0};
  for (int i = 0; i < names.len; i++) {
    Ident *x = names.items[i];
    if ((c->base && class_field(c->base, x, NULL)) || class_method(c, x, -1))
      continue;
    if (class_exc_root(c) && (!strcmp(x->str, "args") || !strcmp(x->str, "__cause__") ||
                              !strcmp(x->str, "__context__") || !strcmp(x->str, "__traceback__")))
      continue; /* an exception's own attributes */
    ClassField *fd = arena_alloc(a, sizeof *fd);
    fd->name = x;
    fd->has_default = class_attr_owner(c, x) != NULL;
    vec_push(&fields, fd);
  }
  c->nfields = fields.len;
  c->fields = arena_alloc(a, (size_t)(fields.len + 1) * sizeof *c->fields);
  for (int i = 0; i < fields.len; i++)
    c->fields[i] = *(ClassField *)fields.items[i];
  free(fields.items);
  free(names.items);
  free(as.stores.items);
  free(as.loads.items);
}

/* The annotation of field x: in the class body, or on a `self.x: T = v`. */
static void find_field_annotations(ClassDecl *c) {
  for (int i = 0; i < c->nfields; i++) {
    ClassField *fd = &c->fields[i];
    NodeList body = c->def->ClassDef.body;
    for (int k = 0; k < body.len && !fd->ann; k++)
      if (body.items[k]->kind == AST_AnnAssign && body.items[k]->AnnAssign.target->kind == AST_Name &&
          body.items[k]->AnnAssign.target->Name.id == fd->name)
        fd->ann = body.items[k]->AnnAssign.annotation;
  }
}

static Node *dataclass_decorator(ClassDecl *c, Node *d) {
  Node *fn = d->kind == AST_Call ? d->Call.func : d;
  bool named = (fn->kind == AST_Name && !strcmp(fn->Name.id->str, "dataclass")) ||
               (fn->kind == AST_Attribute && !strcmp(fn->Attribute.attr->str, "dataclass") &&
                fn->Attribute.value->kind == AST_Name &&
                !strcmp(fn->Attribute.value->Name.id->str, "dataclasses"));
  if (!named)
    class_error(c, d, "this class decorator");
  if (d->kind == AST_Call) {
    if (d->Call.args.len)
      class_error(c, d, "positional arguments to @dataclass");
    for (int i = 0; i < d->Call.keywords.len; i++) {
      Node *kw = d->Call.keywords.items[i];
      const char *k = kw->keyword.arg->str;
      Node *v = kw->keyword.value;
      if (v->kind != AST_Constant ||
          (v->Constant.value.kind != CONST_TRUE && v->Constant.value.kind != CONST_FALSE))
        class_error(c, kw, "@dataclass options other than True/False constants");
      bool on = v->Constant.value.kind == CONST_TRUE;
      if (!strcmp(k, "order"))
        c->order = on;
      else if (!strcmp(k, "frozen"))
        c->frozen = on;
      else if (!(!strcmp(k, "eq") && on) && !(!strcmp(k, "init") && on) && !(!strcmp(k, "repr") && on))
        class_error(c, kw, "this @dataclass option");
    }
  }
  return d;
}

static void add_method(Arena *a, ClassDecl *c, Vec *methods, Node *def, int kind);

/* class C(Enum): each `NAME = value` of the body becomes `NAME = C("NAME",
 * value)` (auto() the next int), and `_kiln_members = [C.NAME, ...]` follows:
 * the members are instances with fields name and value, made when the
 * class statement runs. */
static void enum_members(Arena *a, ClassDecl *c) {
  NodeList body = c->def->ClassDef.body;
  Vec out = {0}, members = {0};
  int64_t next = 1;
  for (int i = 0; i < body.len; i++) {
    Node *st = body.items[i];
    vec_push(&out, st);
    if (st->kind != AST_Assign || st->Assign.targets.len != 1 || st->Assign.targets.items[0]->kind != AST_Name ||
        st->Assign.targets.items[0]->Name.id->str[0] == '_')
      continue;
    Ident *name = st->Assign.targets.items[0]->Name.id;
    Node *v = st->Assign.value;
    if (v->kind == AST_Call && v->Call.func->kind == AST_Name && !strcmp(v->Call.func->Name.id->str, "auto")) {
      v = node_new(a, AST_Constant, v->off, v->end);
      v->Constant.value = (Const){.kind = CONST_INT, .i = next};
    }
    if (v->kind == AST_Constant && v->Constant.value.kind == CONST_INT)
      next = v->Constant.value.i + 1;
    Node *call = node_new(a, AST_Call, st->off, st->end);
    Node *fn = node_new(a, AST_Name, st->off, st->end);
    fn->Name.id = c->name;
    Node *nm = node_new(a, AST_Constant, st->off, st->end);
    nm->Constant.value = (Const){.kind = CONST_STR, .s = name->str, .len = name->len};
    Node **args = arena_alloc(a, 2 * sizeof *args);
    args[0] = nm;
    args[1] = v;
    call->Call.func = fn;
    call->Call.args = (NodeList){args, 2};
    st->Assign.value = call;
    vec_push(&members, name);
  }
  /* _kiln_members = [C.A, C.B, ...] */
  Node *list = node_new(a, AST_List, c->def->off, c->def->end);
  Node **elts = arena_alloc(a, (size_t)(members.len + 1) * sizeof *elts);
  for (int i = 0; i < members.len; i++) {
    Node *at = node_new(a, AST_Attribute, c->def->off, c->def->end);
    Node *cn = node_new(a, AST_Name, c->def->off, c->def->end);
    cn->Name.id = c->name;
    at->Attribute.value = cn;
    at->Attribute.attr = members.items[i];
    elts[i] = at;
  }
  list->List.elts = (NodeList){elts, members.len};
  Node *assign = node_new(a, AST_Assign, c->def->off, c->def->end);
  Node *target = node_new(a, AST_Name, c->def->off, c->def->end);
  target->Name.id = intern("_kiln_members", 13);
  target->Name.ctx = CTX_Store;
  Node **targets = arena_alloc(a, sizeof *targets);
  targets[0] = target;
  assign->Assign.targets = (NodeList){targets, 1};
  assign->Assign.value = list;
  vec_push(&out, assign);
  free(members.items);
  c->def->ClassDef.body = nodelist_from(a, &out);
}

static void add_method(Arena *a, ClassDecl *c, Vec *methods, Node *def, int kind);

/* A base that only says something to a type checker, Protocol, Generic[T]
 * (typing's, or typing.Protocol): the class is a plain class, as if it
 * derived from object. A protocol's methods are compiled only where called;
 * a function annotated with it takes whatever class its callers pass (its
 * specialisations are per argument type). */
static bool typing_base(Node *b) {
  if (b->kind == AST_Subscript)
    b = b->Subscript.value;
  const char *n = b->kind == AST_Name ? b->Name.id->str : b->kind == AST_Attribute ? b->Attribute.attr->str : "";
  if (b->kind == AST_Attribute &&
      !(b->Attribute.value->kind == AST_Name && !strcmp(b->Attribute.value->Name.id->str, "typing")))
    return false;
  return !strcmp(n, "Protocol") || !strcmp(n, "Generic");
}

static void place_at(Node **slot, void *ctx) {
  if (!*slot)
    return;
  Node *at = ctx;
  (*slot)->off = at->off;
  (*slot)->end = at->end;
  ast_children(*slot, place_at, ctx);
}

/* Statements kiln writes as Python source (a dataclass's or an enum's
 * methods, an lru_cache wrapper): parsed, and every node placed at `at`,
 * so errors and tracebacks point at the statement they come from. what
 * names them in the error when they do not parse. src is freed. */
static NodeList parse_generated(Arena *a, Module *m, Buf *src, Node *at, const char *what) {
  Source *gs = source_from_bytes(arena_strndup(a, what, strlen(what)), src->data, src->len);
  Node *ast = gs ? parse_module(a, gs) : NULL;
  buf_free(src);
  if (!ast) /* e.g. a field's annotation or default that does not fit in a def */
    error_at(m->src, at->off, ERR_SYNTAX, "kiln cannot generate the code of %s", what);
  for (int i = 0; i < ast->Module.body.len; i++)
    place_at(&ast->Module.body.items[i], at);
  return ast->Module.body;
}

/* An enum's methods: __init__(name, value), CPython's repr and str, the
 * lookups C(value) and C[name] call; an IntEnum's int-like ones too. */
static void enum_methods(Arena *a, ClassDecl *c, Vec *methods) {
  const char *n = c->name->str;
  Buf src = {0};
  buf_printf(&src, "def __init__(self, name, value):\n    self.name = name\n    self.value = value\n");
  buf_printf(&src, "def __repr__(self):\n    return '<%s.' + self.name + ': ' + repr(self.value) + '>'\n", n);
  buf_printf(&src, "def __str__(self):\n    return '%s.' + self.name\n", n);
  buf_printf(&src, "def _kiln_lookup(value):\n    for m in %s._kiln_members:\n        if m.value == value:\n"
                   "            return m\n    raise ValueError(repr(value) + ' is not a valid %s')\n", n, n);
  buf_printf(&src, "def _kiln_by_name(name):\n    for m in %s._kiln_members:\n        if m.name == name:\n"
                   "            return m\n    raise KeyError(name)\n", n);
  if (c->int_enum) {
    /* IntEnum: str() and format() are the int's (Python 3.11); comparisons,
     * hash, int() and arithmetic are the value's, with ints or members */
    buf_printf(&src, "def __str__(self):\n    return str(self.value)\n");
    buf_printf(&src, "def __int__(self):\n    return self.value\n");
    buf_printf(&src, "def __float__(self):\n    return float(self.value)\n");
    buf_printf(&src, "def __hash__(self):\n    return hash(self.value)\n");
    static const char *const cmp[][2] = {{"eq", "=="}, {"ne", "!="}, {"lt", "<"}, {"le", "<="}, {"gt", ">"}, {"ge", ">="}};
    for (size_t i = 0; i < sizeof cmp / sizeof *cmp; i++)
      buf_printf(&src, "def __%s__(self, other):\n    if isinstance(other, %s):\n"
                       "        return self.value %s other.value\n    return self.value %s other\n",
                 cmp[i][0], n, cmp[i][1], cmp[i][1]);
    static const char *const arith[][2] = {{"add", "+"}, {"sub", "-"}, {"mul", "*"}, {"floordiv", "//"},
                                           {"truediv", "/"}, {"mod", "%"}, {"and", "&"}, {"or", "|"}};
    for (size_t i = 0; i < sizeof arith / sizeof *arith; i++)
      buf_printf(&src, "def __%s__(self, other):\n    if isinstance(other, %s):\n"
                       "        return self.value %s other.value\n    return self.value %s other\n"
                       "def __r%s__(self, other):\n    return other %s self.value\n",
                 arith[i][0], n, arith[i][1], arith[i][1], arith[i][0], arith[i][1]);
  }
  char what[300];
  snprintf(what, sizeof what, "<enum %s>", n);
  NodeList defs = parse_generated(a, c->mod, &src, c->def, what);
  for (int i = 0; i < defs.len; i++) /* the enum's own __str__ gives way to IntEnum's */
    if (!(c->int_enum && i == 2))
      add_method(a, c, methods, defs.items[i], i == 3 || i == 4 ? MK_STATIC : MK_PLAIN);
}

/* Source text of node n. */
static void node_text(Buf *b, Module *m, Node *n) {
  buf_putn(b, m->src->text + n->off, n->end - n->off);
}

/* A field of a dataclass, in declaration order (its bases' first). */
typedef struct DcField {
  Ident *name;
  Node *ann, *dflt, *factory;
} DcField;

static void dataclass_fields(ClassDecl *c, Vec *out) {
  if (c->base && c->base->dataclass)
    dataclass_fields(c->base, out);
  NodeList body = c->def->ClassDef.body;
  for (int i = 0; i < body.len; i++) {
    Node *st = body.items[i];
    if (st->kind != AST_AnnAssign || st->AnnAssign.target->kind != AST_Name)
      continue;
    Node *ann = st->AnnAssign.annotation;
    if ((ann->kind == AST_Name && !strcmp(ann->Name.id->str, "ClassVar")) ||
        (ann->kind == AST_Subscript && ann->Subscript.value->kind == AST_Name &&
         !strcmp(ann->Subscript.value->Name.id->str, "ClassVar")))
      continue;
    DcField *f = xmalloc(sizeof *f);
    *f = (DcField){st->AnnAssign.target->Name.id, ann, st->AnnAssign.value, NULL};
    Node *v = f->dflt;
    if (v && v->kind == AST_Call && v->Call.func->kind == AST_Name &&
        !strcmp(v->Call.func->Name.id->str, "field")) {
      f->dflt = NULL;
      if (v->Call.args.len)
        class_error(c, v, "positional arguments to field()");
      for (int k = 0; k < v->Call.keywords.len; k++) {
        Node *kw = v->Call.keywords.items[k];
        if (!strcmp(kw->keyword.arg->str, "default"))
          f->dflt = kw->keyword.value;
        else if (!strcmp(kw->keyword.arg->str, "default_factory"))
          f->factory = kw->keyword.value;
        else
          class_error(c, kw, "this argument of field()");
      }
    }
    for (int k = 0; k < out->len; k++) /* a subclass redefines a field: it keeps its place */
      if (((DcField *)out->items[k])->name == f->name) {
        *(DcField *)out->items[k] = *f;
        free(f);
        f = NULL;
        break;
      }
    if (f)
      vec_push(out, f);
  }
}

/* The methods @dataclass writes, as Python source parsed here; their
 * nodes are placed at the class statement, so errors and tracebacks point
 * there. A method the class defines itself is kept. */
static void dataclass_methods(Arena *a, ClassDecl *c, Vec *methods) {
  Module *m = c->mod;
  Vec fields = {0};
  dataclass_fields(c, &fields);
  Buf src = {0};
  bool has[4] = {0};
  const char *names[] = {"__init__", "__repr__", "__eq__", "__lt__"};
  for (int i = 0; i < methods->len; i++)
    for (int k = 0; k < 4; k++)
      if (!strcmp(((FuncDecl *)methods->items[i])->name->str, names[k]))
        has[k] = true;
  if (!has[0]) {
    buf_puts(&src, "def __init__(self");
    bool dflt = false;
    for (int i = 0; i < fields.len; i++) {
      DcField *f = fields.items[i];
      buf_printf(&src, ", %s", f->name->str);
      if (f->dflt || f->factory) {
        buf_puts(&src, "=");
        node_text(&src, m, f->dflt ? f->dflt : f->factory);
        if (f->factory)
          buf_puts(&src, "()");
        dflt = true;
      } else if (dflt) {
        error_at(m->src, f->ann->off, ERR_SYNTAX, "non-default argument '%s' follows default argument",
                 f->name->str);
      }
    }
    buf_puts(&src, "):\n    pass\n");
    for (int i = 0; i < fields.len; i++) {
      DcField *f = fields.items[i];
      if (f->ann->kind == AST_Name && !strcmp(f->ann->Name.id->str, "object")) {
        /* types nothing (and a namedtuple()'s, generated, has no source text) */
        buf_printf(&src, "    self.%s = %s\n", f->name->str, f->name->str);
        continue;
      }
      buf_printf(&src, "    self.%s: ", f->name->str);
      node_text(&src, m, f->ann);
      buf_printf(&src, " = %s\n", f->name->str);
    }
    if (class_method(c, intern("__post_init__", 13), -1))
      buf_puts(&src, "    self.__post_init__()\n");
  }
  if (!has[1]) {
    buf_printf(&src, "def __repr__(self):\n    return '%s('", c->name->str);
    for (int i = 0; i < fields.len; i++) {
      DcField *f = fields.items[i];
      buf_printf(&src, " + '%s%s=' + repr(self.%s)", i ? ", " : "", f->name->str, f->name->str);
    }
    buf_puts(&src, " + ')'\n");
  }
  Buf self_t = {0}, other_t = {0};
  buf_puts(&self_t, "(");
  buf_puts(&other_t, "(");
  for (int i = 0; i < fields.len; i++) {
    DcField *f = fields.items[i];
    buf_printf(&self_t, "self.%s,", f->name->str);
    buf_printf(&other_t, "other.%s,", f->name->str);
  }
  buf_puts(&self_t, ")");
  buf_puts(&other_t, ")");
  if (!has[2])
    buf_printf(&src, "def __eq__(self, other):\n    return %s == %s\n", self_t.data, other_t.data);
  bool user_hash = false;
  for (int i = 0; i < methods->len; i++)
    user_hash |= !strcmp(((FuncDecl *)methods->items[i])->name->str, "__hash__");
  if (c->frozen && !user_hash) /* eq and frozen: hashed by its fields */
    buf_printf(&src, "def __hash__(self):\n    return hash(%s)\n", self_t.data);
  if (c->order && !has[3]) {
    const char *ops[][2] = {{"__lt__", "<"}, {"__le__", "<="}, {"__gt__", ">"}, {"__ge__", ">="}};
    for (int k = 0; k < 4; k++)
      buf_printf(&src, "def %s(self, other):\n    return %s %s %s\n", ops[k][0], self_t.data, ops[k][1],
                 other_t.data);
  }
  buf_free(&self_t);
  buf_free(&other_t);
  for (int i = 0; i < fields.len; i++)
    free(fields.items[i]);
  free(fields.items);
  if (!src.len)
    return;
  char what[300];
  snprintf(what, sizeof what, "<dataclass %s>", c->name->str);
  NodeList defs = parse_generated(a, m, &src, c->def, what);
  for (int i = 0; i < defs.len; i++) {
    add_method(a, c, methods, defs.items[i], MK_PLAIN);
    ((FuncDecl *)methods->items[methods->len - 1])->fresh_defaults = true;
  }
}

/* class P(NamedTuple): a frozen, ordered dataclass of its annotated fields
 * (so __init__, __repr__ as P(x=1, y=2.0), ==, the orderings and hash are
 * the tuple's), with the class attribute _fields added to its body;
 * namedtuple_methods writes the tuple's protocol. Unpacking and constant
 * indexes read the fields themselves (infer.c), keeping their types. */
static void namedtuple_class(Arena *a, ClassDecl *c) {
  Module *m = c->mod;
  c->dataclass = c->frozen = c->order = true;
  Vec names = {0};
  Buf src = {0};
  buf_puts(&src, "_fields = (");
  NodeList body = c->def->ClassDef.body;
  for (int i = 0; i < body.len; i++) {
    Node *st = body.items[i];
    if (st->kind == AST_AnnAssign && st->AnnAssign.target->kind == AST_Name) {
      Ident *f = st->AnnAssign.target->Name.id;
      if (f->str[0] == '_')
        class_error(c, st, "NamedTuple field names starting with an underscore");
      vec_push(&names, f);
      buf_printf(&src, "'%s', ", f->str);
    } else if (st->kind == AST_Assign) {
      class_error(c, st, "class attributes in a NamedTuple");
    }
  }
  buf_puts(&src, ")\n");
  c->nntfields = names.len;
  c->ntfields = (Ident **)vec_to_arena(a, &names);
  if (!c->nntfields)
    class_error(c, c->def, "a NamedTuple without fields");
  char what[300];
  snprintf(what, sizeof what, "<NamedTuple %s>", c->name->str);
  NodeList gen = parse_generated(a, m, &src, c->def, what);
  Vec all = {0};
  for (int i = 0; i < body.len; i++)
    vec_push(&all, body.items[i]);
  for (int i = 0; i < gen.len; i++)
    vec_push(&all, gen.items[i]);
  c->def->ClassDef.body = nodelist_from(a, &all);
}

/* A NamedTuple's sequence protocol and helpers, as Python source:
 * len(p), p[i], iteration, p._replace(y=2.0) (a parameter's default is the
 * field's value: bind_method reads self.y for it), p._asdict(). */
static void namedtuple_methods(Arena *a, ClassDecl *c, Vec *methods) {
  Buf src = {0}, fields = {0}, params = {0}, dict = {0};
  int n = c->nntfields;
  for (int i = 0; i < n; i++) {
    const char *f = c->ntfields[i]->str;
    buf_printf(&fields, "self.%s, ", f);
    buf_printf(&params, ", %s=self.%s", f, f);
    buf_printf(&dict, "%s'%s': self.%s", i ? ", " : "", f, f);
  }
  buf_printf(&src, "def __len__(self):\n    return %d\n", n);
  buf_printf(&src, "def __getitem__(self, i):\n    return (%s)[i]\n", fields.data);
  buf_puts(&src, "def __iter__(self):\n");
  for (int i = 0; i < n; i++)
    buf_printf(&src, "    yield self.%s\n", c->ntfields[i]->str);
  buf_printf(&src, "def _replace(self%s):\n    return %s(", params.data, c->name->str);
  for (int i = 0; i < n; i++)
    buf_printf(&src, "%s%s", i ? ", " : "", c->ntfields[i]->str);
  buf_puts(&src, ")\n");
  buf_printf(&src, "def _asdict(self):\n    return {%s}\n", dict.data);
  buf_free(&fields);
  buf_free(&params);
  buf_free(&dict);
  char what[300];
  snprintf(what, sizeof what, "<NamedTuple %s>", c->name->str);
  NodeList defs = parse_generated(a, c->mod, &src, c->def, what);
  for (int i = 0; i < defs.len; i++) {
    for (int k = 0; k < methods->len; k++)
      if (((FuncDecl *)methods->items[k])->name == defs.items[i]->FunctionDef.name)
        class_error(c, ((FuncDecl *)methods->items[k])->def, "redefining this method of a NamedTuple");
    add_method(a, c, methods, defs.items[i], MK_PLAIN);
    ((FuncDecl *)methods->items[methods->len - 1])->fresh_defaults = true;
  }
}

static void find_value_return(Node **slot, void *ctx) {
  Node *n = *slot;
  if (!n || *(Node **)ctx)
    return;
  if (n->kind == AST_Return && n->Return.value &&
      !(n->Return.value->kind == AST_Constant && n->Return.value->Constant.value.kind == CONST_NONE))
    *(Node **)ctx = n;
  else if (n->kind != AST_FunctionDef && n->kind != AST_Lambda)
    ast_children(n, find_value_return, ctx);
}

/* kiln calls __exit__(None, None, None) on every way out of a with
 * statement: one that looks at the exception, or could suppress it by
 * returning a value, is refused rather than run differently. */
static void check_exit(ClassDecl *c, Node *def) {
  Node *args = def->FunctionDef.args;
  NodeList ps = args->arguments.args;
  for (int i = 1; i < ps.len; i++)
    for (int k = 0; k < def->FunctionDef.body.len; k++)
      if (mentions(def->FunctionDef.body.items[k], ps.items[i]->arg.arg))
        class_error(c, ps.items[i], "__exit__ that looks at the exception");
  Node *ret = NULL;
  for (int k = 0; k < def->FunctionDef.body.len && !ret; k++)
    find_value_return(&def->FunctionDef.body.items[k], &ret);
  if (ret)
    class_error(c, ret, "__exit__ that returns a value (suppressing the exception)");
}

static void add_method(Arena *a, ClassDecl *c, Vec *methods, Node *def, int kind) {
  if (!strcmp(def->FunctionDef.name->str, "__exit__"))
    check_exit(c, def);
  FuncDecl *f = resolve_func(a, c->mod, def, c, NULL);
  f->mkind = kind;
  Node *args = def->FunctionDef.args;
  if (kind != MK_STATIC && !args->arguments.posonlyargs.len && !args->arguments.args.len)
    class_error(c, def, "methods without a self parameter (use @staticmethod)");
  vec_push(methods, f);
}

/* The module's classes: top-level `class C:` or `class C(Base):` with
 * Base an earlier class of the program, holding methods, field
 * annotations and class attributes. */
static void find_classes(Arena *a, Module *m) {
  NodeList body = m->ast->Module.body;
  Vec classes = {0}, all_methods = {0};
  for (int i = 0; i < body.len; i++) {
    Node *cd = body.items[i];
    if (cd->kind != AST_ClassDef || module_exception(m, cd->ClassDef.name) >= 0)
      continue;
    ClassDecl *c = arena_alloc(a, sizeof *c);
    c->name = cd->ClassDef.name;
    c->def = cd;
    c->mod = m;
    Buf cn = {0};
    buf_printf(&cn, "%s%s", m->prefix, c->name->str);
    c->cname = arena_strndup(a, cn.data, cn.len);
    buf_free(&cn);
    for (int k = 0; k < cd->ClassDef.decorator_list.len; k++)
      if (dataclass_decorator(c, cd->ClassDef.decorator_list.items[k]))
        c->dataclass = true;
    if (cd->ClassDef.keywords.len)
      class_error(c, cd->ClassDef.keywords.items[0], "class keywords (metaclass=...)");
    if (cd->ClassDef.bases.len > 1)
      class_error(c, cd->ClassDef.bases.items[1], "multiple inheritance");
    if (cd->ClassDef.bases.len == 1) {
      Node *b = cd->ClassDef.bases.items[0];
      ClassDecl *base = NULL;
      if (b->kind == AST_Name) {
        base = module_class(m, b->Name.id);
        for (int k = 0; !base && k < classes.len; k++)
          if (((ClassDecl *)classes.items[k])->name == b->Name.id)
            base = classes.items[k];
      }
      if (b->kind == AST_Name && !base && (is_builtin_exception(b->Name.id) || module_exception(m, b->Name.id) >= 0))
        c->exc_base = b->Name.id; /* an exception class with a body: its instances are exceptions */
      bool nt = (b->kind == AST_Name && !strcmp(b->Name.id->str, "NamedTuple")) ||
                (b->kind == AST_Attribute && !strcmp(b->Attribute.attr->str, "NamedTuple") &&
                 b->Attribute.value->kind == AST_Name && !strcmp(b->Attribute.value->Name.id->str, "typing"));
      if (nt)
        namedtuple_class(a, c);
      const char *bn = b->kind == AST_Name ? b->Name.id->str
                       : b->kind == AST_Attribute && b->Attribute.value->kind == AST_Name &&
                               !strcmp(b->Attribute.value->Name.id->str, "enum")
                           ? b->Attribute.attr->str
                           : "";
      if (!strcmp(bn, "Enum") || !strcmp(bn, "IntEnum")) {
        c->is_enum = true;
        c->int_enum = !strcmp(bn, "IntEnum");
        enum_members(a, c);
      } else if (!strcmp(bn, "Flag") || !strcmp(bn, "IntFlag") || !strcmp(bn, "StrEnum"))
        class_error(c, b, "this enum base (Enum and IntEnum are supported)");
      else if (!base && !nt && !c->exc_base && !(b->kind == AST_Name && !strcmp(b->Name.id->str, "object")) &&
               !typing_base(b))
        class_error(c, b, "this base class (a class of the program defined before it, or object)");
      c->base = base;
    }
    if (c->base) {
      c->depth = c->base->depth + 1;
      c->base->subs = xrealloc(c->base->subs, (size_t)(c->base->nsubs + 1) * sizeof *c->base->subs);
      c->base->subs[c->base->nsubs++] = c;
    }
    Vec methods = {0}, attrs = {0}, declared = {0};
    NodeList cb = cd->ClassDef.body;
    for (int k = 0; k < cb.len; k++) {
      Node *st = cb.items[k];
      if (st->kind == AST_Pass || is_docstring(st))
        continue;
      if (st->kind == AST_FunctionDef) {
        int kind = MK_PLAIN;
        NodeList decs = st->FunctionDef.decorator_list;
        if (decs.len > 1)
          class_error(c, decs.items[1], "more than one decorator on a method");
        if (decs.len) {
          Node *d = decs.items[0];
          if (d->kind == AST_Name && !strcmp(d->Name.id->str, "staticmethod"))
            kind = MK_STATIC;
          else if (d->kind == AST_Name && !strcmp(d->Name.id->str, "classmethod"))
            kind = MK_CLASSMETHOD;
          else if (d->kind == AST_Name && !strcmp(d->Name.id->str, "property"))
            kind = MK_PROPERTY;
          else if (d->kind == AST_Attribute && !strcmp(d->Attribute.attr->str, "setter") &&
                   d->Attribute.value->kind == AST_Name &&
                   d->Attribute.value->Name.id == st->FunctionDef.name)
            kind = MK_SETTER;
          else
            class_error(c, d, "this decorator on a method");
        }
        add_method(a, c, &methods, st, kind);
        continue;
      }
      if (st->kind == AST_AnnAssign && st->AnnAssign.target->kind == AST_Name) {
        vec_push(&declared, st->AnnAssign.target->Name.id);
        Node *v = st->AnnAssign.value;
        bool factory = v && v->kind == AST_Call && v->Call.func->kind == AST_Name &&
                       !strcmp(v->Call.func->Name.id->str, "field");
        if (v && !(c->dataclass && factory))
          add_name(&attrs, st->AnnAssign.target->Name.id);
        continue;
      }
      if (st->kind == AST_Assign && st->Assign.targets.len == 1 &&
          st->Assign.targets.items[0]->kind == AST_Name) {
        add_name(&attrs, st->Assign.targets.items[0]->Name.id);
        continue;
      }
      class_error(c, st, "this statement in a class body (methods, field annotations and "
                         "class attributes are supported)");
    }
    c->nattrs = attrs.len;
    c->attrs = (Ident **)vec_to_arena(a, &attrs);
    if (c->is_enum)
      enum_methods(a, c, &methods);
    c->nmethods = methods.len; /* so far: dataclass_methods looks up __post_init__ */
    c->methods = (FuncDecl **)methods.items;
    if (c->dataclass)
      dataclass_methods(a, c, &methods);
    if (c->nntfields)
      namedtuple_methods(a, c, &methods);
    c->nmethods = methods.len;
    c->methods = (FuncDecl **)vec_to_arena(a, &methods);
    for (int k = 0; k < c->nmethods; k++)
      vec_push(&all_methods, c->methods[k]);
    find_fields(a, c, &declared);
    find_field_annotations(c);
    free(declared.items);
    vec_push(&classes, c);
    m->nclasses = classes.len; /* module_class sees the classes so far */
    m->classes = (ClassDecl **)classes.items;
  }
  m->nclasses = classes.len;
  m->classes = (ClassDecl **)vec_to_arena(a, &classes);
  m->nmethods = all_methods.len;
  m->methods = (FuncDecl **)vec_to_arena(a, &all_methods);
  for (int i = 0; i < m->nclasses; i++)
    for (int k = 0; k < m->classes[i]->nfields; k++)
      m->classes[i]->fields[k].always_set = always_set(m->classes[i], m->classes[i]->fields[k].name);
}

/* ---- modules kiln provides (modules.def) */

/* modules.def, expanded once per table: every macro defined empty, each
 * table redefines the ones it collects */
#define MODULE(name)
#define CONST(module, name, value)
#define INT(module, name, value)
#define STR(module, name, value)
#define NONE(module, name)
#define VALUE(module, name)
#define LOWERED(module, name)
#define FUNC(module, name)
#define EXCEPTION(module, name)

static const char *const provided_modules[] = {
#undef MODULE
#define MODULE(name) name,
#include "modules.def"
#undef MODULE
#define MODULE(name)
};

static const struct {
  const char *module, *name;
  Const value;
} provided_consts[] = {
#undef CONST
#undef INT
#undef STR
#undef NONE
#define CONST(module, name, value) {module, name, {.kind = CONST_FLOAT, .f = value}},
#define INT(module, name, value) {module, name, {.kind = CONST_INT, .i = value}},
#define STR(module, name, value) {module, name, {.kind = CONST_STR, .s = value, .len = sizeof value - 1}},
#define NONE(module, name) {module, name, {.kind = CONST_NONE}},
#include "modules.def"
#undef CONST
#undef INT
#undef STR
#undef NONE
#define CONST(module, name, value)
#define INT(module, name, value)
#define STR(module, name, value)
#define NONE(module, name)
};

static const struct {
  const char *module, *name;
  bool lowered; /* a function lower.c implements; else a value */
} provided_names[] = {
#undef VALUE
#undef LOWERED
#define VALUE(module, name) {module, name, false},
#define LOWERED(module, name) {module, name, true},
#include "modules.def"
#undef VALUE
#undef LOWERED
#define VALUE(module, name)
#define LOWERED(module, name)
};

static const struct {
  const char *module, *name;
} provided_desugared[] = {
#undef FUNC
#define FUNC(module, name) {module, name},
#include "modules.def"
#undef FUNC
#define FUNC(module, name)
};

static const struct {
  const char *module, *name;
} provided_exceptions[] = {
#undef EXCEPTION
#define EXCEPTION(module, name) {module, name},
#include "modules.def"
};

#undef MODULE
#undef CONST
#undef INT
#undef STR
#undef NONE
#undef VALUE
#undef LOWERED
#undef FUNC
#undef EXCEPTION

bool provided_exception(const char *module, Ident *name) {
  for (size_t i = 0; i < countof(provided_exceptions); i++)
    if (!strcmp(provided_exceptions[i].module, module) && !strcmp(provided_exceptions[i].name, name->str))
      return true;
  return false;
}

const char *provided_module(Ident *dotted) {
  for (size_t i = 0; dotted && i < countof(provided_modules); i++)
    if (!strcmp(provided_modules[i], dotted->str))
      return provided_modules[i];
  return NULL;
}

const char *provided_submodule(const char *module, Ident *name) {
  char dotted[256];
  snprintf(dotted, sizeof dotted, "%s.%s", module, name->str);
  for (size_t i = 0; i < countof(provided_modules); i++)
    if (!strcmp(provided_modules[i], dotted))
      return provided_modules[i];
  return NULL;
}

bool provided_const(const char *module, Ident *name, Const *value) {
  if (!strcmp(module, "sys") && !strcmp(name->str, "platform")) { /* the target's, not kiln's own */
    const Target *t = target_code ? target_code : target_host();
    *value = (Const){.kind = CONST_STR, .s = t->platform, .len = strlen(t->platform)};
    return true;
  }
  for (size_t i = 0; i < countof(provided_consts); i++)
    if (!strcmp(provided_consts[i].module, module) && !strcmp(provided_consts[i].name, name->str)) {
      *value = provided_consts[i].value;
      return true;
    }
  return false;
}

static int provided_name(const char *module, Ident *name) {
  for (size_t i = 0; i < countof(provided_names); i++)
    if (!strcmp(provided_names[i].module, module) && !strcmp(provided_names[i].name, name->str))
      return provided_names[i].lowered ? 2 : 1;
  return 0;
}

bool provided_value(const char *module, Ident *name) { return provided_name(module, name) == 1; }

bool provided_func(const char *module, Ident *name) {
  int k = provided_name(module, name);
  if (k == 2)
    return true;
  /* a value may be called too (np.float32 is a dtype, np.float32(x) a
   * scalar): then an op-library row of the name takes arguments */
  size_t m = strlen(module), n = strlen(name->str);
  for (size_t i = 0; i < countof(provided_desugared); i++)
    if (!strcmp(provided_desugared[i].module, module) && !strcmp(provided_desugared[i].name, name->str))
      return true;
  for (int i = 0; i < op_count; i++) {
    const char *c = op_table[i].callee;
    if (!strncmp(c, module, m) && c[m] == '.' && !strncmp(c + m + 1, name->str, n) &&
        (c[m + 1 + n] == 0 || c[m + 1 + n] == ':') && (!k || op_table[i].sig[0]))
      return true;
  }
  return false;
}

/* ---- imports: the program's other files */

const Import *import_of(Module *m, Ident *name) {
  for (int i = 0; m && i < m->nimports; i++)
    if (m->imports[i].name == name)
      return &m->imports[i];
  return NULL;
}

/* The file `import dotted` names from module `from` (level: the dots of a
 * relative import): a.b is a/b.py or a/b/__init__.py, under the program's
 * folder (sys.path[0]) or, relative, under from's package. */
static bool module_file(Module *from, Ident *dotted, int level, char *out, size_t size) {
  char base[4096];
  const char *anchor = level ? from->src->path : from->program->m->src->path;
  snprintf(base, sizeof base, "%s", anchor);
  for (int up = 0; up < (level ? level : 1); up++) {
    char *slash = strrchr(base, '/');
    if (slash)
      *slash = 0;
    else
      snprintf(base, sizeof base, "%s", up == 0 ? "." : "..");
  }
  char rel[1024];
  snprintf(rel, sizeof rel, "%s", dotted ? dotted->str : "__init__");
  for (char *c = rel; *c; c++)
    if (*c == '.')
      *c = '/';
  struct stat st;
  if ((size_t)snprintf(out, size, "%s/%s.py", base, rel) < size && stat(out, &st) == 0 &&
      S_ISREG(st.st_mode))
    return true;
  if ((size_t)snprintf(out, size, "%s/%s/__init__.py", base, rel) < size && stat(out, &st) == 0 &&
      S_ISREG(st.st_mode))
    return true;
  /* kiln's own Python package (kiln.models: model code compiled with the
   * program) after the program's folder, as site-packages comes after
   * sys.path[0]; kiln.nn and the other modules kiln provides stay native */
  if (!level && dotted && !strncmp(dotted->str, "kiln.", 5) && !provided_module(dotted)) {
    if ((size_t)snprintf(out, size, "%s/python/%s.py", kiln_home(), rel) < size && stat(out, &st) == 0 &&
        S_ISREG(st.st_mode))
      return true;
    return (size_t)snprintf(out, size, "%s/python/%s/__init__.py", kiln_home(), rel) < size &&
           stat(out, &st) == 0 && S_ISREG(st.st_mode);
  }
  return false;
}

static Module *new_module(Arena *a, struct Program *p, Source *src, Node *ast, Ident *name) {
  Module *m = arena_alloc(a, sizeof *m);
  m->src = src;
  m->ast = ast;
  m->name = name;
  m->program = p;
  m->index = p->nmods;
  char prefix[32] = "";
  if (m->index)
    snprintf(prefix, sizeof prefix, "m%d_", m->index);
  m->prefix = arena_strndup(a, prefix, strlen(prefix));
  /* in the arena, as everything else of a compilation (a few modules: a
   * copy per import costs nothing) */
  Module **mods = arena_alloc(a, (size_t)(p->nmods + 1) * sizeof *mods);
  if (p->nmods)
    memcpy(mods, p->mods, (size_t)p->nmods * sizeof *mods);
  p->mods = mods;
  p->mods[p->nmods++] = m;
  if (!p->m)
    p->m = m;
  return m;
}

static void resolve_into(Arena *a, Module *m);

/* The file of the module an import names (false: kiln provides the module
 * itself, or there is no such file), and the module already loaded from it. */
static bool find_module(Module *from, Ident *dotted, int level, char path[4096], Module **loaded) {
  *loaded = NULL;
  if (!level && dotted && (is_compile_time_module(dotted) || !strcmp(dotted->str, "sys")))
    return false;
  if (!module_file(from, dotted, level, path, 4096))
    return false;
  struct Program *p = from->program;
  for (int i = 0; i < p->nmods && !*loaded; i++)
    if (!strcmp(p->mods[i]->src->path, path))
      *loaded = p->mods[i];
  return true;
}

Module *import_target(Module *from, Ident *dotted, int level) {
  char path[4096];
  Module *m;
  return find_module(from, dotted, level, path, &m) ? m : NULL;
}

/* Load, parse and resolve the module an import names (once per program). */
/* A package (the a of import a.b) may be the module being imported already:
 * Python finds it in sys.modules half-initialised, and so does kiln (its
 * code runs once, guarded at run time). */
static Module *load_import(Arena *a, Module *from, Ident *dotted, int level, Node *at, bool package) {
  char path[4096];
  Module *loaded;
  if (!find_module(from, dotted, level, path, &loaded))
    return NULL; /* lowering says the module is not found */
  if (loaded && !loaded->init && !package)
    error_at(from->src, at->off, ERR_SYNTAX,
             "kiln does not support circular imports yet ('%s' is being imported already)",
             dotted ? dotted->str : path);
  if (loaded)
    return loaded;
  struct Program *p = from->program;
  size_t n;
  char *bytes = read_file(path, &n);
  if (!bytes)
    error_at(from->src, at->off, ERR_SYNTAX, "cannot read %s: %s", path, strerror(errno));
  Source *src = source_from_bytes(arena_strndup(a, path, strlen(path)), bytes, n);
  free(bytes);
  if (!src)
    longjmp(*diag_jmp, 1); /* diag_last: the imported file's decoding error */
  Node *ast = parse_module(a, src);
  if (!ast)
    longjmp(*diag_jmp, 1); /* diag_last: its syntax error */
  Ident *name = dotted ? dotted : intern("__init__", 8);
  Module *m = new_module(a, p, src, ast, name);
  resolve_into(a, m);
  return m;
}

/* The packages of a dotted module, outermost first (a for a.b.c, then a.b):
 * their __init__.py runs before the module, as in Python. */
static void load_packages(Arena *a, Module *m, Ident *dotted, int level, Node *at) {
  for (const char *dot = dotted ? strchr(dotted->str, '.') : NULL; dot; dot = strchr(dot + 1, '.'))
    load_import(a, m, intern(dotted->str, (size_t)(dot - dotted->str)), level, at, true);
}

static void add_import(Vec *imps, Arena *a, Import imp) {
  Import *i = arena_alloc(a, sizeof *i);
  *i = imp;
  vec_push(imps, i);
}

/* Every import statement of a body (nested ones too): load what it names
 * and note the names it binds to modules, functions and exception classes. */
static void find_imports(Arena *a, Module *m, NodeList body, Vec *imps) {
  for (int i = 0; i < body.len; i++) {
    Node *st = body.items[i];
    switch (st->kind) {
    case AST_Import:
      for (int k = 0; k < st->Import.names.len; k++) {
        Node *al = st->Import.names.items[k];
        const char *name = al->alias.name->str;
        if (strchr(name, '.') && !al->alias.asname) {
          /* import os.path binds os, when kiln provides both; else import
           * a.b (binding a) is refused by lowering */
          Ident *top = intern(name, (size_t)(strchr(name, '.') - name));
          if (provided_module(al->alias.name) && provided_module(top) && !import_target(m, top, 0))
            add_import(imps, a, (Import){.name = top, .provided = provided_module(top)});
          continue;
        }
        load_packages(a, m, al->alias.name, 0, al);
        Module *t = load_import(a, m, al->alias.name, 0, al, false);
        Ident *bound = al->alias.asname ? al->alias.asname : al->alias.name;
        if (t)
          add_import(imps, a, (Import){.name = bound, .mod = t});
        else if (provided_module(al->alias.name)) /* import math */
          add_import(imps, a, (Import){.name = bound, .provided = provided_module(al->alias.name)});
      }
      break;
    case AST_ImportFrom: {
      Ident *dotted = st->ImportFrom.module;
      load_packages(a, m, dotted, st->ImportFrom.level, st);
      Module *t = load_import(a, m, dotted, st->ImportFrom.level, st, false);
      const char *provided = !t && !st->ImportFrom.level ? provided_module(dotted) : NULL;
      for (int k = 0; provided && k < st->ImportFrom.names.len; k++) {
        Node *al = st->ImportFrom.names.items[k]; /* from math import sqrt: a function; pi: a variable */
        Ident *bound = al->alias.asname ? al->alias.asname : al->alias.name;
        if (provided_func(provided, al->alias.name) ||
            (!strcmp(provided, "re") && !strcmp(al->alias.name->str, "error"))) /* from re import error */
          add_import(imps, a, (Import){.name = bound, .provided = provided, .attr = al->alias.name});
        else if (provided_exception(provided, al->alias.name)) /* from safetensors import SafetensorError */
          add_import(imps, a, (Import){.name = bound, .provided = provided, .exc = al->alias.name});
        else if (provided_submodule(provided, al->alias.name)) /* from os import path */
          add_import(imps, a, (Import){.name = bound, .provided = provided_submodule(provided, al->alias.name)});
      }
      for (int k = 0; t && k < st->ImportFrom.names.len; k++) {
        Node *al = st->ImportFrom.names.items[k];
        Ident *attr = al->alias.name, *bound = al->alias.asname ? al->alias.asname : attr;
        Import imp = {.name = bound, .mod = t, .func = module_func(t, attr), .cls = module_class(t, attr)};
        if (module_exception(t, attr) >= 0)
          imp.exc = attr;
        const Import *again = import_of(t, attr); /* t imported it from elsewhere */
        if (again && (again->func || again->exc || again->cls || again->attr)) {
          imp = *again;
          imp.name = bound;
        }
        if (imp.func || imp.exc || imp.cls || imp.attr)
          add_import(imps, a, imp);
      }
      break;
    }
    case AST_FunctionDef: find_imports(a, m, st->FunctionDef.body, imps); break;
    case AST_If:
      find_imports(a, m, st->If.body, imps);
      find_imports(a, m, st->If.orelse, imps);
      break;
    case AST_For:
    case AST_While:
      find_imports(a, m, st->kind == AST_For ? st->For.body : st->While.body, imps);
      find_imports(a, m, st->kind == AST_For ? st->For.orelse : st->While.orelse, imps);
      break;
    case AST_With: find_imports(a, m, st->With.body, imps); break;
    case AST_Try:
      find_imports(a, m, st->Try.body, imps);
      for (int k = 0; k < st->Try.handlers.len; k++)
        find_imports(a, m, st->Try.handlers.items[k]->ExceptHandler.body, imps);
      find_imports(a, m, st->Try.orelse, imps);
      find_imports(a, m, st->Try.finalbody, imps);
      break;
    default: break;
    }
  }
}

/* The module's names, functions and imports; the modules it imports first. */
/* Is d functools.lru_cache / lru_cache(...) / cache? Sets *maxsize (-1:
 * unbounded). */
static bool cache_decorator(Module *m, Node *d, int64_t *maxsize) {
  Node *fn = d->kind == AST_Call ? d->Call.func : d;
  const char *name = fn->kind == AST_Name ? fn->Name.id->str
                     : fn->kind == AST_Attribute && fn->Attribute.value->kind == AST_Name &&
                             !strcmp(fn->Attribute.value->Name.id->str, "functools")
                         ? fn->Attribute.attr->str
                         : "";
  bool lru = !strcmp(name, "lru_cache"), cache = !strcmp(name, "cache");
  if (!lru && !cache)
    return false;
  *maxsize = cache ? -1 : 128;
  if (d->kind == AST_Call) {
    NodeList args = d->Call.args, kws = d->Call.keywords;
    Node *v = args.len ? args.items[0] : NULL;
    for (int i = 0; i < kws.len; i++)
      if (!strcmp(kws.items[i]->keyword.arg->str, "maxsize"))
        v = kws.items[i]->keyword.value;
      else
        error_at(m->src, kws.items[i]->off, ERR_SYNTAX, "kiln does not support lru_cache(%s=) yet",
                 kws.items[i]->keyword.arg->str);
    if (v && v->kind == AST_Constant && v->Constant.value.kind == CONST_NONE)
      *maxsize = -1;
    else if (v && v->kind == AST_Constant && v->Constant.value.kind == CONST_INT)
      *maxsize = v->Constant.value.i > 0 ? v->Constant.value.i : 0;
    else if (v)
      error_at(m->src, v->off, ERR_SYNTAX, "kiln does not support lru_cache(maxsize=) other than a constant yet");
  }
  return true;
}

/* @lru_cache / @cache on a top-level def: the def is renamed f__kiln_cached,
 * and f becomes a wrapper that memoises it in a module-level dict keyed by
 * the arguments' tuple, evicting the least recently used entry past maxsize
 * as CPython's lru_cache does (a hit moves its key to the end). Written as
 * Python source, parsed, and placed at the def. */
static void cache_functions(Arena *a, Module *m) {
  NodeList body = m->ast->Module.body;
  Vec out = {0};
  for (int i = 0; i < body.len; i++) {
    Node *def = body.items[i];
    int64_t maxsize;
    if (def->kind != AST_FunctionDef || def->FunctionDef.decorator_list.len != 1 ||
        !cache_decorator(m, def->FunctionDef.decorator_list.items[0], &maxsize)) {
      vec_push(&out, def);
      continue;
    }
    Node *args = def->FunctionDef.args;
    if (args->arguments.vararg || args->arguments.kwarg || args->arguments.kwonlyargs.len ||
        args->arguments.posonlyargs.len)
      error_at(m->src, def->off, ERR_SYNTAX,
               "kiln does not support lru_cache on functions with *args, **kwargs or keyword-only parameters yet");
    const char *f = def->FunctionDef.name->str;
    Buf src = {0}, params = {0}, names = {0};
    NodeList ps = args->arguments.args, ds = args->arguments.defaults;
    for (int k = 0; k < ps.len; k++) {
      const char *p = ps.items[k]->arg.arg->str;
      buf_printf(&params, "%s%s", k ? ", " : "", p);
      int d = k - (ps.len - ds.len);
      if (d >= 0) {
        buf_puts(&params, "=");
        node_text(&params, m, ds.items[d]);
      }
      buf_printf(&names, "%s%s", k ? ", " : "", p);
    }
    buf_printf(&src, "%s__kiln_memo = {}\n", f);
    buf_printf(&src, "def %s(%s):\n    key = (%s%s)\n    if key in %s__kiln_memo:\n", f, params.data ? params.data : "",
               names.data ? names.data : "", ps.len == 1 ? "," : "", f);
    if (maxsize >= 0)
      buf_printf(&src, "        hit = %s__kiln_memo.pop(key)\n        %s__kiln_memo[key] = hit\n        return hit\n", f, f);
    else
      buf_printf(&src, "        return %s__kiln_memo[key]\n", f);
    buf_printf(&src, "    value = %s__kiln_cached(%s)\n", f, names.data ? names.data : "");
    if (maxsize == 0)
      buf_puts(&src, "    return value\n");
    else {
      if (maxsize > 0)
        buf_printf(&src, "    if len(%s__kiln_memo) >= %lld:\n        del %s__kiln_memo[next(iter(%s__kiln_memo))]\n", f,
                   (long long)maxsize, f, f);
      buf_printf(&src, "    %s__kiln_memo[key] = value\n    return value\n", f);
    }
    buf_free(&params);
    buf_free(&names);
    char what[300];
    snprintf(what, sizeof what, "<lru_cache %s>", f);
    NodeList gen = parse_generated(a, m, &src, def, what);
    char cached[300];
    snprintf(cached, sizeof cached, "%s__kiln_cached", f);
    def->FunctionDef.name = intern(cached, strlen(cached));
    def->FunctionDef.decorator_list.len = 0;
    vec_push(&out, def);
    for (int k = 0; k < gen.len; k++)
      vec_push(&out, gen.items[k]);
  }
  m->ast->Module.body = nodelist_from(a, &out);
}

/* Is d functools.wraps(...) / wraps(...)? kiln keeps no __name__ or
 * __doc__ to copy, so it is accepted and does nothing. */
bool is_wraps_decorator(Node *d) {
  if (d->kind != AST_Call)
    return false;
  Node *fn = d->Call.func;
  return (fn->kind == AST_Name && !strcmp(fn->Name.id->str, "wraps")) ||
         (fn->kind == AST_Attribute && !strcmp(fn->Attribute.attr->str, "wraps") &&
          fn->Attribute.value->kind == AST_Name && !strcmp(fn->Attribute.value->Name.id->str, "functools"));
}

/* A top-level def with decorators of the program,
 *
 *   @d1
 *   @d2(arg)
 *   def f(...): ...
 *
 * is the def renamed f__kiln_undecorated and, where it stood,
 *
 *   f = d1(d2(arg)(f__kiln_undecorated))
 *
 * so f is a global holding whatever the decorators return (a closure, most
 * often), and calls of f go through it. */
static void decorate_functions(Arena *a, Module *m) {
  NodeList body = m->ast->Module.body;
  Vec out = {0};
  for (int i = 0; i < body.len; i++) {
    Node *def = body.items[i];
    vec_push(&out, def);
    if (def->kind != AST_FunctionDef || !def->FunctionDef.decorator_list.len)
      continue;
    NodeList decs = def->FunctionDef.decorator_list;
    Ident *f = def->FunctionDef.name;
    int64_t maxsize;
    for (int k = 0; k < decs.len; k++)
      if (cache_decorator(m, decs.items[k], &maxsize))
        error_at(m->src, decs.items[k]->off, ERR_SYNTAX,
                 "kiln does not support lru_cache together with other decorators yet");
    char buf[300];
    int n = snprintf(buf, sizeof buf, "%s__kiln_undecorated", f->str);
    Node *v = node_new(a, AST_Name, def->off, def->end);
    v->Name.id = intern(buf, (size_t)n);
    for (int k = decs.len - 1; k >= 0; k--) {
      Node *d = decs.items[k];
      if (is_wraps_decorator(d))
        continue;
      Node *call = node_new(a, AST_Call, d->off, d->end);
      call->Call.func = d;
      call->Call.args = nodelist_of(a, &v, 1);
      v = call;
    }
    Node *target = node_new(a, AST_Name, def->off, def->end);
    target->Name.id = f;
    target->Name.ctx = CTX_Store;
    Node *assign = node_new(a, AST_Assign, def->off, def->end);
    assign->Assign.targets = nodelist_of(a, &target, 1);
    assign->Assign.value = v;
    def->FunctionDef.name = intern(buf, (size_t)n);
    def->FunctionDef.decorator_list.len = 0;
    vec_push(&out, assign);
  }
  m->ast->Module.body = nodelist_from(a, &out);
}

/* functools.reduce and functools.partial, as calls of functions written as
 * Python source and placed at the top of the module (functools_calls):
 *
 *   reduce(F, xs)        reduce__kiln(F, xs)       a loop: the first item, then F(value, x)
 *   reduce(F, xs, init)  reduce__kiln_init(F, xs, init)
 *   partial(F, a, k=v)   partial__kilnN(F, a, v)   which returns the closure
 *                        def bound(<F's other parameters>): return F(a, <them>, k=v)
 *
 * partial's F must be a top-level def or a lambda, whose parameters are known
 * here; a keyword it binds cannot be given again when the closure is called. */
typedef struct Functools {
  Arena *a;
  Module *m;
  Ident *reduce, *partial; /* the names from functools import binds, or NULL */
  bool module;             /* import functools: functools.reduce(...) */
  NodeList body;           /* the module's statements (for F's def) */
  Buf defs;                /* the functions to add */
  bool need_reduce, need_reduce_init;
  int npartial;
} Functools;

static bool functools_name(Functools *ft, Node *fn, Ident *bound, const char *attr) {
  if (fn->kind == AST_Name)
    return bound && fn->Name.id == bound;
  return ft->module && fn->kind == AST_Attribute && !strcmp(fn->Attribute.attr->str, attr) &&
         fn->Attribute.value->kind == AST_Name && !strcmp(fn->Attribute.value->Name.id->str, "functools");
}

static void partial_call(Functools *ft, Node *call) {
  Module *m = ft->m;
  NodeList args = call->Call.args, kws = call->Call.keywords;
  if (!args.len)
    error_at(m->src, call->off, ERR_SYNTAX, "partial() takes at least one argument");
  Node *fn = args.items[0], *params = NULL;
  if (fn->kind == AST_Lambda)
    params = fn->Lambda.args;
  for (int i = 0; !params && fn->kind == AST_Name && i < ft->body.len; i++)
    if (ft->body.items[i]->kind == AST_FunctionDef && ft->body.items[i]->FunctionDef.name == fn->Name.id)
      params = ft->body.items[i]->FunctionDef.args;
  if (!params)
    error_at(m->src, fn->off, ERR_SYNTAX,
             "kiln does not support partial() of anything but a top-level def or a lambda yet");
  if (params->arguments.vararg || params->arguments.kwarg || params->arguments.kwonlyargs.len ||
      params->arguments.posonlyargs.len)
    error_at(m->src, fn->off, ERR_SYNTAX,
             "kiln does not support partial() of a function with *args, **kwargs, keyword-only or "
             "positional-only parameters yet");
  NodeList ps = params->arguments.args, ds = params->arguments.defaults;
  int nbound = args.len - 1;
  if (nbound > ps.len)
    error_at(m->src, call->off, ERR_SYNTAX, "kiln does not support partial() with more arguments than the function takes");
  bool *bykw = arena_alloc(ft->a, (size_t)(ps.len + 1) * sizeof *bykw);
  for (int k = 0; k < kws.len; k++) {
    Ident *kw = kws.items[k]->keyword.arg;
    int i = nbound;
    while (i < ps.len && ps.items[i]->arg.arg != kw)
      i++;
    if (!kw || i == ps.len)
      error_at(m->src, kws.items[k]->off, ERR_SYNTAX,
               "kiln does not support partial() with a keyword that is not one of the function's "
               "remaining parameters yet");
    bykw[i] = true;
  }
  int n = ft->npartial++;
  Buf *b = &ft->defs, inner = {0}, fwd = {0};
  buf_printf(b, "def partial__kiln%d(p__kiln_f", n);
  for (int i = 0; i < nbound; i++)
    buf_printf(b, ", p__kiln_a%d", i);
  for (int k = 0; k < kws.len; k++)
    buf_printf(b, ", p__kiln_k_%s", kws.items[k]->keyword.arg->str);
  buf_puts(b, "):\n");
  for (int i = 0; i < nbound; i++)
    buf_printf(&fwd, "%sp__kiln_a%d", i ? ", " : "", i);
  bool star = false, starred = false; /* the parameters after one bound by keyword are keyword-only */
  for (int i = nbound; i < ps.len; i++) {
    const char *p = ps.items[i]->arg.arg->str;
    if (bykw[i]) {
      star = true;
      buf_printf(&fwd, "%s%s=p__kiln_k_%s", fwd.len ? ", " : "", p, p);
      continue;
    }
    buf_printf(&inner, "%s%s%s", inner.len ? ", " : "", star && !starred ? "*, " : "", p);
    starred = star;
    int d = i - (ps.len - ds.len);
    if (d >= 0) {
      buf_puts(&inner, "=");
      node_text(&inner, m, ds.items[d]);
    }
    buf_printf(&fwd, "%s%s%s%s", fwd.len ? ", " : "", star ? p : "", star ? "=" : "", p);
  }
  buf_printf(b, "    def bound(%s):\n        return p__kiln_f(%s)\n    return bound\n", inner.data ? inner.data : "",
             fwd.data ? fwd.data : "");
  buf_free(&inner);
  buf_free(&fwd);
  /* the call: partial__kilnN(F, a..., v...) */
  char name[32];
  int len = snprintf(name, sizeof name, "partial__kiln%d", n);
  Node *callee = node_new(ft->a, AST_Name, call->Call.func->off, call->Call.func->end);
  callee->Name.id = intern(name, (size_t)len);
  Node **all = arena_alloc(ft->a, (size_t)(args.len + kws.len) * sizeof *all);
  for (int i = 0; i < args.len; i++)
    all[i] = args.items[i];
  for (int k = 0; k < kws.len; k++)
    all[args.len + k] = kws.items[k]->keyword.value;
  call->Call.func = callee;
  call->Call.args = (NodeList){all, args.len + kws.len};
  call->Call.keywords = (NodeList){NULL, 0};
}

static void functools_visit(Node **slot, void *ctx) {
  Functools *ft = ctx;
  Node *n = *slot;
  ast_children(n, functools_visit, ctx); /* inner calls first: partial(partial(...)) */
  if (n->kind != AST_Call)
    return;
  Node *fn = n->Call.func;
  if (functools_name(ft, fn, ft->reduce, "reduce")) {
    int nargs = n->Call.args.len;
    if (n->Call.keywords.len || nargs < 2 || nargs > 3)
      error_at(ft->m->src, n->off, ERR_SYNTAX, "reduce() takes 2 or 3 positional arguments");
    const char *name = nargs == 2 ? "reduce__kiln" : "reduce__kiln_init";
    *(nargs == 2 ? &ft->need_reduce : &ft->need_reduce_init) = true;
    Node *callee = node_new(ft->a, AST_Name, fn->off, fn->end);
    callee->Name.id = intern(name, strlen(name));
    n->Call.func = callee;
  } else if (functools_name(ft, fn, ft->partial, "partial")) {
    partial_call(ft, n);
  }
}

static void functools_calls(Arena *a, Module *m) {
  Functools ft = {.a = a, .m = m, .body = m->ast->Module.body};
  for (int i = 0; i < ft.body.len; i++) {
    Node *st = ft.body.items[i];
    if (st->kind == AST_ImportFrom && st->ImportFrom.module && !st->ImportFrom.level &&
        !strcmp(st->ImportFrom.module->str, "functools"))
      for (int k = 0; k < st->ImportFrom.names.len; k++) {
        Node *al = st->ImportFrom.names.items[k];
        Ident *bound = al->alias.asname ? al->alias.asname : al->alias.name;
        if (!strcmp(al->alias.name->str, "reduce"))
          ft.reduce = bound;
        else if (!strcmp(al->alias.name->str, "partial"))
          ft.partial = bound;
      }
    if (st->kind == AST_Import)
      for (int k = 0; k < st->Import.names.len; k++) {
        Node *al = st->Import.names.items[k];
        ft.module |= !al->alias.asname && !strcmp(al->alias.name->str, "functools");
      }
  }
  if (!ft.reduce && !ft.partial && !ft.module)
    return;
  for (int i = 0; i < ft.body.len; i++)
    functools_visit(&ft.body.items[i], &ft);
  if (ft.need_reduce)
    buf_puts(&ft.defs, "def reduce__kiln(function, iterable):\n"
                       "    first = True\n"
                       "    for x in iterable:\n"
                       "        if first:\n"
                       "            value = x\n"
                       "            first = False\n"
                       "        else:\n"
                       "            value = function(value, x)\n"
                       "    if first:\n"
                       "        raise TypeError(\"reduce() of empty iterable with no initial value\")\n"
                       "    return value\n");
  if (ft.need_reduce_init)
    buf_puts(&ft.defs, "def reduce__kiln_init(function, iterable, initial):\n"
                       "    value = initial\n"
                       "    for x in iterable:\n"
                       "        value = function(value, x)\n"
                       "    return value\n");
  if (!ft.defs.len)
    return;
  NodeList gen = parse_generated(a, m, &ft.defs, ft.body.len ? ft.body.items[0] : m->ast, "<functools>");
  Vec out = {0};
  for (int i = 0; i < gen.len; i++)
    vec_push(&out, gen.items[i]);
  for (int i = 0; i < ft.body.len; i++)
    vec_push(&out, ft.body.items[i]);
  m->ast->Module.body = nodelist_from(a, &out);
}

/* P = namedtuple("P", ["x", "y"]) (or "x y", "x, y") at module level, from
 * collections: the class statement `class P(NamedTuple)` with fields
 * annotated `object`, which types nothing (a field's type is what is stored
 * in it), placed where the assignment stood. */
static void namedtuple_calls(Arena *a, Module *m) {
  NodeList body = m->ast->Module.body;
  bool named = false, module = false;
  for (int i = 0; i < body.len; i++) {
    Node *st = body.items[i];
    if (st->kind == AST_ImportFrom && st->ImportFrom.module && !strcmp(st->ImportFrom.module->str, "collections"))
      for (int k = 0; k < st->ImportFrom.names.len; k++)
        named |= !strcmp(st->ImportFrom.names.items[k]->alias.name->str, "namedtuple") &&
                 !st->ImportFrom.names.items[k]->alias.asname;
    if (st->kind == AST_Import)
      for (int k = 0; k < st->Import.names.len; k++)
        module |= !strcmp(st->Import.names.items[k]->alias.name->str, "collections") &&
                  !st->Import.names.items[k]->alias.asname;
  }
  if (!named && !module)
    return;
  for (int i = 0; i < body.len; i++) {
    Node *st = body.items[i];
    if (st->kind != AST_Assign || st->Assign.targets.len != 1 || st->Assign.targets.items[0]->kind != AST_Name ||
        st->Assign.value->kind != AST_Call)
      continue;
    Node *call = st->Assign.value, *fn = call->Call.func;
    bool is_nt = (named && fn->kind == AST_Name && !strcmp(fn->Name.id->str, "namedtuple")) ||
                 (module && fn->kind == AST_Attribute && !strcmp(fn->Attribute.attr->str, "namedtuple") &&
                  fn->Attribute.value->kind == AST_Name && !strcmp(fn->Attribute.value->Name.id->str, "collections"));
    if (!is_nt)
      continue;
    Ident *target = st->Assign.targets.items[0]->Name.id;
    NodeList args = call->Call.args;
    if (call->Call.keywords.len)
      error_at(m->src, call->Call.keywords.items[0]->off, ERR_SYNTAX,
               "kiln does not support namedtuple() keyword arguments (defaults=, rename=) yet");
    if (args.len != 2 || args.items[0]->kind != AST_Constant || args.items[0]->Constant.value.kind != CONST_STR ||
        strcmp(args.items[0]->Constant.value.s, target->str))
      error_at(m->src, call->off, ERR_SYNTAX,
               "kiln supports namedtuple() only as NAME = namedtuple('NAME', fields) with constant fields");
    Buf src = {0};
    buf_printf(&src, "class %s(NamedTuple):\n", target->str);
    Node *spec = args.items[1];
    int nfields = 0;
    if (spec->kind == AST_Constant && spec->Constant.value.kind == CONST_STR) {
      const char *f = spec->Constant.value.s;
      while (*f) {
        size_t n = strcspn(f, ", \t\n");
        if (n) {
          buf_printf(&src, "    %.*s: object\n", (int)n, f);
          nfields++;
        }
        f += n;
        f += strspn(f, ", \t\n");
      }
    } else if (spec->kind == AST_List || spec->kind == AST_Tuple) {
      NodeList elts = spec->kind == AST_List ? spec->List.elts : spec->Tuple.elts;
      for (int k = 0; k < elts.len; k++) {
        Node *x = elts.items[k];
        if (x->kind != AST_Constant || x->Constant.value.kind != CONST_STR)
          error_at(m->src, x->off, ERR_SYNTAX, "kiln supports namedtuple() field names only as constant strings");
        buf_printf(&src, "    %s: object\n", x->Constant.value.s);
        nfields++;
      }
    } else {
      error_at(m->src, spec->off, ERR_SYNTAX, "kiln supports namedtuple() field names only as constant strings");
    }
    if (!nfields)
      error_at(m->src, spec->off, ERR_SYNTAX, "kiln does not support a namedtuple() without fields yet");
    char what[300];
    snprintf(what, sizeof what, "<namedtuple %s>", target->str);
    NodeList gen = parse_generated(a, m, &src, st, what);
    body.items[i] = gen.items[0];
  }
}

/* Is e a type written as a value: a subscripted generic of typing or the
 * builtins (list[float], Literal["a", "b"], Optional[int], Callable[...]),
 * or a union of such (int | None)? */
static bool type_expr(Node *e) {
  if (e->kind == AST_BinOp && e->BinOp.op == BIN_BitOr)
    return type_expr(e->BinOp.left) || type_expr(e->BinOp.right);
  if (e->kind != AST_Subscript)
    return false;
  Node *g = e->Subscript.value;
  if (g->kind == AST_Attribute && g->Attribute.value->kind == AST_Name &&
      !strcmp(g->Attribute.value->Name.id->str, "typing"))
    return true;
  static const char *const generics[] = {"list", "dict", "tuple", "set", "frozenset", "List", "Dict", "Tuple",
                                         "Set", "FrozenSet", "Optional", "Union", "Literal", "Callable",
                                         "Iterator", "Iterable", "Sequence", "Mapping", "Generator", "Final"};
  for (size_t i = 0; g->kind == AST_Name && i < sizeof generics / sizeof *generics; i++)
    if (!strcmp(g->Name.id->str, generics[i]))
      return true;
  return false;
}

/* Type aliases at module level, `Vec = list[float]`, `Mode = Literal["a",
 * "b"]`, `Row: TypeAlias = dict[str, int]`, and TypedDict classes (their
 * ClassDef; desugar.c makes their calls dict displays): recorded for annotations
 * (infer.c type_from_annotation reads them) and taken out of the module's
 * code, which never uses them as values (a program that does gets the
 * undefined-name error). */
static void type_aliases(Arena *a, Module *m) {
  NodeList body = m->ast->Module.body;
  Vec names = {0}, types = {0};
  for (int i = 0; i < body.len; i++) {
    Node *st = body.items[i], *target = NULL, *value = NULL;
    if (st->kind == AST_Assign && st->Assign.targets.len == 1) {
      target = st->Assign.targets.items[0];
      value = st->Assign.value;
    } else if (st->kind == AST_AnnAssign && st->AnnAssign.value) {
      Node *ann = st->AnnAssign.annotation;
      const char *n = ann->kind == AST_Name ? ann->Name.id->str : ann->kind == AST_Attribute ? ann->Attribute.attr->str : "";
      if (!strcmp(n, "TypeAlias")) {
        target = st->AnnAssign.target;
        value = st->AnnAssign.value;
      }
    }
    if (st->kind == AST_ClassDef && st->ClassDef.bases.len == 1) { /* class Msg(TypedDict): a dict */
      Node *b = st->ClassDef.bases.items[0];
      const char *n = b->kind == AST_Name ? b->Name.id->str : b->kind == AST_Attribute ? b->Attribute.attr->str : "";
      if (!strcmp(n, "TypedDict")) {
        vec_push(&names, st->ClassDef.name);
        vec_push(&types, st);
        body.items[i] = node_new(a, AST_Pass, st->off, st->end);
      }
      continue;
    }
    bool tvar = value && value->kind == AST_Call &&
                ((value->Call.func->kind == AST_Name && !strcmp(value->Call.func->Name.id->str, "TypeVar")) ||
                 (value->Call.func->kind == AST_Attribute && !strcmp(value->Call.func->Attribute.attr->str, "TypeVar")));
    if (tvar && target && target->kind == AST_Name) { /* T = TypeVar("T"): nothing at run time kiln needs */
      body.items[i] = node_new(a, AST_Pass, st->off, st->end);
      continue;
    }
    if (!target || target->kind != AST_Name || !type_expr(value))
      continue;
    vec_push(&names, target->Name.id);
    vec_push(&types, value);
    Node *pass = node_new(a, AST_Pass, st->off, st->end);
    body.items[i] = pass;
  }
  m->naliases = names.len;
  m->alias_names = (Ident **)vec_to_arena(a, &names);
  m->alias_types = (Node **)vec_to_arena(a, &types);
}

static void resolve_into(Arena *a, Module *m) {
  type_aliases(a, m);
  namedtuple_calls(a, m);
  functools_calls(a, m);
  cache_functions(a, m);
  decorate_functions(a, m);
  Vec imps = {0};
  find_imports(a, m, m->ast->Module.body, &imps);
  m->nimports = imps.len;
  m->imports = arena_alloc(a, (size_t)(imps.len + 1) * sizeof *m->imports);
  for (int i = 0; i < imps.len; i++)
    m->imports[i] = *(Import *)imps.items[i];
  free(imps.items);
  find_exception_classes(a, m);
  find_classes(a, m);
  Scan s = {.src = m->src, .m = m};
  scan_body(&s, m->ast->Module.body);
  for (int i = 0; i < s.bound.len; i++) /* classes are types, not variables */
    if (module_exception(m, s.bound.items[i]) >= 0 || module_class(m, s.bound.items[i]))
      s.bound.items[i--] = s.bound.items[--s.bound.len];
  for (int c = 0; c < m->nclasses; c++) /* class attributes: globals named "C.x" */
    for (int k = 0; k < m->classes[c]->nattrs; k++)
      add_name(&s.bound, class_attr_global(m->classes[c], m->classes[c]->attrs[k]));
  m->globals = idents_of(a, &s.bound, &m->nglobals);
  free(s.globals.items);
  Vec funcs = {0};
  /* the module code's FuncDecl first: its existence marks the module resolved (see load_import) */
  FuncDecl *init = arena_alloc(a, sizeof *init);
  init->name = intern("<module>", 8);
  init->def = m->ast;
  init->mod = m;
  for (int i = 0; i < s.funcs.len; i++)
    vec_push(&funcs, resolve_func(a, m, s.funcs.items[i], NULL, NULL));
  free(s.funcs.items);
  m->nfuncs = funcs.len;
  m->funcs = (FuncDecl **)vec_to_arena(a, &funcs);
  m->init = init; /* module code has no locals: its names are the globals */
  desugar_func(a, init);
  find_lambdas(a, init);
}

Module *resolve_program(Arena *a, Source *src, Node *ast, Ident *name, struct Program *p) {
  Module *m = new_module(a, p, src, ast, name);
  resolve_into(a, m);
  return m;
}

int func_local_index(FuncDecl *f, Ident *name) {
  for (int i = 0; i < f->nlocals; i++)
    if (f->locals[i] == name)
      return i;
  return -1;
}

FuncDecl *module_func(Module *m, Ident *name) {
  for (int i = 0; i < m->nfuncs; i++)
    if (m->funcs[i]->name == name)
      return m->funcs[i];
  return NULL;
}

int module_global_index(Module *m, Ident *name) {
  for (int i = 0; i < m->nglobals; i++)
    if (m->globals[i] == name)
      return i;
  return -1;
}
