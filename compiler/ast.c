/* ast.c — AST nodes: allocation, kind names, and the dumper.
 *
 * ast_dump prints exactly what CPython 3.11's ast.dump(node) returns (no
 * indent, fields named, attributes left out), so `kiln ast` can be diffed
 * against CPython. It has no per-kind code: ast.def is expanded into a table
 * that gives each kind's fields as (name, storage type, offset in Node), and
 * one loop walks that table. ast.dump's rules, as the loop applies them:
 *
 *   Kind(f1=v1, f2=v2)   every field, in _fields order, as name=value;
 *   Kind()               a kind without fields (Pass, Break, Continue);
 *   an optional field that is None (OPT, OPTIDENT, OPTSTR = NULL) is left
 *   out; lists print as [a, b] ([] when empty) with a None item as None;
 *   identifiers and strings print as Python str reprs, constants as their
 *   repr (repr.c), operators and contexts as nodes without fields: Add().
 *
 * The dumper recurses once per tree level. CPython's own ast.dump stops at
 * its recursion limit long before the C stack runs out.
 */
#include "kilnc.h"

#include <string.h>

const char *const ast_kind_name[AST_COUNT] = {
#define F(type, name)
#define AST(kind, cat, fields) #kind,
#include "ast.def"
#undef AST
#undef F
};

Node *node_new(Arena *a, AstKind kind, uint32_t off, uint32_t end) {
  Node *n = arena_alloc(a, sizeof *n); /* zeroed: NULL children, empty lists */
  n->kind = kind;
  n->off = off;
  n->end = end;
  return n;
}

NodeList nodelist_from(Arena *a, Vec *v) {
  NodeList l;
  l.len = v->len;
  l.items = (Node **)vec_to_arena(a, v);
  v->len = 0;
  return l;
}

/* ---- the field table */

typedef enum {
  FT_NODE, FT_OPT, FT_LIST, FT_IDENT, FT_OPTIDENT, FT_IDENTS, FT_OPTSTR,
  FT_CONST, FT_INT, FT_CTX, FT_BOOLOP, FT_BINOP, FT_UNARYOP, FT_CMPOPS,
} FieldType;

typedef struct Field {
  const char *name; /* NULL ends a kind's row */
  FieldType type;
  size_t off;       /* offsetof(Node, Kind.name) */
} Field;

enum { MAX_FIELDS = 7 }; /* arguments has 7; ROWn below goes up to 7 */

/* An ast.def row cannot be expanded into offsetof(Node, Kind.name) directly:
 * F(type, name) does not see its row's Kind. So F turns each field into a
 * parenthesised pair, AST hands the Kind and the pairs to ROW as one
 * argument list — ROW(Kind, (type, name), ...) — and ROW counts the pairs
 * and applies FIELD(Kind, pair) to each. */
#define FIELD(k, pair) FIELD_(k, FIELD_UNPACK pair)
#define FIELD_UNPACK(type, name) type, name
#define FIELD_(...) FIELD__(__VA_ARGS__)
#define FIELD__(k, type, name) {#name, FT_##type, offsetof(Node, k.name)}

