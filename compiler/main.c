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
 *   kiln explain CODE         what a diagnostic code means (errors.def)
 *   kiln doctor               check the toolchain (doctor.c)
 */
#include "kilnc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The commands, in the order `kiln --help` lists them. `kiln CMD --help`
 * prints the command's own entry (serve and explain have longer help of
 * their own); docs/reference/cli.md is generated from these texts
 * (scripts/gen_reference.py), so the help is the reference. */
typedef struct Command {
  const char *name;
  const char *synopsis; /* after "kiln NAME" */
  const char *help;     /* what it does and its options, lines indented by 2 */
} Command;

static const Command commands[] = {
    {"ast", "FILE.py",
     "print the syntax tree exactly as CPython's ast.dump(ast.parse(source))\n"
     "prints it; a syntax error is FILE:LINE:COL: error[K....]: MESSAGE, exit 1\n"},
    {"tokens", "FILE.py", "print the token stream\n"},
    {"parse", "FILE... [-v]",
     "parse the files and report syntax errors only\n"
     "  -v               files, bytes and the time spent\n"},
    {"ir", "[--types] [--library] FILE.py",
     "print the SSA IR of every function reached from the module code\n"
     "  --types          with the types propagated\n"
     "  --library        with the exports of kiln compile\n"},
    {"ops", "[--markdown]",
     "print the op library: every operation kiln compiles, one row each\n"
     "  --markdown       the reference docs/reference/ops.md: every operator,\n"
     "                   builtin, method, module function and numpy function\n"
     "                   with its signatures\n"},
    {"build", "FILE.py -o EXE [OPTIONS]",
     "a native executable that behaves like python3 FILE.py\n"
     "  -o EXE           the executable to write\n"
     "  -O0 .. -O3       the C compiler's optimisation level (default -O2)\n"
     "  -Os              the generated code for size (the runtime's kernels stay -O2)\n"
     "  -g               full debug information (default: line tables only)\n"
     "  --emit-c         print the generated C instead of compiling it\n"
     "  --print-cc       print the C compiler's command line on stderr\n"
     "  -v               phase timings on stderr (parse, resolve, lower+types,\n"
     "                   emit C, the C compiler, total)\n"
     "  --target TRIPLE  build for another platform (see kiln targets)\n"
     "  --embed PATH[=MOUNT]\n"
     "                   carry the file or folder PATH inside the output: the\n"
     "                   program reads it at PATH (or at MOUNT) without it on\n"
     "                   disk; the first folder is KILN_MODEL_DIR's default\n"
     "  environment: CC (the host's C compiler), KILN_CFLAGS (more cc flags)\n"},
    {"compile", "FILE.py -o LIB.so [OPTIONS]",
     "a shared library exporting the module's public annotated functions\n"
     "through the C ABI of include/kiln.h; the same options as build, and\n"
     "  --web            with --target wasm32-emscripten: a library for a browser\n"
     "                   page (files and environment handed in by the page, not\n"
     "                   the host's)\n"},
    {"call", "LIB.so FUNC 'JSON-ARGS' | LIB.so --manifest",
     "call FUNC of a compiled library with a JSON array of positional\n"
     "arguments and print the JSON result; an exception prints its traceback\n"
     "and exits 1\n"
     "  --manifest       print the library's manifest (its functions' signatures)\n"},
    {"serve", "NAME=LIB.so ... [--port N] [--host ADDR] [--api-key KEY]",
     "an OpenAI-compatible HTTP server over compiled libraries:\n"
     "/v1/embeddings, /v1/chat/completions, /v1/models, /health\n"},
    {"targets", "[--build]",
     "the platforms --target compiles for: which this machine builds and runs,\n"
     "and what to install for the rest\n"
     "  --build          build each buildable target's runtime now\n"},
    {"explain", "CODE | --list | --markdown",
     "what a diagnostic code (K0001 ...) means: the cause, a minimal program\n"
     "that produces it, and the fix\n"
     "  --list           every code with its title\n"
     "  --markdown       the reference docs/reference/errors.md\n"},
    {"doctor", "",
     "check the toolchain: the C compiler, the runtime, PCRE2 and utf8proc,\n"
     "libmicrohttpd for serve, node and koffi for the Node client, the cross\n"
     "compilers and emulators of the targets; prints the command that installs\n"
     "each missing piece; exits 1 only when kiln build cannot work here\n"},
};

static void print_command(FILE *out, const Command *c, const char *indent) {
  fprintf(out, "%skiln %s%s%s\n", indent, c->name, *c->synopsis ? " " : "", c->synopsis);
  for (const char *p = c->help; *p;) {
    const char *e = strchr(p, '\n');
    fprintf(out, "%s    %.*s\n", indent, (int)(e - p), p);
    p = e + 1;
  }
}

static void print_usage(FILE *out) {
  fputs("usage: kiln COMMAND [ARGS]   (kiln COMMAND --help: one command's help)\n\ncommands:\n", out);
  for (size_t i = 0; i < countof(commands); i++)
    print_command(out, &commands[i], "  ");
  fputs("\noptions:\n"
        "  -h, --help         this help\n"
        "  --version          kiln's version\n",
        out);
}

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
    print_usage(stderr);
    return 2;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
    print_usage(stdout);
    return 0;
  }
  if (!strcmp(cmd, "--version")) {
    printf("kiln %s\n", KILN_VERSION);
    return 0;
  }
  /* kiln CMD --help: the command's entry (serve has a longer one) */
  for (size_t i = 0; i < countof(commands); i++)
    if (!strcmp(cmd, commands[i].name) && strcmp(cmd, "serve"))
      for (int k = 2; k < argc; k++)
        if (!strcmp(argv[k], "-h") || !strcmp(argv[k], "--help")) {
          fputs("usage:\n", stdout);
          print_command(stdout, &commands[i], "");
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
  if (!strcmp(cmd, "explain"))
    return cmd_explain(argc - 2, argv + 2);
  if (!strcmp(cmd, "doctor"))
    return cmd_doctor(argc - 2, argv + 2);
  if (!strcmp(cmd, "ops")) {
    if (argc == 3 && !strcmp(argv[2], "--markdown")) {
      ops_markdown(stdout);
      return 0;
    }
    if (argc > 2) {
      fprintf(stderr, "usage: kiln ops [--markdown]\n");
      return 2;
    }
    ops_print(stdout);
    return 0;
  }
  cli_error("kiln", "unknown command '%s' (try kiln --help)", cmd);
  return 2;
}
