/* desugar.c — builtins whose meaning is a comprehension, rewritten as one.
 *
 * Run on each function's AST after resolve has found its names (so a
 * program's own `map` or `sorted` is left alone), before lowering:
 *
 *   map(F, xs)              (F(v) for v in xs)
 *   map(F, xs, ys)          (F(v0, v1) for v0, v1 in zip(xs, ys))
 *   filter(F, xs)           (v for v in xs if F(v));  filter(None, xs): if v
 *   sorted(xs, key=F, reverse=R)
 *                           [$s._sortkeys([F(v) for v in $s], R) for $s in [list(xs)]][0]
 *                           (list.sort's sort by keys, runtime/sort.c; R a constant)
 *   min(xs, key=F)          min([(F(v), i, v) for i, v in enumerate(xs)])[2]
 *   max(xs, key=F)          max([(F(v), -i, v) ...])[2]: the first largest, as CPython's
 *   xs.sort(key=F, ...)     xs[:] = sorted(xs, key=F, ...)   (xs a name: evaluated twice)
 *   heapq.nsmallest(n, xs[, key=F])   sorted(xs[, key=F])[:max(n, 0)]
 *   heapq.nlargest(n, xs[, key=F])    sorted(xs[, key=F], reverse=True)[:max(n, 0)]
 *   itertools.groupby(xs, key=F)      itertools.groupby([(F(v), v) for v in xs], _pairs=True)
 *                           (the keys computed before the first group, not as
 *                           the groups are walked)
 *                           (Lib/heapq.py's result for every consistent order:
 *                           sorted, and equal items in the order they came; n is
 *                           evaluated after xs)
 *   dict(k=v, ...)          {"k": v, ...}; the same for a TypedDict class's TD(k=v, ...)
 *   re.sub(P, F, s, count, flags)     with F a lambda or a function of the program:
 *                           [$sc._subjoin([F(m) for m in $sc]) for $sc in
 *                            [P._subscan(s, count, flags)]][0]
 *   p.sub(F, s, count)      the same with p._subscan(s, count); subn with _subnjoin
 *                           (the scan yields the matches, F is called on each as
 *                           it is found, _subjoin puts the results between the
 *                           pieces; runtime/remod.c)
 *
 * The decorated tuples of min and max compare by key, then by position,
 * never by the item, so items need not be comparable and the result is
 * CPython's. F(v) is a
 * call of F, except for two forms written in place: a lambda, whose
 * parameters become the comprehension's targets and whose body is the
 * element (so `key=lambda p: p[1]` needs no function object), and an
 * unbound method of a builtin type (`key=str.lower`: v.lower()). The
 * rewritten forms are ordinary comprehensions and generator expressions,
 * which lowering compiles inline; everything else that makes these builtins
 * (a function object stored in a variable) waits for functions as values.
 */
#include "kilnc.h"

#include <string.h>

typedef struct Desugar {
  Arena *a;
  FuncDecl *f;
} Desugar;

/* Is n the builtin `name` here (not a local, global or import of the program)? */
static bool is_builtin(Desugar *d, Node *n, const char *name) {
  if (n->kind != AST_Name || strcmp(n->Name.id->str, name))
    return false;
  Ident *id = n->Name.id;
  return func_local_index(d->f, id) < 0 && module_global_index(d->f->mod, id) < 0 &&
         !import_of(d->f->mod, id);
}

static Node *mk(Desugar *d, AstKind kind, Node *at) { return node_new(d->a, kind, at->off, at->end); }

static Node *name(Desugar *d, Ident *id, ExprCtx ctx, Node *at) {
  Node *n = mk(d, AST_Name, at);
  n->Name.id = id;
  n->Name.ctx = ctx;
  return n;
}

static NodeList list_of(Desugar *d, Node **items, int n) {
  Vec v = {0};
  for (int i = 0; i < n; i++)
    vec_push(&v, items[i]);
  return nodelist_from(d->a, &v);
}

/* The hidden names of the rewritten comprehensions: not Python identifiers,
 * so they never meet the program's. */
