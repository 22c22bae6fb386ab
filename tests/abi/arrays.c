/* arrays.c — ndarrays across include/kiln.h, with tests/abi/arraylib.py:
 * the caller's memory goes in without a copy (a view of it comes back
 * pointing into it, an in-place write lands in it), the release callback
 * runs exactly when the last reference goes (also when the module kept
 * one), list[list[float]] results read as one block, and 8 threads call
 * at once, each checking its results against the same arithmetic in C.
 *
 *   cc -I include tests/abi/arrays.c build/arraylib.so -o arrays -lpthread -lm
 */
#include "kiln.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void check(int ok, const char *what) {
  printf("%s %s\n", ok ? "ok" : "FAIL", what);
  if (!ok)
    failures++;
}

static kiln_module *mod;
static int released; /* release() calls seen */

static void release(void *ctx) {
  released++;
  free(ctx);
}

/* The module's normalize() of a rows x cols float32 block, called on caller
 * memory; 1 when every item matches C's own x / sqrt(sum x*x) in float32. */
static int normalize_ok(float *x, int64_t rows, int64_t cols) {
  int64_t shape[2] = {rows, cols};
  kiln_value *a = kiln_array(KILN_DT_FLOAT32, 2, shape, x, NULL, NULL);
  kiln_value *r = NULL;
  int ok = a && kiln_call(mod, "normalize", &a, 1, &r, NULL) == 0 && kiln_array_dtype(r) == KILN_DT_FLOAT32 &&
           kiln_array_ndim(r) == 2 && kiln_array_shape(r)[0] == rows && kiln_array_shape(r)[1] == cols;
  const float *y = ok ? kiln_array_data(r) : NULL;
  for (int64_t i = 0; ok && i < rows; i++) {
    float s = 0;
    for (int64_t j = 0; j < cols; j++)
      s += x[i * cols + j] * x[i * cols + j];
    float n = sqrtf(s);
    for (int64_t j = 0; j < cols; j++)
      if (fabsf(y[i * cols + j] - x[i * cols + j] / n) > 1e-6f * (1 + fabsf(x[i * cols + j] / n)))
        ok = 0;
  }
  kiln_release(r);
  kiln_release(a);
  return ok;
}

enum { THREADS = 8, CALLS = 300 };

static void *worker(void *arg) {
  long id = (long)arg, bad = 0;
  float x[4 * 16];
  for (int c = 0; c < CALLS; c++) {
    for (int i = 0; i < 4 * 16; i++)
      x[i] = (float)((id * 131 + c * 17 + i * 7) % 29) - 14.0f + 0.5f;
    if (!normalize_ok(x, 4, 16))
      bad++;
  }
  return (void *)bad;
}

/* One thread lends arrays the module keeps while another makes it drop
 * them: the caller's release and the module's drop touch the same counts. */
static int kept_released;
static void count_release(void *ctx) { __atomic_add_fetch(&kept_released, 1, __ATOMIC_RELAXED); free(ctx); }

static void *lender(void *arg) {
  (void)arg;
  for (int i = 0; i < 500; i++) {
    int64_t n = 4;
    float *mem = malloc(4 * sizeof(float));
    for (int j = 0; j < 4; j++)
      mem[j] = (float)(i + j);
    kiln_value *a = kiln_array(KILN_DT_FLOAT32, 1, &n, mem, count_release, mem);
    kiln_value *r = NULL;
    if (kiln_call(mod, "keep", &a, 1, &r, NULL) == 0)
      kiln_release(r);
    kiln_release(a);
  }
  return NULL;
}

static void *dropper(void *arg) {
  (void)arg;
  for (int i = 0; i < 500; i++) {
    kiln_value *r = NULL;
    if (kiln_call(mod, "forget", NULL, 0, &r, NULL) == 0)
      kiln_release(r);
  }
  return NULL;
}

/* A release callback that calls back into the ABI: it runs after the
 * call that dropped the array has let the module's lock go. */
static int reentered = -1;
static void reenter(void *ctx) {
  kiln_value *r = NULL;
  reentered = kiln_call(mod, "forget", NULL, 0, &r, NULL) == 0 ? (int)kiln_as_int(r) : -2;
  kiln_release(r);
  free(ctx);
}

