/* host.c: calls tests/recursion/deep.py's library through include/kiln.h from
 * the main thread and from threads with small stacks (32 KiB, 256 KiB), and
 * prints one line per call: "NAME ARGS -> RESULT" or "NAME ARGS -> TYPE: MESSAGE".
 * A stack overflow would end it with SIGSEGV instead. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "kiln.h"

static kiln_module *mod;

static void call(const char *where, const char *func, const char *args) {
  char *out = NULL;
  kiln_error *err = NULL;
  if (kiln_call_json(mod, func, args, &out, &err) == 0) {
    printf("%s %s %s -> %s\n", where, func, args, out);
    kiln_free(out);
  } else {
    printf("%s %s %s -> %s: %s\n", where, func, args, kiln_error_type(err), kiln_error_message(err));
    kiln_error_free(err);
  }
}

static void *worker(void *arg) {
  const char *where = arg;
  call(where, "depth", "[50]");
  call(where, "depth", "[100000]");
  call(where, "probe", "[0]");
  call(where, "depth", "[20]");
  return NULL;
}

int main(void) {
  kiln_error *err = NULL;
  mod = kiln_open(&err);
  if (!mod) {
    fprintf(stderr, "open failed\n");
    return 2;
  }
  call("main", "depth", "[500]");
  call("main", "depth", "[5000]");
  call("main", "probe", "[0]");
  size_t sizes[] = {32 * 1024, 256 * 1024};
  const char *names[] = {"thread32k", "thread256k"};
  for (int i = 0; i < 2; i++) {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, sizes[i]);
    pthread_t t;
    if (pthread_create(&t, &attr, worker, (void *)names[i]) != 0) {
      fprintf(stderr, "pthread_create failed\n");
      return 2;
    }
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
  }
  fflush(stdout);
  return 0;
}