static Ident *hidden(const char *what, int i) {
  char buf[16];
  int n = snprintf(buf, sizeof buf, "$%s%d", what, i);
  return intern(buf, (size_t)n);
}

/* The function applied to nargs items: the comprehension's target names
 * (targets[i]) and the element F(targets...). Returns false when F is not
 * a form kiln can apply inline. */
static bool apply(Desugar *d, Node *fn, int nargs, Ident **targets, Node **elt) {
  if (fn->kind == AST_Lambda) {
    Node *args = fn->Lambda.args;
    if (args->arguments.posonlyargs.len || args->arguments.vararg || args->arguments.kwarg ||
        args->arguments.kwonlyargs.len || args->arguments.defaults.len ||
        args->arguments.args.len != nargs)
      return false;
    for (int i = 0; i < nargs; i++)
      targets[i] = args->arguments.args.items[i]->arg.arg;
    *elt = fn->Lambda.body;
    return true;
  }
  for (int i = 0; i < nargs; i++)
    targets[i] = hidden("v", i);
  Node *call = mk(d, AST_Call, fn);
  Node *argv[8];
  if (fn->kind == AST_Attribute && fn->Attribute.value->kind == AST_Name && nargs >= 1 &&
      (is_builtin(d, fn->Attribute.value, "str") || is_builtin(d, fn->Attribute.value, "list") ||
       is_builtin(d, fn->Attribute.value, "dict") || is_builtin(d, fn->Attribute.value, "bytes"))) {
    /* str.lower as a function: v.lower() */
    Node *m = mk(d, AST_Attribute, fn);
    m->Attribute.value = name(d, targets[0], CTX_Load, fn);
    m->Attribute.attr = fn->Attribute.attr;
    m->Attribute.ctx = CTX_Load;
    call->Call.func = m;
    for (int i = 1; i < nargs; i++)
      argv[i - 1] = name(d, targets[i], CTX_Load, fn);
    call->Call.args = list_of(d, argv, nargs - 1);
  } else {
    call->Call.func = fn;
    for (int i = 0; i < nargs; i++)
      argv[i] = name(d, targets[i], CTX_Load, fn);
    call->Call.args = list_of(d, argv, nargs);
  }
  *elt = call;
  return true;
}

/* A comprehension clause: for TARGET in ITER [if COND]. */
static Node *clause(Desugar *d, Node *target, Node *iter, Node *cond, Node *at) {
  Node *c = mk(d, AST_comprehension, at);
  c->comprehension.target = target;
  c->comprehension.iter = iter;
  if (cond)
    c->comprehension.ifs = list_of(d, &cond, 1);
  return c;
}

static Node *targets_node(Desugar *d, Ident **targets, int n, Node *at) {
  if (n == 1)
    return name(d, targets[0], CTX_Store, at);
  Node *elts[8];
  for (int i = 0; i < n; i++)
    elts[i] = name(d, targets[i], CTX_Store, at);
  Node *t = mk(d, AST_Tuple, at);
  t->Tuple.elts = list_of(d, elts, n);
  t->Tuple.ctx = CTX_Store;
  return t;
}

static Node *call_builtin(Desugar *d, const char *fname, Node **args, int n, Node *at) {
  Node *c = mk(d, AST_Call, at);
  c->Call.func = name(d, intern(fname, strlen(fname)), CTX_Load, at);
  c->Call.args = list_of(d, args, n);
  return c;
}

/* map(F, xs...) and filter(F, xs) as generator expressions. */
static Node *map_filter(Desugar *d, Node *e, bool is_map) {
  NodeList args = e->Call.args;
  int n = args.len - 1;
  if (e->Call.keywords.len || n < 1 || n > 8 || (!is_map && n != 1))
    return NULL;
  for (int i = 0; i < args.len; i++)
    if (args.items[i]->kind == AST_Starred)
      return NULL;
  Node *fn = args.items[0];
  Ident *targets[8];
  Node *applied;
  Node *g = mk(d, AST_GeneratorExp, e);
  if (!is_map && fn->kind == AST_Constant && fn->Constant.value.kind == CONST_NONE) {
    targets[0] = hidden("v", 0);
    applied = name(d, targets[0], CTX_Load, e);
  } else if (!apply(d, fn, n, targets, &applied)) {
    return NULL;
  }
  Node *iter = n == 1 ? args.items[1] : call_builtin(d, "zip", args.items + 1, n, e);
  Node *target = targets_node(d, targets, n, e);
  if (is_map) {
    g->GeneratorExp.elt = applied;
    g->GeneratorExp.generators = list_of(d, (Node *[]){clause(d, target, iter, NULL, e)}, 1);
  } else {
    g->GeneratorExp.elt = name(d, targets[0], CTX_Load, e);
    g->GeneratorExp.generators = list_of(d, (Node *[]){clause(d, target, iter, applied, e)}, 1);
  }
  return g;
}

