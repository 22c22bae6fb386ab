/* targets.c — the platforms kiln compiles for, as one table.
 *
 * kiln's output is C, so a target is a C compiler and the flags its runtime
 * and programs need: each row names the compiler (a Debian cross compiler),
 * how a program and a library are linked, the file a library becomes, how
 * the output runs on this machine (an emulator, Node) and what to install
 * when the compiler is missing. The runtime of a target other than the host
 * is built with that compiler the first time it is used, into
 * build/targets/TRIPLE/ (the Makefile's target-runtime rule, beside PCRE2
 * and utf8proc cross-compiled from Debian's sources by
 * scripts/target-deps.sh), and rebuilt by make when a runtime file changes.
 * Targets no Debian package reaches (macOS) are listed with what they need.
 */
#include "kilnc.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const Target targets[] = {
    {.triple = "x86_64-linux-gnu",
     .platform = "linux",
     .cc = "cc",
     .ar = "ar",
     .lib_ext = ".so",
     .exe_link = "-lm",
     .lib_link = "-shared -fPIC -Wl,-u,kiln_manifest -Wl,--version-script=@/runtime/kiln.map -Wl,-z,defs -lm",
     .packages = "build-essential libpcre2-dev libutf8proc-dev",
     .note = "SSE2 baseline; AVX2/AVX-512 GEMM kernels chosen at run time"},
    {.triple = "aarch64-linux-gnu",
     .platform = "linux",
     .cc = "aarch64-linux-gnu-gcc",
     .ar = "aarch64-linux-gnu-ar",
     .lib_ext = ".so",
     .exe_link = "-lm",
     .lib_link = "-shared -fPIC -Wl,-u,kiln_manifest -Wl,--version-script=@/runtime/kiln.map -Wl,-z,defs -lm",
     .runner = "qemu-aarch64 -L /usr/aarch64-linux-gnu",
     .runner_probe = "qemu-aarch64",
     .runner_packages = "qemu-user",
     .packages = "gcc-aarch64-linux-gnu libc6-dev-arm64-cross",
     .note = "NEON GEMM kernel (Arm's baseline SIMD)"},
    {.triple = "x86_64-w64-mingw32",
     .platform = "win32",
     .cc = "x86_64-w64-mingw32-gcc",
     .ar = "x86_64-w64-mingw32-ar",
     .runtime_cflags = "-DPCRE2_STATIC -DUTF8PROC_STATIC",
     .exe_ext = ".exe",
     .lib_ext = ".dll",
     /* -static: winpthreads and libgcc inside the file, so it needs
      * Windows' own DLLs only; a DLL exports what kiln.def lists (the
      * Makefile's target-runtime writes it from abi.o) */
     .exe_link = "-static -lpthread",
     .lib_link = "-shared -static -Wl,-u,kiln_manifest @/build/targets/x86_64-w64-mingw32/kiln.def -lpthread",
     .runner = "/usr/lib/wine/wine64",
     .runner_probe = "/usr/lib/wine/wine64",
     .runner_packages = "wine64",
     .packages = "gcc-mingw-w64-x86-64",
     .note = "a .exe, or a .dll exporting include/kiln.h"},
    {.triple = "wasm32-emscripten",
     .platform = "emscripten",
     .cc = "emcc",
     .ar = "emar",
     /* one thread (no SharedArrayBuffer needed); the runtime's worker pool
      * then runs every job on the calling thread */
     .runtime_cflags = "-fno-PIC -msimd128",
     .cflags = "-msimd128",
     .exe_ext = ".js",
     .lib_ext = ".js",
     .debug = "-g0",
     /* NODERAWFS: open() reaches the host's files, as a program run by
      * python3 would; the memory grows as the program allocates; the .wasm
      * is read synchronously (emscripten 3.1.6 would fetch() it, which
      * Node 18+ has but cannot use on a path); wasm_pre.js hands the
      * program Node's environment */
     .exe_link = "-sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=1 -sENVIRONMENT=node "
                 "-sWASM_ASYNC_COMPILATION=0 --pre-js @/runtime/wasm_pre.js",
     .lib_link = "-sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 -sMODULARIZE=1 -sEXPORT_NAME=kilnModule -sENVIRONMENT=node "
                 "-sEXPORTED_RUNTIME_METHODS=cwrap,UTF8ToString,getValue,setValue "
                 "-sEXPORTED_FUNCTIONS=@@/build/targets/wasm32-emscripten/exports.json -sWASM_ASYNC_COMPILATION=0 "
                 "--pre-js @/runtime/wasm_pre.js",
     /* --web: the same runtime, linked for a page: emscripten's in-memory
      * file system instead of the host's, compiled asynchronously (browsers
      * refuse large synchronous compiles on the main thread), and
      * wasm_web.js takes the model files and environment the page hands in */
     .web_link = "-sALLOW_MEMORY_GROWTH=1 -sMODULARIZE=1 -sEXPORT_NAME=kilnModule -sENVIRONMENT=web,worker "
                 "-sFORCE_FILESYSTEM=1 -sEXPORTED_RUNTIME_METHODS=cwrap,UTF8ToString,getValue,setValue "
                 "-sEXPORTED_FUNCTIONS=@@/build/targets/wasm32-emscripten/exports.json "
                 "--pre-js @/runtime/wasm_web.js",
     .runner = "node",
     .runner_probe = "node",
     .runner_packages = "nodejs",
     .packages = "emscripten",
     /* Debian's emcc runs its JavaScript optimiser with node, which needs
      * Debian's node-acorn; a node from elsewhere (NodeSource) does not
      * look in /usr/share/nodejs */
     .node_path = "/usr/share/nodejs",
     .note = "a .js loader and its .wasm (for Node; kiln compile --web: for a browser page); one thread; "
             "SIMD128 GEMM kernel"},
    {.triple = "arm64-apple-darwin",
     .platform = "darwin",
     .missing = "a macOS SDK and Apple's linker (ld64), which no Debian package provides: build osxcross "
                "(github.com/tpoechtrager/osxcross) with an SDK packaged from Xcode on a Mac (Apple's "
                "licence applies), put its bin/ on PATH, then give arm64-apple-darwin a row in kiln's "
                "compiler/targets.c with cc arm64-apple-darwin-clang (not tried: the runtime may need "
                "fallbacks in runtime/platform.h)"},
};