#define NFIELDS(...) NFIELDS_(__VA_ARGS__, 7, 6, 5, 4, 3, 2, 1, 0, _)
#define NFIELDS_(k, f1, f2, f3, f4, f5, f6, f7, n, ...) n
#define ROW(...) ROW_(NFIELDS(__VA_ARGS__), __VA_ARGS__)
#define ROW_(n, ...) ROW__(n, __VA_ARGS__)
#define ROW__(n, ...) ROW##n(__VA_ARGS__)
#define ROW0(k) [AST_##k] = {{0}},
#define ROW1(k, a) [AST_##k] = {FIELD(k, a)},
#define ROW2(k, a, b) [AST_##k] = {FIELD(k, a), FIELD(k, b)},
#define ROW3(k, a, b, c) [AST_##k] = {FIELD(k, a), FIELD(k, b), FIELD(k, c)},
#define ROW4(k, a, b, c, d) [AST_##k] = {FIELD(k, a), FIELD(k, b), FIELD(k, c), FIELD(k, d)},
#define ROW5(k, a, b, c, d, e)                                                          \
  [AST_##k] = {FIELD(k, a), FIELD(k, b), FIELD(k, c), FIELD(k, d), FIELD(k, e)},
#define ROW6(k, a, b, c, d, e, f)                                                       \
  [AST_##k] = {FIELD(k, a), FIELD(k, b), FIELD(k, c), FIELD(k, d), FIELD(k, e), FIELD(k, f)},
#define ROW7(k, a, b, c, d, e, f, g)                                                    \
  [AST_##k] = {FIELD(k, a), FIELD(k, b), FIELD(k, c), FIELD(k, d), FIELD(k, e), FIELD(k, f), \
               FIELD(k, g)},

/* fields[kind] lists the kind's fields in CPython's _fields order; one more
 * slot than the longest row, so every row ends with a NULL name. */
static const Field fields[AST_COUNT][MAX_FIELDS + 1] = {
#define F(type, name) , (type, name)
#define AST(kind, cat, flds) ROW(kind flds)
#include "ast.def"
#undef AST
#undef F
};

#undef FIELD
#undef FIELD_UNPACK
#undef FIELD_
#undef FIELD__
#undef NFIELDS
#undef NFIELDS_
#undef ROW
#undef ROW_
#undef ROW__
#undef ROW0
#undef ROW1
#undef ROW2
#undef ROW3
#undef ROW4
#undef ROW5
#undef ROW6
#undef ROW7

#define X(n) #n,
static const char *const ctx_name[] = {EXPR_CTXS(X)};
static const char *const boolop_name[] = {BOOL_OPS(X)};
static const char *const binop_name[] = {BIN_OPS(X)};
static const char *const unaryop_name[] = {UNARY_OPS(X)};
static const char *const cmpop_name[] = {CMP_OPS(X)};
#undef X

/* ---- dumping */

static void dump_node(Buf *b, const Node *n);

/* An operator or context: a node without fields, like Add(). */
static void dump_op(Buf *b, const char *const *names, size_t count, int v) {
  buf_puts(b, v >= 0 && (size_t)v < count ? names[v] : "?");
  buf_puts(b, "()");
}

/* ast.dump leaves out an optional field that is None. */
static bool field_omitted(const Node *n, const Field *f) {
  const char *p = (const char *)n + f->off;
  switch (f->type) {
  case FT_OPT: return *(Node *const *)p == NULL;
  case FT_OPTIDENT: return *(Ident *const *)p == NULL;
  case FT_OPTSTR: return *(const char *const *)p == NULL;
  default: return false;
  }
}

/* Print the value of field f of n. */
static void dump_field(Buf *b, const Node *n, const Field *f) {
  const char *p = (const char *)n + f->off;
  switch (f->type) {
  case FT_NODE:
  case FT_OPT: dump_node(b, *(Node *const *)p); break;
  case FT_LIST: {
    const NodeList *l = (const NodeList *)p;
    buf_putc(b, '[');
    for (int i = 0; i < l->len; i++) {
      if (i)
        buf_puts(b, ", ");
      dump_node(b, l->items[i]);
    }
    buf_putc(b, ']');
    break;
  }
  case FT_IDENT:
  case FT_OPTIDENT: {
    const Ident *id = *(Ident *const *)p;
    if (id)
      repr_str(b, id->str, id->len);
    else
      buf_puts(b, "None");
    break;
  }
  case FT_IDENTS: {
    const IdentList *l = (const IdentList *)p;
    buf_putc(b, '[');
    for (int i = 0; i < l->len; i++) {
      if (i)
        buf_puts(b, ", ");
      repr_str(b, l->items[i]->str, l->items[i]->len);
    }
    buf_putc(b, ']');
    break;
  }
  case FT_OPTSTR: {
    const char *s = *(const char *const *)p;
    repr_str(b, s, strlen(s));
    break;
  }
  case FT_CONST: repr_const(b, (const Const *)p); break;
  case FT_INT: buf_printf(b, "%d", *(const int *)p); break;
  case FT_CTX: dump_op(b, ctx_name, countof(ctx_name), (int)*(const ExprCtx *)p); break;
  case FT_BOOLOP: dump_op(b, boolop_name, countof(boolop_name), (int)*(const BoolOp *)p); break;
  case FT_BINOP: dump_op(b, binop_name, countof(binop_name), (int)*(const BinOpKind *)p); break;
  case FT_UNARYOP:
    dump_op(b, unaryop_name, countof(unaryop_name), (int)*(const UnaryOpKind *)p);
    break;
  case FT_CMPOPS: {
    const CmpOpList *l = (const CmpOpList *)p;
    buf_putc(b, '[');
    for (int i = 0; i < l->len; i++) {
      if (i)
        buf_puts(b, ", ");
      dump_op(b, cmpop_name, countof(cmpop_name), l->items[i]);
    }
    buf_putc(b, ']');
    break;
  }
  }
}

static void dump_node(Buf *b, const Node *n) {
  if (!n) { /* a None item of a list */
    buf_puts(b, "None");
    return;
  }
  buf_puts(b, ast_kind_name[n->kind]);
  buf_putc(b, '(');
  bool first = true;
  for (const Field *f = fields[n->kind]; f->name; f++) {
    if (field_omitted(n, f))
      continue;
    if (!first)
      buf_puts(b, ", ");
    first = false;
    buf_puts(b, f->name);
    buf_putc(b, '=');
    dump_field(b, n, f);
  }
  buf_putc(b, ')');
}

void ast_dump(Buf *b, const Node *n) { dump_node(b, n); }

void ast_children(Node *n, void (*visit)(Node **slot, void *ctx), void *ctx) {
  for (const Field *f = fields[n->kind]; f->name; f++) {
    char *p = (char *)n + f->off;
    if (f->type == FT_NODE || f->type == FT_OPT) {
      if (*(Node **)p)
        visit((Node **)p, ctx);
    } else if (f->type == FT_LIST) {
      NodeList *l = (NodeList *)p;
      for (int i = 0; i < l->len; i++)
        if (l->items[i])
          visit(&l->items[i], ctx);
    }
  }
}
