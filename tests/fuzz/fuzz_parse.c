/* fuzz_parse.c — libFuzzer target for the front end: bytes → Source → tokens
 * → AST → dump. Built by `make fuzz` with clang's -fsanitize=fuzzer,address,
 * undefined over every compiler file but main.c; `make fuzz-run` runs it.
 *
 * Each input is decoded with source_from_bytes and parsed with parse_module,
 * the two entry points that promise to catch their own syntax errors (they
 * return NULL with diag_last set). A parsed module is dumped, an error is
 * printed to /dev/null, so ast_dump, the repr functions, source_pos and
 * source_line run on every input too. The node arena is reset per input.
 *
 * The catch point installed here should never be reached: an error that
 * escapes source_from_bytes or parse_module breaks their contract, and the
 * target aborts so that the fuzzer reports the input.
 */
#include "kilnc.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static Arena *arena;
static FILE *devnull;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!arena) {
    arena = arena_new();
    devnull = fopen("/dev/null", "w");
    if (!devnull)
      abort();
  }
  jmp_buf catch_point;
  jmp_buf *outer = diag_jmp;
  diag_jmp = &catch_point;
  if (setjmp(catch_point)) {
    diag_jmp = outer;
    fprintf(stderr, "fuzz_parse: a syntax error escaped the front end: %s\n", diag_last.msg);
    abort();
  }

  Source *src = source_from_bytes("<fuzz>", (const char *)data, size);
  if (!src) {
    diag_print(devnull, &diag_last);
  } else {
    Node *mod = parse_module(arena, src);
    if (mod) {
      Buf b = {0};
      ast_dump(&b, mod);
      buf_free(&b);
    } else {
      diag_print(devnull, &diag_last);
    }
  }
  diag_jmp = outer;
  arena_reset(arena);
  source_free(src);
  return 0;
}
