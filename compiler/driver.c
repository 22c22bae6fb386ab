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
#include "../include/kiln.h"

#include <dlfcn.h>
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
    cli_error("kiln", "cannot read %s: %s", path, strerror(errno));
    return NULL;
  }
  Source *src = source_from_bytes(path, bytes, n);
  free(bytes);
  if (!src)
    diag_print(stderr, &diag_last);
  return src;
}

/* The module name of a library: the file's stem, as `import stem` names it. */
static Ident *module_stem(const char *path) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t n = strlen(base);
  if (n > 3 && !strcmp(base + n - 3, ".py"))
    n -= 3;
  return intern(base, n);
}

bool compile_program(Arena *a, const char *path, bool library, Program *p) {
  double t0 = now_seconds();
  Source *src = load_source(path);
  if (!src) {
    diag_hint(stderr);
    return false;
  }
  Node *ast = parse_module(a, src);
  if (!ast) {
    diag_print(stderr, &diag_last);
    diag_hint(stderr);
    return false;
  }
  jmp_buf jb, *saved = diag_jmp;
  volatile bool ok = false;
  memset(p, 0, sizeof *p);
  p->library = library;
  double t1 = now_seconds();
  p->t_parse = t1 - t0;
  if (setjmp(jb) == 0) {
    diag_jmp = &jb;
    Module *m = resolve_program(a, src, ast, library ? module_stem(path) : intern("__main__", 8), p);
    p->entry = func_spec(a, m->init, NULL, 0);
    if (library)
      p->nexports = export_collect(a, m, &p->exports);
    double t2 = now_seconds();
    p->t_resolve = t2 - t1;
    ok = infer_program(a, m, p->entry, p->exports, p->nexports) == 0 &&
         export_check(m, p->exports, p->nexports) == 0;
    p->t_types = now_seconds() - t2;
  } else {
    diag_print(stderr, &diag_last);
  }
  diag_jmp = saved;
  if (!ok)
    diag_hint(stderr);
  return ok;
}

/* The folder kiln's runtime sources and library are in: <kiln>/../ */
const char *kiln_home(void) {
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

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && !strcmp(s + n - m, suffix);
}

/* Progress of a long step that writes a file of about `total` bytes: on a
 * terminal one line rewritten in place, otherwise a plain line per 25%. */
typedef struct Progress {
  const char *what, *file; /* the step's name, the file it writes */
  long long total;
  int shown;               /* quarters printed (plain lines) */
} Progress;

static void progress_show(Progress *p, bool done) {
  struct stat st;
  long long now = done ? p->total : stat(p->file, &st) == 0 ? (long long)st.st_size : 0;
  int pct = p->total > 0 ? (int)(100 * (now < p->total ? now : p->total) / p->total) : 100;
  if (isatty(2)) {
    fprintf(stderr, "\rkiln: %s: %3d%% of %.1f MB%s", p->what, pct, p->total / 1e6, done ? "\n" : "");
  } else {
    for (; p->shown <= pct / 25 && (p->shown < 4 || done); p->shown++)
      fprintf(stderr, "kiln: %s: %d%% of %.1f MB\n", p->what, p->shown * 25, p->total / 1e6);
  }
  fflush(stderr);
}

/* Run a command; with progress (p not NULL), watch the file it writes. */
static int run_cc_progress(char **argv, bool print, Progress *p) {
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
  for (;;) {
    pid_t r = waitpid(pid, &status, p ? WNOHANG : 0);
    if (r < 0)
      return -1;
    if (r == pid)
      break;
    progress_show(p, false);
    struct timespec ts = {0, 200 * 1000 * 1000};
    nanosleep(&ts, NULL);
  }
  int rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (p && rc == 0)
    progress_show(p, true);
  return rc;
}

/* The C units of a large program (emit_program): at most this many, for
 * the cores that compile them at once. More would cut few programs
 * further while one function is most of the work (build300's main), and
 * lose more inlining across units. */
enum { CC_UNITS = 2 };

/* Run n commands at once and wait for all; 0 when all succeeded, else the
 * first failure's status (127: the compiler could not be started), with
 * *failed its index. */
