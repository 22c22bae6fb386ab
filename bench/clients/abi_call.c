/* abi_call.c — the C side of bench/clients/overhead.mjs: the time of one
 * kiln_call of add(a, b) (tests/abi/textlib.py) made directly through the
 * C ABI, arguments made and released per call as a host would.
 *
 *   cc -O2 -I include bench/clients/abi_call.c LIB.so -o abi_call && ./abi_call N
 * prints the mean microseconds per call. */
#include "kiln.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 200000;
  kiln_module *m = kiln_open(NULL);
  if (!m)
    return 1;
  long check = 0;
  double best = 1e9;
  for (int round = 0; round < 3; round++) {
    double t0 = now();
    for (long i = 0; i < n; i++) {
      kiln_value *args[2] = {kiln_int(i), kiln_int(1)};
      kiln_value *r = NULL;
      if (kiln_call(m, "add", args, 2, &r, NULL) != 0)
        return 1;
      check += kiln_as_int(r);
      kiln_release(r);
      kiln_release(args[0]);
      kiln_release(args[1]);
    }
    double us = (now() - t0) / (double)n * 1e6;
    if (us < best)
      best = us;
  }
  printf("%.3f %ld\n", best, check);
  kiln_close(m);
  return 0;
}
