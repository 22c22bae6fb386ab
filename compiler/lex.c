/* lex.c — the tokenizer: a Source's text becomes a TokenList, exactly as
 * CPython 3.11's tokenizer (Parser/tokenizer.c) splits it.
 *
 * One pass over the whole text, a switch on the first byte of each token,
 * tokens appended to a growing heap array that is copied into the arena at
 * the end (no allocation per token). NAME tokens are interned; a name with
 * non-ASCII letters is checked against XID_Start/XID_Continue and NFKC
 * normalised first, as CPython does. String tokens are found, not decoded
 * (strlit.c decodes them for the parser); an f-string is one STRING token,
 * as in 3.11, and the parser lexes each replacement field with
 * lex_fstring_expr.
 *
 * Lines and indentation follow tok_get: a line holding only blanks and a
 * comment makes no token; inside brackets newlines make none either; at the
 * start of a line the indentation is measured twice, tabs to multiples of 8
 * (col) and tabs as 1 (altcol), and the two must order the lines alike or
 * it is a TabError. A backslash before the first token of a line continues
 * it, and the column where the first such backslash stood is the line's
 * indentation (CPython 3.11.4+). At the end of the text a NEWLINE is made
 * if the last line has tokens but no newline, then the DEDENTs, then
 * ENDMARKER. Positions: INDENT spans the indentation; DEDENT and ENDMARKER
 * are empty, at the next token, or at the final '\n' when they end a text
 * that has one (CPython reads no line after the last); a NEWLINE covers its
 * '\n' (empty at EOF).
 *
 * Errors are deferred (see TokenList in kilnc.h): the first one becomes
 * tl->err and one TK_ERROR token ends the list. Internally lex_fail()
 * longjmps out of the scanner to lex_run(). Each error sits where CPython
 * puts SyntaxError.lineno and .offset: for the tokenizer's own errors
 * offset counts the characters before its cursor, so the Diag points at the
 * character just before where CPython's cursor stood (before()).
 *
 * Tokens CPython returns as an unusable OP ('$', '?', '`', '<>'; see
 * pseudo_error) make the parser fail with "invalid syntax" right there; the
 * lexer then goes on scanning without tokens, as CPython does when it checks
 * the rest of the file after a parser error, to find a tokenizer error that
 * would replace it. A lone '!' is BANG wherever it stands: the parser takes
 * it only before a replacement field's conversion, and fails on it anywhere
 * else as CPython's parser does on its OP.
 */
#include "kilnc.h"

#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

const char *const tok_spelling[TK_COUNT] = {
#define TOK(k, s) s,
#include "tokens.def"
#undef TOK
};

const char *const tok_name[TK_COUNT] = {
#define TOK(k, s) #k,
#include "tokens.def"
#undef TOK
};

enum {
  TABSIZE = 8,
  MAXINDENT = 100, /* CPython's indstack size: at most 99 INDENTs deep */
  MAXLEVEL = 200,  /* open brackets */
};

typedef struct Lexer {
  Source *src;
  const char *s, *eof; /* the text scanned: s[0..eof), *eof == 0 */
  uint32_t base;       /* offset of s[0] in src->text */
  bool fstring;        /* an f-string replacement field: as if inside brackets */
  TokenList *tl;
  Token *toks; /* the list being built, on the heap */
  int len, cap;
  bool muted; /* a pseudo error was recorded: scan on, make no tokens */
  jmp_buf fail;
  /* indentation stack: col (tabs to 8) and altcol (tabs as 1) */
  int indent;
  int indstack[MAXINDENT], altstack[MAXINDENT];
  /* open brackets */
  int level;
  char paren[MAXLEVEL];
  const char *parenpos[MAXLEVEL];
} Lexer;

/* -------------------------------------------------------- characters */

/* Bytes that may continue a name: ASCII letters, digits, '_', and every
 * byte of a non-ASCII character (CPython's is_potential_identifier_char). */