const Target *target_code;

const Target *target_host(void) {
#if defined(__aarch64__)
  return &targets[1];
#else
  return &targets[0];
#endif
}

const Target *target_find(const char *triple) {
  for (size_t i = 0; i < countof(targets); i++)
    if (!strcmp(targets[i].triple, triple))
      return &targets[i];
  return NULL;
}

const Target *target_at(int i) {
  return i >= 0 && (size_t)i < countof(targets) ? &targets[i] : NULL;
}

/* Is cmd (a name on PATH or a path) there to run? */
bool have_command(const char *cmd) {
  if (strchr(cmd, '/'))
    return access(cmd, X_OK) == 0;
  const char *path = getenv("PATH");
  if (!path)
    return false;
  char buf[4096];
  for (const char *p = path; *p;) {
    const char *e = strchr(p, ':');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    snprintf(buf, sizeof buf, "%.*s/%s", (int)n, p, cmd);
    if (access(buf, X_OK) == 0)
      return true;
    if (!e)
      break;
    p = e + 1;
  }
  return false;
}

/* Why t cannot be built here (a sentence with the steps), or NULL. */
const char *target_missing(const Target *t) {
  static char why[1024];
  if (t->missing)
    return t->missing;
  if (t == target_host())
    return NULL;
  if (!have_command(t->cc)) {
    snprintf(why, sizeof why,
             "its C compiler %s, which is not installed (sudo apt-get install %s; "
             "or, for every target: sudo scripts/setup.sh cross)",
             t->cc, t->packages);
    return why;
  }
  char src[PATH_MAX + 32];
  snprintf(src, sizeof src, "%s/build/targets/src", kiln_home());
  struct stat st;
  char lib[PATH_MAX + 64];
  snprintf(lib, sizeof lib, "%s/build/targets/%s/libpcre2-8.a", kiln_home(), t->triple);
  if (stat(lib, &st) != 0 && stat(src, &st) != 0) {
    snprintf(why, sizeof why,
             "the PCRE2 and utf8proc sources its runtime links, which are not fetched "
             "(sudo scripts/setup.sh cross runs apt-get source pcre2 utf8proc into %.700s)",
             src);
    return why;
  }
  return NULL;
}

