/* fuzz_safetensors.c — libFuzzer harness for the safetensors loader
 * (runtime/safetensors.c: safetensors.numpy.load_file). Each input is
 * written to a file, as the loader reads files (memory-mapped), and loaded;
 * every tensor it returns is read to the last byte (a sum over its
 * elements), so a view that reaches past the mapping is a crash. A loader
 * error (SafetensorError, OSError) is a fine outcome; anything else raised,
 * or a result with no error set, is a finding.
 */
#include "fuzz_file.h"
#include "kilnrt.h"
#include "ndarray.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static volatile unsigned sink;

static void touch(KrArray *a) {
  /* row-major walk over every element, byte by byte */
  int64_t idx[KR_MAXDIMS] = {0};
  size_t isz = kr_dtype_size[a->dtype];
  if (a->size == 0)
    return;
  for (int64_t k = 0; k < a->size; k++) {
    const unsigned char *p = (const unsigned char *)a->data;
    for (int d = 0; d < a->ndim; d++)
      p += idx[d] * a->strides[d];
    for (size_t b = 0; b < isz; b++)
      sink += p[b];
    for (int d = a->ndim - 1; d >= 0; d--) {
      if (++idx[d] < a->shape[d])
        break;
      idx[d] = 0;
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  KrObj *path_obj = fuzz_input_file("model.safetensors", data, size);
  KrObj *d = kr_st_load_file(path_obj);
  if (d) {
    if (kr_failed())
      abort();
    KrIter it;
    KrVal k, v;
    if (kr_iter_init(&it, d) == 0) {
      while (kr_dict_iter_next2(&it, &k, &v) > 0) {
        if (!kr_is_array(v.o))
          abort();
        touch((KrArray *)v.o);
        kr_decref(k.o);
        kr_decref(v.o);
      }
      kr_iter_clear(&it);
    }
    kr_decref(d);
  } else if (!kr_exc_matches(&kr_SafetensorError_type) && !kr_exc_matches(&kr_OSError_type) &&
             !kr_exc_matches(&kr_MemoryError_type)) {
    fprintf(stderr, "fuzz_safetensors: load_file failed without a SafetensorError or OSError\n");
    abort();
  }
  kr_exc_clear();
  unlink(fuzz_path);
  return 0;
}