static int run_cc_parallel(char *(*argvs)[128], int n, bool print, int *failed) {
  pid_t pids[CC_UNITS];
  int rc = 0;
  *failed = 0;
  for (int i = 0; i < n; i++) {
    if (print) {
      for (char **a = argvs[i]; *a; a++)
        fprintf(stderr, "%s%s", a == argvs[i] ? "" : " ", *a);
      fputc('\n', stderr);
    }
    pids[i] = fork();
    if (pids[i] == 0) {
      execvp(argvs[i][0], argvs[i]);
      fprintf(stderr, "kiln: cannot run %s: %s\n", argvs[i][0], strerror(errno));
      _exit(127);
    }
  }
  for (int i = 0; i < n; i++) {
    int status, r = -1;
    if (pids[i] > 0 && waitpid(pids[i], &status, 0) == pids[i])
      r = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (r != 0 && rc == 0) {
      rc = r;
      *failed = i;
    }
  }
  return rc;
}

int driver_build(int argc, char **argv, bool library) {
  const char *cmd = library ? "compile" : "build";
  const char *who = library ? "kiln compile" : "kiln build";
  const char *in = NULL, *out = NULL, *opt = "-O2";
  const Target *target = target_host();
  bool emit_c = false, print_cc = false, verbose = false, web = false;
  EmbedList embeds = {0};
  /* -g1 by default: line tables only (with #line, gdb and perf show Python
   * lines), which costs the C compiler little; -g adds variables, at about
   * twice the compile time of large programs */
  const char *debug = "-g1";
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      printf("usage: kiln %s FILE.py -o %s [-O0..-O3|-Os] [-g] [--target TRIPLE] [--embed PATH[=MOUNT]]...\n"
             "       [--emit-c] [--print-cc] [-v]%s\n"
             "  -Os              the generated code for size (the runtime's kernels stay -O2)\n"
             "  --target TRIPLE  compile for another platform (kiln targets lists them; default %s)\n"
             "  --embed PATH     carry the file or folder PATH inside the output: the program\n"
             "                   reads it at PATH (or at MOUNT) without it on disk; the first\n"
             "                   folder is KILN_MODEL_DIR's default\n"
             "%s",
             cmd, library ? "LIB.so" : "EXE", library ? " [--web]" : "", target_host()->triple,
             library ? "  --web            with --target wasm32-emscripten: a library for a browser page\n"
                       "                   (files and environment handed in by the page, not the host's)\n"
                     : "");
      return 0;
    } else if (!strcmp(argv[i], "--target") || !strncmp(argv[i], "--target=", 9)) {
      const char *name = argv[i][8] == '=' ? argv[i] + 9 : i + 1 < argc ? argv[++i] : "";
      target = target_find(name);
      if (!target) {
        cli_error(who, "unknown target '%s' (kiln targets lists them)", name);
        return 2;
      }
    } else if (!strcmp(argv[i], "-g"))
      debug = "-g";
    else if (!strcmp(argv[i], "-o") && i + 1 < argc)
      out = argv[++i];
    else if (!strncmp(argv[i], "-O", 2) && strlen(argv[i]) == 3 &&
             ((argv[i][2] >= '0' && argv[i][2] <= '3') || argv[i][2] == 's'))
      opt = argv[i];
    else if (!strcmp(argv[i], "--emit-c"))
      emit_c = true;
    else if (!strcmp(argv[i], "--print-cc"))
      print_cc = true;
    else if (!strcmp(argv[i], "-v"))
      verbose = true;
    else if (!strcmp(argv[i], "--web") && library)
      web = true;
    else if (!strcmp(argv[i], "--embed") || !strncmp(argv[i], "--embed=", 8)) {
      const char *what = argv[i][7] == '=' ? argv[i] + 8 : i + 1 < argc ? argv[++i] : "";
      if (!embed_add(&embeds, what))
        return 1;
    } else if (argv[i][0] == '-') {
      cli_error(who, "unknown option '%s'", argv[i]);
      return 2;
    } else
      in = argv[i];
  }
  target_code = target;
  if (web && !target->web_link) {
    cli_error(who, "--web needs a target that runs in a browser (--target wasm32-emscripten)");
    return 2;
  }
  const char *why = target_missing(target);
  if (why) {
    cli_error(who, "cannot build for %s here: it needs %s", target->triple, why);
    return 1;
  }
  if (embeds.n && (strstr(target->triple, "mingw") || strstr(target->triple, "wasm"))) {
    fprintf(stderr, "kiln %s: --embed is not supported for %s yet (ELF targets only)\n", cmd, target->triple);
    return 2;
  }
  if (out && !library && target->exe_ext && !ends_with(out, target->exe_ext)) {
    cli_error(who, "an executable for %s is named *%s (got -o %s)", target->triple,
            target->exe_ext, out);
    return 2;
  }
  if (!in || (!out && !emit_c)) {
    fprintf(stderr, "usage: kiln %s FILE.py -o %s [-O0..-O3] [-g] [--emit-c] [--print-cc] [-v]\n", cmd,
            library ? "LIB.so" : "EXE");
    return 2;
  }
  double t0 = now_seconds();
  Arena *a = arena_new();
  Program prog;
  if (!compile_program(a, in, library, &prog))
    return 1;
  double t1 = now_seconds();
  /* a large program's C in several units, compiled in parallel (units.c):
   * not for --emit-c (one file), on one core, or at -O3, which asks for
   * the fastest code (one unit keeps the module globals static) */
  Buf c[CC_UNITS] = {{0}};
  bool one = emit_c || sysconf(_SC_NPROCESSORS_ONLN) < 2 || !strcmp(opt, "-O3");
  int nunits = emit_program(c, one ? 1 : CC_UNITS, &prog);
  if (embeds.n)
    embed_table(&c[0], &embeds);
  double t2 = now_seconds();
  if (emit_c) {
    fwrite(c[0].data, 1, c[0].len, stdout);
    buf_free(&c[0]);
    return 0;
  }

  struct stat ost;
  if (stat(out, &ost) == 0 && S_ISDIR(ost.st_mode)) {
    cli_error(who, "cannot write %s: it is a folder", out);
    return 1;
  }
  /* OUT.kiln.c, then OUT.kiln-1.c ... for the other units */
  char cpath[CC_UNITS][PATH_MAX + 16], opath_u[CC_UNITS][PATH_MAX + 16];
  for (int u = 0; u < nunits; u++) {
    if (u == 0)
      snprintf(cpath[u], sizeof cpath[u], "%s.kiln.c", out);
    else
      snprintf(cpath[u], sizeof cpath[u], "%s.kiln-%d.c", out, u);
    snprintf(opath_u[u], sizeof opath_u[u], "%s.kiln-%d.o", out, u);
    FILE *f = fopen(cpath[u], "wb");
    if (!f || fwrite(c[u].data, 1, c[u].len, f) != c[u].len || fclose(f) != 0) {
      cli_error(who, "cannot write %s: %s", cpath[u], strerror(errno));
      return 1;
    }
    buf_free(&c[u]);
  }

  const char *home = kiln_home();
  char inc[PATH_MAX + 16], dir[PATH_MAX], lib[PATH_MAX + 32], pcre[PATH_MAX + 32], u8p[PATH_MAX + 32];
  snprintf(inc, sizeof inc, "-I%.4000s/runtime", home);
  if (!target_runtime(target, dir, sizeof dir))
    return 1;
  snprintf(lib, sizeof lib, "%.4000s/libkilnrt.a", dir);
  struct stat st;
  if (stat(lib, &st) != 0) {
    cli_error(who, "the runtime library %s is missing: build it with `make` in %s", lib,
            home);
    return 1;
  }
  /* PCRE2 and utf8proc: Debian's archives on the host, the cross-compiled
   * ones beside a target's runtime */
  bool host = target == target_host();
  snprintf(pcre, sizeof pcre, "%.4000s/libpcre2-8.a", host ? "/usr/lib/x86_64-linux-gnu" : dir);
  snprintf(u8p, sizeof u8p, "%.4000s/libutf8proc.a", host ? "/usr/lib/x86_64-linux-gnu" : dir);
  char *cc = host && getenv("CC") && *getenv("CC") ? getenv("CC") : (char *)target->cc;
  /* --embed: the files' assembly, assembled first (the long part for big
   * weights, so it shows progress), then linked as one more object */
  char spath[PATH_MAX + 16] = "", opath[PATH_MAX + 16] = "";
  bool big = embeds.total >= 16 * 1000 * 1000 || verbose;
  if (embeds.n) {
    snprintf(spath, sizeof spath, "%s.kiln-embed.S", out);
    snprintf(opath, sizeof opath, "%s.kiln-embed.o", out);
    Buf s = {0};
    embed_asm(&s, &embeds, target);
    FILE *sf = fopen(spath, "wb");
    if (!sf || fwrite(s.data, 1, s.len, sf) != s.len || fclose(sf) != 0) {
      fprintf(stderr, "kiln: cannot write %s: %s\n", spath, strerror(errno));
      return 1;
    }
    buf_free(&s);
    char *as[] = {cc, "-c", "-o", opath, spath, NULL};
    Progress pr = {.what = "embedding", .file = opath, .total = embeds.total};
    int arc = run_cc_progress(as, print_cc, big ? &pr : NULL);
    unlink(spath);
    if (arc != 0) {
      fprintf(stderr, "kiln: cannot assemble the embedded files (%d files, %.1f MB)\n", embeds.n,
              embeds.total / 1e6);
      unlink(opath);
      return 1;
    }
  }
  /* --param=max-gcse-memory: gcc's RTL global CSE costs a function's
   * blocks x registers, and gcc gives it up only past 128 MB of bitmaps.
   * A program's main with its callees inlined reaches ~600 KB (1,500 blocks
   * x 3,000 registers: build300), where the pass's memory-dependence scan
   * alone was 10% of the C compile; every function of bench/core stays
   * under 160 KB and compiles to the same code as without the limit. clang
   * ignores the option (-w). */
  /* no .eh_frame in the generated code of a Linux file (a tenth of a
   * model library): nothing unwinds through it (exceptions are values; the
   * Python traceback is kept by the code itself). -g keeps the tables, and
   * so does a sanitizer build (KILN_CFLAGS), whose reports walk the stack
   * with them; gdb and perf read .debug_frame, which -g1 still writes. */
  const char *cflags_env = getenv("KILN_CFLAGS");
  bool unwind = strcmp(target->platform, "linux") || !strcmp(debug, "-g") ||
                (cflags_env && strstr(cflags_env, "-fsanitize"));
  char *fixed[] = {cc, "-std=c11", "-D_GNU_SOURCE", (char *)opt,
                   (char *)(strcmp(debug, "-g1") || !target->debug ? debug : target->debug),
                   unwind ? "-fasynchronous-unwind-tables" : "-fno-asynchronous-unwind-tables",
                   "-ffp-contract=off", "-fno-fast-math", "-fno-strict-aliasing", "-ffunction-sections",
                   "-fdata-sections", "--param=max-gcse-memory=256", "-w", inc};
  /* the target's flags, split at spaces ("@/" is kiln's home folder); a
   * unit compiled on its own takes those that shape code (-f, -m: a
   * library's -fPIC) and the user's KILN_CFLAGS, the link all of them */
  Buf words = {0}, cwords = {0};
  const char *lists[] = {target->cflags, lib, u8p, pcre, "-Wl,--gc-sections",
                         web ? target->web_link : library ? target->lib_link : target->exe_link,
                         cflags_env};
  for (size_t l = 0; l < countof(lists); l++)
    for (const char *p = lists[l]; p && *p;) {
      while (*p == ' ' || *p == '\t')
        p++;
      const char *e = p;
      while (*e && *e != ' ' && *e != '\t')
        e++;
      bool code = l == 0 || l == countof(lists) - 1 || (*p == '-' && (p[1] == 'f' || p[1] == 'm'));
      for (int k = 0; k < 2 && e > p; k++) {
        Buf *w = k ? &cwords : &words;
        if (k && !code)
          continue;
        buf_putc(w, '\0');
        for (const char *q = p; q < e; q++) {
          if (*q == '@' && q[1] == '/')
            buf_puts(w, home);
          else
            buf_putc(w, *q);
        }
      }
      p = e;
    }
  buf_putc(&words, '\0');
  buf_putc(&cwords, '\0');
  if (target->node_path) {
    const char *np = getenv("NODE_PATH");
    Buf v = {0};
    buf_printf(&v, "%s%s%s", np && *np ? np : "", np && *np ? ":" : "", target->node_path);
    buf_putc(&v, 0);
    setenv("NODE_PATH", v.data, 1);
    buf_free(&v);
  }
  /* one unit: compile and link in one command; several: each compiled on
   * its own, all at once, then linked */
  char *args[CC_UNITS][128];
  int rc = 0, failed = 0;
  if (nunits > 1) {
    for (int u = 0; u < nunits; u++) {
      size_t n = 0;
      for (size_t i = 0; i < countof(fixed); i++)
        args[u][n++] = fixed[i];
      char *io[] = {"-c", "-o", opath_u[u], cpath[u]};
      for (size_t i = 0; i < countof(io); i++)
        args[u][n++] = io[i];
      for (size_t i = 1; i + 1 < cwords.len && n < countof(args[u]) - 1; i += strlen(cwords.data + i) + 1)
        args[u][n++] = cwords.data + i;
      args[u][n] = NULL;
    }
    rc = run_cc_parallel(args, nunits, print_cc, &failed);
  }
  if (rc == 0) {
    size_t n = 0;
    char **link = args[0];
    for (size_t i = 0; i < countof(fixed); i++)
      link[n++] = fixed[i];
    link[n++] = "-o";
    link[n++] = (char *)out;
    for (int u = 0; u < nunits; u++)
      link[n++] = nunits > 1 ? opath_u[u] : cpath[u];
    if (embeds.n)
      link[n++] = opath;
    for (size_t i = 1; i + 1 < words.len && n < countof(args[0]) - 1; i += strlen(words.data + i) + 1)
      link[n++] = words.data + i;
    link[n] = NULL;
    Progress pr = {.what = "linking", .file = out, .total = embeds.total};
    rc = run_cc_progress(link, print_cc, embeds.n && big ? &pr : NULL);
    failed = 0;
  }
  if (embeds.n)
    unlink(opath);
  for (int u = 0; u < nunits && nunits > 1; u++)
    unlink(opath_u[u]);
  buf_free(&words);
  buf_free(&cwords);
  if (rc == 127) {
    cli_error(who, "cannot run the C compiler '%s' (set CC to one that exists)", cc);
    return 1;
  }
  double t3 = now_seconds();
  if (rc != 0) {
    cli_error(who,
              "internal error: the C compiler failed on the generated code (%s); "
              "this is a bug in kiln, not in your program",
              cpath[failed]);
    return 1;
  }
  for (int u = 0; u < nunits; u++)
    unlink(cpath[u]);
  char ccname[64];
  if (nunits > 1)
    snprintf(ccname, sizeof ccname, "%.40s, %d units", cc, nunits);
  else
    snprintf(ccname, sizeof ccname, "%.40s", cc);
  if (verbose)
    fprintf(stderr,
            "kiln %s: parse %.3f s, resolve %.3f s, lower+types %.3f s, emit C %.3f s, cc (%s) %.3f s, "
            "total %.3f s\n",
            cmd, prog.t_parse, prog.t_resolve, prog.t_types, t2 - t1, ccname, t3 - t2, t3 - t0);
  return 0;
}

