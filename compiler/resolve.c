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
  desugar_func(a, f);
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
  return !strcmp(name->str, "typing") || !strcmp(name->str, "__future__");
}

/* ---- modules kiln provides (modules.def) */

static const char *const provided_modules[] = {
#define MODULE(name) name,
#define CONST(module, name, value)
#include "modules.def"
#undef MODULE
#undef CONST
};

static const struct {
  const char *module, *name;
  double value;
} provided_consts[] = {
#define MODULE(name)
#define CONST(module, name, value) {module, name, value},
#include "modules.def"
#undef MODULE
#undef CONST
};

const char *provided_module(Ident *dotted) {
  for (size_t i = 0; dotted && i < countof(provided_modules); i++)
    if (!strcmp(provided_modules[i], dotted->str))
      return provided_modules[i];
  return NULL;
}

bool provided_const(const char *module, Ident *name, double *value) {
  for (size_t i = 0; i < countof(provided_consts); i++)
    if (!strcmp(provided_consts[i].module, module) && !strcmp(provided_consts[i].name, name->str)) {
      *value = provided_consts[i].value;
      return true;
    }
  return false;
}

bool provided_func(const char *module, Ident *name) {
  size_t m = strlen(module), n = strlen(name->str);
  for (int i = 0; i < op_count; i++) {
    const char *c = op_table[i].callee;
    if (!strncmp(c, module, m) && c[m] == '.' && !strncmp(c + m + 1, name->str, n) &&
        (c[m + 1 + n] == 0 || c[m + 1 + n] == ':'))
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
  return (size_t)snprintf(out, size, "%s/%s/__init__.py", base, rel) < size && stat(out, &st) == 0 &&
         S_ISREG(st.st_mode);
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
  p->mods = xrealloc(p->mods, (size_t)(p->nmods + 1) * sizeof *p->mods);
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
static Module *load_import(Arena *a, Module *from, Ident *dotted, int level, Node *at) {
  char path[4096];
  Module *loaded;
  if (!find_module(from, dotted, level, path, &loaded))
    return NULL; /* lowering says the module is not found */
  if (loaded && !loaded->init)
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
    load_import(a, m, intern(dotted->str, (size_t)(dot - dotted->str)), level, at);
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
        if (strchr(name, '.') && !al->alias.asname)
          continue; /* import a.b (binding a): lowering refuses it */
        load_packages(a, m, al->alias.name, 0, al);
        Module *t = load_import(a, m, al->alias.name, 0, al);
        Ident *bound = al->alias.asname ? al->alias.asname : al->alias.name;
        if (t)
          add_import(imps, a, (Import){bound, t, NULL, NULL, NULL, NULL});
        else if (provided_module(al->alias.name)) /* import math */
          add_import(imps, a, (Import){bound, NULL, NULL, NULL, provided_module(al->alias.name), NULL});
      }
      break;
    case AST_ImportFrom: {
      Ident *dotted = st->ImportFrom.module;
      load_packages(a, m, dotted, st->ImportFrom.level, st);
      Module *t = load_import(a, m, dotted, st->ImportFrom.level, st);
      const char *provided = !t && !st->ImportFrom.level ? provided_module(dotted) : NULL;
      for (int k = 0; provided && k < st->ImportFrom.names.len; k++) {
        Node *al = st->ImportFrom.names.items[k]; /* from math import sqrt: a function; pi: a variable */
        if (provided_func(provided, al->alias.name))
          add_import(imps, a, (Import){al->alias.asname ? al->alias.asname : al->alias.name, NULL, NULL, NULL,
                                       provided, al->alias.name});
      }
      for (int k = 0; t && k < st->ImportFrom.names.len; k++) {
        Node *al = st->ImportFrom.names.items[k];
        Ident *attr = al->alias.name, *bound = al->alias.asname ? al->alias.asname : attr;
        Import imp = {bound, t, module_func(t, attr), NULL, NULL, NULL};
        if (module_exception(t, attr) >= 0)
          imp.exc = attr;
        const Import *again = import_of(t, attr); /* t imported it from elsewhere */
        if (again && (again->func || again->exc || again->attr)) {
          imp = *again;
          imp.name = bound;
        }
        if (imp.func || imp.exc || imp.attr)
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
static void resolve_into(Arena *a, Module *m) {
  Vec imps = {0};
  find_imports(a, m, m->ast->Module.body, &imps);
  m->nimports = imps.len;
  m->imports = arena_alloc(a, (size_t)(imps.len + 1) * sizeof *m->imports);
  for (int i = 0; i < imps.len; i++)
    m->imports[i] = *(Import *)imps.items[i];
  free(imps.items);
  find_exception_classes(a, m);
  Scan s = {.src = m->src, .m = m};
  scan_body(&s, m->ast->Module.body);
  for (int i = 0; i < s.bound.len; i++) /* exception classes are types, not variables */
    if (module_exception(m, s.bound.items[i]) >= 0)
      s.bound.items[i--] = s.bound.items[--s.bound.len];
  m->globals = idents_of(a, &s.bound, &m->nglobals);
  free(s.globals.items);
  Vec funcs = {0};
  /* the module code's FuncDecl first: its existence marks the module resolved (see load_import) */
  FuncDecl *init = arena_alloc(a, sizeof *init);
  init->name = intern("<module>", 8);
  init->def = m->ast;
  init->mod = m;
  for (int i = 0; i < s.funcs.len; i++)
    vec_push(&funcs, resolve_func(a, m, s.funcs.items[i]));
  free(s.funcs.items);
  m->nfuncs = funcs.len;
  m->funcs = (FuncDecl **)vec_to_arena(a, &funcs);
  m->init = init; /* module code has no locals: its names are the globals */
  desugar_func(a, init);
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
