/* kiln.h — the C ABI of a library compiled by `kiln compile FILE.py -o LIB.so`.
 *
 * A compiled library exports the module's public annotated functions: every
 * top-level `def` whose name does not start with an underscore and whose
 * parameters all have annotations. Link it (cc host.c ./LIB.so) or dlopen()
 * it and look the functions below up by name; each library carries its own
 * copy of the runtime, so several libraries can be loaded in one process.
 *
 *   kiln_module *m = kiln_open(&err);            // runs the module's code once
 *   kiln_value *args[] = {kiln_int(2), kiln_str("ab", 2)};
 *   kiln_value *r;
 *   if (kiln_call(m, "repeat", args, 2, &r, &err) == 0) { ...; kiln_release(r); }
 *   else { fprintf(stderr, "%s", kiln_error_traceback(err)); kiln_error_free(err); }
 *   kiln_release(args[0]); kiln_release(args[1]);
 *   kiln_close(m);
 *
 * Values. A kiln_value is an immutable-by-convention handle on a Python
 * value (None, bool, int, float, str, bytes, list, tuple, dict, set). Every
 * function that returns a kiln_value * returns a reference the caller owns
 * and gives back with kiln_release; arguments are borrowed. Arguments are
 * checked against the function's annotations and converted (an int where a
 * float is expected is fine, as in Python; a list where a list[int] is
 * expected is checked item by item); a mismatch is a TypeError naming the
 * argument. ints are 64-bit (kiln's int).
 *
 * Errors. Every function that can fail returns -1 or NULL and, when err is
 * not NULL, stores a kiln_error the caller frees with kiln_error_free: the
 * Python exception's type name ("ValueError"), its message (str(e)) and the
 * traceback CPython would print, with the Python file and line numbers.
 *
 * Threads. Calls on one module from several threads are safe: they are
 * serialised by the module's lock. A kiln_value may be passed between
 * threads but used by one thread at a time. kiln_release of a value the
 * module also holds (an argument it kept, a global it returned) takes the
 * module's lock, so it may wait for a running call; reading such a shared
 * value (kiln_item, kiln_to_json) while another thread's call changes it
 * is a race, as reading a dict another thread writes is.
 *
 * The JSON convenience form takes the positional arguments as a JSON array
 * and returns the result as JSON text (json.dumps's format: lists and
 * tuples become arrays, dicts objects).
 */
#ifndef KILN_H
#define KILN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 2: ndarrays cross the boundary (KILN_ARRAY, kiln_array*), so kiln_kind
 * gained KILN_ARRAY before KILN_OTHER and the manifest says "abi": 2. */
#define KILN_ABI_VERSION 2

typedef struct kiln_module kiln_module;
typedef struct kiln_value kiln_value;
typedef struct kiln_error kiln_error;
typedef struct kiln_stream kiln_stream;

/* The manifest: a JSON object describing the library, valid for the
 * library's lifetime:
 *   {"module": "embed", "kiln": "0.1.0", "abi": 2,
 *    "functions": [{"name": "scale", "doc": "...",
 *                   "params": [{"name": "xs", "type": "list[float]"},
 *                              {"name": "k", "type": "float", "default": 2.0}],
 *                   "returns": "list[float]", "streams": false}]}
 * Types are spelled as Python spells them; a numpy array (np.ndarray,
 * NDArray[...]) is "ndarray". */
const char *kiln_manifest(void);

/* Open the module: the first open runs its module-level code (loading
 * weights, building tables); later opens return the same module. NULL on
 * error (the module code raised). */
kiln_module *kiln_open(kiln_error **err);
/* Give back one open. The module's state lives until the library is
 * unloaded (Python cannot un-import a module either). */
void kiln_close(kiln_module *m);

/* Call function `func` with nargs positional arguments (fewer when the
 * rest have defaults). On success stores the result in *result (a new
 * value; None for a function that returns nothing) and returns 0. */
