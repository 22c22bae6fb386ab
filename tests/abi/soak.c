/* soak.c — a host of compiled libraries for tests/unit/test_soak.py:
 * threads on one library, several libraries at once, and long runs.
 *
 *   soak ref TOKJSON LIB              each call of the table once: "ref I RESULT"
 *   soak threads N TOKJSON LIB...     8 threads, N rounds each over every
 *                                     library and every call, each result
 *                                     compared with the first library's,
 *                                     made before the threads start
 *   soak calls N TOKJSON LIB          N calls in one thread, round robin over
 *                                     the table; resident size after the
 *                                     first tenth and at the end: "rss A B"
 *
 * Each library is dlopen()ed on its own (its own copy of the runtime) and
 * reached through include/kiln.h's JSON form. A call that raises is
 * recorded as "!Type: message". Prints "FAIL ..." on a wrong result and
 * exits 1.
 */
#include "../../include/kiln.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Lib {
  kiln_module *m;
  __typeof__(kiln_open) *open;
  __typeof__(kiln_call_json) *call_json;
  __typeof__(kiln_free) *free;
  __typeof__(kiln_error_type) *error_type;
  __typeof__(kiln_error_message) *error_message;
  __typeof__(kiln_error_free) *error_free;
} Lib;

static const char *const table[][2] = {
    {"text", "[\"h\\u00e9llo w\\u00f6rld\", 3]"},
    {"lists", "[60]"},
    {"table", "[[\"a\", \"bb\", \"a\", \"ccc\", \"bb\"]]"},
    {"tensor", "[12]"},
    {"tokens", "[\"@\", \"hello the quick world!\"]"},
    {"caught", "[25]"},
    {"fails", "[3]"},
    {"fails", "[8]"},
};
enum { NCALLS = sizeof table / sizeof *table };

static char *args[NCALLS];
static char *refs[NCALLS];
static Lib *libs;
static int nlibs;
static long rounds;

static void load(Lib *l, const char *path) {
  void *dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!dl) {
    fprintf(stderr, "soak: %s\n", dlerror());
    exit(2);
  }
  l->open = (__typeof__(kiln_open) *)dlsym(dl, "kiln_open");
  l->call_json = (__typeof__(kiln_call_json) *)dlsym(dl, "kiln_call_json");
  l->free = (__typeof__(kiln_free) *)dlsym(dl, "kiln_free");
  l->error_type = (__typeof__(kiln_error_type) *)dlsym(dl, "kiln_error_type");
  l->error_message = (__typeof__(kiln_error_message) *)dlsym(dl, "kiln_error_message");
  l->error_free = (__typeof__(kiln_error_free) *)dlsym(dl, "kiln_error_free");
  kiln_error *err = NULL;
  l->m = l->open(&err);
  if (!l->m) {
    fprintf(stderr, "soak: kiln_open %s failed\n", path);
    exit(2);
  }
}

/* One call; the result as malloc'd text. */
static char *call(Lib *l, int i) {
  char *res = NULL;
  kiln_error *err = NULL;
  if (l->call_json(l->m, table[i][0], args[i], &res, &err) == 0) {
    char *out = strdup(res);
    l->free(res);
    return out;
  }
  const char *t = l->error_type(err), *m = l->error_message(err);
  char *out = malloc(strlen(t) + strlen(m) + 4);
  sprintf(out, "!%s: %s", t, m);
  l->error_free(err);
  return out;
}

static int wrong;
static pthread_mutex_t wrong_mu = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  long id = (long)arg;
  for (long r = 0; r < rounds; r++)
    for (int k = 0; k < nlibs; k++)
      for (int i = 0; i < NCALLS; i++) {
        int c = (int)((i + id + r) % NCALLS); /* threads in different orders */
        Lib *l = &libs[(k + id) % nlibs];
        char *got = call(l, c);
        if (strcmp(got, refs[c])) {
          pthread_mutex_lock(&wrong_mu);
          if (wrong++ < 5)
            printf("FAIL thread %ld: %s(%s) = %s, not %s\n", id, table[c][0], args[c], got, refs[c]);
          pthread_mutex_unlock(&wrong_mu);
        }
        free(got);
      }
  return NULL;
}

static long rss_kib(void) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  long v = 0;
  while (f && fgets(line, sizeof line, f))
    if (!strncmp(line, "VmRSS:", 6))
      v = strtol(line + 6, NULL, 10);
  if (f)
    fclose(f);
  return v;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: soak ref|threads N|calls N TOKJSON LIB...\n");
    return 2;
  }
  const char *mode = argv[1];
  int a = 2;
  long n = 0;
  if (strcmp(mode, "ref"))
    n = atol(argv[a++]);
  const char *tokjson = argv[a++];
  for (int i = 0; i < NCALLS; i++) { /* "@" is the tokenizer.json's path */
    const char *at = strchr(table[i][1], '@');
    if (!at) {
      args[i] = strdup(table[i][1]);
      continue;
    }
    args[i] = malloc(strlen(table[i][1]) + strlen(tokjson) + 1);
    sprintf(args[i], "%.*s%s%s", (int)(at - table[i][1]), table[i][1], tokjson, at + 1);
  }
  nlibs = argc - a;
  libs = calloc((size_t)nlibs, sizeof *libs);
  for (int k = 0; k < nlibs; k++)
    load(&libs[k], argv[a + k]);
  for (int i = 0; i < NCALLS; i++)
    refs[i] = call(&libs[0], i);
  if (!strcmp(mode, "ref")) {
    for (int i = 0; i < NCALLS; i++)
      printf("ref %d %s\n", i, refs[i]);
  } else if (!strcmp(mode, "threads")) {
    enum { THREADS = 8 };
    pthread_t t[THREADS];
    rounds = n;
    for (long i = 0; i < THREADS; i++)
      pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < THREADS; i++)
      pthread_join(t[i], NULL);
    printf("calls %ld\n", (long)THREADS * n * nlibs * NCALLS);
  } else {
    long mid = 0;
    for (long c = 0; c < n; c++) {
      if (c == n / 10)
        mid = rss_kib();
      int i = (int)(c % NCALLS);
      char *got = call(&libs[0], i);
      if (strcmp(got, refs[i]) && wrong++ < 5)
        printf("FAIL call %ld: %s(%s) = %s, not %s\n", c, table[i][0], args[i], got, refs[i]);
      free(got);
    }
    printf("rss %ld %ld\n", mid, rss_kib());
  }
  for (int i = 0; i < NCALLS; i++) {
    free(args[i]);
    free(refs[i]);
  }
  free(libs);
  return wrong ? 1 : 0;
}
