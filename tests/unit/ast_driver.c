/* ast_driver.c — unit-test driver for ast.c and repr.c, run by test_ast.py.
 *
 * Reads one request a line on stdin and writes one result line for each, so
 * a Python script can feed it thousands of values and compare every answer
 * with CPython's:
 *
 *   f HEX16     repr_float of the double with these bits
 *   j HEX16     repr_imag of that double
 *   s HEX       repr_str of these bytes (WTF-8)
 *   b HEX       repr_bytes of these bytes
 *   n TEXT      number_const(TEXT): "KIND REPR" (KIND: INT BIGINT FLOAT IMAG)
 *   c NAME      repr_const of None / True / False / Ellipsis
 *   d K         ast_dump of hand-built tree number K (see build_tree)
 *   z K         ast_dump of a zeroed node of kind K: checks the field table
 *               (names, order, types) against CPython's ASDL
 *
 * The trees are built by hand, without the parser, so ast_dump is tested on
 * its own; test_ast.py holds the Python source each one mirrors.
 */
#include "../../compiler/kilnc.h"

#include <stdlib.h>
#include <string.h>

static Arena *A;

/* ---- tree building */

static Node *mk(AstKind k) { return node_new(A, k, 0, 0); }
static Ident *id(const char *s) { return intern(s, strlen(s)); }

static NodeList list_of(Node **items, int n) {
  Vec v = {0};
  for (int i = 0; i < n; i++)
    vec_push(&v, items[i]);
  return nodelist_from(A, &v);
}
#define LIST(...) \
  list_of((Node *[]){__VA_ARGS__}, (int)(sizeof((Node *[]){__VA_ARGS__}) / sizeof(Node *)))
#define EMPTY ((NodeList){0})

static IdentList idents(const char *a, const char *b) {
  IdentList l = {arena_alloc(A, 2 * sizeof(Ident *)), 0};
  l.items[l.len++] = id(a);
  if (b)
    l.items[l.len++] = id(b);
  return l;
}

static Node *name(const char *s, ExprCtx ctx) {
  Node *n = mk(AST_Name);
  n->Name.id = id(s);
  n->Name.ctx = ctx;
  return n;
}
static Node *load(const char *s) { return name(s, CTX_Load); }

static Node *constant(Const c) {
  Node *n = mk(AST_Constant);
  n->Constant.value = c;
  return n;
}
static Node *cint(int64_t i) { return constant((Const){.kind = CONST_INT, .i = i}); }
static Node *ckind(ConstKind k) { return constant((Const){.kind = k}); }
static Node *cstr(const char *s) {
  return constant((Const){.kind = CONST_STR, .s = s, .len = strlen(s)});
}

static Node *expr(Node *v) {
  Node *n = mk(AST_Expr);
  n->Expr.value = v;
  return n;
}
static Node *module(NodeList body) {
  Node *n = mk(AST_Module);
  n->Module.body = body;
  return n;
}
static Node *arg(const char *s, Node *ann) {
  Node *n = mk(AST_arg);
  n->arg.arg = id(s);
  n->arg.annotation = ann;
  return n;
}
static Node *arguments(void) { return mk(AST_arguments); }
static Node *pass(void) { return mk(AST_Pass); }
static Node *unary(UnaryOpKind op, Node *v) {
  Node *n = mk(AST_UnaryOp);
  n->UnaryOp.op = op;
  n->UnaryOp.operand = v;
  return n;
}
static Node *match_as(Node *pat, const char *s) {
  Node *n = mk(AST_MatchAs);
  n->MatchAs.pattern = pat;
  n->MatchAs.name = s ? id(s) : NULL;
  return n;
}
static Node *singleton(ConstKind k) {
  Node *n = mk(AST_MatchSingleton);
  n->MatchSingleton.value.kind = k;
  return n;
}
static Node *match_case(Node *pat, Node *guard) {
  Node *n = mk(AST_match_case);
  n->match_case.pattern = pat;
  n->match_case.guard = guard;
  n->match_case.body = LIST(pass());
  return n;
}
static Node *slice(Node *lo, Node *hi, Node *step) {
  Node *n = mk(AST_Slice);
  n->Slice.lower = lo;
  n->Slice.upper = hi;
  n->Slice.step = step;
  return n;
}