int kiln_call(kiln_module *m, const char *func, kiln_value *const *args, size_t nargs,
              kiln_value **result, kiln_error **err);
/* The same with a JSON array of the arguments; *result_json is the result
 * as JSON text, NUL-terminated, freed with kiln_free. */
int kiln_call_json(kiln_module *m, const char *func, const char *args_json,
                   char **result_json, kiln_error **err);

/* Generator functions ("streams": true in the manifest, "returns" the type
 * of their items): kiln_call and kiln_call_json return all the items as a
 * list; kiln_call_stream starts the call and kiln_stream_next hands out
 * the items one at a time, as the function yields them: 1 with a new value
 * in *item, 0 at the end, -1 with *err set (the stream is then at its end).
 * kiln_stream_close ends the stream early or after its end. A stream may be
 * read from any thread, one thread at a time. */
int kiln_call_stream(kiln_module *m, const char *func, kiln_value *const *args, size_t nargs,
                     kiln_stream **stream, kiln_error **err);
int kiln_stream_next(kiln_stream *stream, kiln_value **item, kiln_error **err);
void kiln_stream_close(kiln_stream *stream);

/* Errors. */
const char *kiln_error_type(const kiln_error *e);      /* "ValueError" */
const char *kiln_error_message(const kiln_error *e);   /* str(e), may be "" */
const char *kiln_error_traceback(const kiln_error *e); /* "Traceback (most recent call last):\n..." */
void kiln_error_free(kiln_error *e);

/* Memory the library allocated for the caller (JSON text). */
void kiln_free(void *p);

/* Making values. All return NULL only when memory runs out (or for
 * kiln_str, when the text is not valid UTF-8). */
kiln_value *kiln_none(void);
kiln_value *kiln_bool(int b);
kiln_value *kiln_int(int64_t v);
kiln_value *kiln_float(double v);
kiln_value *kiln_str(const char *utf8, size_t len);
kiln_value *kiln_bytes(const void *data, size_t len);
kiln_value *kiln_list(void);
kiln_value *kiln_dict(void);
/* list.append(item) / dict[key] = value; item, key and value borrowed.
 * 0, or -1 (an unhashable key, memory). */
int kiln_list_append(kiln_value *list, const kiln_value *item);
int kiln_dict_set(kiln_value *dict, const kiln_value *key, const kiln_value *value);
/* json.loads(text) as a value; NULL + err when the text is not JSON. */
kiln_value *kiln_from_json(const char *text, size_t len, kiln_error **err);

/* Reading values. */
typedef enum kiln_kind {
  KILN_NONE,
  KILN_BOOL,
  KILN_INT,
  KILN_FLOAT,
  KILN_STR,
  KILN_BYTES,
  KILN_LIST,
  KILN_TUPLE,
  KILN_DICT,
  KILN_SET,
  KILN_ARRAY, /* a numpy array or numpy scalar: read it with kiln_array_* below */
  KILN_OTHER /* anything else: read it with kiln_to_json or kiln_repr */
} kiln_kind;
kiln_kind kiln_kind_of(const kiln_value *v);
int64_t kiln_as_int(const kiln_value *v);      /* an int or a bool; 0 otherwise */
double kiln_as_float(const kiln_value *v);     /* a float, int, bool or 1-item array; 0.0 otherwise */
/* The UTF-8 text of a str or the bytes of a bytes value (valid while v
 * is); NULL otherwise. */
const char *kiln_as_str(const kiln_value *v, size_t *len);
size_t kiln_len(const kiln_value *v);          /* items of a list, tuple, dict or set; 0 otherwise */
/* The i-th item of a list or tuple, or the i-th key / value of a dict in
 * insertion order: a new value, NULL when out of range. */
