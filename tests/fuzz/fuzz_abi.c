/* fuzz_abi.c — libFuzzer harness for the C ABI's JSON convenience form
 * (runtime/abi.c: kiln_call_json): the argument text is decoded by the
 * runtime's json.loads, checked against the function's annotations and
 * converted, the function runs, the result is encoded back to JSON.
 *
 * The library is tests/fuzz/abilib.py, compiled by kiln: `make fuzz` builds
 * its generated C with the runtime's sources under libFuzzer; the plain
 * driver (fuzz_main.c) links the library kiln compiled. The first byte of
 * an input picks the function (a byte past the last function picks a name
 * that does not exist); the rest, NUL-terminated, is the JSON argument text.
 * Every input must end in a result or in a kiln_error, never a crash.
 */
#include "../../include/kiln.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const funcs[] = {"ints", "floats", "text", "flag", "table", "grid",
                                    "pair", "maybe", "counts", "shape", "raises", "no_such"};
enum { NFUNCS = sizeof funcs / sizeof *funcs };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static kiln_module *m;
  if (!m) {
    kiln_error *err = NULL;
    m = kiln_open(&err);
    if (!m) {
      fprintf(stderr, "fuzz_abi: kiln_open failed: %s\n", kiln_error_message(err));
      abort();
    }
  }
  if (size == 0)
    return 0;
  const char *fn = funcs[data[0] % NFUNCS];
  char *args = malloc(size);
  memcpy(args, data + 1, size - 1);
  args[size - 1] = 0;
  char *res = NULL;
  kiln_error *err = NULL;
  int rc = kiln_call_json(m, fn, args, &res, &err);
  if (rc == 0 ? !res || err : res || !err || !*kiln_error_type(err)) {
    fprintf(stderr, "fuzz_abi: %s(%s): rc %d with result %p and error %p\n", fn, args, rc, (void *)res,
            (void *)err);
    abort();
  }
  kiln_free(res);
  kiln_error_free(err);
  free(args);
  return 0;
}
