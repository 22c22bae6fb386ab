/* kilnc.h — the kiln compiler's one internal header.
 *
 * One section per compiler file, in pipeline order: util (arenas, buffers,
 * interning), source (loading and decoding a .py file, positions), diag
 * (syntax errors), lex (tokens), ast (nodes, constants, dump), parse.
 * Everything not declared here is static to its file.
 *
 * Memory: the front end allocates from an Arena that lives as long as one
 * compilation (tokens, nodes, decoded strings) and frees nothing
 * individually. Interned identifiers live for the whole process.
 *
 * Errors: the front end stops at the first lexical or syntax error. The
 * function that reports it (error_at) fills diag_last and longjmps to the
 * innermost diag_catch point, so parse functions never check for failure;
 * everything they allocated belongs to the arena and is dropped with it.
 */
#ifndef KILNC_H
#define KILNC_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define KILN_VERSION "0.1.0"

#define countof(a) (sizeof(a) / sizeof((a)[0]))

/* ---------------------------------------------------------------- util.c */

/* Arena: bump allocation in chunks; arena_alloc returns zeroed memory,
 * aligned for any type. */
typedef struct Arena Arena;
Arena *arena_new(void);
void *arena_alloc(Arena *a, size_t n);
char *arena_strndup(Arena *a, const char *s, size_t n); /* NUL-terminated copy */
void arena_reset(Arena *a); /* drop everything, keep the first chunk */
void arena_free(Arena *a);

/* Buf: a growable byte buffer on the heap (malloc). data is always
 * NUL-terminated once anything was written. */
typedef struct Buf {
  char *data;
  size_t len, cap;
} Buf;
void buf_putc(Buf *b, int c);
void buf_putn(Buf *b, const char *s, size_t n);
void buf_puts(Buf *b, const char *s);
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_put_utf8(Buf *b, uint32_t cp); /* one code point as UTF-8 (surrogates too: WTF-8) */
void buf_free(Buf *b);

/* Vec: a growable array of pointers on the heap, used while a list is being
 * built; vec_to_arena copies it into the arena and frees the heap array. */
typedef struct Vec {
  void **items;
  int len, cap;
} Vec;
void vec_push(Vec *v, void *p);
void **vec_to_arena(Arena *a, Vec *v);

/* Ident: an interned identifier. Two equal names are the same pointer. */
typedef struct Ident {
  uint32_t hash;
  uint32_t len;
  char str[]; /* NUL-terminated UTF-8 */
} Ident;
Ident *intern(const char *s, size_t n);

void *xmalloc(size_t n);  /* malloc that aborts on exhaustion */
void *xrealloc(void *p, size_t n);
/* Read a whole file. Returns malloc'ed bytes (NUL-terminated) and sets *len,
 * or NULL with errno set. */
char *read_file(const char *path, size_t *len);

/* UTF-8: decode one code point at s (n bytes available). Returns its length
 * in bytes (1..4) and stores it in *cp; returns 0 for an invalid sequence. */
int utf8_decode(const char *s, size_t n, uint32_t *cp);

/* -------------------------------------------------------------- source.c */

/* Source: one Python file, decoded to UTF-8. CPython's rules for the bytes:
 * a UTF-8 BOM is dropped; a coding declaration ("# -*- coding: latin-1 -*-")
 * on line 1 or 2 selects the encoding; the default is UTF-8. Offsets used
 * everywhere in the front end are byte offsets into text. */
typedef struct Source {
  const char *path; /* the name diagnostics print */
  char *text;       /* decoded UTF-8, NUL-terminated; may hold a NUL before len */
  uint32_t len;     /* bytes in text */
  uint32_t *lines;  /* start offset of each line; built on demand by source_pos */
  uint32_t nlines;
} Source;

/* Decode bytes into a Source. Returns NULL, with diag_last set, when the
 * bytes are not valid in their declared encoding (CPython's SyntaxError). */
Source *source_from_bytes(const char *path, const char *bytes, size_t n);
/* Line (1-based) and column (1-based, in code points) of a byte offset. */
void source_pos(Source *src, uint32_t off, int *line, int *col);
/* The text of line `line` (1-based) without its line ending. */
const char *source_line(Source *src, int line, size_t *len);

/* ---------------------------------------------------------------- diag.c */

typedef enum { ERR_SYNTAX, ERR_INDENT, ERR_TAB } ErrKind; /* SyntaxError, IndentationError, TabError */

typedef struct Diag {
  ErrKind kind;
  Source *src;
  uint32_t off; /* byte offset the caret points at */
  int line, col; /* 1-based, col in code points: CPython's lineno and offset */
  char msg[512];
} Diag;