/* Tree k; test_ast.py's TREES[k] is the source it mirrors. */
static Node *build_tree(int k) {
  switch (k) {
  case 0: /* pass */
    return module(LIST(pass()));

  case 1: { /* def f(a, /, b: int = 1, *args, c, d=2, **kw) -> None: return a */
    Node *args = arguments();
    args->arguments.posonlyargs = LIST(arg("a", NULL));
    args->arguments.args = LIST(arg("b", load("int")));
    args->arguments.vararg = arg("args", NULL);
    args->arguments.kwonlyargs = LIST(arg("c", NULL), arg("d", NULL));
    args->arguments.kw_defaults = LIST(NULL, cint(2));
    args->arguments.kwarg = arg("kw", NULL);
    args->arguments.defaults = LIST(cint(1));
    Node *ret = mk(AST_Return);
    ret->Return.value = load("a");
    Node *f = mk(AST_FunctionDef);
    f->FunctionDef.name = id("f");
    f->FunctionDef.args = args;
    f->FunctionDef.body = LIST(ret);
    f->FunctionDef.returns = ckind(CONST_NONE);
    return module(LIST(f));
  }

  case 2: { /* {**x, 1: 'a'} */
    Node *d = mk(AST_Dict);
    d->Dict.keys = LIST(NULL, cint(1));
    d->Dict.values = LIST(load("x"), cstr("a"));
    return module(LIST(expr(d)));
  }

  case 3: { /* from .. import a as b, c */
    Node *a = mk(AST_alias), *c = mk(AST_alias);
    a->alias.name = id("a");
    a->alias.asname = id("b");
    c->alias.name = id("c");
    Node *imp = mk(AST_ImportFrom);
    imp->ImportFrom.names = LIST(a, c);
    imp->ImportFrom.level = 2;
    return module(LIST(imp));
  }

  case 4: { /* constants, one statement each */
    Node *u = cstr("x");
    u->Constant.kind = "u";
    Node *by = constant((Const){.kind = CONST_BYTES, .s = "\0\"'", .len = 3});
    Node *im = constant((Const){.kind = CONST_IMAG, .f = 1.5});
    Node *big = constant((Const){.kind = CONST_BIGINT, .s = "100000000000000000000"});
    Node *fl = constant((Const){.kind = CONST_FLOAT, .f = 1e300});
    Node *fl2 = constant((Const){.kind = CONST_FLOAT, .f = 10.0});
    return module(LIST(expr(u), expr(by), expr(im), expr(big), expr(ckind(CONST_ELLIPSIS)),
                       expr(ckind(CONST_TRUE)), expr(ckind(CONST_FALSE)), expr(ckind(CONST_NONE)),
                       expr(fl), expr(fl2), expr(cstr("it's \"q\"\n\x01\xc3\xa9"))));
  }

  case 5: { /* match */
    Node *cls = mk(AST_MatchClass);
    Node *mv = mk(AST_MatchValue);
    mv->MatchValue.value = cint(1);
    cls->MatchClass.cls = load("P");
    cls->MatchClass.patterns = LIST(mv);
    cls->MatchClass.kwd_attrs = idents("y", NULL);
    cls->MatchClass.kwd_patterns = LIST(match_as(NULL, "a"));
    Node *map = mk(AST_MatchMapping);
    map->MatchMapping.keys = LIST(cint(1));
    map->MatchMapping.patterns = LIST(match_as(NULL, NULL));
    map->MatchMapping.rest = id("kw");
    Node *seq = mk(AST_MatchSequence);
    Node *star_r = mk(AST_MatchStar);
    star_r->MatchStar.name = id("r");
    seq->MatchSequence.patterns = LIST(mk(AST_MatchStar), star_r);
    Node *or = mk(AST_MatchOr);
    or->MatchOr.patterns = LIST(seq, match_as(singleton(CONST_TRUE), "t"));
    Node *m = mk(AST_Match);
    m->Match.subject = load("x");
    m->Match.cases = LIST(match_case(singleton(CONST_NONE), NULL), match_case(cls, NULL),
                          match_case(map, NULL), match_case(or, load("t")));
    return module(LIST(m));
  }

  case 6: { /* global, compare, slices, boolean operators */
    Node *g = mk(AST_Global);
    g->Global.names = idents("x", "y");
    Node *cmp = mk(AST_Compare);
    cmp->Compare.left = load("a");
    cmp->Compare.ops.items = arena_alloc(A, 2);
    cmp->Compare.ops.items[0] = CMP_Lt;
    cmp->Compare.ops.items[1] = CMP_IsNot;
    cmp->Compare.ops.len = 2;
    cmp->Compare.comparators = LIST(load("b"), load("c"));
    Node *tup = mk(AST_Tuple);
    tup->Tuple.elts = LIST(slice(cint(1), cint(2), NULL), slice(NULL, NULL, cint(3)));
    Node *sub = mk(AST_Subscript);
    sub->Subscript.value = load("x");
    sub->Subscript.slice = tup;
    Node *and = mk(AST_BoolOp), *or = mk(AST_BoolOp);
    and->BoolOp.op = BOOL_And;
    and->BoolOp.values = LIST(unary(UOP_Not, load("a")), load("b"));
    or->BoolOp.op = BOOL_Or;
    or->BoolOp.values = LIST(and, unary(UOP_USub, load("c")));
    return module(LIST(g, expr(cmp), expr(sub), expr(or)));
  }

  case 7: { /* try/except/finally, with, annotated and augmented assignment */
    Node *h1 = mk(AST_ExceptHandler), *h2 = mk(AST_ExceptHandler);
    h1->ExceptHandler.type = load("E");
    h1->ExceptHandler.name = id("e");
    h1->ExceptHandler.body = LIST(pass());
    h2->ExceptHandler.body = LIST(mk(AST_Raise));
    Node *t = mk(AST_Try);
    t->Try.body = LIST(pass());
    t->Try.handlers = LIST(h1, h2);
    t->Try.finalbody = LIST(pass());
    Node *w1 = mk(AST_withitem), *w2 = mk(AST_withitem);
    w1->withitem.context_expr = load("a");
    w1->withitem.optional_vars = name("b", CTX_Store);
    w2->withitem.context_expr = load("c");
    Node *w = mk(AST_With);
    w->With.items = LIST(w1, w2);
    w->With.body = LIST(pass());
    Node *an1 = mk(AST_AnnAssign), *an2 = mk(AST_AnnAssign);
    an1->AnnAssign.target = name("x", CTX_Store);
    an1->AnnAssign.annotation = load("int");
    an1->AnnAssign.value = cint(1);
    an1->AnnAssign.simple = 1;
    an2->AnnAssign.target = name("y", CTX_Store);
    an2->AnnAssign.annotation = load("int");
    Node *aug = mk(AST_AugAssign);
    aug->AugAssign.target = name("x", CTX_Store);
    aug->AugAssign.op = BIN_Add;
    aug->AugAssign.value = cint(1);
    return module(LIST(t, w, an1, an2, aug));
  }

  case 8: { /* comprehension, lambda, call with starred and keywords */
    Node *gen = mk(AST_comprehension);
    gen->comprehension.target = name("y", CTX_Store);
    gen->comprehension.iter = load("z");
    gen->comprehension.ifs = LIST(load("y"));
    Node *lc = mk(AST_ListComp);
    lc->ListComp.elt = load("y");
    lc->ListComp.generators = LIST(gen);
    Node *lam = mk(AST_Lambda);
    lam->Lambda.args = arguments();
    lam->Lambda.body = cint(0);
    Node *star = mk(AST_Starred);
    star->Starred.value = load("a");
    Node *k1 = mk(AST_keyword), *k2 = mk(AST_keyword);
    k1->keyword.arg = id("k");
    k1->keyword.value = cint(1);
    k2->keyword.value = load("kw");
    Node *call = mk(AST_Call);
    call->Call.func = load("f");
    call->Call.args = LIST(star);
    call->Call.keywords = LIST(k1, k2);
    return module(LIST(expr(lc), expr(lam), expr(call)));
  }

  case 9: { /* f'{x!r:>{w}}' */
    Node *inner = mk(AST_FormattedValue);
    inner->FormattedValue.value = load("w");
    inner->FormattedValue.conversion = -1;
    Node *spec = mk(AST_JoinedStr);
    spec->JoinedStr.values = LIST(cstr(">"), inner);
    Node *fv = mk(AST_FormattedValue);
    fv->FormattedValue.value = load("x");
    fv->FormattedValue.conversion = 'r';
    fv->FormattedValue.format_spec = spec;
    Node *js = mk(AST_JoinedStr);
    js->JoinedStr.values = LIST(fv);
    return module(LIST(expr(js)));
  }

  case 10: { /* TypeIgnore(lineno=3, tag='x'), on its own */
    Node *t = mk(AST_TypeIgnore);
    t->TypeIgnore.lineno = 3;
    t->TypeIgnore.tag = "x";
    return t;
  }

  case 11: { /* café = 'é\u2028\ud800' — non-ASCII identifier, escapes */
    Node *as = mk(AST_Assign);
    as->Assign.targets = LIST(name("caf\xc3\xa9", CTX_Store));
    as->Assign.value = cstr("\xc3\xa9\xe2\x80\xa8\xed\xa0\x80");
    return module(LIST(as));
  }

  case 12: { /* del x; x = []; print(()) */
    Node *del = mk(AST_Delete);
    del->Delete.targets = LIST(name("x", CTX_Del));
    Node *as = mk(AST_Assign);
    as->Assign.targets = LIST(name("x", CTX_Store));
    as->Assign.value = mk(AST_List);
    Node *call = mk(AST_Call);
    call->Call.func = load("print");
    call->Call.args = LIST(mk(AST_Tuple));
    return module(LIST(del, as, expr(call)));
  }
  }
  return NULL;
}

