/* ndprint_driver.c — prints repr() and str() of arrays through libkilnrt's
 * kr_array_repr / kr_array_str, for tests/runtime/test_ndprint.py.
 *
 * Input (the file named by argv[1]): cases, each a header line
 *   DTYPE FLAGS NDIM OFFSET NBYTES SHAPE... STRIDES...
 * (DTYPE the KrDtype number, FLAGS the KrArray flags, strides in bytes,
 * OFFSET the first item's byte offset in the buffer) followed by the NBYTES
 * bytes of the buffer the array views.
 * Output, per case: "R S\n" (the byte lengths of repr and str), the two
 * texts, and a newline; "LEAK" instead of the lengths when a call left
 * objects or blocks alive, "NULL" when one failed.
 *
 * The arrays are built by hand (a KrArray header over a malloc'ed buffer),
 * so the test needs nothing of the runtime but the two printers.
 */
#include "ndarray.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: ndprint_driver CASES\n");
    return 2;
  }
  FILE *in = fopen(argv[1], "rb");
  if (!in) {
    perror(argv[1]);
    return 2;
  }
  int dtype, flags, ndim;
  long long offset, nbytes;
  while (fscanf(in, "%d %d %d %lld %lld", &dtype, &flags, &ndim, &offset, &nbytes) == 5) {
    KrArray *a = calloc(1, sizeof(KrArray) + 2 * (size_t)ndim * sizeof(int64_t));
    char *mem = malloc((size_t)nbytes + 1);
    if (!a || !mem)
      return 3;
    a->dtype = (uint8_t)dtype;
    a->flags = (uint8_t)flags;
    a->ndim = (uint8_t)ndim;
    a->shape = a->dims;
    a->strides = a->dims + ndim;
    a->size = 1;
    for (int i = 0; i < 2 * ndim; i++) {
      long long v;
      if (fscanf(in, "%lld", &v) != 1)
        return 4;
      a->dims[i] = v;
    }
    for (int i = 0; i < ndim; i++)
      a->size *= a->shape[i];
    if (fgetc(in) != '\n' || fread(mem, 1, (size_t)nbytes, in) != (size_t)nbytes)
      return 5;
    a->data = mem + offset;

    int64_t objs = kr_live_objects, blocks = kr_live_blocks;
    KrObj *r = kr_array_repr(&a->h);
    KrObj *s = kr_array_str(&a->h);
    if (!r || !s) {
      printf("NULL\n");
    } else {
      printf("%lld %lld\n", (long long)kr_str_bytes(r), (long long)kr_str_bytes(s));
      fwrite(kr_str_data(r), 1, (size_t)kr_str_bytes(r), stdout);
      fwrite(kr_str_data(s), 1, (size_t)kr_str_bytes(s), stdout);
      printf("\n");
    }
    if (r)
      kr_decref(r);
    if (s)
      kr_decref(s);
    if (kr_live_objects != objs || kr_live_blocks != blocks)
      printf("LEAK\n");
    free(mem);
    free(a);
  }
  return 0;
}