extern Diag diag_last;     /* the error most recently raised */
extern jmp_buf *diag_jmp;  /* where error_at jumps; set by diag_catch users */

/* Raise a syntax error at byte offset off of src: fill diag_last and
 * longjmp to *diag_jmp. The message is CPython's wording where one exists. */
_Noreturn void error_at(Source *src, uint32_t off, ErrKind kind, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Like error_at with a ready Diag (the lexer's deferred errors). */
_Noreturn void error_raise(const Diag *d);
/* Fill a Diag without raising it. */
void diag_make(Diag *d, Source *src, uint32_t off, ErrKind kind, const char *fmt, va_list ap)
    __attribute__((format(printf, 5, 0)));
/* Print "FILE:LINE:COL: error: MSG", the source line and a caret. */
void diag_print(FILE *out, const Diag *d);
const char *errkind_name(ErrKind k); /* "SyntaxError", ... */

/* ----------------------------------------------------------------- lex.c */

typedef enum {
#define TOK(k, s) TK_##k,
#include "tokens.def"
#undef TOK
  TK_COUNT
} TokKind;
#define TK_KW_FIRST TK_KW_False
#define TK_KW_LAST TK_KW_yield

extern const char *const tok_spelling[TK_COUNT];
extern const char *const tok_name[TK_COUNT]; /* "NAME", "LPAR", "KW_if", ... */

typedef struct Token {
  TokKind kind;
  uint32_t off, end; /* the token's text is src->text[off, end) */
  Ident *id;         /* NAME and keywords: the interned, NFKC-normalised name */
} Token;

/* TokenList: every token of a file (or of an f-string replacement field).
 * It ends with TK_ENDMARKER, or, when the lexer met an error, with one
 * TK_ERROR token whose error is `err`: the parser raises it when it reaches
 * that token, so an earlier syntax error wins, as in CPython (which
 * tokenizes lazily). */
typedef struct TokenList {
  Source *src;
  Token *toks;
  int len;
  Diag err;
  /* After the parser fails, CPython 3.11 tokenizes the rest of the file
   * (_PyPegen_tokenize_full_source_to_check_for_errors), so a lexer error
   * later in the file can replace the parser's error:
   * err_replaces: err is one CPython's tokenizer raises itself (a bad
   *   number, an unterminated string, an invalid character, a bracket that
   *   does not match...): it replaces a syntax error the parser raised before
   *   reaching TK_ERROR. Not so for "unexpected indent" / "unexpected
   *   unindent", nor when err_replaces is false (indentation and tab errors,
   *   a bad line continuation, EOF, or a parser-only error such as '$').
   * has_unclosed: brackets were still open where the lexer stopped, and err
   *   does not replace; `unclosed` is "'(' was never closed" at the innermost
   *   one. It replaces a parser error when the last token the parser read
   *   lies on a later line than that bracket. */
  bool err_replaces;
  bool has_unclosed;
  Diag unclosed;
} TokenList;

/* Tokenize a whole module: NEWLINE/INDENT/DEDENT as CPython's tokenizer
 * makes them, comments and blank lines dropped, a NEWLINE before the final
 * DEDENTs even when the file lacks one. */
TokenList *lex_module(Arena *a, Source *src);
/* Tokenize src->text[off, end), the expression of an f-string replacement
 * field: lexed as if inside brackets (no NEWLINE, INDENT or DEDENT). */
TokenList *lex_fstring_expr(Arena *a, Source *src, uint32_t off, uint32_t end);
/* Print the token list, one token a line ("3:4 NAME 'foo'"); for --dump-tokens. */
void tokens_dump(FILE *out, TokenList *tl);

/* String literals. StrLit describes a STRING token's prefix and quotes. */
typedef struct StrLit {
  bool raw, bytes, fstr, u; /* prefix letters r/R, b/B, f/F, u/U */
  int quote;                /* 1 or 3 */
  uint32_t body, body_end;  /* offsets of the text between the quotes */
} StrLit;
StrLit strlit_info(Source *src, const Token *t);
/* Decode src->text[off, end) as the body of a (non-raw unless raw) string or
 * bytes literal into out: str as WTF-8 (UTF-8 that may hold lone surrogates
 * from \ud800-style escapes), bytes as raw bytes. Invalid escapes raise the
 * error CPython raises, at errpos (the string token's start). */
void strlit_decode(Source *src, uint32_t off, uint32_t end, bool raw, bool bytes,
                   uint32_t errpos, Buf *out);

/* ----------------------------------------------------------------- ast.c */

#define EXPR_CTXS(X) X(Load) X(Store) X(Del)
#define BOOL_OPS(X) X(And) X(Or)
#define BIN_OPS(X)                                                                  \
  X(Add) X(Sub) X(Mult) X(MatMult) X(Div) X(Mod) X(Pow) X(LShift) X(RShift) X(BitOr) \
  X(BitXor) X(BitAnd) X(FloorDiv)
#define UNARY_OPS(X) X(Invert) X(Not) X(UAdd) X(USub)
#define CMP_OPS(X) X(Eq) X(NotEq) X(Lt) X(LtE) X(Gt) X(GtE) X(Is) X(IsNot) X(In) X(NotIn)

#define X(n) CTX_##n,
typedef enum { EXPR_CTXS(X) } ExprCtx;
#undef X
#define X(n) BOOL_##n,
typedef enum { BOOL_OPS(X) } BoolOp;
#undef X
#define X(n) BIN_##n,
typedef enum { BIN_OPS(X) } BinOpKind;
#undef X
#define X(n) UOP_##n,
typedef enum { UNARY_OPS(X) } UnaryOpKind;
#undef X
#define X(n) CMP_##n,
typedef enum { CMP_OPS(X) } CmpOp;
#undef X

typedef struct Node Node;

typedef struct NodeList {
  Node **items; /* an item may be NULL where the ASDL allows None */
  int len;
} NodeList;

typedef struct IdentList {
  Ident **items;
  int len;
} IdentList;

typedef struct CmpOpList {
  uint8_t *items; /* CmpOp values */
  int len;
} CmpOpList;

/* Const: the value of a Constant node or a MatchSingleton. */
typedef enum {
  CONST_NONE,
  CONST_TRUE,
  CONST_FALSE,
  CONST_ELLIPSIS,
  CONST_INT,    /* fits int64: i */
  CONST_BIGINT, /* does not: s holds the decimal digits (no sign) */
  CONST_FLOAT,  /* f */
  CONST_IMAG,   /* complex(0, f) */
  CONST_STR,    /* s[0, len): WTF-8 */
  CONST_BYTES,  /* s[0, len): raw bytes */
} ConstKind;

typedef struct Const {
  ConstKind kind;
  int64_t i;
  double f;
  const char *s; /* arena memory, NUL-terminated */
  size_t len;
} Const;

typedef enum {
#define F(type, name)
#define AST(kind, cat, fields) AST_##kind,
#include "ast.def"
#undef AST
#undef F
  AST_COUNT
} AstKind;

/* C types of the field kinds in ast.def */
typedef Node *F_NODE;
typedef Node *F_OPT;
typedef NodeList F_LIST;
typedef Ident *F_IDENT;
typedef Ident *F_OPTIDENT;
typedef IdentList F_IDENTS;
typedef const char *F_OPTSTR;
typedef Const F_CONST;
typedef int F_INT;
typedef ExprCtx F_CTX;
typedef BoolOp F_BOOLOP;
typedef BinOpKind F_BINOP;
typedef UnaryOpKind F_UNARYOP;
typedef CmpOpList F_CMPOPS;

/* Node: one AST node. The union has one struct per kind, named after the
 * kind and holding the fields of its ast.def row: n->For.target. off and end
 * delimit the node's source text (CPython's col_offset/end_col_offset, as
 * byte offsets into the Source). */
struct Node {
  AstKind kind;
  uint32_t off, end;
  union {
#define F(type, name) F_##type name;
#define AST(kind, cat, fields) struct { char unused_; fields } kind;
#include "ast.def"
#undef AST
#undef F
  };
};

extern const char *const ast_kind_name[AST_COUNT];

Node *node_new(Arena *a, AstKind kind, uint32_t off, uint32_t end);
NodeList nodelist_from(Arena *a, Vec *v); /* takes v's items; v is emptied */

/* CPython's repr() of the constants, byte for byte. */
void repr_float(Buf *b, double d);       /* repr(float): '1.0', '1e+16', 'inf', 'nan' */
void repr_imag(Buf *b, double imag);     /* repr(complex(0, imag)): '1j', '1.5j', 'infj' */
void repr_str(Buf *b, const char *s, size_t n);   /* repr(str) of WTF-8 text */
void repr_bytes(Buf *b, const char *s, size_t n); /* repr(bytes) */
void repr_const(Buf *b, const Const *c);
/* The value of a NUMBER token's text (validated by the lexer): int (any base,
 * underscores, big values as decimal digits), float, or imaginary. */
Const number_const(Arena *a, const char *text, size_t n);

/* Append exactly what CPython 3.11's ast.dump(node) returns. */
void ast_dump(Buf *b, const Node *n);

/* --------------------------------------------------------------- parse.c */

/* Parse a whole module. Returns the Module node, or NULL with diag_last
 * holding the syntax error. */
Node *parse_module(Arena *a, Source *src);

#endif
