/* ndprint_driver.c — prints repr() and str() of arrays through libkilnrt's
 * kr_array_repr / kr_array_str, for tests/runtime/test_ndprint.py.
 *
 * Input (the file named by argv[1]): cases, each a header line
 *   DTYPE FLAGS NDIM OFFSET NBYTES SHAPE... STRIDES...
 * (DTYPE the KrDtype number, FLAGS the KrArray flags, strides in bytes,
 * OFFSET the first item's byte offset in the buffer) followed by the NBYTES
 * bytes of the buffer the array views.
 * Output, per case: "R S\n" (the byte lengths of repr and str), the two
 * texts, and a newline ("NULL\n" when a call failed); then "LEAK\n" when
 * the calls left objects or blocks alive, and "OOM\n" when a call whose
 * 1st, 2nd, ... allocation fails did not give NULL + MemoryError and free
 * all it had.
 *
 * Each case is a view (kr_array_view) of a uint8 array holding the buffer,
 * printed through kr_ndarray_type's repr and str slots; all of it must be
 * freed afterwards.
 */
#include "ndarray.h"

#include <stdio.h>

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
    int64_t dims[2 * KR_MAXDIMS];
    for (int i = 0; i < 2 * ndim; i++) {
      long long v;
      if (fscanf(in, "%lld", &v) != 1)
        return 4;
      dims[i] = v;
    }
    if (fgetc(in) != '\n')
      return 5;
    int64_t objs = kr_live_objects, blocks = kr_live_blocks;
    /* the buffer as a uint8 array, the case as a view of it */
    int64_t n = nbytes;
    KrArray *base = kr_array_new(KR_DT_UINT8, 1, &n, false);
    if (!base || fread(base->data, 1, (size_t)nbytes, in) != (size_t)nbytes)
      return 6;
    KrArray *a = kr_array_view(base, (KrDtype)dtype, base->data + offset, ndim, dims, dims + ndim);
    if (!a)
      return 7;
    a->flags |= (uint8_t)flags;
    kr_decref(&base->h);

    KrObj *r = kr_obj_repr(&a->h); /* through kr_ndarray_type's slots */
    KrObj *s = kr_obj_str(&a->h);
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
    bool oom_ok = true;
    for (int which = 0; which < 2; which++)
      for (int k = 1; k <= 8 && oom_ok; k++) {
        int64_t o2 = kr_live_objects, b2 = kr_live_blocks;
        kr_alloc_fail_at = kr_alloc_count + k;
        KrObj *t = which ? kr_obj_str(&a->h) : kr_obj_repr(&a->h);
        kr_alloc_fail_at = 0;
        if (t) { /* made it with fewer allocations */
          kr_decref(t);
          break;
        }
        oom_ok = kr_exc_matches(&kr_MemoryError_type);
        kr_exc_clear();
        oom_ok &= kr_live_objects == o2 && kr_live_blocks == b2;
      }
    kr_decref(&a->h);
    if (kr_live_objects != objs || kr_live_blocks != blocks)
      printf("LEAK\n");
    if (!oom_ok)
      printf("OOM\n");
  }
  return 0;
}
