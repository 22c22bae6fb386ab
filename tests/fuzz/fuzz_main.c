/* fuzz_main.c — the plain driver of kiln's libFuzzer harnesses: a main()
 * that runs every file named on the command line (a folder: each file in
 * it) through the harness's LLVMFuzzerTestOneInput, once, in order. Linked
 * instead of libFuzzer, so the corpora and the crash inputs a campaign kept
 * (tests/fuzz/corpus/NAME/) run in `make test` on the ordinary build,
 * under gcc, without clang. Prints "ok N inputs" at the end; a harness that
 * crashes or aborts ends the run with that signal, naming the input first.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static long ninputs;

static int run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    return 1;
  }
  size_t cap = 1 << 16, n = 0;
  uint8_t *buf = malloc(cap);
  for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
    n += got;
    if (n == cap)
      buf = realloc(buf, cap *= 2);
  }
  fclose(f);
  if (!buf) {
    fprintf(stderr, "%s: out of memory\n", path);
    return 1;
  }
  fprintf(stderr, "input %s\n", path);
  /* libFuzzer hands the harness a copy of exactly size bytes: so does this */
  uint8_t *copy = malloc(n ? n : 1);
  memcpy(copy, buf, n);
  free(buf);
  LLVMFuzzerTestOneInput(copy, n);
  free(copy);
  ninputs++;
  return 0;
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int run_path(const char *path) {
  struct stat st;
  if (stat(path, &st) < 0) {
    perror(path);
    return 1;
  }
  if (!S_ISDIR(st.st_mode))
    return run_file(path);
  DIR *d = opendir(path);
  if (!d) {
    perror(path);
    return 1;
  }
  char **names = NULL;
  size_t n = 0;
  for (struct dirent *e; (e = readdir(d));) {
    if (e->d_name[0] == '.')
      continue;
    names = realloc(names, (n + 1) * sizeof *names);
    names[n] = malloc(strlen(path) + strlen(e->d_name) + 2);
    sprintf(names[n++], "%s/%s", path, e->d_name);
  }
  closedir(d);
  if (n) /* an empty folder: qsort's pointer may not be NULL even for no items */
    qsort(names, n, sizeof *names, cmp);
  int rc = 0;
  for (size_t i = 0; i < n; i++) {
    rc |= run_path(names[i]);
    free(names[i]);
  }
  free(names);
  return rc;
}

int main(int argc, char **argv) {
  int rc = 0;
  for (int i = 1; i < argc; i++)
    if (argv[i][0] != '-') /* libFuzzer's flags, when a command line is shared */
      rc |= run_path(argv[i]);
  printf("ok %ld inputs\n", ninputs);
  return rc;
}