static Node *int_const(Desugar *d, int64_t v, Node *at) {
  Node *c = mk(d, AST_Constant, at);
  c->Constant.value = (Const){.kind = CONST_INT, .i = v};
  return c;
}

static Node *item(Desugar *d, Node *of, int i, Node *at) {
  Node *s = mk(d, AST_Subscript, at);
  s->Subscript.value = of;
  s->Subscript.slice = int_const(d, i, at);
  s->Subscript.ctx = CTX_Load;
  return s;
}

/* [(F(v), ±i, v) for i, v in enumerate(xs)] */
static Node *decorated(Desugar *d, Node *xs, Node *fn, bool negate, Node *at) {
  Ident *target;
  Node *key;
  if (!apply(d, fn, 1, &target, &key))
    return NULL;
  Ident *idx = hidden("i", 0);
  Node *pos = name(d, idx, CTX_Load, at);
  if (negate) {
    Node *neg = mk(d, AST_UnaryOp, at);
    neg->UnaryOp.op = UOP_USub;
    neg->UnaryOp.operand = pos;
    pos = neg;
  }
  Node *tuple = mk(d, AST_Tuple, at);
  tuple->Tuple.elts = list_of(d, (Node *[]){key, pos, name(d, target, CTX_Load, at)}, 3);
  tuple->Tuple.ctx = CTX_Load;
  Node *lc = mk(d, AST_ListComp, at);
  lc->ListComp.elt = tuple;
  lc->ListComp.generators = list_of(
      d, (Node *[]){clause(d, targets_node(d, (Ident *[]){idx, target}, 2, at),
                           call_builtin(d, "enumerate", &xs, 1, at), NULL, at)},
      1);
  return lc;
}

/* sorted(xs, key=F, reverse=R) as
 *   [$s._sortkeys([F(v) for v in $s], R) for $s in [list(xs)]][0]
 * list.sort's own sort with keys (runtime/sort.c kr_list_sort_keys): the
 * keys compare directly, with no tuple per item, and the comparisons made
 * are CPython's. */
static Node *sorted_keyed(Desugar *d, Node *xs, Node *fn, bool rev, Node *at) {
  Ident *target, *s = hidden("s", 0);
  Node *key;
  if (!apply(d, fn, 1, &target, &key))
    return NULL;
  Node *keys = mk(d, AST_ListComp, at);
  keys->ListComp.elt = key;
  keys->ListComp.generators =
      list_of(d, (Node *[]){clause(d, name(d, target, CTX_Store, at), name(d, s, CTX_Load, at), NULL, at)}, 1);
  Node *flag = mk(d, AST_Constant, at);
  flag->Constant.value = (Const){.kind = rev ? CONST_TRUE : CONST_FALSE};
  Node *call = mk(d, AST_Call, at);
  Node *attr = mk(d, AST_Attribute, at);
  attr->Attribute.value = name(d, s, CTX_Load, at);
  attr->Attribute.attr = intern("_sortkeys", 9);
  attr->Attribute.ctx = CTX_Load;
  call->Call.func = attr;
  call->Call.args = list_of(d, (Node *[]){keys, flag}, 2);
  Node *one = mk(d, AST_List, at);
  Node *copy = call_builtin(d, "list", &xs, 1, at);
  one->List.elts = list_of(d, &copy, 1);
  one->List.ctx = CTX_Load;
  Node *outer = mk(d, AST_ListComp, at);
  outer->ListComp.elt = call;
  outer->ListComp.generators = list_of(d, (Node *[]){clause(d, name(d, s, CTX_Store, at), one, NULL, at)}, 1);
  return item(d, outer, 0, at);
}