/* ---- requests */

static int hexval(int c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* Decode hex text into bytes, in place; returns the byte count. */
static size_t unhex(char *s) {
  size_t n = 0;
  for (size_t i = 0; hexval(s[i]) >= 0 && hexval(s[i + 1]) >= 0; i += 2)
    s[n++] = (char)(hexval(s[i]) * 16 + hexval(s[i + 1]));
  return n;
}

static double bits_to_double(const char *s) {
  uint64_t u = strtoull(s, NULL, 16);
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}

static const char *const const_kind_name[] = {
    "NONE", "TRUE", "FALSE", "ELLIPSIS", "INT", "BIGINT", "FLOAT", "IMAG", "STR", "BYTES",
};

int main(void) {
  A = arena_new();
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  Buf out = {0};
  while ((len = getline(&line, &cap, stdin)) > 0) {
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
      line[--len] = 0;
    if (len < 2) {
      fprintf(stderr, "ast_driver: bad request '%s'\n", line);
      return 2;
    }
    char *arg = line + 2;
    out.len = 0;
    switch (line[0]) {
    case 'f': repr_float(&out, bits_to_double(arg)); break;
    case 'j': repr_imag(&out, bits_to_double(arg)); break;
    case 's': {
      size_t n = unhex(arg);
      repr_str(&out, arg, n);
      break;
    }
    case 'b': {
      size_t n = unhex(arg);
      repr_bytes(&out, arg, n);
      break;
    }
    case 'n': {
      Const c = number_const(A, arg, strlen(arg));
      buf_printf(&out, "%s ", const_kind_name[c.kind]);
      repr_const(&out, &c);
      break;
    }
    case 'c': {
      Const c = {0};
      c.kind = !strcmp(arg, "True")       ? CONST_TRUE
               : !strcmp(arg, "False")    ? CONST_FALSE
               : !strcmp(arg, "Ellipsis") ? CONST_ELLIPSIS
                                          : CONST_NONE;
      repr_const(&out, &c);
      break;
    }
    case 'd': {
      Node *n = build_tree(atoi(arg));
      if (n)
        ast_dump(&out, n);
      else
        buf_puts(&out, "?");
      break;
    }
    case 'z': {
      int k = atoi(arg);
      if (k >= 0 && k < AST_COUNT)
        ast_dump(&out, node_new(A, (AstKind)k, 0, 0));
      else
        buf_puts(&out, "?");
      break;
    }
    default: fprintf(stderr, "ast_driver: bad request '%s'\n", line); return 2;
    }
    buf_putc(&out, '\n');
    fwrite(out.data, 1, out.len, stdout);
    arena_reset(A);
  }
  free(line);
  buf_free(&out);
  arena_free(A);
  return 0;
}
