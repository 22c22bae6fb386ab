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

#include <stdlib.h>
#include <string.h>

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
  Vec bound;   /* names bound in the body */
  Vec globals; /* names declared global */
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
      if (strcmp(name->str, "*")) /* from m import *: names unknown here */
        add_name(&s->bound, name);
    }
    break;
  }
  case AST_Global:
    for (int i = 0; i < st->Global.names.len; i++)
      add_name(&s->globals, st->Global.names.items[i]);
    break;
  case AST_Delete:
    for (int i = 0; i < st->Delete.targets.len; i++)
      bind_target(s, st->Delete.targets.items[i]);
    break;
  case AST_Expr: scan_expr(s, st->Expr.value); break;
  case AST_Return: scan_expr(s, st->Return.value); break;
  case AST_Match:
    scan_expr(s, st->Match.subject);
    for (int i = 0; i < st->Match.cases.len; i++)
      scan_body(s, st->Match.cases.items[i]->match_case.body);
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

static FuncDecl *resolve_func(Arena *a, Module *m, Node *def) {
  FuncDecl *f = arena_alloc(a, sizeof *f);
  f->name = def->FunctionDef.name;
  f->def = def;
  f->mod = m;
  Scan s = {.src = m->src};
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
  if (s.funcs.len)
    error_at(m->src, ((Node *)s.funcs.items[0])->off, ERR_SYNTAX,
             "kiln does not support nested functions yet (define '%s' at module level)",
             ((Node *)s.funcs.items[0])->FunctionDef.name->str);
  free(s.funcs.items);
  /* a global declaration wins over binding */
  Vec locals = {0};
  for (int i = 0; i < s.bound.len; i++)
    if (!in_vec(&s.globals, s.bound.items[i]) || i < f->nparams)
      vec_push(&locals, s.bound.items[i]);
  free(s.bound.items);
  f->locals = idents_of(a, &locals, &f->nlocals);
  f->globals = idents_of(a, &s.globals, &f->nglobals);
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
 * not variables. Classes with more in them are a later step. */
static void find_exception_classes(Arena *a, Module *m) {
  NodeList body = m->ast->Module.body;
  Vec names = {0}, bases = {0};
  for (int i = 0; i < body.len; i++) {
    Node *c = body.items[i];
    if (c->kind != AST_ClassDef || c->ClassDef.bases.len != 1 || c->ClassDef.keywords.len ||
        c->ClassDef.decorator_list.len || c->ClassDef.bases.items[0]->kind != AST_Name)
      continue;
    Ident *base = c->ClassDef.bases.items[0]->Name.id;
    if (!is_builtin_exception(base) && !in_vec(&names, base))
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
  return !strcmp(name->str, "typing") || !strcmp(name->str, "__future__");
}

Module *resolve_module(Arena *a, Source *src, Node *ast) {
  Module *m = arena_alloc(a, sizeof *m);
  m->src = src;
  m->ast = ast;
  m->name = intern("__main__", 8);
  find_exception_classes(a, m);
  Scan s = {.src = src};
  scan_body(&s, ast->Module.body);
  for (int i = 0; i < s.bound.len; i++) /* exception classes are types, not variables */
    if (module_exception(m, s.bound.items[i]) >= 0)
      s.bound.items[i--] = s.bound.items[--s.bound.len];
  m->globals = idents_of(a, &s.bound, &m->nglobals);
  free(s.globals.items);
  Vec funcs = {0};
  for (int i = 0; i < s.funcs.len; i++)
    vec_push(&funcs, resolve_func(a, m, s.funcs.items[i]));
  free(s.funcs.items);
  m->nfuncs = funcs.len;
  m->funcs = (FuncDecl **)vec_to_arena(a, &funcs);
  FuncDecl *init = arena_alloc(a, sizeof *init);
  init->name = intern("<module>", 8);
  init->def = ast;
  init->mod = m;
  m->init = init; /* module code has no locals: its names are the globals */
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