/* sorted(xs, key=F[, reverse=R]), min(xs, key=F), max(xs, key=F) */
static Node *keyed(Desugar *d, Node *e, const char *fname) {
  NodeList kws = e->Call.keywords;
  Node *key = NULL, *reverse = NULL;
  for (int i = 0; i < kws.len; i++) {
    Ident *k = kws.items[i]->keyword.arg;
    if (k && !strcmp(k->str, "key"))
      key = kws.items[i]->keyword.value;
    else if (k && !strcmp(k->str, "reverse") && !strcmp(fname, "sorted"))
      reverse = kws.items[i]->keyword.value;
    else
      return NULL;
  }
  if (!key || e->Call.args.len != 1 || e->Call.args.items[0]->kind == AST_Starred)
    return NULL;
  if (key->kind == AST_Constant && key->Constant.value.kind == CONST_NONE)
    return NULL; /* key=None: the plain builtin */
  bool rev = false;
  if (reverse) { /* only a constant: the decoration depends on it */
    if (reverse->kind != AST_Constant ||
        (reverse->Constant.value.kind != CONST_TRUE && reverse->Constant.value.kind != CONST_FALSE))
      return NULL;
    rev = reverse->Constant.value.kind == CONST_TRUE;
  }
  if (!strcmp(fname, "sorted"))
    return sorted_keyed(d, e->Call.args.items[0], key, rev, e);
  bool negate = !strcmp(fname, "max");
  Node *dec = decorated(d, e->Call.args.items[0], key, negate, e);
  if (!dec)
    return NULL;
  return item(d, call_builtin(d, fname, &dec, 1, e), 2, e); /* min/max(...)[2] */
}

/* The statement xs.sort(key=F[, reverse=R]) as xs[:] = sorted(xs, key=F...). */
static Node *sort_stmt(Desugar *d, Node *st) {
  Node *c = st->Expr.value;
  if (c->kind != AST_Call || c->Call.args.len || c->Call.func->kind != AST_Attribute ||
      strcmp(c->Call.func->Attribute.attr->str, "sort") || c->Call.func->Attribute.value->kind != AST_Name)
    return NULL;
  bool has_key = false;
  for (int i = 0; i < c->Call.keywords.len; i++) {
    Ident *k = c->Call.keywords.items[i]->keyword.arg;
    if (k && !strcmp(k->str, "key"))
      has_key = true;
  }
  if (!has_key)
    return NULL;
  Node *xs = c->Call.func->Attribute.value;
  Node *call = mk(d, AST_Call, c);
  call->Call.func = name(d, intern("sorted", 6), CTX_Load, c);
  call->Call.args = list_of(d, &xs, 1);
  call->Call.keywords = c->Call.keywords;
  Node *sorted = keyed(d, call, "sorted");
  if (!sorted)
    return NULL;
  Node *sl = mk(d, AST_Slice, c);
  Node *target = mk(d, AST_Subscript, c);
  target->Subscript.value = name(d, xs->Name.id, CTX_Load, c);
  target->Subscript.slice = sl;
  target->Subscript.ctx = CTX_Store;
  Node *as = mk(d, AST_Assign, st);
  as->Assign.targets = list_of(d, &target, 1);
  as->Assign.value = sorted;
  return as;
}

/* Is fn the function `name` of the provided module `module` (heapq.nlargest,
 * or nlargest from `from heapq import nlargest`)? */
static bool is_provided(Desugar *d, Node *fn, const char *module, const char *fname) {
  if (fn->kind == AST_Name) {
    if (func_local_index(d->f, fn->Name.id) >= 0)
      return false;
    const Import *imp = import_of(d->f->mod, fn->Name.id);
    return imp && imp->provided && imp->attr && !strcmp(imp->provided, module) && !strcmp(imp->attr->str, fname);
  }
  if (fn->kind != AST_Attribute || fn->Attribute.value->kind != AST_Name || strcmp(fn->Attribute.attr->str, fname))
    return false;
  Ident *id = fn->Attribute.value->Name.id;
  if (func_local_index(d->f, id) >= 0)
    return false;
  const Import *imp = import_of(d->f->mod, id);
  return imp && imp->provided && !imp->attr && !strcmp(imp->provided, module);
}

