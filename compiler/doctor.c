/* doctor.c — `kiln doctor`: is this machine ready for kiln, and what to run
 * where it is not.
 *
 * Three groups, each line "ok" or "missing" with the exact command that
 * installs what is missing:
 *   required   what every kiln build needs: a C compiler, the runtime
 *              library, the static PCRE2 and utf8proc archives it links;
 *              then a real build of a one-line program, run once
 *   optional   what one feature needs: libmicrohttpd (kiln serve), node and
 *              koffi (the Node client), python3 and numpy (the tests'
 *              references)
 *   targets    each --target: its cross compiler and libraries, and the
 *              emulator that runs its output here (targets.c)
 * The exit status is 1 only when a required piece is missing or the test
 * build fails: what the host's kiln build cannot work without. */
#include "kilnc.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int missing_required;

/* One line: status, what, detail; with the fix below it when missing. */
static void report(bool ok, bool required, const char *what, const char *detail, const char *fix) {
  printf("  %-8s %-20s %s\n", ok ? "ok" : required ? "MISSING" : "missing", what, detail);
  if (!ok && fix)
    printf("  %-8s %-20s fix: %s\n", "", "", fix);
  if (!ok && required)
    missing_required++;
}

/* The first line a command prints (stdout and stderr), or "" when it fails. */
static const char *first_line_of(const char *cmd, char *buf, size_t n) {
  buf[0] = 0;
  char full[1024];
  snprintf(full, sizeof full, "%s 2>&1", cmd);
  FILE *p = popen(full, "r");
  if (!p)
    return buf;
  if (!fgets(buf, (int)n, p))
    buf[0] = 0;
  while (fgetc(p) != EOF) {
  }
  if (pclose(p) != 0)
    buf[0] = 0;
  buf[strcspn(buf, "\n")] = 0;
  return buf;
}

static bool exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0;
}

/* Build print("kiln doctor") with this very kiln in a temporary folder and
 * run it: what a user's first kiln build does. */