static const bool name_char[256] = {
    ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1,
    ['8'] = 1, ['9'] = 1, ['_'] = 1, ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1,
    ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1,
    ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1,
    ['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1, ['A'] = 1, ['B'] = 1, ['C'] = 1,
    ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1, ['K'] = 1,
    ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1, ['S'] = 1,
    ['T'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1, ['Y'] = 1, ['Z'] = 1,
#define R16(b) [b] = 1, [b + 1] = 1, [b + 2] = 1, [b + 3] = 1, [b + 4] = 1, [b + 5] = 1, [b + 6] = 1, \
                [b + 7] = 1, [b + 8] = 1, [b + 9] = 1, [b + 10] = 1, [b + 11] = 1, [b + 12] = 1,     \
                [b + 13] = 1, [b + 14] = 1, [b + 15] = 1
    R16(0x80), R16(0x90), R16(0xA0), R16(0xB0), R16(0xC0), R16(0xD0), R16(0xE0), R16(0xF0),
#undef R16
};

static bool is_name_char(const char *p) { return name_char[(unsigned char)*p]; }
static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_xdigit(int c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

/* Code points assigned in Unicode 15.0. CPython 3.11 knows Unicode 14.0,
 * utf8proc 2.8 knows 15.0: to CPython these are unassigned (Cn). */
static const uint32_t unicode15[][2] = {
    {0x0CF3, 0x0CF3},   {0x0ECE, 0x0ECE},   {0x10EFD, 0x10EFF}, {0x1123F, 0x11241}, {0x11B00, 0x11B09},
    {0x11F00, 0x11F10}, {0x11F12, 0x11F3A}, {0x11F3E, 0x11F59}, {0x1342F, 0x1342F}, {0x13439, 0x13455},
    {0x1B132, 0x1B132}, {0x1B155, 0x1B155}, {0x1D2C0, 0x1D2D3}, {0x1DF25, 0x1DF2A}, {0x1E030, 0x1E06D},
    {0x1E08F, 0x1E08F}, {0x1E4D0, 0x1E4F9}, {0x1F6DC, 0x1F6DC}, {0x1F774, 0x1F776}, {0x1F77B, 0x1F77F},
    {0x1F7D9, 0x1F7D9}, {0x1FA75, 0x1FA77}, {0x1FA87, 0x1FA88}, {0x1FAAD, 0x1FAAF}, {0x1FABB, 0x1FABD},
    {0x1FABF, 0x1FABF}, {0x1FACE, 0x1FACF}, {0x1FADA, 0x1FADB}, {0x1FAE8, 0x1FAE8}, {0x1FAF7, 0x1FAF8},
    {0x2B739, 0x2B739}, {0x31350, 0x323AF},
};

/* The general category as Unicode 14.0 has it. */
static int category(uint32_t cp) {
  if (cp >= 0x0CF3) {
    for (size_t i = 0; i < countof(unicode15); i++)
      if (cp >= unicode15[i][0] && cp <= unicode15[i][1])
        return UTF8PROC_CATEGORY_CN;
  }
  return utf8proc_category((utf8proc_int32_t)cp);
}

/* XID_Start (PEP 3131), from the general category: letters and letter
 * numbers, plus Other_ID_Start, less Pattern_Syntax and the characters
 * whose NFKC form is no identifier start. */
static bool xid_start(uint32_t cp) {
  switch (cp) {
  case 0x1885: case 0x1886: case 0x2118: case 0x212E: /* Other_ID_Start */
    return true;
  case 0x2E2F:                                        /* Pattern_Syntax */
  case 0x037A: case 0x0E33: case 0x0EB3: case 0x309B: case 0x309C: case 0xFDFA: case 0xFDFB:
  case 0xFF9E: case 0xFF9F:
    return false;
  }
  if ((cp >= 0xFC5E && cp <= 0xFC63) || (cp >= 0xFE70 && cp <= 0xFE7E && cp % 2 == 0))
    return false;
  switch (category(cp)) {
  case UTF8PROC_CATEGORY_LU: case UTF8PROC_CATEGORY_LL: case UTF8PROC_CATEGORY_LT:
  case UTF8PROC_CATEGORY_LM: case UTF8PROC_CATEGORY_LO: case UTF8PROC_CATEGORY_NL:
    return true;
  }
  return false;
}

/* XID_Continue: XID_Start, marks, digits, connector punctuation, plus
 * Other_ID_Continue; NFKC exceptions again. */
static bool xid_continue(uint32_t cp) {
  switch (cp) {
  case 0x00B7: case 0x0387: case 0x19DA: /* Other_ID_Continue */
  case 0x0E33: case 0x0EB3: case 0xFF9E: case 0xFF9F:
    return true;
  case 0x2E2F: case 0x037A: case 0x309B: case 0x309C: case 0xFDFA: case 0xFDFB:
    return false;
  }
  if (cp >= 0x1369 && cp <= 0x1371)
    return true;
  if ((cp >= 0xFC5E && cp <= 0xFC63) || (cp >= 0xFE70 && cp <= 0xFE7E && cp % 2 == 0))
    return false;
  if (xid_start(cp))
    return true;
  switch (category(cp)) {
  case UTF8PROC_CATEGORY_MN: case UTF8PROC_CATEGORY_MC: case UTF8PROC_CATEGORY_ND:
  case UTF8PROC_CATEGORY_PC:
    return true;
  }
  return false;
}

/* Python's str.isprintable() for one character. */
static bool printable(uint32_t cp) {
  if (cp == ' ')
    return true;
  switch (category(cp)) {
  case UTF8PROC_CATEGORY_CC: case UTF8PROC_CATEGORY_CF: case UTF8PROC_CATEGORY_CS:
  case UTF8PROC_CATEGORY_CO: case UTF8PROC_CATEGORY_CN: case UTF8PROC_CATEGORY_ZL:
  case UTF8PROC_CATEGORY_ZP: case UTF8PROC_CATEGORY_ZS:
    return false;
  }
  return true;
}

/* ------------------------------------------------------------ tokens */

static void push(Lexer *L, TokKind kind, const char *start, const char *end, Ident *id) {
  if (L->muted)
    return;
  if (L->len == L->cap) {
    L->cap *= 2;
    L->toks = xrealloc(L->toks, (size_t)L->cap * sizeof *L->toks);
  }
  Token *t = &L->toks[L->len++];
  t->kind = kind;
  t->off = L->base + (uint32_t)(start - L->s);
  t->end = L->base + (uint32_t)(end - L->s);
  t->id = id;
}

/* Hard keywords by interned name: a small open-addressing table. */
static struct {
  Ident *id;
  TokKind kind;
} kwtab[256];

static void init_keywords(void) {
  static bool done;
  if (done)
    return;
  done = true;
  for (int k = TK_KW_FIRST; k <= TK_KW_LAST; k++) {
    Ident *id = intern(tok_spelling[k], strlen(tok_spelling[k]));
    uint32_t i = id->hash & 255;
    while (kwtab[i].id)
      i = (i + 1) & 255;
    kwtab[i].id = id;
    kwtab[i].kind = (TokKind)k;
  }
}

static TokKind keyword(Ident *id) {
  for (uint32_t i = id->hash & 255; kwtab[i].id; i = (i + 1) & 255)
    if (kwtab[i].id == id)
      return kwtab[i].kind;
  return TK_NAME;
}

/* ------------------------------------------------------------ errors */

static uint32_t abs_off(Lexer *L, const char *p) { return L->base + (uint32_t)(p - L->s); }

static int line_of(Lexer *L, const char *p) {
  int line, col;
  source_pos(L->src, abs_off(L, p), &line, &col);
  return line;
}

/* Where a Diag points for a CPython error whose cursor stood at cur: the
 * character before it, unless cur starts a line. */
static const char *before(Lexer *L, const char *cur) {
  if (cur <= L->s || cur[-1] == '\n')
    return cur;
  cur--;
  while (cur > L->s && ((unsigned char)*cur & 0xC0) == 0x80)
    cur--;
  return cur;
}

/* Error classes (TokenList.err_replaces): TOKERR for the errors CPython's
 * tokenizer raises itself, STATERR for those the parser raises from the
 * tokenizer's state when it reaches the error token. */
enum { TOKERR, STATERR };

/* Note that brackets are open where the lexer stops. */
static void note_unclosed(Lexer *L, Diag *d) {
  TokenList *tl = L->tl;
  tl->has_unclosed = L->level > 0;
  if (L->level > 0) {
    const char *b = L->parenpos[L->level - 1];
    *d = (Diag){0};
    d->kind = ERR_SYNTAX;
    d->src = L->src;
    d->off = abs_off(L, b);
    source_pos(L->src, d->off, &d->line, &d->col);
    snprintf(d->msg, sizeof d->msg, "'%c' was never closed", L->paren[L->level - 1]);
  }
}

/* Record an error at `at` and stop scanning. */
_Noreturn static void lex_fail(Lexer *L, const char *at, int cls, ErrKind kind, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
_Noreturn static void lex_fail(Lexer *L, const char *at, int cls, ErrKind kind, const char *fmt, ...) {
  TokenList *tl = L->tl;
  va_list ap;
  va_start(ap, fmt);
  if (!L->muted) {
    diag_make(&tl->err, L->src, abs_off(L, at), kind, fmt, ap);
    tl->err_replaces = cls == TOKERR;
    push(L, TK_ERROR, at, at, NULL);
  } else if (cls == TOKERR) { /* it replaces the pseudo error */
    diag_make(&tl->err, L->src, abs_off(L, at), kind, fmt, ap);
    tl->err_replaces = true;
  }
  va_end(ap);
  if (cls == STATERR)
    note_unclosed(L, &tl->unclosed);
  longjmp(L->fail, 1);
}

/* A tokenizer error with CPython's cursor at cur. */
#define tok_error(L, cur, ...) lex_fail(L, before(L, cur), TOKERR, ERR_SYNTAX, __VA_ARGS__)

/* EOF inside brackets: "'(' was never closed" at the innermost one. */
_Noreturn static void unclosed_error(Lexer *L) {
  const char *b = L->parenpos[L->level - 1];
  lex_fail(L, b, STATERR, ERR_SYNTAX, "'%c' was never closed", L->paren[L->level - 1]);
}

/* A token the parser can never accept ('$', '?', '`', '<>'): CPython's
 * parser stops there with "invalid syntax", unless a later tokenizer error
 * replaces it; so record the error and scan on silently. */
static void pseudo_error(Lexer *L, const char *p, const char *end) {
  if (L->muted)
    return;
  TokenList *tl = L->tl;
  tl->err = (Diag){0};
  tl->err.kind = ERR_SYNTAX;
  tl->err.src = L->src;
  tl->err.off = abs_off(L, p);
  source_pos(L->src, tl->err.off, &tl->err.line, &tl->err.col);
  snprintf(tl->err.msg, sizeof tl->err.msg, "invalid syntax");
  tl->err_replaces = false;
  push(L, TK_ERROR, p, end, NULL);
  L->muted = true;
}

/* The start of the line holding p, and the '\n' (or EOF) that ends it. */
static const char *line_start(Lexer *L, const char *p) {
  while (p > L->s && p[-1] != '\n')
    p--;
  return p;
}

static const char *line_end(const char *p) { return p + strcspn(p, "\n"); }

/* ------------------------------------------------------- indentation */

/* The first token of a logical line starts at p after indentation measured
 * as col/altcol (from ls): compare with the stack, push INDENT/DEDENTs. */
static void indentation(Lexer *L, const char *ls, const char *p, int col, int altcol) {
  int top = L->indent;
  if (col == L->indstack[top]) {
    if (altcol != L->altstack[top])
      lex_fail(L, line_start(L, p), STATERR, ERR_TAB, "inconsistent use of tabs and spaces in indentation");
  } else if (col > L->indstack[top]) {
    if (top + 1 >= MAXINDENT)
      lex_fail(L, line_start(L, p), STATERR, ERR_INDENT, "too many levels of indentation");
    if (altcol <= L->altstack[top])
      lex_fail(L, line_start(L, p), STATERR, ERR_TAB, "inconsistent use of tabs and spaces in indentation");
    L->indent++;
    L->indstack[L->indent] = col;
    L->altstack[L->indent] = altcol;
    push(L, TK_INDENT, ls, p, NULL);
  } else {
    int n = 0;
    while (L->indent > 0 && col < L->indstack[L->indent]) {
      L->indent--;
      n++;
    }
    if (col != L->indstack[L->indent])
      lex_fail(L, line_end(p), STATERR, ERR_INDENT, "unindent does not match any outer indentation level");
    if (altcol != L->altstack[L->indent])
      lex_fail(L, line_start(L, p), STATERR, ERR_TAB, "inconsistent use of tabs and spaces in indentation");
    while (n--)
      push(L, TK_DEDENT, p, p, NULL);
  }
}

/* A backslash at p must end its line (tok_continuation_line); returns the
 * start of the next line. At EOF the text ends as if with a newline. */
static const char *continuation(Lexer *L, const char *p) {
  const char *nl = p + 1;
  if (*nl != '\n' && nl != L->eof)
    lex_fail(L, nl, STATERR, ERR_SYNTAX, "unexpected character after line continuation character");
  if (nl == L->eof || nl + 1 == L->eof) {
    if (L->level > 0)
      unclosed_error(L);
    lex_fail(L, nl, STATERR, ERR_SYNTAX, "unexpected EOF while parsing");
  }
  return nl + 1;
}

/* ----------------------------------------------------------- numbers */

/* Is the text at p `word` and then no name character? */
static bool lookahead(const char *p, const char *word) {
  size_t n = strlen(word);
  return strncmp(p, word, n) == 0 && !is_name_char(p + n);
}

/* verify_end_of_number: the character at q ends a number. A keyword that
 * may follow a number in valid code (1if x else y) is let through (CPython
 * warns); another letter is an error. */
static void end_of_number(Lexer *L, const char *q, const char *kind) {
  bool kw = false;
  switch (*q) {
  case 'a': kw = lookahead(q + 1, "nd"); break;
  case 'e': kw = lookahead(q + 1, "lse"); break;
  case 'f': kw = lookahead(q + 1, "or"); break;
  case 'i': kw = q[1] == 'f' || q[1] == 'n' || q[1] == 's'; break;
  case 'o': kw = lookahead(q + 1, "r"); break;
  case 'n': kw = lookahead(q + 1, "ot"); break;
  }
  if (!kw && (unsigned char)*q < 0x80 && is_name_char(q))
    tok_error(L, q, "invalid %s literal", kind);
}

/* digits ('_' digits)*, after the first digit (tok_decimal_tail). */
static const char *decimal_tail(Lexer *L, const char *q) {
  for (;;) {
    while (is_digit(*q))
      q++;
    if (*q != '_')
      return q;
    q++;
    if (!is_digit(*q))
      tok_error(L, q, "invalid decimal literal");
  }
}

/* 0x, 0o or 0b digits: q is past the letter. */
static const char *radix_digits(Lexer *L, const char *q, int radix) {
  const char *kind = radix == 16 ? "hexadecimal" : radix == 8 ? "octal" : "binary";
  do {
    if (*q == '_')
      q++;
    int c = *q;
    bool ok = radix == 16 ? is_xdigit(c) : c >= '0' && c < '0' + radix;
    if (!ok) {
      if (radix != 16 && is_digit(c))
        tok_error(L, q + 1, "invalid digit '%c' in %s literal", c, kind);
      tok_error(L, q, "invalid %s literal", kind);
    }
    while (radix == 16 ? is_xdigit(*q) : *q >= '0' && *q < '0' + radix)
      q++;
  } while (*q == '_');
  if (radix != 16 && is_digit(*q))
    tok_error(L, q + 1, "invalid digit '%c' in %s literal", *q, kind);
  end_of_number(L, q, kind);
  return q;
}

/* The exponent, the 'j' and the end check of a decimal number: q is past
 * its integer and fraction digits. */
static const char *number_tail(Lexer *L, const char *q) {
  if (*q == 'e' || *q == 'E') {
    const char *e = q++;
    if (*q == '+' || *q == '-') {
      q++;
      if (!is_digit(*q))
        tok_error(L, q, "invalid decimal literal");
    } else if (!is_digit(*q)) {
      end_of_number(L, e, "decimal"); /* "1else": the number ends before the e */
      return e;
    }
    q = decimal_tail(L, q + 1);
  }
  if (*q == 'j' || *q == 'J') {
    end_of_number(L, q + 1, "imaginary");
    return q + 1;
  }
  end_of_number(L, q, "decimal");
  return q;
}

/* NUMBER: p at its first digit, or at a '.' before a digit. */
static const char *scan_number(Lexer *L, const char *p) {
  const char *q = p;
  if (*q == '.')
    return number_tail(L, decimal_tail(L, q + 2));
  if (*q != '0') {
    q = decimal_tail(L, q + 1);
    if (*q == '.') {
      q++;
      if (is_digit(*q))
        q = decimal_tail(L, q + 1);
    }
    return number_tail(L, q);
  }
  q++;
  switch (*q) {
  case 'x': case 'X': return radix_digits(L, q + 1, 16);
  case 'o': case 'O': return radix_digits(L, q + 1, 8);
  case 'b': case 'B': return radix_digits(L, q + 1, 2);
  }
  /* zeros, maybe with underscores; then other digits only before '.', 'e' or 'j' */
  for (;;) {
    if (*q == '_') {
      q++;
      if (!is_digit(*q))
        tok_error(L, q, "invalid decimal literal");
    }
    if (*q != '0')
      break;
    q++;
  }
  bool nonzero = false;
  if (is_digit(*q)) {
    nonzero = true;
    q = decimal_tail(L, q + 1);
  }
  if (*q == '.') {
    q++;
    if (is_digit(*q))
      q = decimal_tail(L, q + 1);
    return number_tail(L, q);
  }
  if (*q == 'e' || *q == 'E' || *q == 'j' || *q == 'J')
    return number_tail(L, q);
  if (nonzero)
    lex_fail(L, p, TOKERR, ERR_SYNTAX,
             "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers");
  end_of_number(L, q, "decimal");
  return q;
}

/* ----------------------------------------------------- names, strings */

/* A NAME or keyword starting at p; returns its end. */
static const char *scan_name(Lexer *L, const char *p) {
  const char *q = p;
  bool ascii = true;
  while (name_char[(unsigned char)*q]) {
    ascii &= (unsigned char)*q < 0x80;
    q++;
  }
  if (ascii) {
    Ident *id = intern(p, (size_t)(q - p));
    push(L, keyword(id), p, q, id);
    return q;
  }
  /* verify_identifier: the first character XID_Start or '_', the rest
   * XID_Continue; the error points at the first that is not. */
  for (const char *r = p; r < q;) {
    uint32_t cp;
    int n = utf8_decode(r, (size_t)(q - r), &cp);
    if (n <= 0) /* cannot happen: source.c validated the text */
      n = 1, cp = (unsigned char)*r;
    bool ok = r == p ? cp == '_' || xid_start(cp) : xid_continue(cp);
    if (!ok) {
      if (printable(cp))
        lex_fail(L, r, TOKERR, ERR_SYNTAX, "invalid character '%.*s' (U+%04X)", n, r, (unsigned)cp);
      lex_fail(L, r, TOKERR, ERR_SYNTAX, "invalid non-printable character U+%04X", (unsigned)cp);
    }
    r += n;
  }
  utf8proc_uint8_t *nfkc = NULL;
  utf8proc_ssize_t n = utf8proc_map((const utf8proc_uint8_t *)p, q - p, &nfkc,
                                    UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT);
  Ident *id = n >= 0 ? intern((const char *)nfkc, (size_t)n) : intern(p, (size_t)(q - p));
  free(nfkc);
  push(L, TK_NAME, p, q, id);
  return q;
}

/* The rest of a STRING token: p at its first character (a prefix letter
 * or the quote), q at the opening quote. Returns the end of the token. */
static const char *scan_string(Lexer *L, const char *p, const char *q) {
  char quote = *q++;
  bool triple = false;
  if (q[0] == quote) {
    if (q[1] != quote)
      return q + 1; /* empty */
    triple = true;
    q += 2;
  }
  for (;;) {
    char c = *q;
    if ((c == 0 && q == L->eof) || (c == '\n' && !triple)) {
      /* "detected at": the line CPython's tokenizer had reached */
      int at = c == '\n' ? line_of(L, q) : q > L->s ? line_of(L, q - 1) : line_of(L, q);
      if (triple)
        lex_fail(L, p, TOKERR, ERR_SYNTAX, "unterminated triple-quoted string literal (detected at line %d)", at);
      lex_fail(L, p, TOKERR, ERR_SYNTAX, "unterminated string literal (detected at line %d)", at);
    }
    q++;
    if (c == quote) {
      if (!triple)
        return q;
      if (q[0] == quote && q[1] == quote)
        return q + 2;
    } else if (c == '\\' && q != L->eof) {
      q++; /* the escaped character, a newline too */
    }
  }
}

/* A name, or a string with a prefix (b, r, u, f, br, rb, fr, rf in any
 * case): the prefix letters CPython accepts, then a quote. */
static const char *scan_name_or_string(Lexer *L, const char *p) {
  bool b = false, r = false, u = false, f = false;
  for (const char *q = p;; q++) {
    char c = *q;
    if (!(b || u || f) && (c == 'b' || c == 'B'))
      b = true;
    else if (!(b || u || r || f) && (c == 'u' || c == 'U'))
      u = true;
    else if (!(r || u) && (c == 'r' || c == 'R'))
      r = true;
    else if (!(f || b || u) && (c == 'f' || c == 'F'))
      f = true;
    else
      break;
    if (q[1] == '"' || q[1] == '\'') {
      const char *end = scan_string(L, p, q + 1);
      push(L, TK_STRING, p, end, NULL);
      return end;
    }
  }
  return scan_name(L, p);
}

/* ----------------------------------------------------------- brackets */

static void open_bracket(Lexer *L, const char *p) {
  if (L->level >= MAXLEVEL)
    tok_error(L, p + 1, "too many nested parentheses");
  L->paren[L->level] = *p;
  L->parenpos[L->level] = p;
  L->level++;
}

static void close_bracket(Lexer *L, const char *p) {
  char c = *p;
  if (L->level == 0)
    tok_error(L, p + 1, "unmatched '%c'", c);
  L->level--;
  char open = L->paren[L->level];
  if ((open == '(' && c == ')') || (open == '[' && c == ']') || (open == '{' && c == '}'))
    return;
  int open_line = line_of(L, L->parenpos[L->level]);
  if (open_line != line_of(L, p))
    tok_error(L, p + 1, "closing parenthesis '%c' does not match opening parenthesis '%c' on line %d", c, open,
              open_line);
  tok_error(L, p + 1, "closing parenthesis '%c' does not match opening parenthesis '%c'", c, open);
}

/* ------------------------------------------------------------ scanner */

/* An operator of one, two or three characters at p: its kind and length
 * (0 if none starts there). */
static int operator(const char *p, TokKind *kind) {
  char c1 = p[1], c2 = c1 ? p[2] : 0;
#define OP(k, n) return *kind = TK_##k, n
  switch (*p) {
  case '(': OP(LPAR, 1);
  case ')': OP(RPAR, 1);
  case '[': OP(LSQB, 1);
  case ']': OP(RSQB, 1);
  case '{': OP(LBRACE, 1);
  case '}': OP(RBRACE, 1);
  case ',': OP(COMMA, 1);
  case ';': OP(SEMI, 1);
  case '~': OP(TILDE, 1);
  case ':':
    if (c1 == '=') OP(COLONEQUAL, 2);
    OP(COLON, 1);
  case '+':
    if (c1 == '=') OP(PLUSEQUAL, 2);
    OP(PLUS, 1);
  case '-':
    if (c1 == '=') OP(MINEQUAL, 2);
    if (c1 == '>') OP(RARROW, 2);
    OP(MINUS, 1);
  case '*':
    if (c1 == '*') {
      if (c2 == '=') OP(DOUBLESTAREQUAL, 3);
      OP(DOUBLESTAR, 2);
    }
    if (c1 == '=') OP(STAREQUAL, 2);
    OP(STAR, 1);
  case '/':
    if (c1 == '/') {
      if (c2 == '=') OP(DOUBLESLASHEQUAL, 3);
      OP(DOUBLESLASH, 2);
    }
    if (c1 == '=') OP(SLASHEQUAL, 2);
    OP(SLASH, 1);
  case '|':
    if (c1 == '=') OP(VBAREQUAL, 2);
    OP(VBAR, 1);
  case '&':
    if (c1 == '=') OP(AMPEREQUAL, 2);
    OP(AMPER, 1);
  case '<':
    if (c1 == '<') {
      if (c2 == '=') OP(LEFTSHIFTEQUAL, 3);
      OP(LEFTSHIFT, 2);
    }
    if (c1 == '=') OP(LESSEQUAL, 2);
    if (c1 == '>') OP(ERROR, 2); /* "<>": NOTEQUAL to CPython's tokenizer, refused by its parser */
    OP(LESS, 1);
  case '>':
    if (c1 == '>') {
      if (c2 == '=') OP(RIGHTSHIFTEQUAL, 3);
      OP(RIGHTSHIFT, 2);
    }
    if (c1 == '=') OP(GREATEREQUAL, 2);
    OP(GREATER, 1);
  case '=':
    if (c1 == '=') OP(EQEQUAL, 2);
    OP(EQUAL, 1);
  case '!':
    if (c1 == '=') OP(NOTEQUAL, 2);
    OP(BANG, 1);
  case '%':
    if (c1 == '=') OP(PERCENTEQUAL, 2);
    OP(PERCENT, 1);
  case '^':
    if (c1 == '=') OP(CIRCUMFLEXEQUAL, 2);
    OP(CIRCUMFLEX, 1);
  case '@':
    if (c1 == '=') OP(ATEQUAL, 2);
    OP(AT, 1);
  case '.':
    if (c1 == '.' && c2 == '.') OP(ELLIPSIS, 3);
    OP(DOT, 1);
  case '$': case '?': case '`':
    OP(ERROR, 1);
  }
#undef OP
  return 0;
}

static void scan(Lexer *L) {
  const char *p = L->s;
  bool nl_done = false; /* the newline CPython adds to a text that lacks one was seen */
  bool blank = false;   /* this line holds only blanks and a comment */
  if (L->fstring)
    goto again;

nextline:
  /* The start of a line: measure the indentation (tok_get's atbol part). */
  {
    const char *ls = p;
    int col = 0, altcol = 0, contcol = 0;
    for (;;) {
      char c = *p;
      if (c == ' ') {
        col++, altcol++, p++;
      } else if (c == '\t') {
        col = (col / TABSIZE + 1) * TABSIZE, altcol++, p++;
      } else if (c == '\f') {
        col = altcol = 0, p++;
      } else if (c == '\\') {
        contcol = contcol ? contcol : col;
        p = continuation(L, p);
      } else {
        break;
      }
    }
    blank = *p == '#' || *p == '\n';
    if (p == L->eof) {
      col = altcol = contcol = 0;
      nl_done = true;
    }
    if (!blank && L->level == 0 && !L->fstring) {
      if (contcol)
        col = altcol = contcol;
      indentation(L, ls, p, col, altcol);
    }
  }

again:
  while (*p == ' ' || *p == '\t' || *p == '\f')
    p++;
  switch ((unsigned char)*p) {
  case '#':
    p += strcspn(p, "\n");
    goto again;

  case '\n':
    if (!blank && L->level == 0 && !L->fstring)
      push(L, TK_NEWLINE, p, p + 1, NULL);
    p++;
    goto nextline;

  case 0:
    if (p != L->eof) /* cannot happen: source.c refuses NUL */
      lex_fail(L, p, TOKERR, ERR_SYNTAX, "invalid non-printable character U+0000");
    if (!nl_done) { /* the last line lacks its newline */
      nl_done = true;
      if (!blank && L->level == 0 && !L->fstring)
        push(L, TK_NEWLINE, p, p, NULL);
      goto nextline;
    }
    if (L->level > 0)
      unclosed_error(L);
    push(L, TK_ENDMARKER, p, p, NULL);
    return;

  case '0': case '1': case '2': case '3': case '4':
  case '5': case '6': case '7': case '8': case '9': {
    const char *end = scan_number(L, p);
    push(L, TK_NUMBER, p, end, NULL);
    p = end;
    goto again;
  }

  case '.':
    if (is_digit(p[1])) {
      const char *end = scan_number(L, p);
      push(L, TK_NUMBER, p, end, NULL);
      p = end;
      goto again;
    }
    break;

  case '"': case '\'': {
    const char *end = scan_string(L, p, p);
    push(L, TK_STRING, p, end, NULL);
    p = end;
    goto again;
  }

  case '\\':
    p = continuation(L, p);
    goto again;

  case 'b': case 'B': case 'r': case 'R': case 'u': case 'U': case 'f': case 'F':
    p = scan_name_or_string(L, p);
    goto again;

  default:
    if (name_char[(unsigned char)*p]) { /* letters, '_', non-ASCII */
      p = scan_name(L, p);
      goto again;
    }
    break;
  }

  /* operators and delimiters */
  TokKind kind;
  int n = operator(p, &kind);
  if (n == 0) { /* control characters */
    unsigned c = (unsigned char)*p;
    tok_error(L, p + 1, "invalid non-printable character U+%04X", c);
  }
  if (kind == TK_ERROR) {
    pseudo_error(L, p, p + n);
  } else {
    if (kind == TK_LPAR || kind == TK_LSQB || kind == TK_LBRACE)
      open_bracket(L, p);
    else if (kind == TK_RPAR || kind == TK_RSQB || kind == TK_RBRACE)
      close_bracket(L, p);
    push(L, kind, p, p + n, NULL);
  }
  p += n;
  goto again;
}

/* Run the scanner over s[0..n) (a NUL at s[n]) into a new TokenList. */
static TokenList *lex_run(Arena *a, Source *src, const char *s, uint32_t n, uint32_t base, bool fstring) {
  init_keywords();
  TokenList *tl = arena_alloc(a, sizeof *tl);
  tl->src = src;
  /* On the heap: it changes between setjmp and longjmp, so it must not be a
   * local of this function. */
  Lexer *L = xmalloc(sizeof *L);
  memset(L, 0, sizeof *L);
  L->src = src;
  L->s = s;
  L->eof = s + n;
  L->base = base;
  L->fstring = fstring;
  L->tl = tl;
  /* The tokens are built in a heap buffer kept from call to call (so big
   * files do not fault in fresh pages each time), then copied to the arena. */
  static Token *scratch;
  static int scratch_cap;
  int want = 64 + (int)(n / 4);
  if (scratch_cap < want) {
    free(scratch);
    scratch_cap = want;
    scratch = xmalloc((size_t)scratch_cap * sizeof *scratch);
  }
  L->toks = scratch;
  L->cap = scratch_cap;
  if (setjmp(L->fail) == 0)
    scan(L);
  /* After the parser's "invalid syntax" at a pseudo error, CPython reports
   * a bracket left open on an earlier line instead. */
  if (L->muted && !tl->err_replaces && tl->has_unclosed && tl->unclosed.line < tl->err.line)
    tl->err = tl->unclosed;
  scratch = L->toks; /* push may have grown it */
  scratch_cap = L->cap;
  tl->len = L->len;
  tl->toks = arena_alloc(a, (size_t)L->len * sizeof *tl->toks);
  memcpy(tl->toks, L->toks, (size_t)L->len * sizeof *tl->toks);
  free(L);
  return tl;
}

TokenList *lex_module(Arena *a, Source *src) {
  TokenList *tl = lex_run(a, src, src->text, src->len, 0, false);
  /* CPython's tokenizer reads no line after the last one, so the tokens it
   * makes at the end of the text (DEDENTs, ENDMARKER) stand on the last line
   * when the text ends with a newline: put them on that newline. */
  if (src->len > 0 && src->text[src->len - 1] == '\n') {
    for (int i = tl->len - 1; i >= 0 && tl->toks[i].off == src->len; i--) {
      if (tl->toks[i].kind == TK_ENDMARKER || tl->toks[i].kind == TK_DEDENT)
        tl->toks[i].off = tl->toks[i].end = src->len - 1;
    }
  }
  return tl;
}

TokenList *lex_fstring_expr(Arena *a, Source *src, uint32_t off, uint32_t end) {
  if (end > src->len)
    end = src->len;
  if (off > end)
    off = end;
  char *copy = xmalloc(end - off + 1);
  memcpy(copy, src->text + off, end - off);
  copy[end - off] = 0;
  TokenList *tl = lex_run(a, src, copy, end - off, off, true);
  free(copy);
  return tl;
}

/* ------------------------------------------------------------- dumping */

void tokens_dump(FILE *out, TokenList *tl) {
  Source *src = tl->src;
  /* Positions are found by walking forward from the previous token, so a
   * file with very long lines does not cost a scan from the line start per
   * token; an out-of-order token (TK_ERROR) asks source_pos. */
  uint32_t at = 0;
  int line = 1, col = 1;
  for (int i = 0; i < tl->len; i++) {
    const Token *t = &tl->toks[i];
    if (t->off < at) {
      source_pos(src, t->off, &line, &col);
    } else {
      for (; at < t->off; at++) {
        unsigned char c = (unsigned char)src->text[at];
        if (c == '\n')
          line++, col = 1;
        else if ((c & 0xC0) != 0x80)
          col++;
      }
    }
    at = t->off;
    fprintf(out, "%d:%d %s '", line, col, tok_name[t->kind]);
    const char *s = t->kind == TK_ERROR ? tl->err.msg : src->text + t->off;
    size_t n = t->kind == TK_ERROR ? strlen(s) : t->end - t->off;
    for (size_t j = 0; j < n; j++) {
      unsigned char c = (unsigned char)s[j];
      switch (c) {
      case '\\': fputs("\\\\", out); break;
      case '\'': fputs("\\'", out); break;
      case '\n': fputs("\\n", out); break;
      case '\t': fputs("\\t", out); break;
      case '\f': fputs("\\f", out); break;
      default:
        if (c < 0x20 || c == 0x7f)
          fprintf(out, "\\x%02x", c);
        else
          fputc(c, out);
      }
    }
    fputs("'\n", out);
  }
}
