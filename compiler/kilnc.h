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

/* The end of the C token that starts at s[i] (s[0..n), generated C): a
 * string or character literal, a comment, an identifier (then *ident is
 * set), or one other character. For the passes that read emitted C back. */
size_t c_token_end(const char *s, size_t n, size_t i, bool *ident);

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

double now_seconds(void); /* a monotonic clock, for the -v timings */

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
void source_free(Source *src); /* the text, the line table and the Source */
/* Line (1-based) and column (1-based, in code points) of a byte offset. */
void source_pos(Source *src, uint32_t off, int *line, int *col);
/* path made absolute as Python's os.path.abspath makes it (the current
 * folder prepended, "." and ".." folded; symlinks kept): a module's
 * __file__. In a. */
const char *source_abspath(Arena *a, const char *path);
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
/* Print "FILE:LINE:COL: error[K0123]: MSG", the source line and a caret. */
void diag_print(FILE *out, const Diag *d);

/* -------------------------------------------------------------- errors.c */

/* The code of a printed message (errors.def): the first MSG row whose
 * format matches it, among the command line's rows (K05xx) when cli, else
 * among the program's; "K0000" when none does. */
const char *diag_code(const char *msg, bool cli);
/* After a failed compilation: "(kiln explain K0401: ...)" for the last
 * program diagnostic printed, if any. */
