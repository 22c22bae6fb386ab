/* host.c: calls tests/recursion/deep.py's library through include/kiln.h from
 * the main thread, from the main thread switched onto a stack of the host's
 * own (ucontext, as koffi and coroutine libraries switch), and from threads
 * with small stacks (32 KiB, 256 KiB), and
 * prints one line per call: "NAME ARGS -> RESULT" or "NAME ARGS -> TYPE: MESSAGE".
 * A stack overflow would end it with SIGSEGV instead. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

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

static ucontext_t main_ctx, side_ctx;

/* On a heap stack the thread's stack bounds do not describe: only the
 * depth limit applies there, and calls work as on the thread's own. */
static void on_side_stack(void) {
  call("switched", "depth", "[50]");
  call("switched", "depth", "[500]");
  call("switched", "probe", "[0]");
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
  size_t side = 8u << 20;
  char *stack = malloc(side);
  if (!stack || getcontext(&side_ctx) != 0)
    return 2;
  side_ctx.uc_stack.ss_sp = stack;
  side_ctx.uc_stack.ss_size = side;
  side_ctx.uc_link = &main_ctx;
  makecontext(&side_ctx, on_side_stack, 0);
  if (swapcontext(&main_ctx, &side_ctx) != 0)
    return 2;
  free(stack);
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
