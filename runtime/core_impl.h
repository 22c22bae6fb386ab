/* core_impl.h — what the runtime's core files (object.c, exc.c, str.c,
 * strmethods.c, unicode.c, format.c, dtoa.c) share and generated code does
 * not see: UTF-8 decoding, Unicode properties, and a few internal entry
 * points. Not part of the public header. */
#ifndef KILNRT_CORE_IMPL_H
#define KILNRT_CORE_IMPL_H

#include "kilnrt.h"

#include <stdarg.h>
#include <string.h>

/* ---- alloc.c, object.c */

/* Tune malloc for a program (kr_init calls it; a library leaves the host's
 * malloc alone). */
void kr_alloc_program(void);
/* kr_alloc, counted and failed alike, without the zeroing: for a block its
 * caller fills completely before reading (a str's text). */
KR_INLINE void *kr_alloc_uninit(size_t n) { return kr_alloc_block(n, false); }
/* The bytes a small block from kr_alloc or kr_realloc can hold (its size
 * class: at least what was asked), or 0 for a large one: a str appended to
 * in place grows into it before it reallocates. */
size_t kr_alloc_usable(void *p);

/* Set while the runtime allocates the MemoryError it is raising: the
 * failure hook lets those allocations through. */
extern KR_TLS_HIDDEN _Thread_local bool kr_alloc_nofail;

/* The kind an object stands for: KR_INT, KR_FLOAT or KR_BOOL for the boxes
 * of the unboxed types, else KR_OBJ. */
static inline ValKind num_kind(const KrObj *o) {
  if (o->type == &kr_int_type)
    return KR_INT;
  if (o->type == &kr_float_type)
    return KR_FLOAT;
  if (o->type == &kr_bool_type)
    return KR_BOOL;
  return KR_OBJ;
}

/* ---- file.c */

/* Raise OSError(err, strerror(err), path) as the subclass CPython picks for
 * err (FileNotFoundError...); path may be kr_None. Returns NULL. */
void *kr_raise_os(int err, KrObj *path);
/* The bytes of the file at path, read-only, for the loaders that view them
 * in place (safetensors, GGUF): the program's embedded copy when it has one
 * (kiln compile --embed), else a memory map of the file. Returns the object
 * that owns them (arrays over them keep it alive) with *data and *size set
 * (*data NULL for an empty file); NULL with OSError raised
 * (IsADirectoryError for a folder). file.c. */
KrObj *kr_map_file(KrObj *path, const unsigned char **data, uint64_t *size);

/* ---- exc.c */

void *kr_raise_nomem(void);  /* MemoryError, without allocating through the hook; NULL */

/* ---- str.c */

/* kr_raise's formatting (%S str(), %R repr() of a KrObj *, the rest as
 * printf) into a builder. */
int kr_buf_vformat(KrBuf *b, const char *fmt, va_list ap);
/* The code point index of byte offset off (a character's start). */
int64_t kr_str_char_index(KrObj *s, int64_t off);

/* A new str from printf-style text (with %S and %R, as kr_raise). */
KrObj *kr_str_from_fmt(const char *fmt, ...);
/* A new str of n bytes the caller fills in (they are not zeroed), valid
 * WTF-8 by the time it calls kr_str_seal (which counts code points and
 * builds the index). */
KrObj *kr_str_alloc(int64_t nbytes);
KrObj *kr_str_seal(KrObj *s);
/* kr_str_seal for a caller that knows the text's code points and whether
 * all are ASCII (a concatenation, a join, a slice of an ASCII str): no
 * scan, but for the index of a long non-ASCII str. */
KrObj *kr_str_seal_known(KrObj *s, int64_t nchars, bool ascii);
/* kr_str_new of text known to be ASCII (digits, a piece of an ASCII str). */
KrObj *kr_str_new_ascii(const char *ascii, int64_t len);
/* kr_str_new of a piece of s's text: no scan when s is ASCII. */
KrObj *kr_str_sub(KrObj *s, const char *p, int64_t len);
/* memcpy of n bytes, inline for the short texts most strs hold (a call of
 * memcpy costs more than copying a word); the regions do not overlap. */