/* heapq.nsmallest(n, xs, key=F) / nlargest: sorted(...)[:max(n, 0)] */
static Node *n_best(Desugar *d, Node *e, bool largest) {
  NodeList args = e->Call.args, kws = e->Call.keywords;
  if (args.len != 2 || args.items[0]->kind == AST_Starred || args.items[1]->kind == AST_Starred)
    return NULL;
  for (int i = 0; i < kws.len; i++)
    if (!kws.items[i]->keyword.arg || strcmp(kws.items[i]->keyword.arg->str, "key"))
      return NULL;
  Node *xs = args.items[1];
  Node *sorted = call_builtin(d, "sorted", &xs, 1, e);
  Vec kw = {0};
  for (int i = 0; i < kws.len; i++)
    vec_push(&kw, kws.items[i]);
  if (largest) {
    Node *k = mk(d, AST_keyword, e);
    k->keyword.arg = intern("reverse", 7);
    Node *t = mk(d, AST_Constant, e);
    t->Constant.value = (Const){.kind = CONST_TRUE};
    k->keyword.value = t;
    vec_push(&kw, k);
  }
  sorted->Call.keywords = nodelist_from(d->a, &kw);
  if (kws.len) {
    Node *r = keyed(d, sorted, "sorted");
    if (!r)
      return NULL;
    sorted = r;
  }
  Node *sl = mk(d, AST_Slice, e);
  sl->Slice.upper = call_builtin(d, "max", (Node *[]){args.items[0], int_const(d, 0, e)}, 2, e);
  Node *s = mk(d, AST_Subscript, e);
  s->Subscript.value = sorted;
  s->Subscript.slice = sl;
  s->Subscript.ctx = CTX_Load;
  return s;
}

/* itertools.groupby(xs, key=F): over (F(v), v) pairs (the row groupby:_pairs) */
static Node *groupby_keyed(Desugar *d, Node *e) {
  NodeList args = e->Call.args, kws = e->Call.keywords;
  Node *xs = args.len >= 1 ? args.items[0] : NULL, *key = args.len == 2 ? args.items[1] : NULL;
  if (!xs || args.len > 2 || xs->kind == AST_Starred || (key && key->kind == AST_Starred))
    return NULL;
  for (int i = 0; i < kws.len; i++) {
    Ident *k = kws.items[i]->keyword.arg;
    if (!k || strcmp(k->str, "key") || key)
      return NULL;
    key = kws.items[i]->keyword.value;
  }
  if (!key)
    return NULL;
  if (key->kind == AST_Constant && key->Constant.value.kind == CONST_NONE) { /* key=None */
    e->Call.args = list_of(d, &xs, 1);
    e->Call.keywords = list_of(d, NULL, 0);
    return e;
  }
  Ident *target;
  Node *kv;
  if (!apply(d, key, 1, &target, &kv))
    return NULL;
  Node *pair = mk(d, AST_Tuple, e);
  pair->Tuple.elts = list_of(d, (Node *[]){kv, name(d, target, CTX_Load, e)}, 2);
  pair->Tuple.ctx = CTX_Load;
  Node *lc = mk(d, AST_ListComp, e);
  lc->ListComp.elt = pair;
  lc->ListComp.generators = list_of(d, (Node *[]){clause(d, name(d, target, CTX_Store, e), xs, NULL, e)}, 1);
  Node *kw = mk(d, AST_keyword, e);
  kw->keyword.arg = intern("_pairs", 6);
  Node *t = mk(d, AST_Constant, e);
  t->Constant.value = (Const){.kind = CONST_TRUE};
  kw->keyword.value = t;
  e->Call.args = list_of(d, &lc, 1);
  e->Call.keywords = list_of(d, &kw, 1);
  return e;
}

