/* fuzz_gguf.c — libFuzzer harness for the GGUF loader (runtime/gguf.c:
 * kiln.gguf's load_metadata, load_tensors, dequantize, tensor_type). Each
 * input is written to a file, as the loader memory-maps files, then read
 * twice: the metadata alone, and the metadata with the tensors. Every
 * tensor is read to its last byte (a walk over its elements), a quantised
 * one is dequantised too (its blocks decoded), and the bytes every tensor
 * spans must lie in one window no larger than the file: a view that reaches
 * outside the mapping is a finding even where the page past the end of the
 * file happens to be readable. A loader error (ValueError naming the file,
 * OSError, MemoryError) is a fine outcome; anything else raised, a result
 * with an error set, or the two reads disagreeing on success is a finding.
 */
#include "fuzz_file.h"
#include "kilnrt.h"
#include "ndarray.h"
#include "quant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static volatile unsigned sink;

/* Reads every element of a byte by byte; widens [*lo, *hi) to the bytes it spans. */
static void touch(KrArray *a, uintptr_t *lo, uintptr_t *hi) {
  int64_t idx[KR_MAXDIMS] = {0};
  size_t isz = kr_dtype_size[a->dtype];
  if (a->size == 0)
    return;
  uintptr_t first = (uintptr_t)a->data, last = (uintptr_t)a->data + isz;
  for (int d = 0; d < a->ndim; d++) { /* the far corner (strides are never negative here) */
    if (a->strides[d] < 0)
      abort();
    last += (uintptr_t)((a->shape[d] - 1) * a->strides[d]);
  }
  if (first < *lo)
    *lo = first;
  if (last > *hi)
    *hi = last;
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

/* Only a bad file's errors may come out of the loader. */
static void expect_file_error(const char *what) {
  if (kr_exc_matches(&kr_ValueError_type) || kr_exc_matches(&kr_OSError_type) ||
      kr_exc_matches(&kr_MemoryError_type))
    return;
  fprintf(stderr, "fuzz_gguf: %s failed without a ValueError, OSError or MemoryError\n", what);
  abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  KrObj *path_obj = fuzz_input_file("model.gguf", data, size);
  KrObj *meta = kr_gguf_load_metadata(path_obj);
  if (meta) {
    if (kr_failed())
      abort();
    kr_decref(meta);
  } else {
    expect_file_error("load_metadata");
  }
  kr_exc_clear();
  KrObj *d = kr_gguf_load_tensors(path_obj);
  if (d) {
    if (kr_failed() || !meta) /* the tensors read where the metadata alone did not */
      abort();
    uintptr_t lo = UINTPTR_MAX, hi = 0;
    KrIter it;
    KrVal k, v;
    if (kr_iter_init(&it, d) == 0) {
      while (kr_dict_iter_next2(&it, &k, &v) > 0) {
        if (!kr_is_array(v.o))
          abort();
        KrArray *a = (KrArray *)v.o;
        touch(a, &lo, &hi);
        KrObj *ty = kr_gguf_tensor_type(v.o);
        if (!ty)
          abort();
        kr_decref(ty);
        if (kr_is_quant(a)) {
          KrObj *x = kr_gguf_dequantize(v.o);
          if (x) {
            uintptr_t xlo = UINTPTR_MAX, xhi = 0;
            touch((KrArray *)x, &xlo, &xhi);
            kr_decref(x);
          } else if (!kr_exc_matches(&kr_MemoryError_type)) {
            abort();
          }
          kr_exc_clear();
        }
        kr_decref(k.o);
        kr_decref(v.o);
      }
      kr_iter_clear(&it);
    }
    if (hi > lo && hi - lo > size) {
      fprintf(stderr, "fuzz_gguf: tensors span %zu bytes of a %zu-byte file\n", (size_t)(hi - lo), size);
      abort();
    }
    kr_decref(d);
  } else {
    expect_file_error("load_tensors");
  }
  kr_exc_clear();
  unlink(fuzz_path);
  return 0;
}
