/* unicode_props.c — print the lexer's character classes for every code
 * point, for check_unicode.py to compare with CPython's own tables.
 *
 * It includes lex.c to reach its static functions; build it with util.c,
 * diag.c and source.c (check_unicode.py does). Output:
 *   one line per code point that is XID_Start, XID_Continue or printable:
 *   "HEX S C P" with 1/0 flags.
 */
#include "../../compiler/lex.c"

int main(void) {
  for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
    if (cp >= 0xD800 && cp <= 0xDFFF)
      continue;
    int s = xid_start(cp), c = xid_continue(cp), p = printable(cp);
    if (s || c || p)
      printf("%X %d %d %d\n", (unsigned)cp, s, c, p);
  }
  return 0;
}