void diag_hint(FILE *out);
/* A command line error: "WHO: error[K0505]: MESSAGE" on stderr. */
void cli_error(const char *who, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int cmd_explain(int argc, char **argv); /* kiln explain CODE | --list | --markdown */
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
/* Call visit on the slot of each child of n (fields and list items, in
 * ast.def's order), so the visitor may replace the child. */
void ast_children(Node *n, void (*visit)(Node **slot, void *ctx), void *ctx);

/* repr(d) into out (32 bytes), shortest round-trip; add_dot0: '1.0' rather
 * than '1'. Defined in the runtime's dtoa.c, which the compiler links too,
 * so compiler and runtime share one copy of the algorithm. */
int kr_dtoa_repr(double d, char out[32], bool add_dot0);

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

/* --------------------------------------------------------------- types.c */

/* Type: a static type of the program. Types are interned: two equal types
 * are the same pointer. int, float, bool and None are unboxed in generated
 * code; every other type is a KrObj * of the runtime. TY_OBJECT is a value
 * whose type is known only at run time (a variant: control flow merged
 * values of different types); it is boxed and carries its runtime tag. */
#define TYPE_KINDS(X)                                                                      \
  X(UNKNOWN, "?")       /* not known yet (the bottom of type propagation) */              \
  X(NONE, "None")                                                                          \
  X(BOOL, "bool")                                                                          \
  X(INT, "int")                                                                            \
  X(FLOAT, "float")                                                                        \
  X(STR, "str")                                                                            \
  X(BYTES, "bytes")                                                                        \
  X(LIST, "list")       /* elem */                                                         \
  X(TUPLE, "tuple")     /* items[n] */                                                     \
  X(DICT, "dict")       /* key, elem */                                                    \
  X(SET, "set")         /* elem */                                                         \
  X(FROZENSET, "frozenset") /* elem */                                                     \
  X(RANGE, "range")                                                                        \
  X(ITER, "iterator")   /* elem: an object only iterated (a dict view, reversed(...)) */    \
  X(CURSOR, "cursor")   /* elem: the iterable; a for loop's position (a C struct) */       \
  X(TVAR, "?")          /* var: the element type of an empty container, not known yet */   \
  X(OPTIONAL, "Optional") /* elem: a boxed type, or None */                                \
  X(OBJECT, "object")   /* dynamic: any value, boxed */                                    \
  X(FUNC, "function")   /* a function of the program: func */                             \
  X(CLASS, "class")     /* an instance of a class of the program (or of a subclass): cls */ \
  X(CLASSREF, "type")   /* the class cls itself (a classmethod's cls): static, no value */ \
  X(DEQUE, "deque")     /* elem: a collections.deque */                                   \
  X(TEXTIO, "TextIOWrapper") /* a file open() made in text mode */                         \
  X(BINIO, "BufferedReader") /* a file open() made in binary mode */                       \
  X(NDARRAY, "ndarray") /* a numpy array or numpy scalar (dtype and shape at run time) */   \
  X(DTYPE, "dtype")     /* a numpy dtype (np.float32, a.dtype) */                          \
  X(PATTERN, "re.Pattern") /* var: what the pattern is known to be (re_info), 0: unknown */ \
  X(MATCH, "re.Match")  /* var: the pattern's re_info, as for PATTERN */                    \
  X(TOKENIZER, "Tokenizer") /* a tokenizers.Tokenizer (runtime tokmod.c) */                  \
  X(ENCODING, "Encoding") /* a tokenizers.Encoding: what Tokenizer.encode returns */        \
  X(NORETURN, "NoReturn") /* the value of an expression that always raises */

typedef enum {
#define X(k, s) TY_##k,
  TYPE_KINDS(X)
#undef X
} TypeKind;

typedef struct FuncDecl FuncDecl;
typedef struct ClassDecl ClassDecl;

typedef struct Type {
  TypeKind kind;
  const struct Type *elem;  /* LIST, SET, DICT (value), OPTIONAL */
  const struct Type *key;   /* DICT */
  const struct Type **items; /* TUPLE */
  int nitems;               /* TUPLE: -1 for tuple[elem, ...] (any length) */
  FuncDecl *func;           /* FUNC */
  ClassDecl *cls;           /* CLASS */
  int var;                  /* TVAR: its number */
  int flavor;               /* DICT: DF_DICT, or the dict subclass of collections it is */
} Type;

/* The dicts of collections: one static type each, the same runtime dict
 * with its flavour recorded (runtime KR_DF_*, same order). A defaultdict's
 * factory is part of its type: d[k] on a missing key inserts factory(). */
#define DICT_FLAVORS(X)                                              \
  X(DICT, "dict", "KR_DF_DICT")                                      \
  X(DD_LIST, "defaultdict(list)", "KR_DF_DD_LIST")                   \
  X(DD_INT, "defaultdict(int)", "KR_DF_DD_INT")                      \
  X(DD_FLOAT, "defaultdict(float)", "KR_DF_DD_FLOAT")                \
  X(DD_STR, "defaultdict(str)", "KR_DF_DD_STR")                      \
  X(DD_SET, "defaultdict(set)", "KR_DF_DD_SET")                      \
  X(DD_DICT, "defaultdict(dict)", "KR_DF_DD_DICT")                   \
  X(COUNTER, "Counter", "KR_DF_COUNTER")                             \
  X(ORDERED, "OrderedDict", "KR_DF_ORDERED")
typedef enum {
#define X(k, s, c) DF_##k,
  DICT_FLAVORS(X)
#undef X
} DictFlavor;
extern const char *const dict_flavor_c[]; /* the runtime's constant of each */

extern const Type *ty_unknown, *ty_none, *ty_bool, *ty_int, *ty_float, *ty_str, *ty_bytes,
    *ty_range, *ty_object, *ty_noreturn, *ty_textio, *ty_binio, *ty_ndarray, *ty_dtype,
    *ty_tokenizer, *ty_encoding;
const Type *ty_list(const Type *elem);
const Type *ty_set(const Type *elem);
const Type *ty_dict(const Type *key, const Type *val);
const Type *ty_dict_of(const Type *key, const Type *val, int flavor); /* a dict of collections */
const Type *ty_deque(const Type *elem);
const Type *ty_pattern(int info); /* re.Pattern; info: re_info's number, 0 unknown */
const Type *ty_match(int info);   /* re.Match of such a pattern */
const Type *ty_tuple(const Type **items, int n);
const Type *ty_optional(const Type *t);
const Type *ty_func(FuncDecl *f);
/* a closure: f with the types of the cells it captured (a tuple of them at run time) */
const Type *ty_closure(FuncDecl *f, const Type **cells, int n);
const Type *ty_frozenset(const Type *elem);
const Type *ty_tuple_of(const Type *elem);  /* tuple[elem, ...] */
const Type *ty_iter(const Type *elem);      /* an iterator or view yielding elem */
const Type *ty_cursor(const Type *iterable);
const Type *ty_tvar(int var);
const Type *ty_class(ClassDecl *c);
const Type *ty_classref(ClassDecl *c);
/* The type of the items iterating a value of type t yields, or NULL when t
 * is not iterable. */
const Type *ty_iter_item(const Type *t);
bool ty_has_tvar(const Type *t);
/* The type of a value that may come from a or from b (an SSA merge). */
const Type *ty_tuple_item(const Type *a, const Type *b); /* tuples a, b: their items' one type, or NULL */
const Type *ty_join(const Type *a, const Type *b);
bool ty_is_unboxed(const Type *t); /* int, float, bool, None */
void ty_print(Buf *b, const Type *t);  /* "list[int]", "Optional[str]" */
const char *ty_str_of(const Type *t);  /* ty_print into a static rotating buffer */

/* ------------------------------------------------------------- resolve.c */

/* A program is its modules; a module is its functions, one of them the
 * module-level code. resolve binds every name to a scope as Python does: a
 * name assigned anywhere in a function is local to it (unless declared
 * global or nonlocal), otherwise it is a module global or a builtin. */
typedef struct Module Module;

struct FuncDecl {
  Ident *name;        /* "<module>" for module-level code */
  Node *def;          /* the FunctionDef, or the Module node */
  Module *mod;
  Ident **locals;     /* names local to the function, parameters first: positional
                         ones, *args, keyword-only ones, **kwargs */
  int nlocals, nparams;
  int npos;           /* positional parameters (positional-only ones included) */
  int vararg, kwarg;  /* the index of *args and of **kwargs among the parameters, or -1 */
  Ident **globals;    /* names declared global */
  int nglobals;
  struct IrFunc **specs; /* its specialisations, one per argument-type tuple */
  int nspecs;
  ClassDecl *cls;     /* a method: its class */
  bool generator;     /* its body yields: calling it makes a generator */
  FuncDecl *outer;    /* a nested def or a lambda: the function it is in */
  Node *lambda;       /* a lambda, a generator expression used as a value: its node */
  FuncDecl **nested;  /* the defs nested in it (their names are its locals) */
  int nnested;
  const char *cbase;  /* its specialisations' C name without the kp_ prefix, or NULL: its name */
  /* closures: a variable that an inner function uses lives in a cell (a
   * one-item list) shared by both. cells: the enclosing function's
   * variables this function uses, passed as hidden parameters after its
   * own (locals[nparams + i]); celled: its own variables inner functions use */
  Ident **cells;
  int ncells;
  Ident **celled;
  int ncelled;
  bool fresh_defaults; /* defaults are any expressions, evaluated at each call (a dataclass's
                          generated __init__: field(default_factory=f) is f()) */
  int mkind;          /* a method: MK_* */
};

enum { MK_PLAIN, MK_STATIC, MK_CLASSMETHOD, MK_PROPERTY, MK_SETTER };

/* A field of a class's instances: its value lives in the instance's C
 * struct, unboxed when its type is int, float or bool. */
typedef struct ClassField {
  Ident *name;
  Node *ann;          /* the annotation that declares it (class body or self.x: T = ...), or NULL */
  const Type *type;   /* type propagation: the annotation's type, else the join of every store */
  bool always_set;    /* every __init__ of the class and its subclasses assigns it first thing */
  bool has_default;   /* a class attribute of the same name gives it its first value */
} ClassField;

/* A class of the program: its methods, the fields its methods assign on
 * self (those it adds to its base's), its class attributes (module globals
 * named "C.x"). Instances are C structs that extend their base's. */
struct ClassDecl {
  Ident *name;
  Node *def;          /* the ClassDef */
  Module *mod;
  ClassDecl *base;    /* a class of the program, or NULL (object) */
  ClassDecl **subs;   /* direct subclasses */
  int nsubs;
  FuncDecl **methods; /* its own, in source order (a property's setter after its getter) */
  int nmethods;
  ClassField *fields;      /* the fields it adds */
  int nfields;
  Ident **attrs;      /* its own class attributes */
  int nattrs;
  int depth;          /* 0 for a class without a base of the program */
  bool dataclass, frozen, order;
  Ident *exc_base;    /* an exception class with a body: the built-in or plain exception class it
                         extends (its subclasses have a base instead); NULL for other classes */
  Ident **ntfields;   /* class C(NamedTuple): its fields in order (a dataclass that is frozen and ordered) */
  int nntfields;
  bool is_enum;       /* class C(Enum): its members are instances made by the class body */
  bool int_enum;      /* class C(IntEnum): an enum whose members compare, hash and compute as their ints */
  const char *cname;  /* <prefix><name>: the C struct is ko_<cname>, the type kt_<cname> */
  struct IrFunc *slots[12]; /* type propagation: the dunder methods the runtime calls (KrType) */
  bool made;          /* type propagation: instances of exactly this class are made */
};

struct Module {
  Source *src;
  Node *ast;
  Ident *name;        /* "__main__" for the program's file */
  FuncDecl *init;     /* the module-level code */
  FuncDecl **funcs;   /* top-level functions, in source order */
  int nfuncs;
  Ident **globals;    /* names bound at module level */
  int nglobals;
  /* exception classes the module defines (class E(ValueError): pass), in
   * order, each with its base: a built-in exception or an earlier one */
  Ident **exc_names, **exc_bases;
  int nexc;
  int index;          /* 0: the program's file; others' C names carry the prefix m<index>_ */
  const char *prefix; /* "" or "m<index>_" */
  struct Program *program;
  ClassDecl **classes; /* classes with fields or methods, in source order */
  int nclasses;
  FuncDecl **methods;  /* every class's methods */
  int nmethods;
  FuncDecl **inner;    /* nested defs and lambdas, as lowering meets them */
  int ninner, capinner;
  struct Import *imports; /* names this module binds to other modules and their contents */
  int nimports;
  const Type **gtypes; /* type propagation: the type of each global */
  Ident **alias_names; /* type aliases (Vec = list[float]): names, and the */
  Node **alias_types;  /* annotations they stand for (resolve.c type_aliases) */
  int naliases;
};

/* A name an import binds to something static: `import m` / `import m as n`
 * (a module), `from m import f` (a function of m), `from m import E` (an
 * exception class of m). `from m import X` of a variable X binds an ordinary
 * variable instead, set when the import runs. A module kiln provides
 * (modules.def) has no Module: `import math` sets provided, `from math
 * import sqrt` provided and attr (a constant, `from math import pi`, is a
 * variable like X). */
typedef struct Import {
  Ident *name;     /* the name in the importing module */
  Module *mod;     /* the module imported; NULL for a provided one */
  FuncDecl *func;  /* a function of mod, or NULL */
  Ident *exc;      /* an exception class of mod, or NULL */
  ClassDecl *cls;  /* a class of mod, or NULL */
  const char *provided; /* the module kiln provides ("math"), or NULL */
  Ident *attr;     /* a function of the provided module, or NULL */
} Import;

/* Resolve a parsed program file and, first, every module it imports (their
 * files found next to it, as python3 finds them through sys.path[0]),
 * recursively. Raises (error_at) on what kiln does not support yet, with
 * the construct named. The modules go into p (p->mods, the program's file
 * first). name: "__main__", or a library's stem. */
Module *resolve_program(Arena *a, Source *src, Node *ast, Ident *name, struct Program *p);
/* The module an import statement names, as resolve found it, or NULL (a
 * module kiln provides itself, such as sys, or one not found). */
Module *import_target(Module *from, Ident *dotted, int level);
const Import *import_of(Module *m, Ident *name); /* what name is bound to by an import, or NULL */
int func_local_index(FuncDecl *f, Ident *name);   /* -1 if not local */
FuncDecl *module_func(Module *m, Ident *name);     /* a top-level def, or NULL */
int module_global_index(Module *m, Ident *name);  /* -1 if not a global */
/* typing, __future__: modules that only shape annotations; importing them
 * binds nothing at run time. */
bool is_compile_time_module(Ident *name);
/* Modules kiln provides itself (modules.def): the module's name if dotted
 * names one, else NULL; its submodule `name` ("os.path"), or NULL; whether
 * it has a constant `name` (its value in *value), a value the runtime makes
 * (VALUE: the builtin "module.name"), a function `name` (an op-library row
 * "module.name", or one lower.c implements). */
const char *provided_module(Ident *dotted);
bool provided_exception(const char *module, Ident *name); /* EXCEPTION(module, name) of modules.def */
const char *provided_submodule(const char *module, Ident *name);
bool provided_const(const char *module, Ident *name, Const *value);
bool provided_value(const char *module, Ident *name);
bool provided_func(const char *module, Ident *name);
bool is_builtin_exception(Ident *name);          /* ValueError, KeyError ... */
int module_exception(Module *m, Ident *name);    /* index into exc_names, or -1 */
ClassDecl *module_class(Module *m, Ident *name); /* a class the module defines or imports, or NULL */
/* The method `name` of c or of its nearest base that has one, or NULL. With
 * kind >= 0, only a method of that kind (MK_SETTER finds a property's setter). */
FuncDecl *class_method(ClassDecl *c, Ident *name, int kind);
ClassField *class_field(ClassDecl *c, Ident *name, ClassDecl **owner); /* c's or a base's */
ClassDecl *class_attr_owner(ClassDecl *c, Ident *name); /* where class attribute name is, or NULL */
Ident *class_attr_global(ClassDecl *c, Ident *name);     /* the module global "C.x" of it */
bool class_is_sub(const ClassDecl *c, const ClassDecl *base);
ClassDecl *class_exc_root(ClassDecl *c); /* the exception class with a body c descends from, or NULL */ /* c is base or derives from it */

/* A lambda met in f's body, as a function of its own (made once per node). */
FuncDecl *resolve_lambda(Arena *a, FuncDecl *f, Node *lambda);
FuncDecl *find_genexp(FuncDecl *f, Node *genexp); /* its generator function, or NULL */
bool is_wraps_decorator(Node *d);                  /* functools.wraps(...): accepted, does nothing */

/* desugar.c: rewrite map/filter and sorted/min/max with key= in f's body
 * as comprehensions (after resolve has bound f's names). */
void desugar_func(Arena *a, FuncDecl *f);

/* suggest.c: the name CPython 3.11 would suggest in a NameError raised in
 * f for `name` ("Did you mean: 'iter'?"), or NULL. */
const char *suggest_name(FuncDecl *f, const char *name);

/* --------------------------------------------------------------- lower.c */

typedef enum {
#define IR(name, text, flags) IR_##name,
#include "ir.def"
#undef IR
  IR_COUNT
} IrOp;

enum { IRF_RAISES = 1, IRF_TERM = 2, IRF_PURE = 4 };
extern const char *const ir_name[IR_COUNT];
extern const int ir_flags[IR_COUNT];

typedef struct Instr Instr;
typedef struct Block Block;

/* Instr: one SSA instruction; the value it defines is the instruction. */
struct Instr {
  IrOp op;
  int id;             /* value number, v<id> in dumps and in the C */
  uint32_t off;       /* source position (byte offset) */
  const Type *type;   /* set by type propagation */
  Block *block;
  Instr **args;
  int nargs;
  int sub;            /* BINOP: BinOpKind; UNARYOP: UnaryOpKind; COMPARE: CmpOp; PARAM: index */
  Const cval;         /* CONST */
  Ident *name;        /* GLOBAL_GET/SET, BUILTIN (the callee's name: "print", "str.upper") */
  Module *gmod;       /* GLOBAL_GET/SET: another module's global; EXC_NEW: the module
                         defining the class; IMPORT: the module. NULL: this one's */
  Ident **kwnames;    /* BUILTIN: names of the trailing keyword arguments;
                         EXC_MATCH: the exception classes */
  int nkw;
  FuncDecl *callee;   /* CALL */
  struct IrFunc *target; /* CALL: the specialisation chosen by type propagation */
  const struct OpRow *row; /* BINOP, COMPARE, BUILTIN...: the op chosen by type propagation */
  Block *succs[2];    /* JUMP: succs[0]; BRANCH: then, else; an instruction that may raise
                         inside a try body: succs[1], where its exception goes */
  int var;            /* PHI: the local it merges */
  const Type *ann;    /* BUILTIN list.new: the type an annotation gives it (x: list[int] = []) */
  ClassDecl *cls;     /* NEW: the class; GETATTR/SETATTR: the class owning the field */
  ClassField *field;       /* GETATTR/SETATTR of a field */
  /* a method call resolved by type propagation (obj.m(...), an operator on
   * an instance): the receiver and arguments as written, and the dispatch
   * to subclasses that override the method */
  Instr **margs;
  int nmargs;
  Ident **mkw;        /* names of the last nmkw of margs */
  int nmkw;
  struct IrFunc **disp; /* overriding specialisations, most derived class first */
  ClassDecl **dispcls;
  int ndisp;
  bool negate;        /* a != b through __eq__ */
  const char *err;    /* a type error found when binding the call, reported by the checks */
};

struct Block {
  int id;
  Instr **instrs;
  int ninstrs, cap;
  Block **preds;
  int npreds, cappreds;
  bool sealed;        /* all predecessors known (SSA construction) */
  Instr **defs;       /* SSA construction: current value of each local */
  Instr **incomplete; /* SSA construction: phis waiting for predecessors */
  int nslots;         /* SSA construction: room in defs and incomplete */
};

/* IrFunc: one specialisation of a function for one tuple of argument types. */
typedef struct IrFunc {
  FuncDecl *decl;
  const Type **params;
  int nparams;
  const Type *ret;    /* the declared or inferred return type */
  const Type *declared_ret; /* from the annotation, or NULL */
  Block **blocks;     /* blocks[0] is the entry */
  int nblocks;
  int nvalues;
  char *cname;        /* the C name: kp_<name>[_<n>] */
  bool typed;         /* type propagation has run */
  bool still;         /* emit.c find_still: running it drops no reference that anything
                         outside its frame holds (no boxed store, no unknown code) */
  const Type *yields; /* a generator: the join of what it yields */
} IrFunc;

/* Lower one function to SSA IR for the given parameter types. */
IrFunc *lower_func(Arena *a, FuncDecl *f, const Type **params, int nparams);
/* A new constant instruction placed in `at`'s block just before it. */
Instr *ir_const_before(Arena *a, IrFunc *fn, Instr *at, Const c);
Instr *ir_insert_before(Arena *a, IrFunc *fn, Instr *at, IrOp op, int nargs); /* a new instruction, typed later */
void ir_dump(Buf *b, IrFunc *fn, bool with_types);

/* --------------------------------------------------------------- infer.c */

/* OpRow: one row of the op library (ops.def). */
typedef struct OpRow {
  const char *callee; /* "+", "len", ".upper", "iter.next" */
  const char *sig;    /* argument type codes (see ops.def) */
  char result;        /* result type code */
  const char *cfn;    /* the C function or macro */
  int flags;          /* OPF_RAISES, OPF_CHECKED */
} OpRow;
enum { OPF_RAISES = 1, OPF_CHECKED = 2 };
extern const OpRow op_table[];
extern const int op_count;
const Type *type_of_code(char code); /* 'i' → int ...; NULL for 'a', 'o', '*', 'L', 'e', 'E' */
/* The type an annotation names (int, float, str, bool, None, list[T],
 * Optional[T]), or NULL when kiln does not know it. */
const Type *type_from_annotation(Module *m, Node *ann);
void ops_print(FILE *out);           /* `kiln ops` */
const char *op_code_name(char code); /* how `kiln ops` shows a type code of ops.def */

/* ------------------------------------------------------------- opsdoc.c */

/* `kiln ops --markdown`: docs/reference/ops.md from ops.def, builtins.def,
 * modules.def and numpy.def. */
void ops_markdown(FILE *out);

/* Type propagation: from the entry's parameter types through every
 * instruction, each op's result type from the op library; calls of the
 * program's functions create specialisations per argument-type tuple.
 * Collects every type error of the program, prints each, and returns the
 * number found. exports: the specialisations a library exports (their
 * parameter types from annotations), typed as further roots. */
int infer_program(Arena *a, Module *m, IrFunc *entry, IrFunc **exports, int nexports);
IrFunc *func_spec(Arena *a, FuncDecl *f, const Type **args, int nargs); /* find or create */

/* -------------------------------------------------------------- export.c */

/* A library's exports: a specialisation of each public annotated top-level
 * function for its annotated types (before type propagation: they are its
 * further roots). Prints a note for each public function left out, and
 * why. Returns how many. */
int export_collect(Arena *a, Module *m, IrFunc ***out);
/* After type propagation: an error for each export whose return type has
 * no ABI form. Returns the number of errors. */
int export_check(Module *m, IrFunc **ex, int n);
void export_manifest(Buf *b, Module *m, IrFunc **ex, int n); /* kiln_manifest()'s JSON */
void export_param_default(Buf *b, FuncDecl *f, int p); /* parameter p's default as JSON */
void json_string(Buf *b, const char *s, size_t n);      /* a JSON string literal */

/* ---------------------------------------------------------------- emit.c */

/* A program: its modules, its module code and, for a library, its exports. */
typedef struct Program {
  Module *m;          /* the program's file */
  Module **mods;      /* every module, m first */
  int nmods;
  IrFunc *entry;
  IrFunc **exports;
  int nexports;
  bool library;
  /* seconds spent in each phase, for -v: loading and parsing the program's
   * file; resolving (the imported modules' parsing included) and lowering
   * the module code; type propagation with the lowering of each
   * specialisation it creates */
  double t_parse, t_resolve, t_types;
  /* the C names functions have taken (infer.c's func_spec): an
   * open-addressing set of interned names, in the arena */
  Ident **cnames;
  int ncnames, capcnames;
} Program;

/* Write the C translation of the program (all specialisations reached from
 * its module code and its exports) into units[0..n), at most max_units
 * files that compile separately and link together (units.c decides how
 * many); returns n. Unit 0 holds main() for an executable, the kr_library
 * table for a library. With max_units 1, one self-contained file. */
int emit_program(Buf *units, int max_units, Program *p);

/* ---------------------------------------------------------------- units.c */

/* Which of a program's C units each of its functions goes into. */
typedef struct UnitPlan {
  int n;       /* units: 1 for a program whose C is small */
  int *home;   /* per function: the unit defining it with external linkage; -1: a static copy in each
                  unit that uses it (n > 1 only) */
  uint8_t *in; /* in[u * nfuncs + f]: unit u holds function f */
} UnitPlan;
/* Plan at most max_units units for nfuncs functions, given each one's C
 * name and text; single[f]: f must not be copied (a generator, whose type
 * object must be one); roots: C that only unit 0 holds (class types, main),
 * whose references count too. */
void units_plan(UnitPlan *up, int max_units, int nfuncs, char *const *names, const Buf *texts, const bool *single,
                const Buf *roots);
void units_free(UnitPlan *up);

/* -------------------------------------------------------- main.c, driver.c */

/* Read and decode a .py file; prints the error and returns NULL on failure. */
Source *load_source(const char *path);
/* Parse, resolve, lower the module code (and for a library its exports)
 * and propagate types; prints every error and returns false if there was
 * one. */
bool compile_program(Arena *a, const char *path, bool library, Program *p);
int driver_build(int argc, char **argv, bool library); /* kiln build / kiln compile */
int driver_call(int argc, char **argv);                /* kiln call */
int serve_main(int argc, char **argv);                 /* kiln serve (serve/serve.c) */
const char *kiln_home(void); /* the folder of kiln's runtime, library and python/ package: bin/kiln's parent */

/* ------------------------------------------------------------- targets.c */

/* A platform kiln compiles for: its C compiler and how its output is linked
 * and run. Strings of flags are split at spaces; "@/" in a flag stands
 * for kiln's home folder and a "/". */
typedef struct Target {
  const char *triple;         /* "aarch64-linux-gnu" */
  const char *cc, *ar;        /* commands on PATH (cc: $CC overrides it on the host) */
  const char *cflags;         /* for the generated C too */
  const char *runtime_cflags; /* for the runtime only */
  const char *debug;          /* the default debug flag, if not -g1 */
  const char *exe_ext;        /* what an executable's name must end with, if anything */
  const char *lib_ext;        /* a library's usual suffix (".so", ".dll", ".js") */
  const char *exe_link, *lib_link; /* link flags, after the runtime's archives */
  const char *web_link;       /* a library for a browser page (kiln compile --web), if the target has one */
  const char *runner;         /* how this machine runs its executables; NULL: natively */
  const char *runner_probe;   /* the command that must exist for that */
  const char *runner_packages;
  const char *packages;       /* the Debian packages of its compiler */
  const char *node_path;      /* a folder the compiler's Node tools need on NODE_PATH */
  const char *platform;       /* its sys.platform ("linux", "win32", "emscripten") */
  const char *note;           /* one line for kiln targets */
  const char *missing;        /* set when no package reaches it: what it needs */
} Target;

const Target *target_host(void);
/* The target the code being compiled is for (kiln build/compile --target;
 * the host otherwise): sys.platform is its platform. */
extern const Target *target_code;
const Target *target_find(const char *triple); /* NULL: not a target kiln knows */
const char *target_missing(const Target *t);   /* why t cannot be built here, or NULL */
/* The folder of t's runtime archives, built first if need be; false after
 * printing why when that fails. */
bool target_runtime(const Target *t, char *dir, size_t n);
int cmd_targets(int argc, char **argv); /* kiln targets */
const Target *target_at(int i);          /* the i-th target kiln knows; NULL past the last */
bool have_command(const char *cmd);      /* is cmd (a name on PATH, or a path) there to run? */

/* -------------------------------------------------------------- doctor.c */

int cmd_doctor(int argc, char **argv); /* kiln doctor: check the toolchain */

/* --------------------------------------------------------------- embed.c */

/* The files of --embed PATH[=MOUNT] options: where each is read from, the
 * path the program sees it at, its size. */
typedef struct EmbedList {
  char **src, **mount;
  long long *size, total;
  int n, cap;
  const char *model_dir; /* the first folder's mount: KILN_MODEL_DIR's default */
} EmbedList;
bool embed_add(EmbedList *l, const char *arg); /* false after printing why */
void embed_asm(Buf *b, const EmbedList *l, const Target *t); /* the .incbin assembly */
void embed_table(Buf *c, const EmbedList *l);   /* the C table and its constructor */

#endif