/* re.sub(P, F, s[, count[, flags]]) or X.sub(F, s[, count]) (and subn)
 * with F a lambda of one parameter or a function of the program, rewritten
 * as the header says. NULL when it is not that. */
static Node *re_sub_func(Desugar *d, Node *e, bool module, bool subn) {
  NodeList args = e->Call.args, kws = e->Call.keywords;
  static const char *const mnames[] = {"pattern", "repl", "string", "count", "flags"};
  static const char *const pnames[] = {"repl", "string", "count"};
  const char *const *names = module ? mnames : pnames;
  int nnames = module ? 5 : 3;
  Node *a[5] = {0};
  if (args.len > nnames)
    return NULL;
  for (int i = 0; i < args.len; i++) {
    if (args.items[i]->kind == AST_Starred)
      return NULL;
    a[i] = args.items[i];
  }
  for (int i = 0; i < kws.len; i++) {
    Ident *k = kws.items[i]->keyword.arg;
    int j = 0;
    while (k && j < nnames && strcmp(names[j], k->str))
      j++;
    if (!k || j == nnames || a[j])
      return NULL;
    a[j] = kws.items[i]->keyword.value;
  }
  /* x.sub(F, s) is a Pattern's unless a class of the program has a method of that name */
  for (int i = 0; !module && i < d->f->mod->nclasses; i++)
    if (class_method(d->f->mod->classes[i], e->Call.func->Attribute.attr, -1))
      return NULL;
  int fi = module ? 1 : 0, si = fi + 1;
  Node *fn = a[fi];
  if (!fn || !a[si] || (module && !a[0]))
    return NULL;
  bool func = fn->kind == AST_Lambda;
  if (fn->kind == AST_Name && func_local_index(d->f, fn->Name.id) < 0 && module_func(d->f->mod, fn->Name.id))
    func = true;
  for (int i = 0; fn->kind == AST_Name && i < d->f->nnested; i++) /* a def inside this function */
    if (d->f->nested[i]->name == fn->Name.id)
      func = true;
  if (!func)
    return NULL;
  Ident *sc = hidden("sc", 0), *target;
  Node *elt;
  if (!apply(d, fn, 1, &target, &elt))
    return NULL;
  /* P._subscan(s, count, flags) / X._subscan(s, count) */
  Node *scan = mk(d, AST_Call, e);
  Node *attr = mk(d, AST_Attribute, e);
  attr->Attribute.value = module ? a[0] : e->Call.func->Attribute.value;
  attr->Attribute.attr = intern("_subscan", 8);
  attr->Attribute.ctx = CTX_Load;
  scan->Call.func = attr;
  Node *sargs[3] = {a[si], a[si + 1] ? a[si + 1] : int_const(d, 0, e), NULL};
  if (module)
    sargs[2] = a[4] ? a[4] : int_const(d, 0, e);
  scan->Call.args = list_of(d, sargs, module ? 3 : 2);
  /* [F(m) for m in $sc] */
  Node *reps = mk(d, AST_ListComp, e);
  reps->ListComp.elt = elt;
  reps->ListComp.generators = list_of(d, (Node *[]){clause(d, name(d, target, CTX_Store, e), name(d, sc, CTX_Load, e), NULL, e)}, 1);
  /* $sc._subjoin(reps) */
  Node *join = mk(d, AST_Call, e);
  Node *jattr = mk(d, AST_Attribute, e);
  jattr->Attribute.value = name(d, sc, CTX_Load, e);
  jattr->Attribute.attr = subn ? intern("_subnjoin", 9) : intern("_subjoin", 8);
  jattr->Attribute.ctx = CTX_Load;
  join->Call.func = jattr;
  join->Call.args = list_of(d, &reps, 1);
  /* [join for $sc in [scan]][0] */
  Node *one = mk(d, AST_List, e);
  one->List.elts = list_of(d, &scan, 1);
  one->List.ctx = CTX_Load;
  Node *outer = mk(d, AST_ListComp, e);
  outer->ListComp.elt = join;
  outer->ListComp.generators = list_of(d, (Node *[]){clause(d, name(d, sc, CTX_Store, e), one, NULL, e)}, 1);
  return item(d, outer, 0, e);
}