/* kiln call LIB.so FUNC 'JSON-ARGS': open the library through its C ABI,
 * call FUNC, print the JSON result; the exception's traceback on stderr and
 * exit 1 when it raises (as python3 would print an uncaught one). */

int driver_call(int argc, char **argv) {
  bool manifest = argc == 2 && !strcmp(argv[1], "--manifest");
  if (argc != 3 && !manifest) {
    fprintf(stderr, "usage: kiln call LIB.so FUNC 'JSON-ARGS'\n       kiln call LIB.so --manifest\n");
    return 2;
  }
  /* a path without a slash would be searched for in the system's folders */
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s%s", strchr(argv[0], '/') ? "" : "./", argv[0]);
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    cli_error("kiln call", "cannot load %s: %s", argv[0], dlerror());
    return 1;
  }
  /* the library's functions, typed by the header they implement */
  __typeof__(kiln_manifest) *k_manifest = (__typeof__(kiln_manifest) *)dlsym(lib, "kiln_manifest");
  __typeof__(kiln_open) *k_open = (__typeof__(kiln_open) *)dlsym(lib, "kiln_open");
  __typeof__(kiln_call_json) *k_call = (__typeof__(kiln_call_json) *)dlsym(lib, "kiln_call_json");
  __typeof__(kiln_error_traceback) *k_tb =
      (__typeof__(kiln_error_traceback) *)dlsym(lib, "kiln_error_traceback");
  __typeof__(kiln_error_free) *k_err_free = (__typeof__(kiln_error_free) *)dlsym(lib, "kiln_error_free");
  __typeof__(kiln_free) *k_free = (__typeof__(kiln_free) *)dlsym(lib, "kiln_free");
  __typeof__(kiln_close) *k_close = (__typeof__(kiln_close) *)dlsym(lib, "kiln_close");
  if (!k_manifest || !k_open || !k_call || !k_tb || !k_err_free || !k_free || !k_close) {
    cli_error("kiln call", "%s is not a library compiled by kiln compile", argv[0]);
    return 1;
  }
  if (manifest) {
    printf("%s\n", k_manifest());
    return 0;
  }
  kiln_error *err = NULL;
  kiln_module *m = k_open(&err);
  char *result = NULL;
  int rc = m ? k_call(m, argv[1], argv[2], &result, &err) : -1;
  fflush(stdout);
  if (rc != 0) {
    fputs(err ? k_tb(err) : "MemoryError\n", stderr);
    k_err_free(err);
    k_close(m);
    return 1;
  }
  printf("%s\n", result);
  k_free(result);
  k_close(m);
  return 0;
}
