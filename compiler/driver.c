/* driver.c — the whole compilation in order, and the C compiler.
 *
 *   source → parse → resolve → lower → infer → emit C → cc → executable
 *
 * compile_to_ir runs the front and middle end; driver_build adds the back
 * end and the system C compiler. The generated C includes the runtime's
 * header and links libkilnrt.a and utf8proc's static archive, so the
 * executable depends on glibc alone (libc and libm: glibc's libm cannot be
 * linked statically into a dynamic executable). The runtime is found next to the kiln
 * binary (bin/kiln → ../runtime, ../build/libkilnrt.a).
 */
#include "kilnc.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Load and decode a file; print an error and return NULL on failure. */
Source *load_source(const char *path) {
  size_t n;
  char *bytes = read_file(path, &n);
  if (!bytes) {
    fprintf(stderr, "kiln: cannot read %s: %s\n", path, strerror(errno));
    return NULL;
  }
  Source *src = source_from_bytes(path, bytes, n);
  free(bytes);
  if (!src)
    diag_print(stderr, &diag_last);
  return src;
}

IrFunc *compile_to_ir(Arena *a, const char *path, Module **mod_out) {
  Source *src = load_source(path);
  if (!src)
    return NULL;
  Node *ast = parse_module(a, src);
  if (!ast) {
    diag_print(stderr, &diag_last);
    return NULL;
  }
  jmp_buf jb, *saved = diag_jmp;
  IrFunc *volatile entry = NULL;
  if (setjmp(jb) == 0) {
    diag_jmp = &jb;
    Module *m = resolve_module(a, src, ast);
    entry = func_spec(a, m->init, NULL, 0);
    *mod_out = m;
    if (infer_program(a, m, entry) > 0)
      entry = NULL;
  } else {
    diag_print(stderr, &diag_last);
    entry = NULL;
  }
  diag_jmp = saved;
  return entry;
}

/* The folder kiln's runtime sources and library are in: <kiln>/../ */
static const char *kiln_home(void) {
  static char home[PATH_MAX];
  if (home[0])
    return home;
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) {
    snprintf(home, sizeof home, ".");
    return home;
  }
  exe[n] = 0;
  char *dir = dirname(exe); /* .../bin */
  snprintf(home, sizeof home, "%s/..", dir);
  return home;
}

static int run_cc(char **argv, bool print) {
  if (print) {
    for (char **a = argv; *a; a++)
      fprintf(stderr, "%s%s", a == argv ? "" : " ", *a);
    fputc('\n', stderr);
  }
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    execvp(argv[0], argv);
    fprintf(stderr, "kiln: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  int status;
  if (waitpid(pid, &status, 0) < 0)
    return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int driver_build(int argc, char **argv) {
  const char *in = NULL, *out = NULL, *opt = "-O2";
  bool emit_c = false, print_cc = false, verbose = false;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "-o") && i + 1 < argc)
      out = argv[++i];
    else if (!strncmp(argv[i], "-O", 2) && strlen(argv[i]) == 3 && argv[i][2] >= '0' && argv[i][2] <= '3')
      opt = argv[i];
    else if (!strcmp(argv[i], "--emit-c"))
      emit_c = true;
    else if (!strcmp(argv[i], "--print-cc"))
      print_cc = true;
    else if (!strcmp(argv[i], "-v"))
      verbose = true;
    else if (argv[i][0] == '-') {
      fprintf(stderr, "kiln build: unknown option '%s'\n", argv[i]);
      return 2;
    } else
      in = argv[i];
  }
  if (!in || (!out && !emit_c)) {
    fprintf(stderr, "usage: kiln build FILE.py -o EXE [-O0..-O3] [--emit-c] [--print-cc] [-v]\n");
    return 2;
  }
  double t0 = now_seconds();
  Arena *a = arena_new();
  Module *m = NULL;
  IrFunc *entry = compile_to_ir(a, in, &m);
  if (!entry)
    return 1;
  double t1 = now_seconds();
  Buf c = {0};
  emit_program(&c, m, entry);
  double t2 = now_seconds();
  if (emit_c) {
    fwrite(c.data, 1, c.len, stdout);
    buf_free(&c);
    return 0;
  }

  char cpath[PATH_MAX];
  snprintf(cpath, sizeof cpath, "%s.kiln.c", out);
  FILE *f = fopen(cpath, "wb");
  if (!f || fwrite(c.data, 1, c.len, f) != c.len || fclose(f) != 0) {
    fprintf(stderr, "kiln: cannot write %s: %s\n", cpath, strerror(errno));
    return 1;
  }
  buf_free(&c);

  const char *home = kiln_home();
  char inc[PATH_MAX + 16], lib[PATH_MAX + 32];
  snprintf(inc, sizeof inc, "-I%.4000s/runtime", home);
  snprintf(lib, sizeof lib, "%.4000s/build/libkilnrt.a", home);
  struct stat st;
  if (stat(lib, &st) != 0) {
    fprintf(stderr, "kiln: the runtime library %s is missing: build it with `make` in %s\n", lib,
            home);
    return 1;
  }
  char *cc = getenv("CC") && *getenv("CC") ? getenv("CC") : "cc";
  char *fixed[] = {cc, "-std=c11", "-D_GNU_SOURCE", (char *)opt, "-g", "-ffp-contract=off",
                   "-fno-fast-math", "-fno-strict-aliasing", "-ffunction-sections", "-fdata-sections",
                   "-w", inc, "-o", (char *)out, cpath, lib, "/usr/lib/x86_64-linux-gnu/libutf8proc.a",
                   "-Wl,--gc-sections", "-lm"};
  /* KILN_CFLAGS: extra C compiler flags, e.g. -fsanitize=address,undefined */
  char *extra = getenv("KILN_CFLAGS") ? strdup(getenv("KILN_CFLAGS")) : NULL;
  char *args[countof(fixed) + 64];
  size_t n = 0;
  for (size_t i = 0; i < countof(fixed); i++)
    args[n++] = fixed[i];
  for (char *tok = extra ? strtok(extra, " \t") : NULL; tok && n < countof(args) - 1;
       tok = strtok(NULL, " \t"))
    args[n++] = tok;
  args[n] = NULL;
  int rc = run_cc(args, print_cc);
  free(extra);
  if (rc == 127) {
    fprintf(stderr, "kiln: cannot run the C compiler '%s' (set CC to one that exists)\n", cc);
    return 1;
  }
  double t3 = now_seconds();
  if (rc != 0) {
    fprintf(stderr,
            "kiln: internal error: the C compiler failed on the generated code (%s); "
            "this is a bug in kiln, not in your program\n",
            cpath);
    return 1;
  }
  unlink(cpath);
  if (verbose)
    fprintf(stderr, "kiln build: front+middle %.3f s, emit %.3f s, cc %.3f s\n", t1 - t0, t2 - t1,
            t3 - t2);
  return 0;
}