/* Is fn a TypedDict class of the module (resolve.c type_aliases made it an
 * alias of its ClassDef)? */
static bool is_typeddict(Desugar *d, Node *fn) {
  Module *m = d->f->mod;
  for (int i = 0; fn->kind == AST_Name && i < m->naliases; i++)
    if (m->alias_names[i] == fn->Name.id && m->alias_types[i]->kind == AST_ClassDef)
      return func_local_index(d->f, fn->Name.id) < 0;
  return false;
}

/* dict(k=v, ...) and a TypedDict's Msg(k=v, ...), keywords only: the
 * display {"k": v, ...}, its values evaluated in the same order. */
static Node *keyword_dict(Desugar *d, Node *e) {
  NodeList kws = e->Call.keywords;
  if (e->Call.args.len || !kws.len)
    return NULL;
  for (int i = 0; i < kws.len; i++)
    if (!kws.items[i]->keyword.arg) /* **kwargs */
      return NULL;
  Node *r = mk(d, AST_Dict, e);
  Node **keys = arena_alloc(d->a, (size_t)kws.len * sizeof *keys), **vals = arena_alloc(d->a, (size_t)kws.len * sizeof *vals);
  for (int i = 0; i < kws.len; i++) {
    Ident *k = kws.items[i]->keyword.arg;
    keys[i] = mk(d, AST_Constant, kws.items[i]);
    keys[i]->Constant.value = (Const){.kind = CONST_STR, .s = k->str, .len = k->len};
    vals[i] = kws.items[i]->keyword.value;
  }
  r->Dict.keys = (NodeList){keys, kws.len};
  r->Dict.values = (NodeList){vals, kws.len};
  return r;
}

static void visit(Node **slot, void *ctx) {
  Desugar *d = ctx;
  Node *n = *slot;
  if (n->kind == AST_FunctionDef || n->kind == AST_AsyncFunctionDef || n->kind == AST_ClassDef)
    return; /* another scope: its own pass */
  if (n->kind == AST_Expr) {
    Node *r = sort_stmt(d, n);
    if (r) {
      *slot = n = r;
    }
  }
  ast_children(n, visit, d);
  if (n->kind != AST_Call)
    return;
  Node *fn = n->Call.func, *r = NULL;
  if (is_builtin(d, fn, "dict") || is_typeddict(d, fn))
    r = keyword_dict(d, n);
  else if (is_builtin(d, fn, "map"))
    r = map_filter(d, n, true);
  else if (is_builtin(d, fn, "filter"))
    r = map_filter(d, n, false);
  else if (is_builtin(d, fn, "sorted"))
    r = keyed(d, n, "sorted");
  else if (is_builtin(d, fn, "min"))
    r = keyed(d, n, "min");
  else if (is_builtin(d, fn, "max"))
    r = keyed(d, n, "max");
  else if (is_provided(d, fn, "heapq", "nsmallest"))
    r = n_best(d, n, false);
  else if (is_provided(d, fn, "heapq", "nlargest"))
    r = n_best(d, n, true);
  else if (is_provided(d, fn, "itertools", "groupby"))
    r = groupby_keyed(d, n);
  else if (is_provided(d, fn, "re", "sub") || is_provided(d, fn, "re", "subn"))
    r = re_sub_func(d, n, true, is_provided(d, fn, "re", "subn"));
  else if (fn->kind == AST_Attribute && (!strcmp(fn->Attribute.attr->str, "sub") || !strcmp(fn->Attribute.attr->str, "subn")))
    r = re_sub_func(d, n, false, !strcmp(fn->Attribute.attr->str, "subn"));
  if (r)
    *slot = r;
}

void desugar_func(Arena *a, FuncDecl *f) {
  Desugar d = {.a = a, .f = f};
  NodeList body = f->def->kind == AST_Module ? f->def->Module.body : f->def->FunctionDef.body;
  for (int i = 0; i < body.len; i++)
    visit(&body.items[i], &d);
}
