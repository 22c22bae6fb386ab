/* json.h — JSON text to and from runtime values (json.c): CPython 3.11's
 * json.loads and json.dumps, with their results and error messages. Part
 * of the public header (kilnrt.h includes it at its end). */
#ifndef KILNRT_JSON_H
#define KILNRT_JSON_H

/* json.decoder.JSONDecodeError, a ValueError. Its KrType name is the
 * qualified one, so an uncaught one prints as CPython prints it
 * ("json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)");
 * its repr is CPython's ("JSONDecodeError('Expecting value: ...')"). str(e)
 * is e.args[0], "MSG: line L column C (char P)". The fields are e.msg,
 * e.pos, e.lineno and e.colno (e.doc, the whole text, is not kept). */
typedef struct KrJsonDecodeError {
  KrExc exc;
  const char *msg; /* "Expecting value" (static text); NULL if not raised by kr_json_loads */
  int64_t pos;     /* the position in code points */
  int64_t lineno;  /* 1-based */
  int64_t colno;   /* 1-based, in code points */
} KrJsonDecodeError;
extern const KrType kr_JSONDecodeError_type;

/* json.loads(text): text is a str's WTF-8 bytes (len of them; bytes that
 * are not valid WTF-8, which only a host can pass, raise the
 * UnicodeDecodeError of decoding them as UTF-8). Gives None,
 * True/False, int and float boxes, str, lists (kind KR_OBJ) and dicts (str
 * keys, KR_OBJ keys and values; a repeated key keeps its first position and
 * takes the last value). Errors: JSONDecodeError with CPython's message and
 * position; OverflowError for an int outside int64 (kiln ints are 64-bit);
 * RecursionError past KR_JSON_MAX_DEPTH nested arrays and objects;
 * MemoryError. Returns a new reference, or NULL with kr_exc set. */
KrObj *kr_json_loads(const char *text, int64_t len);
KrObj *kr_json_loads_str(KrObj *s); /* json.loads(s) for a str */

/* How deep arrays and objects may nest, in loads and in dumps: what
 * CPython 3.11 allows a json.loads/json.dumps called at module level under
 * the default recursion limit (1000). One more raises RecursionError. */
#define KR_JSON_MAX_DEPTH 995

/* json.dumps's keyword arguments (skipkeys, check_circular=False, default
 * and cls are not supported: circular references are always checked). */
typedef struct KrJsonOpts {
  int64_t indent;          /* < 0: None (one line); >= 0: indent=N (newlines, N spaces a level) */
  bool ensure_ascii;       /* True: non-ASCII as \uXXXX (surrogate pairs for astral characters) */
  bool sort_keys;          /* sort each dict's items as sorted(d.items()) does */
  bool allow_nan;          /* False: NaN and infinities raise ValueError */
  const char *item_sep;    /* separators (NUL-terminated UTF-8); NULL: ", " (or "," with an indent) */
  const char *key_sep;     /* NULL: ": " */
} KrJsonOpts;
/* json.dumps's defaults. */
#define KR_JSON_OPTS_DEFAULT {.indent = -1, .ensure_ascii = true, .sort_keys = false, .allow_nan = true, \
                              .item_sep = NULL, .key_sep = NULL}

/* json.dumps(v, **opts) appended to out (opts NULL: the defaults). Values:
 * None, bools, ints, floats, str, list and tuple (arrays), dict (objects;
 * keys str, int, float, bool or None). Errors, as CPython's: TypeError
 * "Object of type set is not JSON serializable", TypeError "keys must be
 * str, int, float, bool or None, not tuple", ValueError "Circular
 * reference detected", ValueError "Out of range float values are not JSON
 * compliant" (allow_nan false), the TypeError of sort_keys comparing
 * unorderable keys, RecursionError, MemoryError. Returns 0, or -1 with
 * kr_exc set and out as it was before the call (unless out's own
 * allocation failed: then out is spent, as a KrBuf after a failure is). */
int kr_json_dump(KrBuf *out, KrVal v, ValKind k, const KrJsonOpts *opts);
KrObj *kr_json_dumps(KrVal v, ValKind k, const KrJsonOpts *opts); /* the text as a new str, or NULL */

#endif