kiln_value *kiln_item(const kiln_value *v, size_t i);
kiln_value *kiln_dict_key(const kiln_value *v, size_t i);
kiln_value *kiln_dict_value(const kiln_value *v, size_t i);
/* json.dumps(v) / repr(v): NUL-terminated text freed with kiln_free; NULL
 * + err when v has no JSON form. */
char *kiln_to_json(const kiln_value *v, kiln_error **err);
char *kiln_repr(const kiln_value *v);
void kiln_release(kiln_value *v); /* NULL is fine */

/* Arrays: numpy arrays cross the boundary as memory, without JSON and,
 * where the layout allows, without a copy.
 *
 * In: kiln_array wraps the caller's C-contiguous memory (data, shape[ndim]
 * items of dtype) in an ndarray without copying it. A function receives it
 * as numpy code receives an array argument: it reads that memory, and an
 * in-place write (a[...] = x) changes it. The memory must stay valid until
 * the array and every view or reference the module keeps of it are gone;
 * then release(ctx) is called, on the thread that drops the last
 * reference and never with the module's lock held (when a call drops it,
 * at the call's end), so release may call into this ABI. release may be
 * NULL when the caller keeps the memory alive anyway, e.g. for the length
 * of a call whose function keeps no reference.
 * kiln_array_copy makes an array that owns a copy (data NULL: zeros).
 * A parameter annotated np.ndarray also accepts a list (converted as
 * np.asarray does); a list[float] or list[list[float]] parameter also
 * accepts an array (converted as a.tolist() does).
 *
 * Out: a function returning an ndarray gives a KILN_ARRAY value. Read its
 * dtype, shape and memory with the functions below; kiln_array_data is the
 * first item of a C-contiguous array (the memory stays valid while the
 * value does), NULL for one that is not. kiln_as_array turns any value
 * numpy's np.asarray accepts into a C-contiguous array: an array that
 * already is one comes back itself (no copy); another array, or a list of
 * numbers or of lists of numbers (a list[list[float]] of embeddings) is
 * copied, its dtype inferred as numpy does (float64 for floats).
 * In the JSON form an array result is written as a.tolist() would be. */
typedef enum kiln_dtype {
  KILN_DT_BOOL,
  KILN_DT_INT8,
  KILN_DT_INT16,
  KILN_DT_INT32,
  KILN_DT_INT64,
  KILN_DT_UINT8,
  KILN_DT_UINT16,
  KILN_DT_UINT32,
  KILN_DT_UINT64,
  KILN_DT_FLOAT16,  /* IEEE half, as uint16_t bits */
  KILN_DT_BFLOAT16, /* the top half of a float32, as uint16_t bits */
  KILN_DT_FLOAT32,
  KILN_DT_FLOAT64,
} kiln_dtype;
#define KILN_MAXDIMS 32

/* NULL when the dtype or ndim is out of range, a dimension is negative or
 * memory runs out. */
kiln_value *kiln_array(kiln_dtype dtype, int ndim, const int64_t *shape, void *data,
                       void (*release)(void *ctx), void *ctx);
kiln_value *kiln_array_copy(kiln_dtype dtype, int ndim, const int64_t *shape, const void *data);
/* A C-contiguous array with v's items (a new value), or NULL + err (a
 * ValueError for a ragged list, a TypeError for what is not numbers). */
kiln_value *kiln_as_array(const kiln_value *v, kiln_error **err);
int kiln_array_dtype(const kiln_value *v);           /* a kiln_dtype; -1 when v is not an array */
int kiln_array_ndim(const kiln_value *v);            /* -1 when v is not an array */
const int64_t *kiln_array_shape(const kiln_value *v); /* ndim extents; NULL when not an array */
size_t kiln_array_size(const kiln_value *v);         /* number of items (the product of shape) */
void *kiln_array_data(const kiln_value *v);          /* see above */
size_t kiln_dtype_size(kiln_dtype dtype);            /* bytes per item; 0 for an unknown dtype */

#ifdef __cplusplus
}
#endif
#endif
