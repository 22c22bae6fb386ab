/* rescan.h — Python's regular expression syntax read once, for PCRE2.
 *
 * Internal: the runtime's remod.c and the compiler (infer.c, for patterns
 * that are constants) both call re_scan; generated code never does. It
 * translates a pattern of Python's re syntax into PCRE2's, checks what
 * CPython 3.11's sre_parse checks (with its messages and positions, in code
 * points), and tells what the types need: the number of groups, their
 * names, and which groups may not take part in a match. Plain C with
 * malloc, no runtime objects, so the compiler can link it. */
#ifndef KILN_RESCAN_H
#define KILN_RESCAN_H

#include <stddef.h>
#include <stdint.h>

/* Python's flag values (re.IGNORECASE ...), as re.RegexFlag has them. */
enum {
  RE_TEMPLATE = 1,
  RE_IGNORECASE = 2,
  RE_LOCALE = 4,
  RE_MULTILINE = 8,
  RE_DOTALL = 16,
  RE_UNICODE = 32,
  RE_VERBOSE = 64,
  RE_DEBUG = 128,
  RE_ASCII = 256,
};

typedef struct ReScan {
  char *out;          /* the PCRE2 pattern (malloc'ed, NUL-terminated) */
  size_t outlen;
  int flags;          /* the flags given, the pattern's global (?aimsx) ones, and UNICODE unless ASCII */
  int groups;         /* capturing groups */
  uint64_t optional;  /* bit g-1: group g may be left unset by a match (groups past 64: assume so) */
  char **names;       /* names[i] is group name_group[i]'s name, in the order the pattern gives them */
  int *name_group;
  int nnames;
  char err[160];      /* the error message CPython gives, with " at position N"; "" when none */
} ReScan;

/* Scan pattern p (n bytes of UTF-8) with the flags given. 0, or -1 with
 * s->err set (and nothing to free but what re_scan_free frees). */
int re_scan(const char *p, size_t n, int flags, ReScan *s);
void re_scan_free(ReScan *s);
/* May group g (1-based) be unset when the pattern matches? */
static inline int re_scan_optional(const ReScan *s, int g) { return g > 64 || ((s->optional >> (g - 1)) & 1); }

#endif
