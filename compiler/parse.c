/* parse.c — the Python 3.11 parser: tokens in, AST out.
 *
 * A hand-written recursive-descent parser over the whole token list of a
 * file (lex.c), following CPython's PEG grammar (Grammar/python.gram) rule
 * for rule; the grammar rule sits above each function. The token list makes
 * backtracking free: a parse function can save p->pos and restore it. Only
 * two places need it: the soft keyword `match` (which may be a name) and the
 * parenthesised form of `with`.
 *
 * Assignment targets are parsed as expressions and then checked and given
 * their Store/Del context (set_ctx), as CPython's invalid_* rules do; the
 * error messages are CPython's wording, raised at the node or token CPython
 * points at, so that `kiln` and `python3` agree on the line of every syntax
 * error.
 *
 * Errors unwind with error_at (diag.c). The lexer's errors are deferred:
 * the list ends with a TK_ERROR token that is raised when the parser reaches
 * it, and a generic "invalid syntax" defers to a lexer error later in the
 * file, as CPython's _PyPegen_set_syntax_error does.
 */
#include "kilnc.h"

#include <stdlib.h>
#include <string.h>

typedef struct Parser {
  Arena *a;
  Source *src;
  TokenList *tl;
  Token *tok;      /* tl->toks */
  int pos;         /* the current token */
  uint16_t *level; /* bracket depth at each token (CPython's token->level) */
  int depth;       /* recursion depth, bounded so hostile input can't overflow the stack */
  bool fstring;    /* parsing an f-string replacement field */
  bool dict_key;   /* parsing a dict key after the first: a missing ':' is the error */
} Parser;

enum { MAX_DEPTH = 1500 };

static Node *expression(Parser *p);
static Node *named_expression(Parser *p);
static Node *star_expressions(Parser *p);
static Node *star_named_expression(Parser *p);
static Node *bitwise_or(Parser *p);
static Node *disjunction(Parser *p);
static Node *yield_expr(Parser *p);
static Node *strings(Parser *p);
static Node *lambda_or_def_params(Parser *p, bool lambda);
static NodeList block(Parser *p, const char *what, uint32_t stmt_off);
static void statement(Parser *p, Vec *out);
static Node *pattern(Parser *p);
static Node *closed_pattern(Parser *p);

/* ---------------------------------------------------------------- tokens */

static Token *cur(Parser *p) {
  Token *t = &p->tok[p->pos];
  if (t->kind == TK_ERROR)
    error_raise(&p->tl->err);
  return t;
}

static TokKind kind(Parser *p) { return cur(p)->kind; }

/* The kind of the token n places ahead (raising a lexer error there). */
static TokKind peek(Parser *p, int n) {
  int i = p->pos;
  while (n-- > 0 && p->tok[i].kind != TK_ENDMARKER && p->tok[i].kind != TK_ERROR)
    i++;
  if (p->tok[i].kind == TK_ERROR)
    error_raise(&p->tl->err);
  return p->tok[i].kind;
}

static bool at(Parser *p, TokKind k) { return kind(p) == k; }

static Token *next(Parser *p) {
  Token *t = cur(p);
  if (t->kind != TK_ENDMARKER)
    p->pos++;
  return t;
}

static bool accept(Parser *p, TokKind k) {
  if (kind(p) != k)
    return false;
  next(p);
  return true;
}

/* The end offset of the last consumed token: the end of the node just parsed. */
static uint32_t prev_end(Parser *p) { return p->pos > 0 ? p->tok[p->pos - 1].end : 0; }

static bool at_soft_keyword(Parser *p, const char *kw) {
  Token *t = cur(p);
  return t->kind == TK_NAME && strcmp(t->id->str, kw) == 0;
}

/* ---------------------------------------------------------------- errors */