int main(void) {
  kiln_error *err = NULL;
  mod = kiln_open(&err);
  check(mod != NULL, "open");
  check(strstr(kiln_manifest(), "\"abi\": 2") && strstr(kiln_manifest(), "\"type\": \"ndarray\""),
        "the manifest: abi 2, ndarray parameters");

  /* in: caller memory, no copy; a view of it comes back pointing into it */
  int64_t shape[2] = {3, 4};
  float *mem = malloc(12 * sizeof(float));
  for (int i = 0; i < 12; i++)
    mem[i] = (float)i - 5.5f;
  kiln_value *a = kiln_array(KILN_DT_FLOAT32, 2, shape, mem, release, mem);
  check(kiln_kind_of(a) == KILN_ARRAY && kiln_array_data(a) == mem && kiln_array_size(a) == 12,
        "kiln_array wraps the caller's memory");
  kiln_value *r = NULL;
  int rc = kiln_call(mod, "tail", &a, 1, &r, &err);
  check(rc == 0 && kiln_array_data(r) == (void *)(mem + 4) && kiln_array_shape(r)[0] == 2,
        "tail(x) == x[1:] is a view into the caller's memory (no copy either way)");
  kiln_release(a);
  check(released == 0, "the memory is not released while a view of it lives");
  kiln_release(r);
  check(released == 1, "release runs when the last view goes");

  /* an in-place write lands in the caller's memory, as numpy's would */
  double d[3] = {1.5, -2, 4};
  int64_t n3 = 3;
  a = kiln_array(KILN_DT_FLOAT64, 1, &n3, d, NULL, NULL);
  kiln_value *args[2] = {a, kiln_float(2)};
  rc = kiln_call(mod, "scale_inplace", args, 2, &r, &err);
  check(rc == 0 && d[0] == 3 && d[1] == -4 && d[2] == 8, "x *= k writes the caller's memory");
  kiln_release(r);
  kiln_release(args[1]);
  rc = kiln_call(mod, "total", &a, 1, &r, &err);
  check(rc == 0 && kiln_as_float(r) == 7.0, "total(x)");
  kiln_release(r);
  kiln_release(a);

  /* the module keeps a reference: release waits for it */
  released = 0;
  float *kept = malloc(2 * sizeof(float));
  kept[0] = 1, kept[1] = 2;
  int64_t n2 = 2;
  a = kiln_array(KILN_DT_FLOAT32, 1, &n2, kept, release, kept);
  rc = kiln_call(mod, "keep", &a, 1, &r, &err);
  kiln_release(r);
  kiln_release(a);
  check(rc == 0 && released == 0, "kept by the module: not released after the call");
  rc = kiln_call(mod, "forget", NULL, 0, &r, &err);
  check(rc == 0 && kiln_as_int(r) == 1 && released == 1, "released when the module drops it");
  kiln_release(r);

  /* every dtype: a copy in, the sum out as numpy computes it */
  {
    unsigned char raw[8 * 4];
    for (int i = 0; i < 32; i++)
      raw[i] = (unsigned char)(i * 37 + 11);
    int64_t four = 4;
    int ok = 1;
    for (int dt = KILN_DT_BOOL; dt <= KILN_DT_FLOAT64; dt++) {
      if (dt == KILN_DT_FLOAT16 || dt == KILN_DT_BFLOAT16 || dt == KILN_DT_FLOAT32 || dt == KILN_DT_FLOAT64)
        continue; /* raw bytes are not all finite floats; floats are checked above */
      kiln_value *c = kiln_array_copy((kiln_dtype)dt, 1, &four, raw);
      ok &= c && kiln_array_data(c) != raw && kiln_array_dtype(c) == dt &&
            !memcmp(kiln_array_data(c), raw, 4 * kiln_dtype_size((kiln_dtype)dt));
      kiln_release(c);
    }
    check(ok, "kiln_array_copy: every integer dtype, bytes as given");
    check(kiln_array(KILN_DT_FLOAT32, 33, shape, mem, NULL, NULL) == NULL &&
              kiln_array((kiln_dtype)99, 1, shape, mem, NULL, NULL) == NULL && kiln_dtype_size((kiln_dtype)99) == 0,
          "bad dtype or ndim: NULL");
  }

  /* out: a list[list[float]] result read as one float64 block */
  {
    kiln_value *texts = kiln_list(), *t1 = kiln_str("hello", 5), *t2 = kiln_str("world!", 6);
    kiln_list_append(texts, t1);
    kiln_list_append(texts, t2);
    kiln_value *eargs[2] = {texts, kiln_int(5)};
    kiln_value *lists = NULL, *arr = NULL;
    rc = kiln_call(mod, "embed", eargs, 2, &lists, &err);
    kiln_value *block = rc == 0 ? kiln_as_array(lists, &err) : NULL;
    int ok = block && kiln_array_dtype(block) == KILN_DT_FLOAT64 && kiln_array_ndim(block) == 2 &&
             kiln_array_shape(block)[0] == 2 && kiln_array_shape(block)[1] == 5;
    for (size_t i = 0; ok && i < 2; i++) {
      kiln_value *row = kiln_item(lists, i);
      for (size_t j = 0; j < 5; j++) {
        kiln_value *x = kiln_item(row, j);
        ok &= kiln_as_float(x) == ((double *)kiln_array_data(block))[i * 5 + j];
        kiln_release(x);
      }
      kiln_release(row);
    }
    check(ok, "kiln_as_array of a list[list[float]]: the same numbers in one block");
    rc = kiln_call(mod, "embed_array", eargs, 2, &arr, &err);
    kiln_value *same = rc == 0 ? kiln_as_array(arr, &err) : NULL;
    ok = same == arr && kiln_array_dtype(arr) == KILN_DT_FLOAT32;
    for (size_t i = 0; ok && i < 10; i++)
      ok &= ((float *)kiln_array_data(arr))[i] == (float)((double *)kiln_array_data(block))[i];
    check(ok, "an ndarray result: kiln_as_array gives it back itself, float32 as numpy rounds");
    /* an array where list[list[float]] is expected: a.tolist() */
    kiln_value *mr = NULL;
    rc = kiln_call(mod, "mean_rows", &arr, 1, &mr, &err);
    kiln_value *m0 = rc == 0 ? kiln_item(mr, 0) : NULL;
    check(rc == 0 && kiln_len(mr) == 5 &&
              kiln_as_float(m0) == (double)((float *)kiln_array_data(arr))[0] / 2 +
                                       (double)((float *)kiln_array_data(arr))[5] / 2,
          "an array passed for a list[list[float]] parameter");
    kiln_release(m0);
    kiln_release(mr);
    kiln_release(same);
    kiln_release(arr);
    kiln_release(block);
    kiln_release(lists);
    kiln_release(eargs[1]);
    /* a str list is not numbers; a ragged list is refused */
    kiln_value *bad = kiln_as_array(texts, &err);
    check(bad == NULL && err != NULL, "kiln_as_array of a list of str: an error");
    if (err)
      printf("   (%s: %s)\n", kiln_error_type(err), kiln_error_message(err));
    kiln_error_free(err);
    err = NULL;
    kiln_release(texts);
    kiln_release(t1);
    kiln_release(t2);
    kiln_value *s = kiln_str("x", 1);
    rc = kiln_call(mod, "total", &s, 1, &r, &err);
    check(rc == -1 && !strcmp(kiln_error_type(err), "TypeError") &&
              !strcmp(kiln_error_message(err), "total(): argument 'x' must be ndarray, not str"),
          "a str for an ndarray parameter: TypeError");
    kiln_error_free(err);
    err = NULL;
    kiln_release(s);
  }

  /* threads: each its own memory, results checked in C */
  check(normalize_ok((float[]){3, 4, 0, 1}, 2, 2), "normalize on caller memory");
  pthread_t t[THREADS];
  for (long i = 0; i < THREADS; i++)
    pthread_create(&t[i], NULL, worker, (void *)i);
  long wrong = 0;
  for (int i = 0; i < THREADS; i++) {
    void *res;
    pthread_join(t[i], &res);
    wrong += (long)res;
  }
  check(wrong == 0, "8 threads x 300 normalize calls on their own memory: every result right");

  pthread_t lt, dt;
  pthread_create(&lt, NULL, lender, NULL);
  pthread_create(&dt, NULL, dropper, NULL);
  pthread_join(lt, NULL);
  pthread_join(dt, NULL);
  kiln_call(mod, "forget", NULL, 0, &r, NULL);
  kiln_release(r);
  check(kept_released == 500, "arrays kept by the module and dropped on another thread: each released once");

  {
    int64_t one = 1;
    float *m1 = malloc(sizeof(float));
    *m1 = 1;
    kiln_value *k1 = kiln_array(KILN_DT_FLOAT32, 1, &one, m1, reenter, m1);
    kiln_call(mod, "keep", &k1, 1, &r, NULL);
    kiln_release(r);
    kiln_release(k1);
    rc = kiln_call(mod, "forget", NULL, 0, &r, NULL); /* drops k1: reenter runs after the lock */
    check(rc == 0 && kiln_as_int(r) == 1 && reentered == 0,
          "a release callback may call into the ABI (it runs after the lock is let go)");
    kiln_release(r);
  }
  kiln_close(mod);
  printf("%d failed\n", failures);
  return failures ? 1 : 0;
}