static inline void kr_copy_bytes(char *d, const char *s, int64_t n) {
  if (n > 16) {
    memcpy(d, s, (size_t)n);
  } else if (n >= 8) { /* two words, overlapping in the middle */
    uint64_t a, b;
    memcpy(&a, s, 8);
    memcpy(&b, s + n - 8, 8);
    memcpy(d, &a, 8);
    memcpy(d + n - 8, &b, 8);
  } else if (n >= 4) {
    uint32_t a, b;
    memcpy(&a, s, 4);
    memcpy(&b, s + n - 4, 4);
    memcpy(d, &a, 4);
    memcpy(d + n - 4, &b, 4);
  } else if (n > 0) { /* 1..3 bytes */
    d[0] = s[0];
    d[n / 2] = s[n / 2];
    d[n - 1] = s[n - 1];
  }
}
/* Are all n bytes at s below 0x80? */
bool kr_utf8_is_ascii(const char *s, int64_t n);
/* The byte offset of code point i (0 <= i <= nchars). */
int64_t kr_str_offset(KrObj *s, int64_t i);
/* The single-character str for a code point (cached for ASCII). */
KrObj *kr_str_char(uint32_t cp);

/* Decode the code point at s[*i] (valid WTF-8) and advance *i. */
static inline uint32_t u8_next(const char *s, int64_t *i) {
  const unsigned char *p = (const unsigned char *)s + *i;
  unsigned c = p[0];
  if (c < 0x80) {
    *i += 1;
    return c;
  }
  if (c < 0xE0) {
    *i += 2;
    return ((c & 0x1Fu) << 6) | (p[1] & 0x3Fu);
  }
  if (c < 0xF0) {
    *i += 3;
    return ((c & 0x0Fu) << 12) | ((p[1] & 0x3Fu) << 6) | (p[2] & 0x3Fu);
  }
  *i += 4;
  return ((c & 0x07u) << 18) | ((p[1] & 0x3Fu) << 12) | ((p[2] & 0x3Fu) << 6) | (p[3] & 0x3Fu);
}

/* Step back to the code point before s[*i] and decode it. */
static inline uint32_t u8_prev(const char *s, int64_t *i) {
  int64_t j = *i - 1;
  while ((s[j] & 0xC0) == 0x80)
    j--;
  *i = j;
  int64_t k = j;
  return u8_next(s, &k);
}

/* Encode cp (any value up to 0x10FFFF, surrogates too); returns the length. */
static inline int u8_encode(uint32_t cp, char *out) {
  if (cp < 0x80) {
    out[0] = (char)cp;
    return 1;
  }
  if (cp < 0x800) {
    out[0] = (char)(0xC0 | (cp >> 6));
    out[1] = (char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = (char)(0xE0 | (cp >> 12));
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = (char)(0xF0 | (cp >> 18));
  out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
  out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
  out[3] = (char)(0x80 | (cp & 0x3F));
  return 4;
}

static inline int u8_len(uint32_t cp) { return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4; }

static inline bool is_surrogate(uint32_t cp) { return cp >= 0xD800 && cp <= 0xDFFF; }

/* ---- unicode.c: character properties as CPython 3.11 (Unicode 14.0) has
 * them: str.isalpha() and friends of one character, and the full case
 * mappings (at most 3 code points out). */
bool uni_isalpha(uint32_t cp);
bool uni_isdecimal(uint32_t cp);
bool uni_isdigit(uint32_t cp);
bool uni_isnumeric(uint32_t cp);
bool uni_isspace(uint32_t cp);
bool uni_isprintable(uint32_t cp);
bool uni_islower(uint32_t cp);
bool uni_isupper(uint32_t cp);
bool uni_istitle(uint32_t cp);     /* general category Lt */
bool uni_iscased(uint32_t cp);
bool uni_iscase_ignorable(uint32_t cp);
bool uni_isxid_start(uint32_t cp);
bool uni_isxid_continue(uint32_t cp);
int uni_decimal(uint32_t cp);      /* the digit value of a decimal (Nd) character, else -1 */
int uni_lower(uint32_t cp, uint32_t out[3]);
int uni_upper(uint32_t cp, uint32_t out[3]);
int uni_title(uint32_t cp, uint32_t out[3]);
int uni_fold(uint32_t cp, uint32_t out[3]);

static inline bool ascii_space(unsigned c) { return c == ' ' || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F); }

/* ---- format.c */

/* CPython's PyOS_double_to_string: d in format 'e' 'f' 'g' 'E' 'F' 'G' or
 * 'r' (repr; precision 0) with the DTSF flags, appended to b. */
enum { DTSF_SIGN = 1, DTSF_ADD_DOT_0 = 2, DTSF_ALT = 4, DTSF_NO_NEG_0 = 8 };
int kr_double_to_buf(KrBuf *b, double d, char type, int precision, int flags);

#endif
