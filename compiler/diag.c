/* diag.c — syntax errors: raising them (error_at fills diag_last and
 * longjmps to the innermost catch point) and printing them the way a person
 * can act on: "FILE:LINE:COL: error[K0001]: MESSAGE", the source line, a
 * caret. The code comes from the message (errors.c, errors.def). */
#include "kilnc.h"

#include <stdlib.h>
#include <string.h>

Diag diag_last;
jmp_buf *diag_jmp;

const char *errkind_name(ErrKind k) {
  switch (k) {
  case ERR_SYNTAX: return "SyntaxError";
  case ERR_INDENT: return "IndentationError";
  case ERR_TAB: return "TabError";
  }
  return "SyntaxError";
}

void diag_make(Diag *d, Source *src, uint32_t off, ErrKind kind, const char *fmt, va_list ap) {
  memset(d, 0, sizeof *d);
  d->kind = kind;
  d->src = src;
  d->off = src && off > src->len ? src->len : off;
  vsnprintf(d->msg, sizeof d->msg, fmt, ap);
  if (src) {
    source_pos(src, d->off, &d->line, &d->col);
  } else {
    d->line = 1;
    d->col = 1;
  }
}

_Noreturn void error_raise(const Diag *d) {
  if (d != &diag_last)
    diag_last = *d;
  if (!diag_jmp) { /* a raise with no catch point is a compiler bug */
    diag_print(stderr, &diag_last);
    abort();
  }
  longjmp(*diag_jmp, 1);
}

_Noreturn void error_at(Source *src, uint32_t off, ErrKind kind, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag_make(&diag_last, src, off, kind, fmt, ap);
  va_end(ap);
  error_raise(&diag_last);
}

void diag_print(FILE *out, const Diag *d) {
  const char *path = d->src ? d->src->path : "<input>";
  fprintf(out, "%s:%d:%d: error[%s]: %s", path, d->line, d->col, diag_code(d->msg, false), d->msg);
  if (d->kind != ERR_SYNTAX)
    fprintf(out, " [%s]", errkind_name(d->kind));
  fputc('\n', out);
  if (!d->src)
    return;
  size_t n;
  const char *line = source_line(d->src, d->line, &n);
  if (!line)
    return;
  /* Show tabs as single spaces so that the caret lines up. */
  fputs("    ", out);
  for (size_t i = 0; i < n; i++)
    fputc(line[i] == '\t' || line[i] == '\f' ? ' ' : line[i], out);
  fputs("\n    ", out);
  for (int i = 1; i < d->col; i++)
    fputc(' ', out);
  fputs("^\n", out);
}
