/* main.c — the kiln command line: parse the arguments, run the pipeline's
 * stages in order, report errors.
 *
 *   kiln ast FILE.py          print CPython's ast.dump() of FILE
 *   kiln tokens FILE.py       print the token stream
 *   kiln parse FILE...        parse files, print nothing (front-end timing)
 *   kiln ir [--types] FILE.py the SSA IR of the program (after type propagation)
 *   kiln ops                  the op library
 *   kiln build FILE.py -o EXE a native executable (driver.c)
 *   kiln compile FILE.py -o LIB.so  a shared library with the C ABI of include/kiln.h
 *   kiln call LIB.so FUNC JSON      call one function of a compiled library
 *   kiln serve NAME=LIB.so ...      an OpenAI-compatible HTTP server (serve/)
 *   kiln targets              the platforms --target compiles for (targets.c)
 */
#include "kilnc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char usage[] =
    "usage: kiln COMMAND [ARGS]\n"
    "\n"
    "commands:\n"
    "  ast FILE.py        print the syntax tree exactly as CPython's\n"
    "                     ast.dump(ast.parse(source)) prints it\n"
    "  tokens FILE.py     print the token stream\n"
    "  parse FILE...      parse the files and report syntax errors only\n"
    "                     (-v: time spent)\n"
    "  ir FILE.py         print the SSA IR of every function reached from the\n"
    "                     module code; --types: with the types propagated;\n"
    "                     --library: with the exports of kiln compile\n"
    "  ops                print the op library: every operation kiln compiles\n"
    "  build FILE.py -o EXE\n"
    "                     a native executable that behaves like python3 FILE.py\n"
    "                     (-O0..-O3, -Os: small, -g: full debug information,\n"
    "                     --embed PATH: carry files inside, --emit-c: print\n"
    "                     the C, --print-cc: show the C compiler's command line,\n"
    "                     -v: phase timings, --target TRIPLE: for another\n"
    "                     platform, see kiln targets)\n"
    "  compile FILE.py -o LIB.so\n"
    "                     a shared library exporting the module's public\n"
    "                     annotated functions through the C ABI of\n"
    "                     include/kiln.h (the same options as build)\n"
    "  targets            the platforms --target compiles for: which this machine\n"
    "                     builds and runs, and what to install for the rest\n"
    "                     (--build: build each one's runtime now)\n"
    "  call LIB.so FUNC 'JSON-ARGS'\n"
    "                     call FUNC of a compiled library with a JSON array of\n"
    "                     positional arguments; prints the JSON result\n"
    "                     (--manifest: print the library's manifest)\n"
    "  serve NAME=LIB.so ... [--port N] [--host ADDR] [--api-key KEY]\n"
    "                     an OpenAI-compatible HTTP server over compiled\n"
    "                     libraries: /v1/embeddings, /v1/chat/completions,\n"
    "                     /v1/models, /health (kiln serve --help)\n"
    "\n"
    "options:\n"
    "  -h, --help         this help\n"
    "  --version          kiln's version\n";

static int cmd_ast(int argc, char **argv) {
  if (argc != 1) {
    fprintf(stderr, "usage: kiln ast FILE.py\n");
    return 2;
  }
  Source *src = load_source(argv[0]);
  if (!src)
    return 1;
  Arena *a = arena_new();
  Node *mod = parse_module(a, src);
  if (!mod) {
    diag_print(stderr, &diag_last);
    return 1;
  }
  Buf b = {0};
  ast_dump(&b, mod);
  buf_putc(&b, '\n');
  fwrite(b.data, 1, b.len, stdout);
  buf_free(&b);
  arena_free(a);
  return 0;
}

static int cmd_tokens(int argc, char **argv) {
  if (argc != 1) {
    fprintf(stderr, "usage: kiln tokens FILE.py\n");
    return 2;
  }
  Source *src = load_source(argv[0]);
  if (!src)
    return 1;
  Arena *a = arena_new();
  TokenList *tl = lex_module(a, src);
  tokens_dump(stdout, tl);
  int bad = tl->len > 0 && tl->toks[tl->len - 1].kind == TK_ERROR;
  if (bad)
    diag_print(stderr, &tl->err);
  arena_free(a);
  return bad;
}

/* Parse many files in one process: the front-end benchmark and a quick
 * syntax check. Exit status 1 if any file failed. */
static int cmd_parse(int argc, char **argv) {
  bool verbose = false;
  int failed = 0, files = 0;
  size_t bytes = 0;
  double t0 = now_seconds();
  Arena *a = arena_new();
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], "-v") == 0) {
      verbose = true;
      continue;
    }
    Source *src = load_source(argv[i]);
    files++;
    if (!src) {
      failed++;
      continue;
    }
    bytes += src->len;
    if (!parse_module(a, src)) {
      diag_print(stderr, &diag_last);
      failed++;
    }
    arena_reset(a);
    source_free(src);
  }
  arena_free(a);
  if (verbose)
    fprintf(stderr, "kiln parse: %d files, %zu bytes, %d failed, %.3f s\n", files, bytes,
            failed, now_seconds() - t0);
  return failed ? 1 : 0;
}

static int cmd_ir(int argc, char **argv) {
  bool types = false, library = false;
  const char *path = NULL;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "--types"))
      types = true;
    else if (!strcmp(argv[i], "--library"))
      library = true;
    else
      path = argv[i];
  }
  if (!path) {
    fprintf(stderr, "usage: kiln ir [--types] [--library] FILE.py\n");
    return 2;
  }
  Arena *a = arena_new();
  Program p;
  if (!compile_program(a, path, library, &p))
    return 1;
  Module *m = p.m;
  Buf b = {0};
  ir_dump(&b, p.entry, types);
  for (int mi = 0; mi < p.nmods; mi++) {
    m = p.mods[mi];
    if (mi > 0)
      for (int k = 0; k < m->init->nspecs; k++)
        ir_dump(&b, m->init->specs[k], types);
    for (int i = 0; i < m->nfuncs; i++)
      for (int k = 0; k < m->funcs[i]->nspecs; k++)
        ir_dump(&b, m->funcs[i]->specs[k], types);
  }
  fwrite(b.data, 1, b.len, stdout);
  buf_free(&b);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fputs(usage, stderr);
    return 2;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
    fputs(usage, stdout);
    return 0;
  }
  if (!strcmp(cmd, "--version")) {
    printf("kiln %s\n", KILN_VERSION);
    return 0;
  }
  if (!strcmp(cmd, "ast"))
    return cmd_ast(argc - 2, argv + 2);
  if (!strcmp(cmd, "tokens"))
    return cmd_tokens(argc - 2, argv + 2);
  if (!strcmp(cmd, "parse"))
    return cmd_parse(argc - 2, argv + 2);
  if (!strcmp(cmd, "ir"))
    return cmd_ir(argc - 2, argv + 2);
  if (!strcmp(cmd, "build"))
    return driver_build(argc - 2, argv + 2, false);
  if (!strcmp(cmd, "compile"))
    return driver_build(argc - 2, argv + 2, true);
  if (!strcmp(cmd, "targets"))
    return cmd_targets(argc - 2, argv + 2);
  if (!strcmp(cmd, "call"))
    return driver_call(argc - 2, argv + 2);
  if (!strcmp(cmd, "serve"))
    return serve_main(argc - 2, argv + 2);
  if (!strcmp(cmd, "ops")) {
    ops_print(stdout);
    return 0;
  }
  fprintf(stderr, "kiln: unknown command '%s' (try kiln --help)\n", cmd);
  return 2;
}
