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
 * threads but used by one thread at a time.
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

#define KILN_ABI_VERSION 1

typedef struct kiln_module kiln_module;
typedef struct kiln_value kiln_value;
typedef struct kiln_error kiln_error;
typedef struct kiln_stream kiln_stream;

/* The manifest: a JSON object describing the library, valid for the
 * library's lifetime:
 *   {"module": "embed", "kiln": "0.1.0", "abi": 1,
 *    "functions": [{"name": "scale", "doc": "...",
 *                   "params": [{"name": "xs", "type": "list[float]"},
 *                              {"name": "k", "type": "float", "default": 2.0}],
 *                   "returns": "list[float]", "streams": false}]}
 * Types are spelled as Python spells them. */
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
  KILN_OTHER /* anything else: read it with kiln_to_json or kiln_repr */
} kiln_kind;
kiln_kind kiln_kind_of(const kiln_value *v);
int64_t kiln_as_int(const kiln_value *v);      /* an int or a bool; 0 otherwise */
double kiln_as_float(const kiln_value *v);     /* a float, int or bool; 0.0 otherwise */
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

#ifdef __cplusplus
}
#endif
#endif