static void test_build(void) {
  char dir[] = "/tmp/kiln-doctor-XXXXXX";
  if (!mkdtemp(dir)) {
    report(false, true, "test build", "cannot make a temporary folder in /tmp", "check that /tmp is writable");
    return;
  }
  char py[PATH_MAX], exe[PATH_MAX], cmd[4 * PATH_MAX + 64], line[512];
  snprintf(py, sizeof py, "%s/hello.py", dir);
  snprintf(exe, sizeof exe, "%s/hello", dir);
  FILE *f = fopen(py, "w");
  if (f) {
    fputs("print(\"kiln doctor\")\n", f);
    fclose(f);
  }
  char self[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  self[n > 0 ? n : 0] = 0;
  snprintf(cmd, sizeof cmd, "'%s' build '%s' -o '%s' && '%s'", self, py, exe, exe);
  double t0 = now_seconds();
  first_line_of(cmd, line, sizeof line);
  double t = now_seconds() - t0;
  bool ok = !strcmp(line, "kiln doctor");
  char detail[700];
  if (ok)
    snprintf(detail, sizeof detail, "print(\"kiln doctor\") built and ran (%.1f s)", t);
  else
    snprintf(detail, sizeof detail, "kiln build of a one-line program failed: %.600s", line);
  report(ok, true, "test build", detail, "run `kiln build FILE.py -o EXE -v --print-cc` to see the failing step");
  unlink(exe);
  unlink(py);
  rmdir(dir);
}

int cmd_doctor(int argc, char **argv) {
  if (argc) {
    fprintf(stderr, "usage: kiln doctor\n");
    return 2;
  }
  const char *home = kiln_home();
  char buf[512], detail[PATH_MAX + 600], fix[PATH_MAX + 200], path[PATH_MAX + 64];
  missing_required = 0;
  printf("kiln %s in %s\n\nrequired (kiln build and kiln compile):\n", KILN_VERSION, home);

  const char *cc = getenv("CC") && *getenv("CC") ? getenv("CC") : target_host()->cc;
  char cmd[600];
  snprintf(cmd, sizeof cmd, "'%s' --version", cc);
  bool have_cc = have_command(cc) && *first_line_of(cmd, buf, sizeof buf);
  snprintf(detail, sizeof detail, "%s%s%s%s", cc, have_cc ? " (" : " not found", have_cc ? buf : "",
           have_cc ? ")" : "");
  report(have_cc, true, "C compiler", detail,
         getenv("CC") && *getenv("CC") ? "set CC to a C compiler that exists, or unset it to use cc"
                                       : "sudo apt-get install build-essential");

  snprintf(path, sizeof path, "%s/build/libkilnrt.a", home);
  snprintf(fix, sizeof fix, "make -C %s", home);
  report(exists(path), true, "runtime library", path, fix);

  snprintf(path, sizeof path, "%s/runtime", home);
  report(exists(path), true, "runtime headers", path,
         "reinstall kiln: bin/kiln must stay in its source folder (the runtime's headers are in runtime/)");

  static const struct {
    const char *what, *archive, *package;
  } libs[] = {
      {"PCRE2 (re)", "/usr/lib/x86_64-linux-gnu/libpcre2-8.a", "libpcre2-dev"},
      {"utf8proc (str)", "/usr/lib/x86_64-linux-gnu/libutf8proc.a", "libutf8proc-dev"},
  };
  for (size_t i = 0; i < countof(libs); i++) {
    snprintf(fix, sizeof fix, "sudo apt-get install %s", libs[i].package);
    report(exists(libs[i].archive), true, libs[i].what, libs[i].archive, fix);
  }
  if (!missing_required)
    test_build();
  else
    report(false, true, "test build", "not tried: a required piece is missing", NULL);

  printf("\noptional:\n");
  void *mhd = dlopen("libmicrohttpd.so.12", RTLD_LAZY | RTLD_LOCAL);
  report(mhd != NULL, false, "kiln serve", mhd ? "libmicrohttpd.so.12" : "libmicrohttpd.so.12 not found",
         "sudo apt-get install libmicrohttpd12 (and libmicrohttpd-dev to build kiln)");
  if (mhd)
    dlclose(mhd);
  bool node = have_command("node") && *first_line_of("node --version", buf, sizeof buf);
  snprintf(detail, sizeof detail, node ? "node %s" : "node not found", buf);
  report(node, false, "Node client: node", detail, "sudo apt-get install nodejs npm");
  snprintf(path, sizeof path, "%s/clients/node/node_modules/koffi/package.json", home);
  snprintf(fix, sizeof fix, "cd %s/clients/node && npm install", home);
  snprintf(detail, sizeof detail, "%s/clients/node/node_modules/koffi", home);
  report(exists(path), false, "Node client: koffi", detail, fix);
  bool py = have_command("python3") && *first_line_of("python3 --version", buf, sizeof buf);
  report(py, false, "tests: python3", py ? buf : "python3 not found", "sudo apt-get install python3");
  bool np = have_command("/usr/bin/python3") &&
            *first_line_of("/usr/bin/python3 -c 'import numpy; print(\"numpy\", numpy.__version__)'", buf,
                           sizeof buf);
  report(np, false, "tests: numpy", np ? buf : "/usr/bin/python3 cannot import numpy",
         "sudo apt-get install python3-numpy");

  printf("\ntargets (kiln build --target TRIPLE; kiln targets):\n");
  for (int i = 0; target_at(i); i++) {
    const Target *t = target_at(i);
    if (t == target_host())
      continue;
    const char *why = target_missing(t);
    snprintf(detail, sizeof detail, "%s", why ? "cannot build here" : "builds");
    if (!why && t->runner_probe) {
      bool runs = have_command(t->runner_probe);
      snprintf(detail, sizeof detail, "builds; %s %s", runs ? "runs here under" : "its output needs",
               t->runner_probe);
      snprintf(fix, sizeof fix, "sudo apt-get install %s", t->runner_packages);
      report(runs, false, t->triple, detail, fix);
      continue;
    }
    snprintf(fix, sizeof fix, "it needs %.1000s", why ? why : "");
    report(!why, false, t->triple, detail, why ? fix : NULL);
  }

  if (missing_required) {
    printf("\nkiln build cannot work here: %d required piece%s missing (the fix lines above)\n",
           missing_required, missing_required == 1 ? " is" : "s are");
    return 1;
  }
  printf("\nkiln build works here\n");
  return 0;
}
