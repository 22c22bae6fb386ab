/* json.c — json.loads and json.dumps, as CPython 3.11's json module.
 *
 * The decoder follows Modules/_json.c's scanner (the C accelerator that
 * json.loads uses) step for step, because its quirks are observable: which
 * message an error gets and at which position (the "Invalid \uXXXX escape"
 * rules, where a number stops, what "Expecting value" points at), how a
 * \uXXXX surrogate pair joins, and how deep it may nest before
 * RecursionError. It works on the text's bytes: every character it tests is
 * ASCII, so byte offsets stand in for CPython's code point indices, and an
 * error converts its offset to code points, lines and columns only when it
 * is raised. (Text that is not valid WTF-8 can come only from a host,
 * through the C ABI; it is refused up front with a UnicodeDecodeError.)
 *
 * The encoder follows json.encoder: c_make_encoder's order of checks when
 * there is no indent, the pure-Python _make_iterencode's when there is one
 * (CPython itself switches, and the two differ in small ways: the
 * allow_nan message, when RecursionError comes). Output goes straight into
 * a KrBuf; the containers being written form a list on the C stack, which
 * is the circular-reference check. */
#include "core_impl.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------- JSONDecodeError */

#define QUALIFIER "json.decoder."

/* repr(e): CPython's names the class without its module. */
static KrObj *decode_error_repr(KrObj *self) {
  KrObj *r = kr_exc_repr(self);
  int64_t skip = (int64_t)strlen(QUALIFIER);
  if (!r || strncmp(kr_str_data(r), QUALIFIER, (size_t)skip) != 0)
    return r;
  KrObj *s = kr_str_new(kr_str_data(r) + skip, kr_str_bytes(r) - skip);
  kr_decref(r);
  return s;
}

const KrType kr_JSONDecodeError_type = {
    .name = QUALIFIER "JSONDecodeError",
    .base = &kr_ValueError_type,
    .size = sizeof(KrJsonDecodeError),
    .dealloc = kr_exc_dealloc,
    .repr = decode_error_repr,
    .str = kr_exc_str,
};

/* A type's __name__: its KrType name less a module qualifier. */
static const char *short_name(const KrType *t) {
  const char *dot = strrchr(t->name, '.');
  return dot ? dot + 1 : t->name;
}

/* ---------------------------------------------------------------- loads */

typedef struct Dec {
  const char *s; /* the text (WTF-8) */
  int64_t n;     /* its length in bytes */
  int depth;     /* arrays and objects open */
} Dec;

/* Raise JSONDecodeError(msg, doc, pos) for the byte offset off: "msg: line
 * L column C (char P)", all counted in code points as CPython counts them.
 * "Expecting value" is raised `from None` (json.decoder.raw_decode turns
 * the scanner's StopIteration into it so). Returns NULL. */
static void *dec_error(const Dec *d, const char *msg, int64_t off) {
  int64_t pos = 0, lineno = 1, last_nl = -1;
  for (int64_t i = 0; i < off; i++) {
    unsigned char c = (unsigned char)d->s[i];
    if ((c & 0xC0) == 0x80)
      continue;
    if (c == '\n') {
      lineno++;
      last_nl = pos;
    }
    pos++;
  }
  int64_t colno = pos - last_nl;
  KrObj *e = kr_exc_newf(&kr_JSONDecodeError_type, "%s: line %" PRId64 " column %" PRId64 " (char %" PRId64 ")",
                         msg, lineno, colno, pos);
  if (!e)
    return NULL;
  KrJsonDecodeError *je = (KrJsonDecodeError *)e;
  je->msg = msg;
  je->pos = pos;
  je->lineno = lineno;
  je->colno = colno;
  if (strcmp(msg, "Expecting value") == 0)
    return kr_raise_from(e, NULL);
  return kr_raise_obj(e);
}

/* The decoder's whitespace: only these four (the WHITESPACE regex and
 * _json.c's IS_WHITESPACE agree). */
