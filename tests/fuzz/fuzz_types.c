/* fuzz_types.c — libFuzzer harness for the compiler's middle end: a fuzzed
 * source file goes through compile_program (driver.c), the whole path of
 * `kiln ir --types` and of kiln build before C is emitted: parse, resolve
 * (modules, scopes), lower to the SSA IR, propagate types, check exports.
 * Any input must end in a diagnostic or in a typed program, never a crash
 * or a hang; a well-formed program (the seed corpus is the test programs)
 * must reach type propagation, so mutations of it probe resolve, lower and
 * infer rather than only the parser. The first byte of an input says
 * whether it is compiled as a program or as a library (exports checked);
 * the rest is the source, compiled twice in one process. Diagnostics go to stderr: run with
 * -close_fd_mask=2 to keep a campaign quiet.
 */
#include "kilnc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static char path[64];
  if (!path[0])
    snprintf(path, sizeof path, "/tmp/kiln-fuzz-types-%d.py", (int)getpid());
  if (size == 0)
    return 0;
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data + 1, 1, size - 1, f) != size - 1 || fclose(f) != 0) {
    perror(path);
    abort();
  }
  /* twice, each in a fresh arena: state a compilation leaves behind (a
   * cache into a freed arena, a pointer to a dead frame) shows on the second */
  for (int k = 0; k < 2; k++) {
    Arena *a = arena_new();
    Program p;
    compile_program(a, path, (data[0] & 1) != 0, &p);
    arena_free(a);
  }
  unlink(path);
  return 0;
}