/* Run argv with stdout and stderr going to the file log; the exit status. */
static int run_logged(char **argv, const char *log) {
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
      close(fd);
    }
    execvp(argv[0], argv);
    _exit(127);
  }
  int status;
  if (waitpid(pid, &status, 0) < 0)
    return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The runtime of t, built or brought up to date by make, under a lock so
 * that kilns started together build it once. Writes the folder of its
 * archives into dir; false (after saying why) when it cannot be built. */
bool target_runtime(const Target *t, char *dir, size_t n) {
  const char *home = kiln_home();
  if (t == target_host()) {
    snprintf(dir, n, "%s/build", home);
    return true;
  }
  snprintf(dir, n, "%s/build/targets/%s", home, t->triple);
  char path[PATH_MAX + 128];
  snprintf(path, sizeof path, "%s/build/targets", home);
  mkdir(path, 0777);
  mkdir(dir, 0777);
  snprintf(path, sizeof path, "%s/.lock", dir);
  int lock = open(path, O_RDWR | O_CREAT, 0644);
  if (lock < 0 || flock(lock, LOCK_EX) != 0) {
    cli_error("kiln", "cannot lock %s: %s", path, strerror(errno));
    if (lock >= 0)
      close(lock);
    return false;
  }
  char lib[PATH_MAX + 64];
  snprintf(lib, sizeof lib, "%s/libkilnrt.a", dir);
  struct stat st;
  bool fresh = stat(lib, &st) != 0;
  if (fresh)
    fprintf(stderr, "kiln: building the runtime for %s (once; log in %s/build.log)\n", t->triple, dir);
  char a_target[256], a_cc[256], a_ar[256], a_flags[512], a_jobs[32], log[PATH_MAX + 64];
  snprintf(a_target, sizeof a_target, "TARGET=%s", t->triple);
  snprintf(a_cc, sizeof a_cc, "TARGET_CC=%s", t->cc);
  snprintf(a_ar, sizeof a_ar, "TARGET_AR=%s", t->ar);
  snprintf(a_flags, sizeof a_flags, "TARGET_CFLAGS=%s", t->runtime_cflags ? t->runtime_cflags : "");
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  snprintf(a_jobs, sizeof a_jobs, "-j%ld", cpus > 0 ? cpus : 1);
  snprintf(log, sizeof log, "%s/build.log", dir);
  char *argv[] = {"make", "-C", (char *)home, a_jobs, "--no-print-directory", "target-runtime",
                  a_target, a_cc, a_ar, a_flags, "CI=", NULL};
  int rc = run_logged(argv, log);
  flock(lock, LOCK_UN);
  close(lock);
  if (rc != 0) {
    cli_error("kiln", "building the runtime for %s failed (make exited %d): see %s", t->triple, rc,
            log);
    return false;
  }
  return true;
}

/* kiln targets [--build]: every target, whether this machine builds it and
 * runs its output, and the steps for what is missing. --build builds the
 * runtime of each target it can. */
int cmd_targets(int argc, char **argv) {
  bool build = argc == 1 && !strcmp(argv[0], "--build");
  if (argc > 1 || (argc == 1 && !build)) {
    fprintf(stderr, "usage: kiln targets [--build]\n");
    return 2;
  }
  int failed = 0;
  printf("%-22s %-8s %s\n", "target", "builds", "notes");
  for (size_t i = 0; i < countof(targets); i++) {
    const Target *t = &targets[i];
    const char *why = target_missing(t);
    printf("%-22s %-8s %s%s\n", t->triple, why ? "no" : "yes", t == target_host() ? "(default) " : "",
           why ? "" : t->note);
    if (why) {
      printf("%-22s          needs %s\n", "", why);
      continue;
    }
    if (t->runner_probe) {
      if (have_command(t->runner_probe))
        printf("%-22s          runs here under %s\n", "", t->runner);
      else
        printf("%-22s          to run its output here: sudo apt-get install %s\n", "", t->runner_packages);
    }
    if (build) {
      char dir[PATH_MAX];
      if (!target_runtime(t, dir, sizeof dir))
        failed++;
      else
        printf("%-22s          runtime: %s/libkilnrt.a\n", "", dir);
    }
  }
  return failed ? 1 : 0;
}