static int64_t skip_ws(const Dec *d, int64_t i) {
  while (i < d->n) {
    char c = d->s[i];
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
      break;
    i++;
  }
  return i;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Four hex digits at p (which has them all in bounds), or -1. */
static int32_t hex4(const char *p) {
  int32_t v = 0;
  for (int i = 0; i < 4; i++) {
    char c = p[i];
    v <<= 4;
    if (c >= '0' && c <= '9')
      v |= c - '0';
    else if (c >= 'a' && c <= 'f')
      v |= c - 'a' + 10;
    else if (c >= 'A' && c <= 'F')
      v |= c - 'A' + 10;
    else
      return -1;
  }
  return v;
}

/* scanstring_unicode: the string whose text starts at byte `end` (just
 * after the opening quote); *next is set past the closing quote. A string
 * without escapes is copied in one piece. */
static KrObj *scan_string(const Dec *d, int64_t end, int64_t *next) {
  const char *s = d->s;
  int64_t n = d->n, begin = end - 1;
  KrBuf b;
  bool building = false;
  for (;;) {
    /* the next quote or backslash; control characters are errors */
    unsigned char c = 0;
    int64_t i;
    for (i = end; i < n; i++) {
      c = (unsigned char)s[i];
      if (c == '"' || c == '\\')
        break;
      if (c <= 0x1f) {
        dec_error(d, "Invalid control character at", i);
        goto fail;
      }
    }
    if (i >= n) {
      dec_error(d, "Unterminated string starting at", begin);
      goto fail;
    }
    if (!building) {
      if (c == '"') {
        *next = i + 1;
        return kr_str_new(s + end, i - end);
      }
      kr_buf_init(&b, i - end + 16);
      building = true;
    }
    if (kr_buf_put(&b, s + end, i - end) < 0)
      goto fail;
    i++;
    if (c == '"') {
      end = i;
      break;
    }
    if (i == n) {
      dec_error(d, "Unterminated string starting at", begin);
      goto fail;
    }
    c = (unsigned char)s[i];
    uint32_t cp;
    if (c != 'u') {
      end = i + 1;
      switch (c) {
      case '"':
      case '\\':
      case '/': cp = c; break;
      case 'b': cp = '\b'; break;
      case 'f': cp = '\f'; break;
      case 'n': cp = '\n'; break;
      case 'r': cp = '\r'; break;
      case 't': cp = '\t'; break;
      default: dec_error(d, "Invalid \\escape", end - 2); goto fail;
      }
    } else {
      /* \uXXXX: there must be a character after the four digits (so
       * "\u0041 at the very end of the text is this error, not an
       * unterminated string), as in _json.c */
      i++;
      end = i + 4;
      int32_t v = end < n ? hex4(s + i) : -1;
      if (v < 0) {
        dec_error(d, "Invalid \\uXXXX escape", i - 1);
        goto fail;
      }
      cp = (uint32_t)v;
      /* a high surrogate joins a low one escaped right after it (with,
       * again, one more character after that escape) */
      if (cp >= 0xD800 && cp <= 0xDBFF && end + 6 < n && s[end] == '\\' && s[end + 1] == 'u') {
        int32_t v2 = hex4(s + end + 2);
        if (v2 < 0) {
          dec_error(d, "Invalid \\uXXXX escape", end + 1);
          goto fail;
        }
        if (v2 >= 0xDC00 && v2 <= 0xDFFF) {
          cp = 0x10000 + ((cp - 0xD800) << 10) + ((uint32_t)v2 - 0xDC00);
          end += 6;
        }
      }
    }
    if (kr_buf_putcp(&b, cp) < 0)
      goto fail;
  }
  *next = end;
  return kr_buf_finish(&b);

fail:
  if (building)
    kr_buf_discard(&b);
  return NULL;
}

/* An int that fits in int64, from its digits (a sign, then one or more
 * digits); OverflowError otherwise. */
static KrObj *make_int(const char *p, int64_t n) {
  bool neg = *p == '-';
  uint64_t v = 0, limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
  for (int64_t i = neg; i < n; i++) {
    unsigned dig = (unsigned)(p[i] - '0');
    if (v > (limit - dig) / 10)
      return kr_raise(&kr_OverflowError_type, "integer overflow: kiln ints are 64-bit");
    v = v * 10 + dig;
  }
  return kr_int_box(neg ? (int64_t)(0 - v) : (int64_t)v);
}

/* A float from JSON number text: strtod rounds correctly, as float() does
 * (a finite number too large is inf, as it is in CPython). */
static KrObj *make_float(const char *p, int64_t n) {
  char small[64];
  char *buf = small;
  if (n >= (int64_t)sizeof small) {
    buf = kr_alloc((size_t)n + 1);
    if (!buf)
      return NULL;
  }
  memcpy(buf, p, (size_t)n);
  buf[n] = 0;
  double v = strtod(buf, NULL);
  if (buf != small)
    kr_free(buf);
  return kr_float_box(v);
}

/* _match_number_unicode: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?,
 * with the scanner's bounds (a '.' or an 'e' needs a character after it to
 * be looked at; an exponent without digits is left for the caller). */
static KrObj *match_number(const Dec *d, int64_t start, int64_t *next) {
  const char *s = d->s;
  int64_t end_idx = d->n - 1, idx = start;
  if (s[idx] == '-') {
    idx++;
    if (idx > end_idx)
      return dec_error(d, "Expecting value", start);
  }
  if (s[idx] >= '1' && s[idx] <= '9') {
    idx++;
    while (idx <= end_idx && is_digit(s[idx]))
      idx++;
  } else if (s[idx] == '0') {
    idx++;
  } else {
    return dec_error(d, "Expecting value", start);
  }
  bool is_float = false;
  if (idx < end_idx && s[idx] == '.' && is_digit(s[idx + 1])) {
    is_float = true;
    idx += 2;
    while (idx <= end_idx && is_digit(s[idx]))
      idx++;
  }
  if (idx < end_idx && (s[idx] == 'e' || s[idx] == 'E')) {
    int64_t e_start = idx++;
    if (idx < end_idx && (s[idx] == '-' || s[idx] == '+'))
      idx++;
    while (idx <= end_idx && is_digit(s[idx]))
      idx++;
    if (is_digit(s[idx - 1]))
      is_float = true;
    else
      idx = e_start;
  }
  *next = idx;
  return is_float ? make_float(s + start, idx - start) : make_int(s + start, idx - start);
}

static KrObj *scan_value(Dec *d, int64_t idx, int64_t *next);

/* _parse_array_unicode: idx is just after the '['. */
static KrObj *parse_array(Dec *d, int64_t idx, int64_t *next) {
  const char *s = d->s;
  int64_t n = d->n;
  KrObj *list = kr_list_new(KR_OBJ, 0);
  if (!list)
    return NULL;
  idx = skip_ws(d, idx);
  if (idx >= n || s[idx] != ']') {
    for (;;) {
      int64_t after;
      KrObj *v = scan_value(d, idx, &after);
      if (!v)
        goto fail;
      int r = kr_list_append(list, (KrVal){.o = v});
      kr_decref(v);
      if (r < 0)
        goto fail;
      idx = skip_ws(d, after);
      if (idx < n && s[idx] == ']')
        break;
      if (idx >= n || s[idx] != ',') {
        dec_error(d, "Expecting ',' delimiter", idx);
        goto fail;
      }
      idx = skip_ws(d, idx + 1);
    }
  }
  *next = idx + 1;
  return list;

fail:
  kr_decref(list);
  return NULL;
}

/* _parse_object_unicode: idx is just after the '{'. A repeated key keeps
 * its place and takes the new value (dict assignment). */
static KrObj *parse_object(Dec *d, int64_t idx, int64_t *next) {
  const char *s = d->s;
  int64_t n = d->n;
  KrObj *dict = kr_dict_new(KR_OBJ, KR_OBJ);
  if (!dict)
    return NULL;
  idx = skip_ws(d, idx);
  if (idx >= n || s[idx] != '}') {
    for (;;) {
      if (idx >= n || s[idx] != '"') {
        dec_error(d, "Expecting property name enclosed in double quotes", idx);
        goto fail;
      }
      int64_t after;
      KrObj *key = scan_string(d, idx + 1, &after);
      if (!key)
        goto fail;
      idx = skip_ws(d, after);
      if (idx >= n || s[idx] != ':') {
        kr_decref(key);
        dec_error(d, "Expecting ':' delimiter", idx);
        goto fail;
      }
      idx = skip_ws(d, idx + 1);
      KrObj *v = scan_value(d, idx, &after);
      if (!v) {
        kr_decref(key);
        goto fail;
      }
      int r = kr_dict_setitem(dict, (KrVal){.o = key}, KR_OBJ, (KrVal){.o = v});
      kr_decref(key);
      kr_decref(v);
      if (r < 0)
        goto fail;
      idx = skip_ws(d, after);
      if (idx < n && s[idx] == '}')
        break;
      if (idx >= n || s[idx] != ',') {
        dec_error(d, "Expecting ',' delimiter", idx);
        goto fail;
      }
      idx = skip_ws(d, idx + 1);
    }
  }
  *next = idx + 1;
  return dict;

fail:
  kr_decref(dict);
  return NULL;
}

/* scan_once_unicode: the value at idx. The named constants need all their
 * letters present; anything else is tried as a number. */
static KrObj *scan_value(Dec *d, int64_t idx, int64_t *next) {
  const char *s = d->s;
  int64_t n = d->n;
  if (idx >= n)
    return dec_error(d, "Expecting value", idx);
  switch (s[idx]) {
  case '"': return scan_string(d, idx + 1, next);
  case '{':
  case '[': {
    bool obj = s[idx] == '{';
    if (d->depth >= KR_JSON_MAX_DEPTH)
      return kr_raise(&kr_RecursionError_type, obj ? "maximum recursion depth exceeded while decoding a JSON object "
                                                     "from a unicode string"
                                                   : "maximum recursion depth exceeded while decoding a JSON array "
                                                     "from a unicode string");
    d->depth++;
    KrObj *r = obj ? parse_object(d, idx + 1, next) : parse_array(d, idx + 1, next);
    d->depth--;
    return r;
  }
  case 'n':
    if (idx + 3 < n && memcmp(s + idx + 1, "ull", 3) == 0) {
      *next = idx + 4;
      return kr_None;
    }
    break;
  case 't':
    if (idx + 3 < n && memcmp(s + idx + 1, "rue", 3) == 0) {
      *next = idx + 4;
      return kr_True;
    }
    break;
  case 'f':
    if (idx + 4 < n && memcmp(s + idx + 1, "alse", 4) == 0) {
      *next = idx + 5;
      return kr_False;
    }
    break;
  case 'N':
    if (idx + 2 < n && memcmp(s + idx + 1, "aN", 2) == 0) {
      *next = idx + 3;
      return kr_float_box(NAN);
    }
    break;
  case 'I':
    if (idx + 7 < n && memcmp(s + idx + 1, "nfinity", 7) == 0) {
      *next = idx + 8;
      return kr_float_box(INFINITY);
    }
    break;
  case '-':
    if (idx + 8 < n && memcmp(s + idx + 1, "Infinity", 8) == 0) {
      *next = idx + 9;
      return kr_float_box(-INFINITY);
    }
    break;
  }
  return match_number(d, idx, next);
}

/* Is text valid WTF-8 (UTF-8 in which surrogates may stand alone, as the
 * runtime's str holds them)? */
static bool is_wtf8(const char *text, int64_t n) {
  const unsigned char *s = (const unsigned char *)text;
  int64_t i = 0;
  while (i < n) {
    unsigned c = s[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    int need;
    unsigned lo = 0x80, hi = 0xBF; /* the range of the second byte */
    if (c >= 0xC2 && c <= 0xDF) {
      need = 1;
    } else if (c >= 0xE0 && c <= 0xEF) {
      need = 2;
      if (c == 0xE0)
        lo = 0xA0;
    } else if (c >= 0xF0 && c <= 0xF4) {
      need = 3;
      if (c == 0xF0)
        lo = 0x90;
      else if (c == 0xF4)
        hi = 0x8F;
    } else {
      return false;
    }
    if (i + need >= n)
      return false;
    for (int k = 1; k <= need; k++) {
      unsigned t = s[i + k];
      if (k == 1 ? t < lo || t > hi : (t & 0xC0) != 0x80)
        return false;
    }
    i += need + 1;
  }
  return true;
}

/* Text that is not valid WTF-8 (only a host's bytes can be: the C ABI)
 * gets the UnicodeDecodeError that decoding it as UTF-8 gives. */
static void *raise_decode_error(const char *text, int64_t len) {
  KrObj *b = kr_bytes_new(text, len);
  if (!b)
    return NULL;
  KrObj *s = kr_bytes_decode(b, "utf-8", "strict");
  kr_decref(b);
  if (s) { /* cannot be: strict UTF-8 is WTF-8 without the surrogates */
    kr_decref(s);
    return kr_raise(&kr_ValueError_type, "invalid UTF-8");
  }
  return NULL;
}

KrObj *kr_json_loads(const char *text, int64_t len) {
  Dec d = {text, len, 0};
  if (!is_wtf8(text, len))
    return raise_decode_error(text, len);
  if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
    return dec_error(&d, "Unexpected UTF-8 BOM (decode using utf-8-sig)", 0);
  int64_t end;
  KrObj *v = scan_value(&d, skip_ws(&d, 0), &end);
  if (!v)
    return NULL;
  end = skip_ws(&d, end);
  if (end != len) {
    kr_decref(v);
    return dec_error(&d, "Extra data", end);
  }
  return v;
}

KrObj *kr_json_loads_str(KrObj *s) { return kr_json_loads(kr_str_data(s), kr_str_bytes(s)); }

/* ---------------------------------------------------------------- dumps */

/* A container being written: the chain of them is what "Circular
 * reference detected" searches (CPython's markers). */
typedef struct EncFrame {
  KrObj *obj;
  struct EncFrame *up;
} EncFrame;

typedef struct Enc {
  KrBuf *b;
  int64_t indent;         /* < 0: none */
  bool ascii, sort_keys, allow_nan;
  const char *item_sep, *key_sep;
  int64_t item_len, key_len;
  int depth;              /* containers open */
  EncFrame *open;         /* the innermost of them */
} Enc;

static int put(Enc *e, const char *p, int64_t n) { return kr_buf_put(e->b, p, n); }
static int puts_(Enc *e, const char *p) { return kr_buf_put(e->b, p, (int64_t)strlen(p)); }

/* "\n" and the indent of a level. */
static int put_newline(Enc *e, int64_t level) {
  if (kr_buf_putc(e->b, '\n') < 0)
    return -1;
  if (e->indent > 0 && level > INT64_MAX / e->indent) {
    kr_raise_nomem();
    return -1;
  }
  return kr_buf_fill(e->b, ' ', e->indent * level);
}

/* Between two items: the item separator (and, with an indent, a new line). */
static int put_item_sep(Enc *e, int64_t level) {
  if (put(e, e->item_sep, e->item_len) < 0)
    return -1;
  return e->indent >= 0 ? put_newline(e, level) : 0;
}

static const char hex_digits[] = "0123456789abcdef";

static int put_u4(Enc *e, uint32_t c) {
  char t[6] = {'\\', 'u', hex_digits[(c >> 12) & 15], hex_digits[(c >> 8) & 15], hex_digits[(c >> 4) & 15],
               hex_digits[c & 15]};
  return put(e, t, 6);
}

/* encode_basestring(_ascii): a quoted JSON string of WTF-8 text. Quotes,
 * backslashes and control characters are escaped; with ensure_ascii also
 * everything from DEL up (astral characters as a surrogate pair of \u
 * escapes, lone surrogates as one); without it, the rest is copied as is. */
static int enc_string(Enc *e, const char *p, int64_t n) {
  if (kr_buf_putc(e->b, '"') < 0)
    return -1;
  int64_t run = 0, i = 0;
  while (i < n) {
    unsigned char c = (unsigned char)p[i];
    if (c >= 0x20 && c != '"' && c != '\\' && (c < 0x7f || !e->ascii)) {
      i++;
      continue;
    }
    if (put(e, p + run, i - run) < 0)
      return -1;
    int r;
    if (c < 0x80) {
      i++;
      char esc = 0;
      switch (c) {
      case '"': esc = '"'; break;
      case '\\': esc = '\\'; break;
      case '\b': esc = 'b'; break;
      case '\f': esc = 'f'; break;
      case '\n': esc = 'n'; break;
      case '\r': esc = 'r'; break;
      case '\t': esc = 't'; break;
      }
      if (esc) {
        char t[2] = {'\\', esc};
        r = put(e, t, 2);
      } else {
        r = put_u4(e, c);
      }
    } else {
      uint32_t cp = u8_next(p, &i);
      if (cp >= 0x10000) {
        cp -= 0x10000;
        r = put_u4(e, 0xD800 | (cp >> 10)) < 0 ? -1 : put_u4(e, 0xDC00 | (cp & 0x3FF));
      } else {
        r = put_u4(e, cp);
      }
    }
    if (r < 0)
      return -1;
    run = i;
  }
  if (put(e, p + run, i - run) < 0)
    return -1;
  return kr_buf_putc(e->b, '"');
}

/* A float's JSON text into out (32 bytes): repr, or NaN / Infinity /
 * -Infinity. allow_nan false makes those a ValueError, whose message names
 * the value only on the pure-Python path (an indent), as in CPython. */
static int float_text(const Enc *e, double d, char out[32]) {
  if (isfinite(d))
    return kr_dtoa_repr(d, out, true);
  if (!e->allow_nan) {
    if (e->indent < 0)
      kr_raise(&kr_ValueError_type, "Out of range float values are not JSON compliant");
    else
      kr_raise(&kr_ValueError_type, "Out of range float values are not JSON compliant: %s",
               isnan(d) ? "nan" : d > 0 ? "inf" : "-inf");
    return -1;
  }
  strcpy(out, isnan(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity");
  return (int)strlen(out);
}

static int enc_float(Enc *e, double d) {
  char t[32];
  int n = float_text(e, d, t);
  return n < 0 ? -1 : put(e, t, n);
}

static int enc_int(Enc *e, int64_t v) {
  char t[24];
  int n = snprintf(t, sizeof t, "%" PRId64, v);
  return put(e, t, n);
}

static int enc_value(Enc *e, KrVal v, ValKind k, int64_t level);

/* Entering a non-scalar: the depth limit and the circular check, in the
 * order of the path CPython takes (the C encoder counts an empty container
 * towards the depth, the Python one does not). Returns 1 when the
 * container was empty and is written, 0 when f is pushed (enc_leave it),
 * -1 on error. */
static int enc_enter(Enc *e, EncFrame *f, KrObj *o, int64_t len, const char *empty) {
  if (e->indent < 0 && e->depth >= KR_JSON_MAX_DEPTH) {
    kr_raise(&kr_RecursionError_type, "maximum recursion depth exceeded while encoding a JSON object");
    return -1;
  }
  if (len == 0)
    return put(e, empty, 2) < 0 ? -1 : 1;
  if (e->indent >= 0 && e->depth >= KR_JSON_MAX_DEPTH) {
    kr_raise(&kr_RecursionError_type, "maximum recursion depth exceeded while calling a Python object");
    return -1;
  }
  for (EncFrame *p = e->open; p; p = p->up)
    if (p->obj == o) {
      kr_raise(&kr_ValueError_type, "Circular reference detected");
      return -1;
    }
  f->obj = o;
  f->up = e->open;
  e->open = f;
  e->depth++;
  return 0;
}

static void enc_leave(Enc *e, EncFrame *f) {
  e->open = f->up;
  e->depth--;
}

/* A list or tuple as an array. */
static int enc_seq(Enc *e, KrObj *o, int64_t level) {
  bool is_list = o->type == &kr_list_type;
  EncFrame f;
  int r = enc_enter(e, &f, o, is_list ? kr_list_len(o) : kr_tuple_len(o), "[]");
  if (r != 0)
    return r < 0 ? -1 : 0;
  int rc = -1;
  if (kr_buf_putc(e->b, '[') < 0)
    goto out;
  if (e->indent >= 0 && put_newline(e, ++level) < 0)
    goto out;
  for (int64_t i = 0; i < (is_list ? kr_list_len(o) : kr_tuple_len(o)); i++) {
    if (i > 0 && put_item_sep(e, level) < 0)
      goto out;
    KrVal v = is_list ? KR_LIST(o)->items[i] : KR_TUPLE(o)->items[i];
    ValKind k = is_list ? KR_LIST(o)->kind : kr_tuple_kind(o, i);
    if (enc_value(e, v, k, level) < 0)
      goto out;
  }
  if (e->indent >= 0 && put_newline(e, level - 1) < 0)
    goto out;
  rc = kr_buf_putc(e->b, ']');
out:
  enc_leave(e, &f);
  return rc;
}

/* One "key": value of an object, the key converted as json does: a str as
 * is, a float as its JSON text, True/False/None as true/false/null, an
 * int in decimal; any other key is a TypeError. */
static int enc_member(Enc *e, KrVal key, ValKind kk, KrVal val, ValKind vk, int64_t level, bool first) {
  char t[32];
  int n = -1;
  const char *text = t;
  KrObj *ko = kk == KR_OBJ ? key.o : NULL;
  if (ko && ko->type == &kr_str_type) {
    n = 0;
  } else if (kk == KR_FLOAT || (ko && ko->type == &kr_float_type)) {
    if ((n = float_text(e, ko ? ((KrFloat *)ko)->v : key.f, t)) < 0)
      return -1;
  } else if (kk == KR_BOOL || (ko && ko->type == &kr_bool_type)) {
    text = (ko ? ko == kr_True : key.b) ? "true" : "false";
  } else if (ko == kr_None) {
    text = "null";
  } else if (kk == KR_INT || (ko && ko->type == &kr_int_type)) {
    n = snprintf(t, sizeof t, "%" PRId64, ko ? ((KrInt *)ko)->v : key.i);
  } else {
    kr_raise(&kr_TypeError_type, "keys must be str, int, float, bool or None, not %s", short_name(ko->type));
    return -1;
  }
  if (!first && put_item_sep(e, level) < 0)
    return -1;
  if (ko && ko->type == &kr_str_type) {
    if (enc_string(e, kr_str_data(ko), kr_str_bytes(ko)) < 0)
      return -1;
  } else {
    /* the text of a number or a constant is plain ASCII: nothing to escape */
    if (kr_buf_putc(e->b, '"') < 0 || put(e, text, n < 0 ? (int64_t)strlen(text) : n) < 0 ||
        kr_buf_putc(e->b, '"') < 0)
      return -1;
  }
  if (put(e, e->key_sep, e->key_len) < 0)
    return -1;
  return enc_value(e, val, vk, level);
}

/* sort_keys: the items as (key, value) tuples sorted as sorted(d.items())
 * sorts them (the same comparisons, so the same TypeError for keys that do
 * not order). A new list. */
static KrObj *sorted_items(KrDict *d) {
  KrObj *l = kr_list_new(KR_OBJ, d->used);
  if (!l)
    return NULL;
  for (int64_t i = 0; i < d->nentries; i++) {
    KrDictEntry *en = &d->entries[i];
    if (en->hash == -1)
      continue;
    KrObj *t = kr_tuple_pair(en->key, d->kkind, en->value, d->vkind);
    if (!t)
      goto fail;
    int r = kr_list_append(l, (KrVal){.o = t});
    kr_decref(t);
    if (r < 0)
      goto fail;
  }
  if (kr_list_sort(l, NULL, NULL, KR_OBJ, false) < 0)
    goto fail;
  return l;

fail:
  kr_decref(l);
  return NULL;
}

/* A dict as an object, in insertion order or sorted. */
static int enc_dict(Enc *e, KrObj *o, int64_t level) {
  KrDict *d = KR_DICT(o);
  EncFrame f;
  int r = enc_enter(e, &f, o, d->used, "{}");
  if (r != 0)
    return r < 0 ? -1 : 0;
  int rc = -1;
  KrObj *items = NULL;
  if (kr_buf_putc(e->b, '{') < 0)
    goto out;
  if (e->indent >= 0 && put_newline(e, ++level) < 0)
    goto out;
  if (e->sort_keys) {
    if (!(items = sorted_items(d)))
      goto out;
    KrList *l = KR_LIST(items);
    for (int64_t i = 0; i < l->len; i++) {
      KrTuple *t = KR_TUPLE(l->items[i].o);
      if (enc_member(e, t->items[0], (ValKind)t->kinds[0], t->items[1], (ValKind)t->kinds[1], level, i == 0) < 0)
        goto out;
    }
  } else {
    bool first = true;
    for (int64_t i = 0; i < d->nentries; i++) {
      KrDictEntry *en = &d->entries[i];
      if (en->hash == -1)
        continue;
      if (enc_member(e, en->key, d->kkind, en->value, d->vkind, level, first) < 0)
        goto out;
      first = false;
    }
  }
  if (e->indent >= 0 && put_newline(e, level - 1) < 0)
    goto out;
  rc = kr_buf_putc(e->b, '}');
out:
  kr_xdecref(items);
  enc_leave(e, &f);
  return rc;
}

static int enc_value(Enc *e, KrVal v, ValKind k, int64_t level) {
  switch (k) {
  case KR_INT: return enc_int(e, v.i);
  case KR_FLOAT: return enc_float(e, v.f);
  case KR_BOOL: return puts_(e, v.b ? "true" : "false");
  case KR_OBJ: break;
  }
  KrObj *o = v.o;
  const KrType *t = o->type;
  if (o == kr_None)
    return puts_(e, "null");
  if (t == &kr_bool_type)
    return puts_(e, o == kr_True ? "true" : "false");
  if (t == &kr_str_type)
    return enc_string(e, kr_str_data(o), kr_str_bytes(o));
  if (t == &kr_int_type)
    return enc_int(e, ((KrInt *)o)->v);
  if (t == &kr_float_type)
    return enc_float(e, ((KrFloat *)o)->v);
  if (t == &kr_list_type || t == &kr_tuple_type)
    return enc_seq(e, o, level);
  if (t == &kr_dict_type)
    return enc_dict(e, o, level);
  kr_raise(&kr_TypeError_type, "Object of type %s is not JSON serializable", short_name(t));
  return -1;
}

int kr_json_dump(KrBuf *out, KrVal v, ValKind k, const KrJsonOpts *opts) {
  static const KrJsonOpts defaults = KR_JSON_OPTS_DEFAULT;
  if (!opts)
    opts = &defaults;
  Enc e = {
      .b = out,
      .indent = opts->indent,
      .ascii = opts->ensure_ascii,
      .sort_keys = opts->sort_keys,
      .allow_nan = opts->allow_nan,
      .item_sep = opts->item_sep ? opts->item_sep : opts->indent >= 0 ? "," : ", ",
      .key_sep = opts->key_sep ? opts->key_sep : ": ",
  };
  e.item_len = (int64_t)strlen(e.item_sep);
  e.key_len = (int64_t)strlen(e.key_sep);
  int64_t start = out->len;
  if (enc_value(&e, v, k, 0) < 0) {
    if (!out->failed)
      out->len = start;
    return -1;
  }
  return 0;
}

KrObj *kr_json_dumps(KrVal v, ValKind k, const KrJsonOpts *opts) {
  KrBuf b;
  kr_buf_init(&b, 0);
  if (kr_json_dump(&b, v, k, opts) < 0) {
    kr_buf_discard(&b);
    return NULL;
  }
  return kr_buf_finish(&b);
}
