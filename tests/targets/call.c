/* call.c — the smallest host of a kiln-compiled library: calls one function
 * through include/kiln.h's JSON form and prints the result, or the Python
 * traceback on stderr and exit 1. Built for a cross target and run under its
 * emulator by tests/unit/test_targets.py (kiln call itself runs only on the
 * machine kiln runs on).
 *
 *   call FUNC 'JSON-ARGS'
 */
#include "kiln.h"

#include <stdio.h>

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: call FUNC 'JSON-ARGS'\n");
    return 2;
  }
  kiln_error *err = NULL;
  kiln_module *m = kiln_open(&err);
  char *result = NULL;
  if (!m || kiln_call_json(m, argv[1], argv[2], &result, &err) != 0) {
    fputs(err ? kiln_error_traceback(err) : "MemoryError\n", stderr);
    kiln_error_free(err);
    kiln_close(m);
    return 1;
  }
  printf("%s\n", result);
  kiln_free(result);
  kiln_close(m);
  return 0;
}