_Noreturn static void syntax_error(Parser *p, uint32_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

_Noreturn static void syntax_error(Parser *p, uint32_t off, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag_make(&diag_last, p->src, off, ERR_SYNTAX, fmt, ap);
  va_end(ap);
  error_raise(&diag_last);
}

/* The generic error at the current token: CPython's _PyPegen_set_syntax_error.
 * A lexical error later in the file may take precedence (lexer_error_wins). */
_Noreturn static void invalid_syntax(Parser *p) {
  Token *t = cur(p);
  if (t->kind == TK_INDENT)
    error_at(p->src, t->off, ERR_INDENT, "unexpected indent");
  if (t->kind == TK_DEDENT)
    error_at(p->src, t->off, ERR_INDENT, "unexpected unindent");
  syntax_error(p, t->off, "invalid syntax"); /* parse_module may defer to a lexer error */
}

static Token *expect(Parser *p, TokKind k) {
  if (!at(p, k))
    invalid_syntax(p);
  return next(p);
}

/* A token the grammar forces (&&'x'): "expected 'x'" at the current token. */
static Token *expect_forced(Parser *p, TokKind k) {
  if (!at(p, k)) {
    Token *t = cur(p);
    if (t->kind == TK_INDENT || t->kind == TK_DEDENT)
      invalid_syntax(p);
    syntax_error(p, t->off, "expected '%s'", tok_spelling[k]);
  }
  return next(p);
}

/* The ':' of a compound statement header: "expected ':'" where CPython's
 * invalid_*_stmt rules give it (the line ends instead), else invalid syntax. */
static void expect_colon(Parser *p) {
  if (accept(p, TK_COLON))
    return;
  if (at(p, TK_NEWLINE))
    syntax_error(p, cur(p)->off, "expected ':'");
  invalid_syntax(p);
}

static void enter(Parser *p) {
  if (++p->depth > MAX_DEPTH)
    syntax_error(p, cur(p)->off, "too many nested expressions");
}

static void leave(Parser *p) { p->depth--; }

/* ----------------------------------------------------------------- nodes */

static Node *mk(Parser *p, AstKind k, uint32_t off) {
  uint32_t end = prev_end(p);
  return node_new(p->a, k, off, end < off ? off : end);
}

static NodeList list1(Parser *p, Node *n) {
  Vec v = {0};
  vec_push(&v, n);
  return nodelist_from(p->a, &v);
}

static NodeList list_empty(void) { return (NodeList){0}; }

static Node *mk_name(Parser *p, Token *t, ExprCtx ctx) {
  Node *n = node_new(p->a, AST_Name, t->off, t->end);
  n->Name.id = t->id;
  n->Name.ctx = ctx;
  return n;
}

static Ident *expect_name(Parser *p) {
  if (!at(p, TK_NAME))
    invalid_syntax(p);
  return next(p)->id;
}

/* What CPython calls an expression in "cannot assign to %s"
 * (_PyPegen_get_expr_name). */
static const char *expr_name(Node *e) {
  switch (e->kind) {
  case AST_Attribute: return "attribute";
  case AST_Subscript: return "subscript";
  case AST_Starred: return "starred";
  case AST_Name: return "name";
  case AST_List: return "list";
  case AST_Tuple: return "tuple";
  case AST_Lambda: return "lambda";
  case AST_Call: return "function call";
  case AST_BoolOp:
  case AST_BinOp:
  case AST_UnaryOp: return "expression";
  case AST_GeneratorExp: return "generator expression";
  case AST_Yield:
  case AST_YieldFrom: return "yield expression";
  case AST_Await: return "await expression";
  case AST_ListComp: return "list comprehension";
  case AST_SetComp: return "set comprehension";
  case AST_DictComp: return "dict comprehension";
  case AST_Dict: return "dict literal";
  case AST_Set: return "set display";
  case AST_JoinedStr:
  case AST_FormattedValue: return "f-string expression";
  case AST_Constant:
    switch (e->Constant.value.kind) {
    case CONST_NONE: return "None";
    case CONST_TRUE: return "True";
    case CONST_FALSE: return "False";
    case CONST_ELLIPSIS: return "ellipsis";
    default: return "literal";
    }
  case AST_Compare: return "comparison";
  case AST_IfExp: return "conditional expression";
  case AST_NamedExpr: return "named expression";
  default: return "expression";
  }
}

/* The first node inside a target that cannot be one (or NULL): CPython's
 * _PyPegen_get_invalid_target. */
static Node *invalid_target(Node *e, ExprCtx ctx) {
  switch (e->kind) {
  case AST_Name:
  case AST_Attribute:
  case AST_Subscript: return NULL;
  case AST_Starred:
    if (ctx == CTX_Del)
      return e;
    return invalid_target(e->Starred.value, ctx);
  case AST_List:
  case AST_Tuple: {
    NodeList l = e->kind == AST_List ? e->List.elts : e->Tuple.elts;
    for (int i = 0; i < l.len; i++) {
      Node *bad = invalid_target(l.items[i], ctx);
      if (bad)
        return bad;
    }
    return NULL;
  }
  case AST_Compare:
    /* `for x in y in z`: CPython blames the comparison's left side when it
     * is itself not a target; keep it simple and blame the whole node. */
    return e;
  default: return e;
  }
}

static void set_ctx(Node *e, ExprCtx ctx) {
  switch (e->kind) {
  case AST_Name: e->Name.ctx = ctx; break;
  case AST_Attribute: e->Attribute.ctx = ctx; break;
  case AST_Subscript: e->Subscript.ctx = ctx; break;
  case AST_Starred:
    e->Starred.ctx = ctx;
    set_ctx(e->Starred.value, ctx);
    break;
  case AST_List:
    e->List.ctx = ctx;
    for (int i = 0; i < e->List.elts.len; i++)
      set_ctx(e->List.elts.items[i], ctx);
    break;
  case AST_Tuple:
    e->Tuple.ctx = ctx;
    for (int i = 0; i < e->Tuple.elts.len; i++)
      set_ctx(e->Tuple.elts.items[i], ctx);
    break;
  default: break;
  }
}

/* Check a target and give it ctx, or raise CPython's error. */
static void make_target(Parser *p, Node *e, ExprCtx ctx) {
  Node *bad = invalid_target(e, ctx);
  if (bad) {
    if (bad->kind == AST_Yield || bad->kind == AST_YieldFrom) {
      if (ctx == CTX_Store && bad == e)
        syntax_error(p, bad->off, "assignment to yield expression not possible");
    }
    syntax_error(p, bad->off, "cannot %s %s", ctx == CTX_Del ? "delete" : "assign to",
                 expr_name(bad));
  }
  set_ctx(e, ctx);
}

/* ----------------------------------------------------------- expressions */

static bool starts_expr(TokKind k) {
  switch (k) {
  case TK_NAME:
  case TK_NUMBER:
  case TK_STRING:
  case TK_LPAR:
  case TK_LSQB:
  case TK_LBRACE:
  case TK_MINUS:
  case TK_PLUS:
  case TK_TILDE:
  case TK_ELLIPSIS:
  case TK_KW_not:
  case TK_KW_lambda:
  case TK_KW_await:
  case TK_KW_True:
  case TK_KW_False:
  case TK_KW_None: return true;
  default: return false;
  }
}

/* After a complete expression, another one may not follow: CPython's
 * invalid_expression ("Perhaps you forgot a comma?") and
 * invalid_legacy_expression (print "x"). In valid code this never happens,
 * so the cost is only paid on errors. */
static void check_juxtaposed(Parser *p, Node *a, int start_pos) {
  if (!starts_expr(kind(p)) || p->dict_key)
    return;
  if (a->kind == AST_Lambda || a->kind == AST_IfExp)
    return;
  Token *first = &p->tok[start_pos];
  /* print "x": CPython's invalid_legacy_expression */
  bool legacy = a->kind == AST_Name && p->pos == start_pos + 1 && !at(p, TK_LPAR) &&
                (!strcmp(a->Name.id->str, "print") || !strcmp(a->Name.id->str, "exec"));
  if (!legacy) {
    if (first->kind == TK_NAME && p->tok[start_pos + 1].kind == TK_STRING)
      return;
    if (first->kind == TK_NAME && (!strcmp(first->id->str, "match") ||
                                   !strcmp(first->id->str, "case") || !strcmp(first->id->str, "_")))
      return;
  }
  /* The second expression is parsed for real, once: an error inside it is
   * the error (CPython raises it there). If it parses, the missing
   * parentheses or comma are; a missing comma only inside brackets, else the
   * generic error follows at the caller. */
  int save = p->pos;
  if (legacy)
    star_expressions(p);
  else
    disjunction(p);
  p->pos = save;
  if (legacy)
    syntax_error(p, a->off, "Missing parentheses in call to '%s'. Did you mean %s(...)?",
                 a->Name.id->str, a->Name.id->str);
  if (p->level[p->pos - 1] == 0)
    return;
  syntax_error(p, a->off, "invalid syntax. Perhaps you forgot a comma?");
}

/* Speculatively run fn; on a syntax error restore the position and return
 * NULL. A lexer error is final, as in CPython, and propagates. */
static Node *attempt(Parser *p, Node *(*fn)(Parser *)) {
  int save = p->pos, depth = p->depth;
  jmp_buf jb, *saved = diag_jmp;
  Node *volatile n = NULL;
  if (setjmp(jb) == 0) {
    diag_jmp = &jb;
    n = fn(p);
    diag_jmp = saved;
    return n;
  }
  diag_jmp = saved;
  if (p->tl->len > 0 && p->tok[p->tl->len - 1].kind == TK_ERROR &&
      diag_last.off == p->tl->err.off && strcmp(diag_last.msg, p->tl->err.msg) == 0)
    error_raise(&diag_last);
  p->pos = save;
  p->depth = depth;
  return NULL;
}

/* expression:
 *     | disjunction 'if' disjunction 'else' expression
 *     | disjunction
 *     | lambdef */
static Node *expression(Parser *p) {
  if (at(p, TK_KW_lambda)) {
    uint32_t off = next(p)->off;
    enter(p);
    Node *args = lambda_or_def_params(p, true);
    expect_colon(p);
    Node *body = expression(p);
    leave(p);
    Node *n = mk(p, AST_Lambda, off);
    n->Lambda.args = args;
    n->Lambda.body = body;
    return n;
  }
  int start = p->pos;
  Node *a = disjunction(p);
  if (at(p, TK_KW_if)) {
    next(p);
    enter(p);
    Node *test = disjunction(p);
    if (!at(p, TK_KW_else)) {
      if (!at(p, TK_COLON))
        syntax_error(p, a->off, "expected 'else' after 'if' expression");
      invalid_syntax(p);
    }
    next(p);
    Node *orelse = expression(p);
    leave(p);
    Node *n = mk(p, AST_IfExp, a->off);
    n->IfExp.test = test;
    n->IfExp.body = a;
    n->IfExp.orelse = orelse;
    return n;
  }
  check_juxtaposed(p, a, start);
  return a;
}

/* `target = value` where an expression was expected: CPython's
 * invalid_named_expression, tried before the generic error. */
static void check_stray_assign(Parser *p, Node *a, int start) {
  if (!at(p, TK_EQUAL))
    return;
  int save = p->pos;
  next(p);
  Node *b = attempt(p, bitwise_or);
  bool followed = at(p, TK_EQUAL) || at(p, TK_COLONEQUAL);
  p->pos = save;
  if (!b || followed)
    return;
  if (a->kind == AST_Name && p->pos == start + 1)
    syntax_error(p, a->off, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
  TokKind k0 = p->tok[start].kind;
  if (k0 == TK_KW_True || k0 == TK_KW_False || k0 == TK_KW_None)
    return;
  switch (a->kind) {
  case AST_List:
  case AST_Tuple:
  case AST_GeneratorExp:
  case AST_Compare:
  case AST_BoolOp:
  case AST_IfExp:
  case AST_Lambda:
  case AST_NamedExpr:
  case AST_Yield:
  case AST_YieldFrom:
  case AST_Starred: return;
  case AST_UnaryOp:
    if (a->UnaryOp.op == UOP_Not)
      return;
    break;
  default: break;
  }
  syntax_error(p, a->off, "cannot assign to %s here. Maybe you meant '==' instead of '='?",
               expr_name(a));
}

/* named_expression: NAME ':=' ~ expression | expression !':=' */
static Node *named_expression(Parser *p) {
  if (at(p, TK_NAME) && peek(p, 1) == TK_COLONEQUAL) {
    Token *t = next(p);
    next(p);
    enter(p);
    Node *value = expression(p);
    leave(p);
    Node *n = mk(p, AST_NamedExpr, t->off);
    n->NamedExpr.target = mk_name(p, t, CTX_Store);
    n->NamedExpr.value = value;
    return n;
  }
  int start = p->pos;
  Node *e = expression(p);
  if (at(p, TK_COLONEQUAL))
    syntax_error(p, e->off, "cannot use assignment expressions with %s", expr_name(e));
  check_stray_assign(p, e, start);
  return e;
}

/* star_named_expression: '*' bitwise_or | named_expression */
static Node *star_named_expression(Parser *p) {
  if (at(p, TK_STAR)) {
    uint32_t off = next(p)->off;
    Node *v = bitwise_or(p);
    Node *n = mk(p, AST_Starred, off);
    n->Starred.value = v;
    n->Starred.ctx = CTX_Load;
    return n;
  }
  return named_expression(p);
}

/* star_expression: '*' bitwise_or | expression */
static Node *star_expression(Parser *p) {
  if (at(p, TK_STAR)) {
    uint32_t off = next(p)->off;
    Node *v = bitwise_or(p);
    Node *n = mk(p, AST_Starred, off);
    n->Starred.value = v;
    n->Starred.ctx = CTX_Load;
    return n;
  }
  return expression(p);
}

static Node *mk_tuple(Parser *p, Vec *v, uint32_t off) {
  Node *n = mk(p, AST_Tuple, off);
  n->Tuple.elts = nodelist_from(p->a, v);
  n->Tuple.ctx = CTX_Load;
  return n;
}

/* Can the current token end a tuple after a trailing comma? */
static bool ends_tuple(Parser *p) { return !starts_expr(kind(p)) && !at(p, TK_STAR); }

/* star_expressions: star_expression (',' star_expression)* [','] */
static Node *star_expressions(Parser *p) {
  Node *first = star_expression(p);
  if (!at(p, TK_COMMA))
    return first;
  Vec v = {0};
  vec_push(&v, first);
  while (accept(p, TK_COMMA)) {
    if (ends_tuple(p))
      break;
    vec_push(&v, star_expression(p));
  }
  return mk_tuple(p, &v, first->off);
}

/* star_named_expressions in a tuple context (if/while conditions are
 * named_expression; match subjects and f-string fields use this). */
static Node *star_named_expressions_tuple(Parser *p) {
  Node *first = star_named_expression(p);
  if (!at(p, TK_COMMA))
    return first;
  Vec v = {0};
  vec_push(&v, first);
  while (accept(p, TK_COMMA)) {
    if (ends_tuple(p))
      break;
    vec_push(&v, star_named_expression(p));
  }
  return mk_tuple(p, &v, first->off);
}

static Node *mk_boolop(Parser *p, BoolOp op, Vec *v, uint32_t off) {
  Node *n = mk(p, AST_BoolOp, off);
  n->BoolOp.op = op;
  n->BoolOp.values = nodelist_from(p->a, v);
  return n;
}

static Node *inversion(Parser *p);

/* conjunction: inversion ('and' inversion)+ | inversion */
static Node *conjunction(Parser *p) {
  Node *first = inversion(p);
  if (!at(p, TK_KW_and))
    return first;
  Vec v = {0};
  vec_push(&v, first);
  while (accept(p, TK_KW_and))
    vec_push(&v, inversion(p));
  return mk_boolop(p, BOOL_And, &v, first->off);
}

/* disjunction: conjunction ('or' conjunction)+ | conjunction */
static Node *disjunction(Parser *p) {
  Node *first = conjunction(p);
  if (!at(p, TK_KW_or))
    return first;
  Vec v = {0};
  vec_push(&v, first);
  while (accept(p, TK_KW_or))
    vec_push(&v, conjunction(p));
  return mk_boolop(p, BOOL_Or, &v, first->off);
}

static Node *comparison(Parser *p);

/* inversion: 'not' inversion | comparison */
static Node *inversion(Parser *p) {
  if (at(p, TK_KW_not)) {
    uint32_t off = next(p)->off;
    enter(p);
    Node *operand = inversion(p);
    leave(p);
    Node *n = mk(p, AST_UnaryOp, off);
    n->UnaryOp.op = UOP_Not;
    n->UnaryOp.operand = operand;
    return n;
  }
  return comparison(p);
}

/* comparison: bitwise_or compare_op_bitwise_or_pair+ | bitwise_or */
static Node *comparison(Parser *p) {
  Node *left = bitwise_or(p);
  Vec ops = {0}, rights = {0};
  for (;;) {
    CmpOp op;
    switch (kind(p)) {
    case TK_EQEQUAL: op = CMP_Eq; break;
    case TK_NOTEQUAL: op = CMP_NotEq; break;
    case TK_LESS: op = CMP_Lt; break;
    case TK_LESSEQUAL: op = CMP_LtE; break;
    case TK_GREATER: op = CMP_Gt; break;
    case TK_GREATEREQUAL: op = CMP_GtE; break;
    case TK_KW_in: op = CMP_In; break;
    case TK_KW_not:
      if (peek(p, 1) != TK_KW_in)
        goto done;
      next(p);
      op = CMP_NotIn;
      break;
    case TK_KW_is:
      if (peek(p, 1) == TK_KW_not) {
        next(p);
        op = CMP_IsNot;
      } else {
        op = CMP_Is;
      }
      break;
    default: goto done;
    }
    next(p);
    vec_push(&ops, (void *)(uintptr_t)op);
    vec_push(&rights, bitwise_or(p));
  }
done:
  if (!ops.len)
    return left;
  Node *n = mk(p, AST_Compare, left->off);
  n->Compare.left = left;
  n->Compare.ops.len = ops.len;
  n->Compare.ops.items = arena_alloc(p->a, (size_t)ops.len);
  for (int i = 0; i < ops.len; i++)
    n->Compare.ops.items[i] = (uint8_t)(uintptr_t)ops.items[i];
  free(ops.items);
  n->Compare.comparators = nodelist_from(p->a, &rights);
  return n;
}

static Node *mk_binop(Parser *p, Node *l, BinOpKind op, Node *r) {
  Node *n = mk(p, AST_BinOp, l->off);
  n->BinOp.left = l;
  n->BinOp.op = op;
  n->BinOp.right = r;
  return n;
}

static Node *factor(Parser *p);

/* The binary-operator levels, loosest first: bitwise_or '|', bitwise_xor
 * '^', bitwise_and '&', shift_expr '<<' '>>', sum '+' '-', term '*' '/' '//'
 * '%' '@'; all left-associative. */
static Node *binary(Parser *p, int level) {
  if (level == 6)
    return factor(p);
  Node *l = binary(p, level + 1);
  for (;;) {
    BinOpKind op;
    TokKind k = kind(p);
    switch (level) {
    case 0:
      if (k != TK_VBAR)
        return l;
      op = BIN_BitOr;
      break;
    case 1:
      if (k != TK_CIRCUMFLEX)
        return l;
      op = BIN_BitXor;
      break;
    case 2:
      if (k != TK_AMPER)
        return l;
      op = BIN_BitAnd;
      break;
    case 3:
      if (k == TK_LEFTSHIFT)
        op = BIN_LShift;
      else if (k == TK_RIGHTSHIFT)
        op = BIN_RShift;
      else
        return l;
      break;
    case 4:
      if (k == TK_PLUS)
        op = BIN_Add;
      else if (k == TK_MINUS)
        op = BIN_Sub;
      else
        return l;
      break;
    default:
      switch (k) {
      case TK_STAR: op = BIN_Mult; break;
      case TK_SLASH: op = BIN_Div; break;
      case TK_DOUBLESLASH: op = BIN_FloorDiv; break;
      case TK_PERCENT: op = BIN_Mod; break;
      case TK_AT: op = BIN_MatMult; break;
      default: return l;
      }
      break;
    }
    next(p);
    Node *r = binary(p, level + 1);
    l = mk_binop(p, l, op, r);
  }
}

static Node *bitwise_or(Parser *p) {
  enter(p);
  Node *n = binary(p, 0);
  leave(p);
  return n;
}

static Node *power(Parser *p);

/* factor: '+' factor | '-' factor | '~' factor | power */
static Node *factor(Parser *p) {
  UnaryOpKind op;
  switch (kind(p)) {
  case TK_PLUS: op = UOP_UAdd; break;
  case TK_MINUS: op = UOP_USub; break;
  case TK_TILDE: op = UOP_Invert; break;
  default: return power(p);
  }
  uint32_t off = next(p)->off;
  enter(p);
  Node *operand = factor(p);
  leave(p);
  Node *n = mk(p, AST_UnaryOp, off);
  n->UnaryOp.op = op;
  n->UnaryOp.operand = operand;
  return n;
}

static Node *primary(Parser *p);

/* power: await_primary '**' factor | await_primary
 * await_primary: AWAIT primary | primary */
static Node *power(Parser *p) {
  Node *base;
  if (at(p, TK_KW_await)) {
    uint32_t off = next(p)->off;
    Node *v = primary(p);
    base = mk(p, AST_Await, off);
    base->Await.value = v;
  } else {
    base = primary(p);
  }
  if (!accept(p, TK_DOUBLESTAR))
    return base;
  enter(p);
  Node *exp = factor(p);
  leave(p);
  return mk_binop(p, base, BIN_Pow, exp);
}

static NodeList for_if_clauses(Parser *p);

static bool at_comprehension(Parser *p) {
  return at(p, TK_KW_for) || (at(p, TK_KW_async) && peek(p, 1) == TK_KW_for);
}

static Node *genexp(Parser *p, Node *elt, uint32_t off) {
  if (elt->kind == AST_Starred)
    syntax_error(p, elt->off, "iterable unpacking cannot be used in comprehension");
  NodeList gens = for_if_clauses(p);
  expect(p, TK_RPAR);
  Node *n = mk(p, AST_GeneratorExp, off);
  n->GeneratorExp.elt = elt;
  n->GeneratorExp.generators = gens;
  return n;
}

static Node *mk_keyword(Parser *p, Ident *arg, Node *value, uint32_t off) {
  Node *k = mk(p, AST_keyword, off);
  k->keyword.arg = arg;
  k->keyword.value = value;
  return k;
}

/* arguments of a call or a class definition, after '(' and through ')':
 *     args [','] ')'
 *     args: ','.(starred_expression | (assignment_expression | expression !':=') !'=')+
 *           [',' kwargs] | kwargs
 * Fills args and keywords; a lone generator expression is one argument. */
static void call_args(Parser *p, NodeList *args_out, NodeList *kw_out, uint32_t lpar_off) {
  Vec args = {0}, kws = {0};
  bool seen_kw = false, seen_dstar = false;
  const char *late_error = NULL; /* raised after the arguments, where CPython raises it */
  while (!at(p, TK_RPAR)) {
    Token *t = cur(p);
    if (t->kind == TK_STAR) {
      next(p);
      Node *v = expression(p);
      if (seen_dstar)
        syntax_error(p, t->off, "iterable argument unpacking follows keyword argument unpacking");
      Node *s = mk(p, AST_Starred, t->off);
      s->Starred.value = v;
      s->Starred.ctx = CTX_Load;
      vec_push(&args, s);
    } else if (t->kind == TK_DOUBLESTAR) {
      next(p);
      Node *v = expression(p);
      vec_push(&kws, mk_keyword(p, NULL, v, t->off));
      seen_dstar = true;
    } else if (t->kind == TK_NAME && peek(p, 1) == TK_EQUAL) {
      next(p);
      next(p);
      Node *v = expression(p);
      if (at_comprehension(p))
        syntax_error(p, t->off, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
      vec_push(&kws, mk_keyword(p, t->id, v, t->off));
      seen_kw = true;
    } else if ((t->kind == TK_KW_True || t->kind == TK_KW_False || t->kind == TK_KW_None) &&
               peek(p, 1) == TK_EQUAL) {
      syntax_error(p, t->off, "cannot assign to %s", tok_spelling[t->kind]);
    } else {
      Node *e;
      if (t->kind == TK_NAME && peek(p, 1) == TK_COLONEQUAL) {
        e = named_expression(p);
      } else {
        e = expression(p);
        if (at(p, TK_COLONEQUAL))
          syntax_error(p, e->off, "cannot use assignment expressions with %s", expr_name(e));
      }
      if (at(p, TK_EQUAL))
        syntax_error(p, e->off, "expression cannot contain assignment, perhaps you meant \"==\"?");
      if (at_comprehension(p)) {
        NodeList gens = for_if_clauses(p);
        Node *g = mk(p, AST_GeneratorExp, e->off);
        g->GeneratorExp.elt = e;
        g->GeneratorExp.generators = gens;
        if (args.len || kws.len || !at(p, TK_RPAR))
          syntax_error(p, e->off, "Generator expression must be parenthesized");
        e = g;
        /* a lone generator expression spans the call's parentheses */
        g->off = lpar_off;
        g->end = cur(p)->end;
      } else if (seen_dstar && !late_error) {
        late_error = "positional argument follows keyword argument unpacking";
      } else if (seen_kw && !late_error) {
        late_error = "positional argument follows keyword argument";
      }
      vec_push(&args, e);
    }
    if (!accept(p, TK_COMMA))
      break;
  }
  if (late_error)
    syntax_error(p, cur(p)->off, "%s", late_error);
  expect(p, TK_RPAR);
  *args_out = nodelist_from(p->a, &args);
  *kw_out = nodelist_from(p->a, &kws);
}

/* slice: [expression] ':' [expression] [':' [expression]] | named_expression */
static Node *slice(Parser *p) {
  uint32_t off = cur(p)->off;
  Node *lower = NULL;
  if (!at(p, TK_COLON)) {
    if (at(p, TK_STAR))
      return star_named_expression(p); /* slices: starred_expression (3.11) */
    Node *e = named_expression(p);
    if (!at(p, TK_COLON))
      return e;
    lower = e;
  }
  next(p); /* ':' */
  Node *upper = NULL, *step = NULL;
  if (!at(p, TK_COLON) && !at(p, TK_COMMA) && !at(p, TK_RSQB))
    upper = expression(p);
  if (accept(p, TK_COLON)) {
    if (!at(p, TK_COMMA) && !at(p, TK_RSQB))
      step = expression(p);
  }
  Node *n = mk(p, AST_Slice, off);
  n->Slice.lower = lower;
  n->Slice.upper = upper;
  n->Slice.step = step;
  return n;
}

/* slices: slice !',' | ','.(slice | starred_expression)+ [','] */
static Node *slices(Parser *p) {
  Node *first = slice(p);
  if (!at(p, TK_COMMA) && first->kind != AST_Starred)
    return first;
  Vec v = {0};
  vec_push(&v, first);
  while (accept(p, TK_COMMA)) {
    if (at(p, TK_RSQB))
      break;
    vec_push(&v, slice(p));
  }
  return mk_tuple(p, &v, first->off);
}

static Node *atom(Parser *p);

/* primary:
 *     | primary '.' NAME
 *     | primary genexp
 *     | primary '(' [arguments] ')'
 *     | primary '[' slices ']'
 *     | atom */
static Node *primary(Parser *p) {
  Node *n = atom(p);
  for (;;) {
    switch (kind(p)) {
    case TK_DOT: {
      next(p);
      Ident *attr = expect_name(p);
      Node *a = mk(p, AST_Attribute, n->off);
      a->Attribute.value = n;
      a->Attribute.attr = attr;
      a->Attribute.ctx = CTX_Load;
      n = a;
      break;
    }
    case TK_LPAR: {
      uint32_t lpar = next(p)->off;
      enter(p);
      NodeList args, kws;
      call_args(p, &args, &kws, lpar);
      leave(p);
      Node *c = mk(p, AST_Call, n->off);
      c->Call.func = n;
      c->Call.args = args;
      c->Call.keywords = kws;
      n = c;
      break;
    }
    case TK_LSQB: {
      next(p);
      enter(p);
      Node *s = slices(p);
      leave(p);
      expect(p, TK_RSQB);
      Node *sub = mk(p, AST_Subscript, n->off);
      sub->Subscript.value = n;
      sub->Subscript.slice = s;
      sub->Subscript.ctx = CTX_Load;
      n = sub;
      break;
    }
    default: return n;
    }
  }
}

/* tuple | group | genexp, after '(':
 *     tuple: '(' [star_named_expression ',' [star_named_expressions]] ')'
 *     group: '(' (yield_expr | named_expression) ')'
 *     genexp: '(' (assignment_expression | expression !':=') for_if_clauses ')' */
static Node *paren(Parser *p) {
  uint32_t off = next(p)->off;
  if (accept(p, TK_RPAR)) {
    Node *n = mk(p, AST_Tuple, off);
    n->Tuple.ctx = CTX_Load;
    return n;
  }
  if (at(p, TK_KW_yield)) {
    Node *y = yield_expr(p);
    expect(p, TK_RPAR);
    return y;
  }
  Node *first = star_named_expression(p);
  if (at_comprehension(p))
    return genexp(p, first, off);
  if (accept(p, TK_RPAR)) {
    if (first->kind == AST_Starred)
      syntax_error(p, first->off, "cannot use starred expression here");
    return first;
  }
  if (!at(p, TK_COMMA))
    invalid_syntax(p);
  Vec v = {0};
  vec_push(&v, first);
  while (accept(p, TK_COMMA)) {
    if (at(p, TK_RPAR))
      break;
    vec_push(&v, star_named_expression(p));
  }
  expect(p, TK_RPAR);
  return mk_tuple(p, &v, off);
}

/* list | listcomp, after '[' */
static Node *list_display(Parser *p) {
  uint32_t off = next(p)->off;
  Vec v = {0};
  if (!at(p, TK_RSQB)) {
    Node *first = star_named_expression(p);
    if (at_comprehension(p)) {
      if (first->kind == AST_Starred)
        syntax_error(p, first->off, "iterable unpacking cannot be used in comprehension");
      NodeList gens = for_if_clauses(p);
      expect(p, TK_RSQB);
      Node *n = mk(p, AST_ListComp, off);
      n->ListComp.elt = first;
      n->ListComp.generators = gens;
      return n;
    }
    vec_push(&v, first);
    while (accept(p, TK_COMMA)) {
      if (at(p, TK_RSQB))
        break;
      vec_push(&v, star_named_expression(p));
    }
    if (at_comprehension(p))
      syntax_error(p, first->off, "did you forget parentheses around the comprehension target?");
  }
  expect(p, TK_RSQB);
  Node *n = mk(p, AST_List, off);
  n->List.elts = nodelist_from(p->a, &v);
  n->List.ctx = CTX_Load;
  return n;
}

/* dict | set | dictcomp | setcomp, after '{'
 *     dict: '{' [double_starred_kvpairs] '}'
 *     set: '{' star_named_expressions '}' */
static Node *brace_display(Parser *p) {
  uint32_t off = next(p)->off;
  Vec keys = {0}, values = {0};
  if (accept(p, TK_RBRACE)) {
    Node *n = mk(p, AST_Dict, off);
    return n;
  }
  /* the first item decides between dict and set */
  Node *key = NULL, *value = NULL;
  if (at(p, TK_DOUBLESTAR)) {
    next(p);
    value = bitwise_or(p);
    if (at_comprehension(p))
      syntax_error(p, off + 1, "dict unpacking cannot be used in dict comprehension");
  } else {
    Node *first = star_named_expression(p);
    if (first->kind == AST_Starred || !at(p, TK_COLON)) {
      /* a set */
      if (at_comprehension(p)) {
        if (first->kind == AST_Starred)
          syntax_error(p, first->off, "iterable unpacking cannot be used in comprehension");
        NodeList gens = for_if_clauses(p);
        expect(p, TK_RBRACE);
        Node *n = mk(p, AST_SetComp, off);
        n->SetComp.elt = first;
        n->SetComp.generators = gens;
        return n;
      }
      Vec v = {0};
      vec_push(&v, first);
      while (accept(p, TK_COMMA)) {
        if (at(p, TK_RBRACE))
          break;
        vec_push(&v, star_named_expression(p));
      }
      if (at_comprehension(p))
        syntax_error(p, first->off, "did you forget parentheses around the comprehension target?");
      expect(p, TK_RBRACE);
      Node *n = mk(p, AST_Set, off);
      n->Set.elts = nodelist_from(p->a, &v);
      return n;
    }
    next(p); /* ':' */
    key = first;
    if (at(p, TK_RBRACE) || at(p, TK_COMMA))
      syntax_error(p, p->tok[p->pos - 1].off, "expression expected after dictionary key and ':'");
    value = expression(p);
    if (at_comprehension(p)) {
      NodeList gens = for_if_clauses(p);
      expect(p, TK_RBRACE);
      Node *n = mk(p, AST_DictComp, off);
      n->DictComp.key = key;
      n->DictComp.value = value;
      n->DictComp.generators = gens;
      return n;
    }
  }
  vec_push(&keys, key);
  vec_push(&values, value);
  while (accept(p, TK_COMMA)) {
    if (at(p, TK_RBRACE))
      break;
    if (accept(p, TK_DOUBLESTAR)) {
      vec_push(&keys, NULL);
      vec_push(&values, bitwise_or(p));
      continue;
    }
    bool was_key = p->dict_key;
    p->dict_key = true;
    Node *k = expression(p);
    p->dict_key = was_key;
    if (!at(p, TK_COLON)) {
      if (at(p, TK_RBRACE) || at(p, TK_COMMA) || starts_expr(kind(p)))
        syntax_error(p, k->end - 1, "':' expected after dictionary key");
      invalid_syntax(p);
    }
    next(p);
    if (at(p, TK_RBRACE) || at(p, TK_COMMA))
      syntax_error(p, k->off, "expression expected after dictionary key and ':'");
    vec_push(&keys, k);
    vec_push(&values, expression(p));
  }
  expect(p, TK_RBRACE);
  Node *n = mk(p, AST_Dict, off);
  n->Dict.keys = nodelist_from(p->a, &keys);
  n->Dict.values = nodelist_from(p->a, &values);
  return n;
}

static Node *mk_const(Parser *p, ConstKind k, Token *t) {
  Node *n = node_new(p->a, AST_Constant, t->off, t->end);
  n->Constant.value.kind = k;
  return n;
}

/* atom: NAME | 'True' | 'False' | 'None' | strings | NUMBER
 *     | (tuple | group | genexp) | (list | listcomp)
 *     | (dict | set | dictcomp | setcomp) | '...' */
static Node *atom(Parser *p) {
  Token *t = cur(p);
  switch (t->kind) {
  case TK_NAME: next(p); return mk_name(p, t, CTX_Load);
  case TK_KW_True: next(p); return mk_const(p, CONST_TRUE, t);
  case TK_KW_False: next(p); return mk_const(p, CONST_FALSE, t);
  case TK_KW_None: next(p); return mk_const(p, CONST_NONE, t);
  case TK_ELLIPSIS: next(p); return mk_const(p, CONST_ELLIPSIS, t);
  case TK_NUMBER: {
    next(p);
    Node *n = node_new(p->a, AST_Constant, t->off, t->end);
    n->Constant.value = number_const(p->a, p->src->text + t->off, t->end - t->off);
    return n;
  }
  case TK_STRING: return strings(p);
  case TK_LPAR: {
    enter(p);
    Node *n = paren(p);
    leave(p);
    return n;
  }
  case TK_LSQB: {
    enter(p);
    Node *n = list_display(p);
    leave(p);
    return n;
  }
  case TK_LBRACE: {
    enter(p);
    Node *n = brace_display(p);
    leave(p);
    return n;
  }
  default: invalid_syntax(p);
  }
}

/* A target of `for` or a comprehension: star_targets, parsed at the
 * bitwise_or level so that the `in` that follows is not taken as a
 * comparison. */
static Node *for_targets(Parser *p) {
  Node *first = at(p, TK_STAR) ? star_expression(p) : bitwise_or(p);
  if (at(p, TK_COMMA)) {
    Vec v = {0};
    vec_push(&v, first);
    while (accept(p, TK_COMMA)) {
      if (at(p, TK_KW_in) || !(starts_expr(kind(p)) || at(p, TK_STAR)))
        break;
      vec_push(&v, at(p, TK_STAR) ? star_expression(p) : bitwise_or(p));
    }
    first = mk_tuple(p, &v, first->off);
  }
  make_target(p, first, CTX_Store);
  return first;
}

/* for_if_clauses: (ASYNC? 'for' star_targets 'in' ~ disjunction ('if' disjunction)*)+ */
static NodeList for_if_clauses(Parser *p) {
  Vec gens = {0};
  while (at_comprehension(p)) {
    uint32_t off = cur(p)->off;
    int is_async = accept(p, TK_KW_async);
    expect(p, TK_KW_for);
    Node *target = for_targets(p);
    expect(p, TK_KW_in);
    Node *iter = disjunction(p);
    Vec ifs = {0};
    while (accept(p, TK_KW_if))
      vec_push(&ifs, disjunction(p));
    Node *c = mk(p, AST_comprehension, off);
    c->comprehension.target = target;
    c->comprehension.iter = iter;
    c->comprehension.ifs = nodelist_from(p->a, &ifs);
    c->comprehension.is_async = is_async;
    vec_push(&gens, c);
  }
  return nodelist_from(p->a, &gens);
}

/* yield_expr: 'yield' 'from' expression | 'yield' [star_expressions] */
static Node *yield_expr(Parser *p) {
  uint32_t off = expect(p, TK_KW_yield)->off;
  if (accept(p, TK_KW_from)) {
    Node *v = expression(p);
    Node *n = mk(p, AST_YieldFrom, off);
    n->YieldFrom.value = v;
    return n;
  }
  Node *v = NULL;
  if (starts_expr(kind(p)) || at(p, TK_STAR))
    v = star_expressions(p);
  Node *n = mk(p, AST_Yield, off);
  n->Yield.value = v;
  return n;
}

/* --------------------------------------------------------------- strings */

/* Strings concatenate across adjacent STRING tokens. Without an f-string
 * the result is one Constant; with one it is a JoinedStr whose literal runs
 * are merged. This mirrors CPython 3.11's string_parser.c. */
typedef struct StrBuilder {
  Vec values;      /* JoinedStr parts built so far */
  Buf lit;         /* the literal run not yet flushed */
  bool have_lit;   /* lit holds a run (possibly empty for a bare '') */
  uint32_t lit_off;
  const char *kind; /* "u" when the first token had a u prefix */
} StrBuilder;

static void flush_literal(Parser *p, StrBuilder *sb, uint32_t end) {
  if (sb->lit.len) {
    Node *c = node_new(p->a, AST_Constant, sb->lit_off, end);
    c->Constant.value.kind = CONST_STR;
    c->Constant.value.s = arena_strndup(p->a, sb->lit.data, sb->lit.len);
    c->Constant.value.len = sb->lit.len;
    c->Constant.kind = sb->kind;
    vec_push(&sb->values, c);
  }
  sb->lit.len = 0;
  if (sb->lit.data)
    sb->lit.data[0] = 0;
  sb->have_lit = false;
}

static void add_literal(StrBuilder *sb, const char *s, size_t n, uint32_t off) {
  if (!sb->have_lit && !sb->lit.len)
    sb->lit_off = off;
  sb->have_lit = true;
  buf_putn(&sb->lit, s, n);
}

static void fstring_body(Parser *p, StrBuilder *sb, uint32_t *pos, uint32_t end, bool raw,
                         int lvl, uint32_t tok_off);

/* Decode a literal run src[s, e) of an f-string (or format spec) and add it. */
static void fstring_literal(Parser *p, StrBuilder *sb, uint32_t s, uint32_t e, bool raw,
                            uint32_t tok_off) {
  if (s >= e)
    return;
  Buf tmp = {0};
  strlit_decode(p->src, s, e, raw, false, tok_off, &tmp);
  add_literal(sb, tmp.data ? tmp.data : "", tmp.len, s);
  buf_free(&tmp);
}

/* Parse the text of a replacement field's expression, src[s, e), with a
 * parser of its own; its errors get CPython's "f-string: " prefix. */
static Node *fstring_expr(Parser *p, uint32_t s, uint32_t e) {
  const char *t = p->src->text;
  uint32_t i = s;
  while (i < e && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r' || t[i] == '\f'))
    i++;
  if (i == e)
    syntax_error(p, e, "f-string: empty expression not allowed");
  Parser sub = {.a = p->a, .src = p->src, .depth = p->depth, .fstring = true};
  jmp_buf jb, *saved = diag_jmp;
  Node *volatile n = NULL;
  if (setjmp(jb) == 0) {
    diag_jmp = &jb;
    sub.tl = lex_fstring_expr(p->a, p->src, s, e);
    sub.tok = sub.tl->toks;
    sub.level = arena_alloc(p->a, (size_t)(sub.tl->len + 1) * sizeof *sub.level);
    for (int k = 0; k < sub.tl->len; k++)
      sub.level[k] = 1;
    /* the field is parsed as if parenthesised: (yield ...) or a tuple */
    if (at(&sub, TK_KW_yield))
      n = yield_expr(&sub);
    else
      n = star_named_expressions_tuple(&sub);
    if (n->kind == AST_Starred)
      syntax_error(&sub, n->off, "cannot use starred expression here");
    if (!at(&sub, TK_ENDMARKER))
      invalid_syntax(&sub);
    diag_jmp = saved;
    return n;
  }
  diag_jmp = saved;
  bool lexer = sub.tl && sub.tl->err_replaces && diag_last.off == sub.tl->err.off &&
               !strcmp(diag_last.msg, sub.tl->err.msg);
  if (!lexer && strncmp(diag_last.msg, "f-string", 8) != 0) {
    char msg[sizeof diag_last.msg];
    size_t len = strlen(diag_last.msg);
    if (len > sizeof msg - 11)
      len = sizeof msg - 11;
    memcpy(msg, "f-string: ", 10);
    memcpy(msg + 10, diag_last.msg, len);
    msg[10 + len] = 0;
    memcpy(diag_last.msg, msg, sizeof msg);
  }
  error_raise(&diag_last);
}

/* One replacement field, from '{' at *pos: CPython's fstring_find_expr.
 *     '{' expr ['='] ['!' conversion] [':' format_spec] '}' */
static void fstring_field(Parser *p, StrBuilder *sb, uint32_t *pos, uint32_t end, bool raw,
                          int lvl, uint32_t tok_off) {
  const char *t = p->src->text;
  uint32_t s = *pos;
  if (lvl >= 2)
    syntax_error(p, tok_off, "f-string: expressions nested too deeply");
  s++; /* '{' */
  uint32_t expr_start = s;
  char stack[200];
  int depth = 0;
  char quote = 0;
  int qlen = 0;
  for (; s < end; s++) {
    char ch = t[s];
    if (ch == '\\')
      syntax_error(p, tok_off, "f-string expression part cannot include a backslash");
    if (quote) {
      if (ch == quote) {
        if (qlen == 3) {
          if (s + 2 < end && t[s + 1] == ch && t[s + 2] == ch) {
            s += 2;
            quote = 0;
          }
        } else {
          quote = 0;
        }
      }
      continue;
    }
    if (ch == '\'' || ch == '"') {
      if (s + 2 < end && t[s + 1] == ch && t[s + 2] == ch) {
        qlen = 3;
        s += 2;
      } else {
        qlen = 1;
      }
      quote = ch;
    } else if (ch == '[' || ch == '(' || ch == '{') {
      if (depth >= (int)sizeof stack)
        syntax_error(p, tok_off, "f-string: too many nested parenthesis");
      stack[depth++] = ch;
    } else if (ch == '#') {
      syntax_error(p, tok_off, "f-string expression part cannot include '#'");
    } else if (depth == 0 &&
               (ch == '!' || ch == ':' || ch == '}' || ch == '=' || ch == '>' || ch == '<')) {
      if (s + 1 < end) {
        char nx = t[s + 1];
        if ((ch == '!' || ch == '=' || ch == '<' || ch == '>') && nx == '=') {
          s++;
          continue;
        }
      }
      if (ch == '>' || ch == '<')
        continue;
      break;
    } else if (ch == ']' || ch == ')' || ch == '}') {
      if (!depth)
        syntax_error(p, tok_off, "f-string: unmatched '%c'", ch);
      char open = stack[--depth];
      if (!((open == '(' && ch == ')') || (open == '[' && ch == ']') || (open == '{' && ch == '}')))
        syntax_error(p, tok_off,
                     "f-string: closing parenthesis '%c' does not match opening parenthesis '%c'",
                     ch, open);
    }
  }
  uint32_t expr_end = s;
  if (quote)
    syntax_error(p, tok_off, "f-string: unterminated string");
  if (depth)
    syntax_error(p, tok_off, "f-string: unmatched '%c'", stack[depth - 1]);
  if (s >= end)
    syntax_error(p, tok_off, "f-string: expecting '}'");
  Node *value = fstring_expr(p, expr_start, expr_end);
  bool equal = false;
  uint32_t text_end = s; /* the '=' form's text runs through '=' and the spaces after it */
  if (t[s] == '=') {
    s++;
    while (s < end && (t[s] == ' ' || t[s] == '\t' || t[s] == '\n' || t[s] == '\r' ||
                       t[s] == '\f' || t[s] == '\v'))
      s++;
    if (s >= end)
      syntax_error(p, tok_off, "f-string: expecting '}'");
    equal = true;
    text_end = s;
  }
  int conversion = -1;
  if (t[s] == '!') {
    s++;
    if (s >= end)
      syntax_error(p, tok_off, "f-string: expecting '}'");
    conversion = (unsigned char)t[s++];
    if (conversion != 's' && conversion != 'r' && conversion != 'a')
      syntax_error(p, tok_off, "f-string: invalid conversion character: expected 's', 'r', or 'a'");
  }
  if (s >= end)
    syntax_error(p, tok_off, "f-string: expecting '}'");
  Node *spec = NULL;
  if (t[s] == ':') {
    s++;
    if (s >= end)
      syntax_error(p, tok_off, "f-string: expecting '}'");
    StrBuilder inner = {.kind = sb->kind};
    uint32_t spec_off = s;
    fstring_body(p, &inner, &s, end, raw, lvl + 1, tok_off);
    flush_literal(p, &inner, s);
    buf_free(&inner.lit);
    spec = node_new(p->a, AST_JoinedStr, spec_off, s);
    spec->JoinedStr.values = nodelist_from(p->a, &inner.values);
  }
  if (s >= end || t[s] != '}')
    syntax_error(p, tok_off, "f-string: expecting '}'");
  s++;
  if (equal) {
    /* the '=' form shows the expression's text, then its repr */
    add_literal(sb, t + expr_start, text_end - expr_start, expr_start);
    if (conversion == -1 && !spec)
      conversion = 'r';
  }
  flush_literal(p, sb, expr_start);
  Node *fv = node_new(p->a, AST_FormattedValue, expr_start - 1, s);
  fv->FormattedValue.value = value;
  fv->FormattedValue.conversion = conversion;
  fv->FormattedValue.format_spec = spec;
  vec_push(&sb->values, fv);
  *pos = s;
}

/* The body of an f-string (lvl 0) or of a format spec (lvl 1, ends at an
 * unmatched '}'): literal runs and replacement fields. CPython's
 * fstring_find_literal: '{{' and '}}' are escapes at the top level only;
 * a backslash escape (including \N{...}) belongs to the literal. */
static void fstring_body(Parser *p, StrBuilder *sb, uint32_t *pos, uint32_t end, bool raw,
                         int lvl, uint32_t tok_off) {
  const char *t = p->src->text;
  uint32_t s = *pos;
  while (s < end) {
    uint32_t lit = s;
    while (s < end) {
      char ch = t[s++];
      if (!raw && ch == '\\' && s < end) {
        ch = t[s++];
        if (ch == 'N') {
          if (s < end && t[s++] == '{') {
            while (s < end && t[s++] != '}') {
            }
          }
          continue;
        }
      }
      if (ch == '{' || ch == '}') {
        if (lvl == 0) {
          if (s < end && t[s] == ch) { /* doubled: the literal keeps one */
            fstring_literal(p, sb, lit, s, raw, tok_off);
            s++;
            lit = s;
            continue;
          }
          if (ch == '}')
            syntax_error(p, tok_off, "f-string: single '}' is not allowed");
        }
        s--;
        break;
      }
    }
    fstring_literal(p, sb, lit, s, raw, tok_off);
    if (s >= end)
      break;
    if (t[s] == '}') /* the end of a format spec */
      break;
    fstring_field(p, sb, &s, end, raw, lvl, tok_off);
  }
  *pos = s;
}

/* strings: STRING+ */
static Node *strings(Parser *p) {
  Token *first = cur(p);
  StrBuilder sb = {0};
  bool bytes = false, fmode = false;
  Buf bbuf = {0};
  int count = 0;
  /* CPython reports errors in the strings at the token after them: the last
   * token its parser fetched. Looking at it also raises a lexer error there
   * first, as CPython does. */
  int after = p->pos;
  while (p->tok[after].kind == TK_STRING)
    after++;
  int save = p->pos;
  p->pos = after;
  uint32_t errpos = cur(p)->off;
  p->pos = save;
  while (at(p, TK_STRING)) {
    Token *t = next(p);
    StrLit info = strlit_info(p->src, t);
    if (count == 0) {
      bytes = info.bytes;
      if (p->src->text[t->off] == 'u') /* CPython marks only a lowercase u prefix */
        sb.kind = "u";
    } else if (bytes != info.bytes) {
      syntax_error(p, errpos, "cannot mix bytes and nonbytes literals");
    }
    count++;
    if (info.bytes) {
      strlit_decode(p->src, info.body, info.body_end, info.raw, true, errpos, &bbuf);
    } else if (info.fstr) {
      fmode = true;
      uint32_t s = info.body;
      if (!sb.have_lit && !sb.lit.len)
        sb.lit_off = s;
      fstring_body(p, &sb, &s, info.body_end, info.raw, 0, errpos);
    } else {
      Buf tmp = {0};
      strlit_decode(p->src, info.body, info.body_end, info.raw, false, errpos, &tmp);
      add_literal(&sb, tmp.data ? tmp.data : "", tmp.len, t->off);
      buf_free(&tmp);
    }
  }
  uint32_t end = prev_end(p);
  if (bytes) {
    Node *n = node_new(p->a, AST_Constant, first->off, end);
    n->Constant.value.kind = CONST_BYTES;
    n->Constant.value.s = arena_strndup(p->a, bbuf.data ? bbuf.data : "", bbuf.len);
    n->Constant.value.len = bbuf.len;
    buf_free(&bbuf);
    return n;
  }
  if (!fmode) {
    Node *n = node_new(p->a, AST_Constant, first->off, end);
    n->Constant.value.kind = CONST_STR;
    n->Constant.value.s = arena_strndup(p->a, sb.lit.data ? sb.lit.data : "", sb.lit.len);
    n->Constant.value.len = sb.lit.len;
    n->Constant.kind = sb.kind;
    buf_free(&sb.lit);
    return n;
  }
  flush_literal(p, &sb, end);
  buf_free(&sb.lit);
  Node *n = node_new(p->a, AST_JoinedStr, first->off, end);
  n->JoinedStr.values = nodelist_from(p->a, &sb.values);
  return n;
}

/* ------------------------------------------------------------ parameters */

/* The parameters of a def (up to ')') or a lambda (up to ':'):
 *     parameters: slash_no_default param_no_default* param_with_default* [star_etc]
 *               | slash_with_default param_with_default* [star_etc]
 *               | param_no_default+ param_with_default* [star_etc]
 *               | param_with_default+ [star_etc]
 *               | star_etc
 *     star_etc: '*' param_no_default param_maybe_default* [kwds]
 *             | '*' param_no_default_star_annotation param_maybe_default* [kwds]
 *             | '*' ',' param_maybe_default+ [kwds]
 *             | kwds
 *     kwds: '**' param_no_default
 * Written as one loop over the parameters with CPython's errors for each
 * misplaced one. */
static Node *lambda_or_def_params(Parser *p, bool lambda) {
  TokKind close = lambda ? TK_COLON : TK_RPAR;
  Vec posonly = {0}, args = {0}, kwonly = {0}, kwdefaults = {0}, defaults = {0};
  Node *vararg = NULL, *kwarg = NULL;
  bool star_seen = false, slash_seen = false;
  uint32_t off = cur(p)->off;
  while (!at(p, close)) {
    Token *t = cur(p);
    if (kwarg)
      syntax_error(p, t->off, "arguments cannot follow var-keyword argument");
    if (t->kind == TK_SLASH) {
      if (slash_seen)
        syntax_error(p, t->off, "/ may appear only once");
      if (star_seen)
        syntax_error(p, t->off, "/ must be ahead of *");
      if (args.len == 0)
        syntax_error(p, t->off, "at least one argument must precede /");
      next(p);
      slash_seen = true;
      for (int i = 0; i < args.len; i++)
        vec_push(&posonly, args.items[i]);
      args.len = 0;
    } else if (t->kind == TK_STAR || t->kind == TK_DOUBLESTAR) {
      bool dstar = t->kind == TK_DOUBLESTAR;
      next(p);
      if (!dstar && star_seen)
        syntax_error(p, t->off, "* argument may appear only once");
      if (!dstar && (at(p, TK_COMMA) || at(p, close))) { /* bare '*' */
        star_seen = true;
        if (at(p, close) || peek(p, 1) == close ||
            (peek(p, 1) == TK_DOUBLESTAR))
          syntax_error(p, t->off, "named arguments must follow bare *");
      } else {
        Token *nt = cur(p);
        Ident *name = expect_name(p);
        Node *annotation = NULL;
        if (!lambda && accept(p, TK_COLON)) {
          if (!dstar && at(p, TK_STAR)) { /* *args: *Ts */
            uint32_t soff = next(p)->off;
            Node *v = expression(p);
            annotation = mk(p, AST_Starred, soff);
            annotation->Starred.value = v;
            annotation->Starred.ctx = CTX_Load;
          } else {
            annotation = expression(p);
          }
        }
        Node *a = mk(p, AST_arg, nt->off);
        a->arg.arg = name;
        a->arg.annotation = annotation;
        if (at(p, TK_EQUAL))
          syntax_error(p, cur(p)->off, "%s argument cannot have default value",
                       dstar ? "var-keyword" : "var-positional");
        if (dstar)
          kwarg = a;
        else
          vararg = a, star_seen = true;
      }
    } else {
      Token *nt = cur(p);
      if (nt->kind == TK_LPAR)
        syntax_error(p, nt->off, "%s parameters cannot be parenthesized",
                     lambda ? "Lambda expression" : "Function");
      Ident *name = expect_name(p);
      Node *annotation = NULL;
      if (!lambda && accept(p, TK_COLON))
        annotation = expression(p);
      Node *a = mk(p, AST_arg, nt->off);
      a->arg.arg = name;
      a->arg.annotation = annotation;
      Node *def = NULL;
      if (accept(p, TK_EQUAL)) {
        if (at(p, TK_COMMA) || at(p, close))
          syntax_error(p, cur(p)->off, "expected default value expression");
        def = expression(p);
      }
      if (star_seen) {
        vec_push(&kwonly, a);
        vec_push(&kwdefaults, def);
      } else {
        if (def)
          vec_push(&defaults, def);
        else if (defaults.len)
          syntax_error(p, nt->off, "non-default argument follows default argument");
        vec_push(&args, a);
      }
    }
    if (!accept(p, TK_COMMA))
      break;
  }
  if (!at(p, close)) {
    if (lambda)
      expect_colon(p);
    invalid_syntax(p);
  }
  Node *n = node_new(p->a, AST_arguments, off, prev_end(p));
  n->arguments.posonlyargs = nodelist_from(p->a, &posonly);
  n->arguments.args = nodelist_from(p->a, &args);
  n->arguments.vararg = vararg;
  n->arguments.kwonlyargs = nodelist_from(p->a, &kwonly);
  n->arguments.kw_defaults = nodelist_from(p->a, &kwdefaults);
  n->arguments.kwarg = kwarg;
  n->arguments.defaults = nodelist_from(p->a, &defaults);
  return n;
}

/* ---------------------------------------------------------------- patterns */

static Node *mk_pattern_value(Parser *p, Node *v) {
  Node *n = node_new(p->a, AST_MatchValue, v->off, v->end);
  n->MatchValue.value = v;
  return n;
}

/* signed_number: NUMBER | '-' NUMBER
 * complex_number: signed_real_number ('+' | '-') imaginary_number */
static Node *number_pattern_value(Parser *p) {
  uint32_t off = cur(p)->off;
  bool neg = accept(p, TK_MINUS);
  if (!at(p, TK_NUMBER))
    invalid_syntax(p);
  Node *v = atom(p);
  if (neg) {
    Node *u = mk(p, AST_UnaryOp, off);
    u->UnaryOp.op = UOP_USub;
    u->UnaryOp.operand = v;
    v = u;
  }
  if (at(p, TK_PLUS) || at(p, TK_MINUS)) {
    if (v->kind == AST_Constant && v->Constant.value.kind == CONST_IMAG)
      syntax_error(p, v->off, "real number required in complex literal");
    BinOpKind op = at(p, TK_PLUS) ? BIN_Add : BIN_Sub;
    next(p);
    if (!at(p, TK_NUMBER))
      invalid_syntax(p);
    Node *im = atom(p);
    if (im->Constant.value.kind != CONST_IMAG)
      syntax_error(p, im->off, "imaginary number required in complex literal");
    v = mk_binop(p, v, op, im);
  }
  return v;
}

/* A dotted name in a pattern: NAME ('.' NAME)* as Name/Attribute loads. */
static Node *name_or_attr(Parser *p) {
  Token *t = next(p);
  Node *n = mk_name(p, t, CTX_Load);
  while (at(p, TK_DOT)) {
    next(p);
    Ident *attr = expect_name(p);
    Node *a = mk(p, AST_Attribute, n->off);
    a->Attribute.value = n;
    a->Attribute.attr = attr;
    a->Attribute.ctx = CTX_Load;
    n = a;
  }
  return n;
}

static bool is_wildcard(Token *t) { return t->kind == TK_NAME && !strcmp(t->id->str, "_"); }

/* star_pattern: '*' (capture_pattern | wildcard_pattern) */
static Node *maybe_star_pattern(Parser *p) {
  if (at(p, TK_STAR)) {
    uint32_t off = next(p)->off;
    Token *t = cur(p);
    Ident *name = expect_name(p);
    Node *n = mk(p, AST_MatchStar, off);
    n->MatchStar.name = is_wildcard(t) ? NULL : name;
    return n;
  }
  return pattern(p);
}

/* The patterns of a sequence up to `close`: maybe_sequence_pattern. */
static NodeList sequence_items(Parser *p, TokKind close, Node *first) {
  Vec v = {0};
  if (first)
    vec_push(&v, first);
  while (!at(p, close)) {
    if (first && !accept(p, TK_COMMA))
      break;
    if (at(p, close))
      break;
    vec_push(&v, maybe_star_pattern(p));
    first = (Node *)1;
  }
  expect(p, close);
  return nodelist_from(p->a, &v);
}

/* mapping_pattern: '{' [items_pattern] [',' double_star_pattern] [','] '}' */
static Node *mapping_pattern(Parser *p) {
  uint32_t off = next(p)->off;
  Vec keys = {0}, pats = {0};
  Ident *rest = NULL;
  while (!at(p, TK_RBRACE)) {
    if (at(p, TK_DOUBLESTAR)) {
      next(p);
      rest = expect_name(p);
      accept(p, TK_COMMA);
      if (!at(p, TK_RBRACE))
        invalid_syntax(p);
      break;
    }
    Node *key;
    Token *t = cur(p);
    if (t->kind == TK_NAME) {
      key = name_or_attr(p);
      if (key->kind == AST_Name)
        invalid_syntax(p); /* keys must be literals or dotted names */
    } else if (t->kind == TK_KW_None || t->kind == TK_KW_True || t->kind == TK_KW_False) {
      key = atom(p);
    } else if (t->kind == TK_STRING) {
      key = strings(p);
      if (key->kind == AST_JoinedStr)
        syntax_error(p, key->off, "patterns may only match literals and attribute lookups");
    } else if (t->kind == TK_NUMBER || t->kind == TK_MINUS) {
      key = number_pattern_value(p);
    } else {
      invalid_syntax(p);
    }
    expect(p, TK_COLON);
    vec_push(&keys, key);
    vec_push(&pats, pattern(p));
    if (!accept(p, TK_COMMA))
      break;
  }
  expect(p, TK_RBRACE);
  Node *n = mk(p, AST_MatchMapping, off);
  n->MatchMapping.keys = nodelist_from(p->a, &keys);
  n->MatchMapping.patterns = nodelist_from(p->a, &pats);
  n->MatchMapping.rest = rest;
  return n;
}

/* class_pattern: name_or_attr '(' [pattern_arguments ','?] ')' */
static Node *class_pattern(Parser *p, Node *cls) {
  next(p); /* '(' */
  Vec pats = {0}, kwd_pats = {0}, kwd_attrs = {0};
  while (!at(p, TK_RPAR)) {
    if (at(p, TK_NAME) && peek(p, 1) == TK_EQUAL) {
      Ident *name = next(p)->id;
      next(p);
      vec_push(&kwd_attrs, name);
      vec_push(&kwd_pats, pattern(p));
    } else {
      Node *pat = pattern(p);
      if (kwd_pats.len)
        syntax_error(p, pat->off, "positional patterns follow keyword patterns");
      vec_push(&pats, pat);
    }
    if (!accept(p, TK_COMMA))
      break;
  }
  expect(p, TK_RPAR);
  Node *n = mk(p, AST_MatchClass, cls->off);
  n->MatchClass.cls = cls;
  n->MatchClass.patterns = nodelist_from(p->a, &pats);
  n->MatchClass.kwd_attrs.len = kwd_attrs.len;
  n->MatchClass.kwd_attrs.items = (Ident **)vec_to_arena(p->a, &kwd_attrs);
  n->MatchClass.kwd_patterns = nodelist_from(p->a, &kwd_pats);
  return n;
}

/* closed_pattern: literal_pattern | capture_pattern | wildcard_pattern
 *     | value_pattern | group_pattern | sequence_pattern | mapping_pattern
 *     | class_pattern */
static Node *closed_pattern(Parser *p) {
  Token *t = cur(p);
  switch (t->kind) {
  case TK_NUMBER:
  case TK_MINUS: return mk_pattern_value(p, number_pattern_value(p));
  case TK_STRING: {
    Node *s = strings(p);
    if (s->kind == AST_JoinedStr)
      syntax_error(p, s->off, "patterns may only match literals and attribute lookups");
    return mk_pattern_value(p, s);
  }
  case TK_KW_None:
  case TK_KW_True:
  case TK_KW_False: {
    next(p);
    Node *n = mk(p, AST_MatchSingleton, t->off);
    n->MatchSingleton.value.kind =
        t->kind == TK_KW_None ? CONST_NONE : t->kind == TK_KW_True ? CONST_TRUE : CONST_FALSE;
    return n;
  }
  case TK_NAME: {
    Node *n = name_or_attr(p);
    if (at(p, TK_LPAR))
      return class_pattern(p, n);
    if (n->kind == AST_Attribute)
      return mk_pattern_value(p, n);
    Node *m = mk(p, AST_MatchAs, t->off);
    m->MatchAs.name = is_wildcard(t) ? NULL : t->id;
    return m;
  }
  case TK_LPAR: {
    uint32_t off = next(p)->off;
    if (accept(p, TK_RPAR)) {
      Node *n = mk(p, AST_MatchSequence, off);
      return n;
    }
    Node *first = maybe_star_pattern(p);
    if (first->kind != AST_MatchStar && accept(p, TK_RPAR))
      return first; /* group_pattern */
    if (!at(p, TK_COMMA))
      invalid_syntax(p);
    NodeList items = sequence_items(p, TK_RPAR, first);
    Node *n = mk(p, AST_MatchSequence, off);
    n->MatchSequence.patterns = items;
    return n;
  }
  case TK_LSQB: {
    uint32_t off = next(p)->off;
    NodeList items = sequence_items(p, TK_RSQB, NULL);
    Node *n = mk(p, AST_MatchSequence, off);
    n->MatchSequence.patterns = items;
    return n;
  }
  case TK_LBRACE: return mapping_pattern(p);
  default: invalid_syntax(p);
  }
}

/* pattern: as_pattern | or_pattern
 *     as_pattern: or_pattern 'as' pattern_capture_target
 *     or_pattern: '|'.closed_pattern+ */
static Node *pattern(Parser *p) {
  enter(p);
  Node *first = closed_pattern(p);
  if (at(p, TK_VBAR)) {
    Vec v = {0};
    vec_push(&v, first);
    while (accept(p, TK_VBAR))
      vec_push(&v, closed_pattern(p));
    Node *n = mk(p, AST_MatchOr, first->off);
    n->MatchOr.patterns = nodelist_from(p->a, &v);
    first = n;
  }
  if (accept(p, TK_KW_as)) {
    Token *t = cur(p);
    if (t->kind != TK_NAME) {
      if (starts_expr(t->kind))
        syntax_error(p, t->off, "invalid pattern target");
      invalid_syntax(p);
    }
    if (is_wildcard(t))
      syntax_error(p, t->off, "cannot use '_' as a target");
    next(p);
    Node *n = mk(p, AST_MatchAs, first->off);
    n->MatchAs.pattern = first;
    n->MatchAs.name = t->id;
    first = n;
  }
  leave(p);
  return first;
}

/* patterns: open_sequence_pattern | pattern */
static Node *patterns(Parser *p) {
  uint32_t off = cur(p)->off;
  Node *first = maybe_star_pattern(p);
  if (!at(p, TK_COMMA) && first->kind != AST_MatchStar)
    return first;
  Vec v = {0};
  vec_push(&v, first);
  while (accept(p, TK_COMMA)) {
    if (at(p, TK_COLON) || at(p, TK_KW_if))
      break;
    vec_push(&v, maybe_star_pattern(p));
  }
  Node *n = mk(p, AST_MatchSequence, off);
  n->MatchSequence.patterns = nodelist_from(p->a, &v);
  return n;
}

/* match_stmt: "match" subject_expr ':' NEWLINE INDENT case_block+ DEDENT
 *     subject_expr: star_named_expression ',' star_named_expressions? | named_expression */
static Node *match_subject(Parser *p) {
  next(p); /* "match" */
  return star_named_expressions_tuple(p);
}

static void simple_stmts(Parser *p, Vec *out);

/* simple_stmts as a Node-returning function, for attempt(). */
static Node *simple_line(Parser *p) {
  Vec v = {0};
  simple_stmts(p, &v);
  Node *first = v.items[0];
  free(v.items);
  return first;
}

/* Returns NULL, with the position unchanged, when `match` is a plain name. */
static Node *match_stmt(Parser *p) {
  Token *kw = cur(p);
  int save = p->pos;
  Node *subject = attempt(p, match_subject);
  if (!subject || subject->kind == AST_Starred || !at(p, TK_COLON)) {
    /* `match x` and a newline is fine only as an ordinary statement
     * (`match(x)`); otherwise CPython reports the missing ':' */
    bool newline = subject && at(p, TK_NEWLINE);
    uint32_t nl = cur(p)->off;
    p->pos = save;
    if (newline && !attempt(p, simple_line))
      syntax_error(p, nl, "expected ':'");
    p->pos = save;
    return NULL;
  }
  next(p); /* ':' */
  if (!accept(p, TK_NEWLINE))
    invalid_syntax(p);
  if (!at(p, TK_INDENT)) {
    int line, col;
    source_pos(p->src, kw->off, &line, &col);
    error_at(p->src, cur(p)->off, ERR_INDENT,
             "expected an indented block after 'match' statement on line %d", line);
  }
  next(p);
  Vec cases = {0};
  while (!accept(p, TK_DEDENT)) {
    if (!at_soft_keyword(p, "case"))
      invalid_syntax(p);
    Token *ck = next(p);
    Node *pat = patterns(p);
    Node *guard = NULL;
    if (accept(p, TK_KW_if))
      guard = named_expression(p);
    expect_colon(p);
    NodeList body = block(p, "'case' statement", ck->off);
    Node *c = node_new(p->a, AST_match_case, ck->off, prev_end(p));
    c->match_case.pattern = pat;
    c->match_case.guard = guard;
    c->match_case.body = body;
    vec_push(&cases, c);
  }
  Node *n = mk(p, AST_Match, kw->off);
  n->Match.subject = subject;
  n->Match.cases = nodelist_from(p->a, &cases);
  return n;
}

/* ------------------------------------------------------------- statements */

static NodeList statements_until(Parser *p, TokKind end) {
  Vec v = {0};
  while (!at(p, end) && !at(p, TK_ENDMARKER))
    statement(p, &v);
  return nodelist_from(p->a, &v);
}

static void simple_stmts(Parser *p, Vec *out);

/* block: NEWLINE INDENT statements DEDENT | simple_stmts
 * `what` names the statement in "expected an indented block after ...". */
static NodeList block(Parser *p, const char *what, uint32_t stmt_off) {
  if (accept(p, TK_NEWLINE)) {
    if (!at(p, TK_INDENT)) {
      int line, col;
      source_pos(p->src, stmt_off, &line, &col);
      error_at(p->src, cur(p)->off, ERR_INDENT, "expected an indented block after %s on line %d",
               what, line);
    }
    next(p);
    enter(p);
    NodeList body = statements_until(p, TK_DEDENT);
    leave(p);
    expect(p, TK_DEDENT);
    return body;
  }
  Vec v = {0};
  simple_stmts(p, &v);
  return nodelist_from(p->a, &v);
}

/* dotted_name: dotted_name '.' NAME | NAME — as one identifier "a.b.c" */
static Ident *dotted_name(Parser *p) {
  Ident *first = expect_name(p);
  if (!at(p, TK_DOT))
    return first;
  Buf b = {0};
  buf_putn(&b, first->str, first->len);
  while (accept(p, TK_DOT)) {
    Ident *part = expect_name(p);
    buf_putc(&b, '.');
    buf_putn(&b, part->str, part->len);
  }
  Ident *id = intern(b.data, b.len);
  buf_free(&b);
  return id;
}

static Node *mk_alias(Parser *p, Ident *name, uint32_t off) {
  Ident *asname = NULL;
  if (accept(p, TK_KW_as))
    asname = expect_name(p);
  Node *a = mk(p, AST_alias, off);
  a->alias.name = name;
  a->alias.asname = asname;
  return a;
}

/* import_name: 'import' dotted_as_names */
static Node *import_name(Parser *p) {
  uint32_t off = next(p)->off;
  Vec v = {0};
  do {
    uint32_t aoff = cur(p)->off;
    vec_push(&v, mk_alias(p, dotted_name(p), aoff));
  } while (accept(p, TK_COMMA));
  Node *n = mk(p, AST_Import, off);
  n->Import.names = nodelist_from(p->a, &v);
  return n;
}

/* import_from:
 *     | 'from' ('.' | '...')* dotted_name 'import' import_from_targets
 *     | 'from' ('.' | '...')+ 'import' import_from_targets
 * import_from_targets: '(' import_from_as_names [','] ')'
 *     | import_from_as_names !',' | '*' */
static Node *import_from(Parser *p) {
  uint32_t off = next(p)->off;
  int level = 0;
  for (;;) {
    if (accept(p, TK_DOT))
      level++;
    else if (accept(p, TK_ELLIPSIS))
      level += 3;
    else
      break;
  }
  Ident *module = NULL;
  if (!at(p, TK_KW_import) || level == 0)
    module = dotted_name(p);
  expect(p, TK_KW_import);
  Vec v = {0};
  if (at(p, TK_STAR)) {
    Token *t = next(p);
    Node *a = mk(p, AST_alias, t->off);
    a->alias.name = intern("*", 1);
    vec_push(&v, a);
  } else {
    bool paren = accept(p, TK_LPAR);
    do {
      if (paren && at(p, TK_RPAR) && v.len)
        break;
      uint32_t aoff = cur(p)->off;
      vec_push(&v, mk_alias(p, expect_name(p), aoff));
      if (!paren && at(p, TK_COMMA) && (peek(p, 1) == TK_NEWLINE || peek(p, 1) == TK_SEMI))
        syntax_error(p, cur(p)->off, "trailing comma not allowed without surrounding parentheses");
    } while (accept(p, TK_COMMA));
    if (paren)
      expect(p, TK_RPAR);
  }
  Node *n = mk(p, AST_ImportFrom, off);
  n->ImportFrom.module = module;
  n->ImportFrom.names = nodelist_from(p->a, &v);
  n->ImportFrom.level = level;
  return n;
}

static bool augassign_op(TokKind k, BinOpKind *op) {
  switch (k) {
  case TK_PLUSEQUAL: *op = BIN_Add; return true;
  case TK_MINEQUAL: *op = BIN_Sub; return true;
  case TK_STAREQUAL: *op = BIN_Mult; return true;
  case TK_ATEQUAL: *op = BIN_MatMult; return true;
  case TK_SLASHEQUAL: *op = BIN_Div; return true;
  case TK_PERCENTEQUAL: *op = BIN_Mod; return true;
  case TK_AMPEREQUAL: *op = BIN_BitAnd; return true;
  case TK_VBAREQUAL: *op = BIN_BitOr; return true;
  case TK_CIRCUMFLEXEQUAL: *op = BIN_BitXor; return true;
  case TK_LEFTSHIFTEQUAL: *op = BIN_LShift; return true;
  case TK_RIGHTSHIFTEQUAL: *op = BIN_RShift; return true;
  case TK_DOUBLESTAREQUAL: *op = BIN_Pow; return true;
  case TK_DOUBLESLASHEQUAL: *op = BIN_FloorDiv; return true;
  default: return false;
  }
}

/* annotated_rhs: yield_expr | star_expressions */
static Node *rhs(Parser *p) { return at(p, TK_KW_yield) ? yield_expr(p) : star_expressions(p); }

/* The first assignment target is invalid and followed by `= value`:
 * CPython's invalid_named_expression gives the "here. Maybe you meant"
 * message when that value is a plain expression not followed by '='. */
static void check_first_target(Parser *p, Node *target, int start, int eq_pos) {
  if (!invalid_target(target, CTX_Store))
    return;
  Node *last = target;
  if (target->kind == AST_Tuple && p->tok[start].kind != TK_LPAR && target->Tuple.elts.len) {
    /* `a, f() = ...`: CPython parses the elements as named expressions, and
     * the last one is the one followed by '=' */
    last = target->Tuple.elts.items[target->Tuple.elts.len - 1];
    if (last->kind == AST_Starred)
      return;
    while (start < eq_pos && p->tok[start].off < last->off)
      start++;
  }
  int save = p->pos;
  p->pos = eq_pos;
  check_stray_assign(p, last, start);
  p->pos = save;
}

/* assignment | star_expressions (an expression statement):
 *     | NAME ':' expression ['=' annotated_rhs]
 *     | ('(' single_target ')' | single_subscript_attribute_target) ':' expression ['=' annotated_rhs]
 *     | (star_targets '=')+ (yield_expr | star_expressions) !'='
 *     | single_target augassign ~ (yield_expr | star_expressions) */
static Node *expr_stmt(Parser *p) {
  Token *first = cur(p);
  int start = p->pos;
  Node *e = rhs(p);
  BinOpKind op;
  if (at(p, TK_COLON)) {
    next(p);
    if (e->kind == AST_Tuple || e->kind == AST_List)
      syntax_error(p, e->off, "only single target (not %s) can be annotated",
                   e->kind == AST_Tuple ? "tuple" : "list");
    if (e->kind != AST_Name && e->kind != AST_Attribute && e->kind != AST_Subscript)
      syntax_error(p, e->off, "illegal target for annotation");
    set_ctx(e, CTX_Store);
    Node *annotation = expression(p);
    Node *value = NULL;
    if (accept(p, TK_EQUAL))
      value = rhs(p);
    Node *n = mk(p, AST_AnnAssign, first->off);
    n->AnnAssign.target = e;
    n->AnnAssign.annotation = annotation;
    n->AnnAssign.value = value;
    n->AnnAssign.simple = e->kind == AST_Name && first->kind != TK_LPAR;
    return n;
  }
  if (at(p, TK_EQUAL)) {
    Vec targets = {0};
    vec_push(&targets, e);
    int eq_pos = p->pos;
    Node *value = NULL;
    while (accept(p, TK_EQUAL)) {
      value = rhs(p);
      if (at(p, TK_EQUAL))
        vec_push(&targets, value);
    }
    check_first_target(p, e, start, eq_pos);
    for (int i = 0; i < targets.len; i++)
      make_target(p, targets.items[i], CTX_Store);
    Node *n = mk(p, AST_Assign, first->off);
    n->Assign.targets = nodelist_from(p->a, &targets);
    n->Assign.value = value;
    return n;
  }
  if (augassign_op(kind(p), &op)) {
    if (e->kind != AST_Name && e->kind != AST_Attribute && e->kind != AST_Subscript)
      syntax_error(p, e->off, "'%s' is an illegal expression for augmented assignment",
                   expr_name(e));
    next(p);
    set_ctx(e, CTX_Store);
    Node *value = rhs(p);
    Node *n = mk(p, AST_AugAssign, first->off);
    n->AugAssign.target = e;
    n->AugAssign.op = op;
    n->AugAssign.value = value;
    return n;
  }
  Node *n = mk(p, AST_Expr, first->off);
  n->Expr.value = e;
  return n;
}

static Node *names_stmt(Parser *p, AstKind k) {
  uint32_t off = next(p)->off;
  Vec v = {0};
  do
    vec_push(&v, expect_name(p));
  while (accept(p, TK_COMMA));
  Node *n = mk(p, k, off);
  IdentList l = {(Ident **)NULL, v.len};
  l.items = (Ident **)vec_to_arena(p->a, &v);
  if (k == AST_Global)
    n->Global.names = l;
  else
    n->Nonlocal.names = l;
  return n;
}

/* simple_stmt:
 *     | assignment | star_expressions | return_stmt | import_stmt
 *     | raise_stmt | 'pass' | del_stmt | yield_stmt | assert_stmt
 *     | 'break' | 'continue' | global_stmt | nonlocal_stmt */
static Node *simple_stmt(Parser *p) {
  Token *t = cur(p);
  Node *n;
  switch (t->kind) {
  case TK_KW_pass: next(p); return mk(p, AST_Pass, t->off);
  case TK_KW_break: next(p); return mk(p, AST_Break, t->off);
  case TK_KW_continue: next(p); return mk(p, AST_Continue, t->off);
  case TK_KW_return: {
    next(p);
    Node *v = NULL;
    if (starts_expr(kind(p)) || at(p, TK_STAR))
      v = star_expressions(p);
    n = mk(p, AST_Return, t->off);
    n->Return.value = v;
    return n;
  }
  case TK_KW_raise: {
    next(p);
    Node *exc = NULL, *cause = NULL;
    if (starts_expr(kind(p))) {
      exc = expression(p);
      if (accept(p, TK_KW_from))
        cause = expression(p);
    }
    n = mk(p, AST_Raise, t->off);
    n->Raise.exc = exc;
    n->Raise.cause = cause;
    return n;
  }
  case TK_KW_global: return names_stmt(p, AST_Global);
  case TK_KW_nonlocal: return names_stmt(p, AST_Nonlocal);
  case TK_KW_del: {
    /* del_stmt: 'del' del_targets; each target parsed as an expression so
     * that a bad one gets "cannot delete %s" */
    next(p);
    Vec v = {0};
    do {
      if (!v.len || starts_expr(kind(p)) || at(p, TK_STAR))
        vec_push(&v, star_expression(p));
      else
        break;
    } while (accept(p, TK_COMMA));
    for (int i = 0; i < v.len; i++)
      make_target(p, v.items[i], CTX_Del);
    n = mk(p, AST_Delete, t->off);
    n->Delete.targets = nodelist_from(p->a, &v);
    return n;
  }
  case TK_KW_assert: {
    next(p);
    Node *test = expression(p);
    Node *msg = NULL;
    if (accept(p, TK_COMMA))
      msg = expression(p);
    n = mk(p, AST_Assert, t->off);
    n->Assert.test = test;
    n->Assert.msg = msg;
    return n;
  }
  case TK_KW_import: return import_name(p);
  case TK_KW_from: return import_from(p);
  default: return expr_stmt(p);
  }
}

/* simple_stmts: ';'.simple_stmt+ [';'] NEWLINE */
static void simple_stmts(Parser *p, Vec *out) {
  for (;;) {
    vec_push(out, simple_stmt(p));
    if (!accept(p, TK_SEMI))
      break;
    if (at(p, TK_NEWLINE))
      break;
  }
  if (!accept(p, TK_NEWLINE))
    invalid_syntax(p);
}

/* if_stmt: 'if' named_expression ':' block (elif_stmt | [else_block])
 * elif_stmt: 'elif' named_expression ':' block (elif_stmt | [else_block]) */
static Node *if_stmt(Parser *p) {
  Token *kw = next(p);
  Node *test = named_expression(p);
  expect_colon(p);
  NodeList body = block(p, kw->kind == TK_KW_if ? "'if' statement" : "'elif' statement", kw->off);
  NodeList orelse = list_empty();
  if (at(p, TK_KW_elif)) {
    orelse = list1(p, if_stmt(p));
  } else if (at(p, TK_KW_else)) {
    Token *e = next(p);
    expect_forced(p, TK_COLON);
    orelse = block(p, "'else' statement", e->off);
  }
  Node *n = mk(p, AST_If, kw->off);
  n->If.test = test;
  n->If.body = body;
  n->If.orelse = orelse;
  return n;
}

static NodeList else_block(Parser *p) {
  if (!at(p, TK_KW_else))
    return list_empty();
  Token *e = next(p);
  expect_forced(p, TK_COLON);
  return block(p, "'else' statement", e->off);
}

/* while_stmt: 'while' named_expression ':' block [else_block] */
static Node *while_stmt(Parser *p) {
  Token *kw = next(p);
  Node *test = named_expression(p);
  expect_colon(p);
  NodeList body = block(p, "'while' statement", kw->off);
  NodeList orelse = else_block(p);
  Node *n = mk(p, AST_While, kw->off);
  n->While.test = test;
  n->While.body = body;
  n->While.orelse = orelse;
  return n;
}

/* for_stmt: ASYNC? 'for' star_targets 'in' ~ star_expressions &&':' block [else_block] */
static Node *for_stmt(Parser *p, Token *async_kw) {
  Token *kw = next(p);
  Node *target = for_targets(p);
  expect(p, TK_KW_in);
  Node *iter = star_expressions(p);
  expect_colon(p);
  NodeList body = block(p, "'for' statement", kw->off);
  NodeList orelse = else_block(p);
  Node *n = mk(p, async_kw ? AST_AsyncFor : AST_For, async_kw ? async_kw->off : kw->off);
  n->For.target = target;
  n->For.iter = iter;
  n->For.body = body;
  n->For.orelse = orelse;
  return n;
}

/* with_item: expression 'as' star_target &(',' | ')' | ':') | expression */
static Node *with_item(Parser *p) {
  Node *e = expression(p);
  Node *target = NULL;
  if (accept(p, TK_KW_as)) {
    target = at(p, TK_STAR) ? star_expression(p) : bitwise_or(p);
    if (!at(p, TK_COMMA) && !at(p, TK_RPAR) && !at(p, TK_COLON) && !at(p, TK_NEWLINE))
      invalid_syntax(p);
    make_target(p, target, CTX_Store);
  }
  Node *n = node_new(p->a, AST_withitem, e->off, prev_end(p));
  n->withitem.context_expr = e;
  n->withitem.optional_vars = target;
  return n;
}

/* '(' ','.with_item+ ','? ')' ':' — the parenthesised form, tried first. */
static Node *with_paren_items(Parser *p) {
  uint32_t off = expect(p, TK_LPAR)->off;
  Vec v = {0};
  do {
    if (at(p, TK_RPAR) && v.len)
      break;
    vec_push(&v, with_item(p));
  } while (accept(p, TK_COMMA));
  expect(p, TK_RPAR);
  if (!at(p, TK_COLON))
    invalid_syntax(p);
  Node *holder = node_new(p->a, AST_With, off, prev_end(p));
  holder->With.items = nodelist_from(p->a, &v);
  return holder;
}

/* with_stmt:
 *     | ASYNC? 'with' '(' ','.with_item+ ','? ')' ':' block
 *     | ASYNC? 'with' ','.with_item+ ':' block */
static Node *with_stmt(Parser *p, Token *async_kw) {
  Token *kw = next(p);
  NodeList items;
  Node *holder = at(p, TK_LPAR) ? attempt(p, with_paren_items) : NULL;
  if (holder) {
    items = holder->With.items;
  } else {
    Vec v = {0};
    do
      vec_push(&v, with_item(p));
    while (accept(p, TK_COMMA));
    items = nodelist_from(p->a, &v);
  }
  expect_colon(p);
  NodeList body = block(p, "'with' statement", kw->off);
  Node *n = mk(p, async_kw ? AST_AsyncWith : AST_With, async_kw ? async_kw->off : kw->off);
  n->With.items = items;
  n->With.body = body;
  return n;
}

/* try_stmt:
 *     | 'try' &&':' block finally_block
 *     | 'try' &&':' block except_block+ [else_block] [finally_block]
 *     | 'try' &&':' block except_star_block+ [else_block] [finally_block] */
static Node *try_stmt(Parser *p) {
  Token *kw = next(p);
  expect_forced(p, TK_COLON);
  NodeList body = block(p, "'try' statement", kw->off);
  Vec handlers = {0};
  int star = -1; /* -1 unknown, 0 except, 1 except* */
  while (at(p, TK_KW_except)) {
    Token *ek = next(p);
    bool is_star = accept(p, TK_STAR);
    if (star != -1 && star != is_star)
      syntax_error(p, ek->off, "cannot have both 'except' and 'except*' on the same 'try'");
    star = is_star;
    Node *type = NULL;
    Ident *name = NULL;
    if (!at(p, TK_COLON)) {
      if (is_star && at(p, TK_NEWLINE))
        syntax_error(p, cur(p)->off, "expected one or more exception types");
      if (!at(p, TK_NEWLINE)) {
        type = expression(p);
        if (at(p, TK_COMMA)) {
          int save = p->pos;
          next(p);
          if (starts_expr(kind(p))) {
            expression(p);
            while (accept(p, TK_COMMA) && starts_expr(kind(p)))
              expression(p);
            if (at(p, TK_KW_as) || at(p, TK_COLON))
              syntax_error(p, type->off, "multiple exception types must be parenthesized");
          }
          p->pos = save;
        }
        if (accept(p, TK_KW_as)) {
          Token *nt = cur(p);
          if (nt->kind != TK_NAME)
            invalid_syntax(p);
          next(p);
          name = nt->id;
        }
      }
    } else if (is_star) {
      syntax_error(p, cur(p)->off, "expected one or more exception types");
    }
    expect_colon(p);
    NodeList hbody = block(p, is_star ? "'except*' statement" : "'except' statement", ek->off);
    Node *h = mk(p, AST_ExceptHandler, ek->off);
    h->ExceptHandler.type = type;
    h->ExceptHandler.name = name;
    h->ExceptHandler.body = hbody;
    vec_push(&handlers, h);
  }
  NodeList orelse = handlers.len ? else_block(p) : list_empty();
  NodeList finalbody = list_empty();
  if (at(p, TK_KW_finally)) {
    Token *fk = next(p);
    expect_forced(p, TK_COLON);
    finalbody = block(p, "'finally' statement", fk->off);
  } else if (!handlers.len) {
    syntax_error(p, cur(p)->off, "expected 'except' or 'finally' block");
  }
  Node *n = mk(p, star == 1 ? AST_TryStar : AST_Try, kw->off);
  n->Try.body = body;
  n->Try.handlers = nodelist_from(p->a, &handlers);
  n->Try.orelse = orelse;
  n->Try.finalbody = finalbody;
  return n;
}

/* function_def_raw: ASYNC? 'def' NAME &&'(' [params] ')' ['->' expression] &&':' block */
static Node *function_def(Parser *p, Token *async_kw, NodeList decorators, uint32_t off) {
  Token *kw = next(p);
  Ident *name = expect_name(p);
  expect_forced(p, TK_LPAR);
  Node *args = lambda_or_def_params(p, false);
  expect(p, TK_RPAR);
  Node *returns = NULL;
  if (accept(p, TK_RARROW))
    returns = expression(p);
  expect_forced(p, TK_COLON);
  NodeList body = block(p, "function definition", async_kw ? async_kw->off : kw->off);
  Node *n = mk(p, async_kw ? AST_AsyncFunctionDef : AST_FunctionDef, off);
  n->FunctionDef.name = name;
  n->FunctionDef.args = args;
  n->FunctionDef.body = body;
  n->FunctionDef.decorator_list = decorators;
  n->FunctionDef.returns = returns;
  return n;
}

/* class_def_raw: 'class' NAME ['(' [arguments] ')'] ':' block */
static Node *class_def(Parser *p, NodeList decorators, uint32_t off) {
  Token *kw = next(p);
  Ident *name = expect_name(p);
  NodeList bases = list_empty(), keywords = list_empty();
  if (at(p, TK_LPAR)) {
    uint32_t lpar = next(p)->off;
    call_args(p, &bases, &keywords, lpar);
  }
  expect_colon(p);
  NodeList body = block(p, "class definition", kw->off);
  Node *n = mk(p, AST_ClassDef, off);
  n->ClassDef.name = name;
  n->ClassDef.bases = bases;
  n->ClassDef.keywords = keywords;
  n->ClassDef.body = body;
  n->ClassDef.decorator_list = decorators;
  return n;
}

/* decorators: ('@' named_expression NEWLINE)+ then a def or class */
static Node *decorated(Parser *p) {
  uint32_t off = cur(p)->off;
  Vec v = {0};
  while (accept(p, TK_AT)) {
    vec_push(&v, named_expression(p));
    if (!accept(p, TK_NEWLINE))
      invalid_syntax(p);
  }
  NodeList decorators = nodelist_from(p->a, &v);
  (void)off;
  if (at(p, TK_KW_def))
    return function_def(p, NULL, decorators, cur(p)->off);
  if (at(p, TK_KW_async) && peek(p, 1) == TK_KW_def) {
    Token *a = next(p);
    return function_def(p, a, decorators, a->off);
  }
  if (at(p, TK_KW_class))
    return class_def(p, decorators, cur(p)->off);
  invalid_syntax(p);
}

/* statement: compound_stmt | simple_stmts */
static void statement(Parser *p, Vec *out) {
  Token *t = cur(p);
  Node *n = NULL;
  enter(p);
  switch (t->kind) {
  case TK_KW_if: n = if_stmt(p); break;
  case TK_KW_while: n = while_stmt(p); break;
  case TK_KW_for: n = for_stmt(p, NULL); break;
  case TK_KW_try: n = try_stmt(p); break;
  case TK_KW_with: n = with_stmt(p, NULL); break;
  case TK_KW_def: n = function_def(p, NULL, list_empty(), t->off); break;
  case TK_KW_class: n = class_def(p, list_empty(), t->off); break;
  case TK_AT: n = decorated(p); break;
  case TK_KW_async:
    next(p);
    switch (kind(p)) {
    case TK_KW_def: n = function_def(p, t, list_empty(), t->off); break;
    case TK_KW_for: n = for_stmt(p, t); break;
    case TK_KW_with: n = with_stmt(p, t); break;
    default: invalid_syntax(p);
    }
    break;
  case TK_NAME:
    if (!strcmp(t->id->str, "match")) {
      TokKind k1 = peek(p, 1);
      if (k1 != TK_NEWLINE && k1 != TK_EQUAL && k1 != TK_DOT && k1 != TK_COLON &&
          k1 != TK_COMMA && k1 != TK_RPAR && k1 != TK_SEMI)
        n = match_stmt(p);
    }
    break;
  default: break;
  }
  if (n)
    vec_push(out, n);
  else
    simple_stmts(p, out);
  leave(p);
}

/* file: [statements] ENDMARKER */
static Node *file(Parser *p) {
  NodeList body = statements_until(p, TK_ENDMARKER);
  if (!at(p, TK_ENDMARKER))
    invalid_syntax(p);
  Node *m = node_new(p->a, AST_Module, 0, p->src->len);
  m->Module.body = body;
  return m;
}

/* The bracket depth at each token, as CPython's tokenizer records it. */
static uint16_t *bracket_levels(Arena *a, TokenList *tl) {
  uint16_t *lv = arena_alloc(a, (size_t)(tl->len + 1) * sizeof *lv);
  int level = 0;
  for (int i = 0; i < tl->len; i++) {
    switch (tl->toks[i].kind) {
    case TK_LPAR:
    case TK_LSQB:
    case TK_LBRACE: level++; break;
    case TK_RPAR:
    case TK_RSQB:
    case TK_RBRACE:
      if (level > 0)
        level--;
      break;
    default: break;
    }
    lv[i] = (uint16_t)(level > 65535 ? 65535 : level);
  }
  return lv;
}

/* CPython's _Pypegen_set_syntax_error: after a syntax error the parser
 * raised (not the lexer, and not "unexpected indent"), CPython tokenizes the
 * rest of the file, and a tokenizer error found there wins; so does an
 * unclosed bracket opened on an earlier line than the error. */
static void lexer_error_wins(TokenList *tl) {
  bool from_lexer = tl->len > 0 && tl->toks[tl->len - 1].kind == TK_ERROR &&
                    diag_last.off == tl->err.off && !strcmp(diag_last.msg, tl->err.msg);
  if (from_lexer || !strcmp(diag_last.msg, "unexpected indent") ||
      !strcmp(diag_last.msg, "unexpected unindent"))
    return;
  if (tl->err_replaces)
    diag_last = tl->err;
  else if (tl->has_unclosed && diag_last.line > tl->unclosed.line)
    diag_last = tl->unclosed;
}

Node *parse_module(Arena *a, Source *src) {
  jmp_buf jb, *saved = diag_jmp;
  Node *volatile mod = NULL;
  Parser *volatile p = arena_alloc(a, sizeof *p);
  if (setjmp(jb) == 0) {
    diag_jmp = &jb;
    p->a = a;
    p->src = src;
    p->tl = lex_module(a, src);
    p->tok = p->tl->toks;
    p->level = bracket_levels(a, p->tl);
    mod = file(p);
  } else if (p->tl) {
    lexer_error_wins(p->tl);
  }
  diag_jmp = saved;
  return mod;
}
