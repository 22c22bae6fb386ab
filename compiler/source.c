/* source.c — a Python file's bytes become the UTF-8 text every later stage
 * reads, and byte offsets into that text become lines and columns.
 *
 * Decoding follows what CPython 3.11 does for ast.parse(bytes) (the string
 * tokenizer's decode_str), in its order:
 *   1. a NUL byte anywhere is an error;
 *   2. newlines are normalised: "\r\n" and a lone "\r" become "\n"
 *      (translate_newlines), so the lexer and the line table see "\n" only
 *      and a raw string's CRLF comes out as "\n", as in CPython;
 *   3. a UTF-8 BOM is dropped;
 *   4. a PEP 263 coding cookie on line 1, or on line 2 when line 1 holds
 *      only blanks or a comment, picks the encoding (get_coding_spec); with
 *      a BOM it must name UTF-8;
 *   5. the text is decoded to UTF-8: UTF-8 is validated in place; latin-1,
 *      ASCII and cp1252 are done here; any other codec goes to iconv(3).
 * One deliberate difference: CPython leaves the bytes of an undeclared
 * UTF-8 file alone and only fails when a token that holds a bad byte is
 * decoded, so a bad byte in a comment passes; here every bad byte is an
 * error (as `python3 FILE` reports too), on the line that holds it.
 *
 * Errors cannot unwind from here (no catch point exists yet): they fill
 * diag_last and return NULL. The Diag points into a stand-in Source whose
 * text is the newline-normalised bytes with undecodable bytes shown as '?'.
 *
 * Positions: the line table (start offset of every line) is built on the
 * first call of source_pos or source_line; a line lookup is a binary search
 * and a column counts the UTF-8 lead bytes before the offset.
 */
#include "kilnc.h"

#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static Source *source_new(const char *path, char *text, size_t len) {
  Source *src = xmalloc(sizeof *src);
  src->path = path;
  src->text = text;
  src->len = (uint32_t)len;
  src->lines = NULL;
  src->nlines = 0;
  return src;
}

void source_free(Source *src) {
  if (!src)
    return;
  free(src->text);
  free(src->lines);
  free(src);
}

/* Fill diag_last with an error at byte `off` of src. */
static void fail(Source *src, uint32_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void fail(Source *src, uint32_t off, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag_make(&diag_last, src, off, ERR_SYNTAX, fmt, ap);
  va_end(ap);
}

/* ---------------------------------------------------------------- UTF-8 */

static bool is_cont(unsigned char c) { return (c & 0xC0) == 0x80; }

/* CPython's strict UTF-8 decoder (Objects/stringlib/codecs.h) on one
 * sequence at s[0..n): returns its length, or 0 when it is invalid with
 * *bad = the number of bytes the error covers and *why its reason. */
static int utf8_check(const unsigned char *s, size_t n, int *bad, const char **why) {
  unsigned c = s[0];
  if (c < 0x80)
    return 1;
  *why = "invalid continuation byte";
  *bad = 1;
  if (c < 0xC2 || c > 0xF4) {
    *why = "invalid start byte";
    return 0;
  }
  int need = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  /* The allowed range of the second byte narrows for E0, ED, F0 and F4. */
  unsigned lo = 0x80, hi = 0xBF;
  if (c == 0xE0)
    lo = 0xA0;
  else if (c == 0xED)
    hi = 0x9F;
  else if (c == 0xF0)
    lo = 0x90;
  else if (c == 0xF4)
    hi = 0x8F;
  for (int i = 1; i < need; i++) {
    if ((size_t)i >= n) {
      *why = "unexpected end of data";
      *bad = (int)n;
      return 0;
    }
    unsigned b = s[i];
    bool ok = i == 1 ? b >= lo && b <= hi : is_cont((unsigned char)b);
    if (!ok) {
      *bad = i;
      return 0;
    }
  }
  return need;
}

/* ASCII bytes that may continue a name: where CPython's decode error for a
 * bad byte in a name is counted from. */
static bool name_byte(unsigned char c) {
  return c >= 0x80 || c == '_' || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/* Report the invalid UTF-8 sequence at t[at] (t: the whole text, n bytes).
 * CPython only meets such a byte when it decodes a string literal's body or
 * a name, and counts the position from the start of that literal or name;
 * guess which by scanning the line for an open quote. */
static void utf8_error(Source *esrc, const char *t, size_t n, size_t at, int bad, const char *why) {
  const unsigned char *u = (const unsigned char *)t;
  size_t ls = at;
  while (ls > 0 && t[ls - 1] != '\n')
    ls--;
  size_t from = at, unit_end = n; /* the decoded unit: a literal's body or a name */
  char quote = 0;
  size_t body = 0;
  for (size_t i = ls; i < at; i++) {
    if (quote) {
      if (t[i] == '\\')
        i++;
      else if (t[i] == quote)
        quote = 0;
    } else if (t[i] == '\'' || t[i] == '"') {
      quote = t[i];
      body = i + 1;
    } else if (t[i] == '#') {
      break;
    }
  }
  if (quote) {
    from = body;
    unit_end = at;
    while (unit_end < n && t[unit_end] != quote && t[unit_end] != '\n')
      unit_end++;
  } else {
    while (from > ls && name_byte(u[from - 1]))
      from--;
    unit_end = at;
    while (unit_end < n && name_byte(u[unit_end]))
      unit_end++;
  }
  /* A sequence cut short by the end of the unit is "unexpected end of data". */
  if (strcmp(why, "invalid continuation byte") == 0 && at + (size_t)bad == unit_end) {
    int dummy;
    const char *w2 = why;
    utf8_check(u + at, unit_end - at, &dummy, &w2);
    if (strcmp(w2, "unexpected end of data") == 0) {
      why = w2;
      bad = (int)(unit_end - at);
    }
  }
  size_t pos = at - from;
  if (bad <= 1)
    fail(esrc, (uint32_t)at, "(unicode error) 'utf-8' codec can't decode byte 0x%02x in position %zu: %s",
         u[at], pos, why);
  else
    fail(esrc, (uint32_t)at, "(unicode error) 'utf-8' codec can't decode bytes in position %zu-%zu: %s",
         pos, pos + (size_t)bad - 1, why);
}

/* The stand-in Source for an error in undecodable text: the bytes, with
 * every byte that is not part of a valid UTF-8 sequence shown as '?'. It
 * lives until the next decoding error: diag_last, which points at it, holds
 * only the latest error, so one stand-in at a time is enough. */
static Source *error_source(const char *path, const char *t, size_t n) {
  static Source *last;
  source_free(last);
  char *e = xmalloc(n + 1);
  memcpy(e, t, n);
  e[n] = 0;
  for (size_t i = 0; i < n;) {
    int bad;
    const char *why;
    int k = utf8_check((const unsigned char *)e + i, n - i, &bad, &why);
    if (k == 0) {
      e[i++] = '?';
      continue;
    }
    i += (size_t)k;
  }
  last = source_new(path, e, n);
  return last;
}

/* ------------------------------------------------------ coding cookies */

/* get_coding_spec: the encoding named on one line, or false. The line must
 * hold only blanks before a '#', then "coding" followed by ':' or '=',
 * blanks, and the name [-\w.]+. size: the line's length as CPython passes
 * it; s may be read past it up to the text's NUL. */
static bool coding_spec(const char *s, size_t size, char *name, size_t cap, size_t *at) {
  size_t i = 0;
  for (; i + 6 < size; i++) {
    if (s[i] == '#')
      break;
    if (s[i] != ' ' && s[i] != '\t' && s[i] != '\f')
      return false;
  }
  for (; i + 6 < size; i++) {
    if (memcmp(s + i, "coding", 6) != 0)
      continue;
    const char *t = s + i + 6;
    if (*t != ':' && *t != '=')
      continue;
    do
      t++;
    while (*t == ' ' || *t == '\t');
    const char *begin = t;
    while ((*t >= '0' && *t <= '9') || ((*t | 0x20) >= 'a' && (*t | 0x20) <= 'z') || *t == '-' ||
           *t == '_' || *t == '.')
      t++;
    if (t == begin)
      continue;
    size_t len = (size_t)(t - begin) < cap - 1 ? (size_t)(t - begin) : cap - 1;
    memcpy(name, begin, len);
    name[len] = 0;
    *at = (size_t)(begin - s);
    return true;
  }
  return false;
}

/* Does the line hold anything but blanks and a comment? Then the cookie
 * search stops after it (check_coding_spec). */
static bool line_has_code(const char *s, size_t size) {
  for (size_t i = 0; i < size; i++) {
    if (s[i] == '#' || s[i] == '\n')
      return false;
    if (s[i] != ' ' && s[i] != '\t' && s[i] != '\f')
      return true;
  }
  return false;
}

/* get_normal_name: spellings of utf-8 and latin-1 become "utf-8" and
 * "iso-8859-1"; any other name is kept as written. */
static void normal_name(char *name) {
  char b[13];
  int i = 0;
  for (; i < 12 && name[i]; i++)
    b[i] = name[i] == '_' ? '-' : (char)((name[i] >= 'A' && name[i] <= 'Z') ? name[i] + 32 : name[i]);
  b[i] = 0;
  if (!strcmp(b, "utf-8") || !strncmp(b, "utf-8-", 6))
    strcpy(name, "utf-8");
  else if (!strcmp(b, "latin-1") || !strcmp(b, "iso-8859-1") || !strcmp(b, "iso-latin-1") ||
           !strncmp(b, "latin-1-", 8) || !strncmp(b, "iso-8859-1-", 11) || !strncmp(b, "iso-latin-1-", 12))
    strcpy(name, "iso-8859-1");
}

/* ------------------------------------------------------------- codecs */

typedef enum { ENC_UTF8, ENC_LATIN1, ENC_ASCII, ENC_CP1252, ENC_ICONV } Encoding;

/* Python's codec lookup key: lower case, each run of other characters than
 * letters, digits and '.' becomes one '_' (encodings.normalize_encoding). */
static void codec_key(const char *name, char *key, size_t cap) {
  size_t k = 0;
  bool punct = false;
  for (const char *s = name; *s && k + 2 < cap; s++) {
    char c = *s;
    bool alnum = (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
    if (alnum || c == '.') {
      if (punct && k)
        key[k++] = '_';
      key[k++] = (char)((c >= 'A' && c <= 'Z') ? c + 32 : c);
      punct = false;
    } else {
      punct = true;
    }
  }
  key[k] = 0;
}

static bool in_list(const char *key, const char *const *list) {
  for (; *list; list++)
    if (!strcmp(key, *list))
      return true;
  return false;
}

/* The codecs done here, under their names and aliases in Python's
 * encodings.aliases. */
static Encoding builtin_codec(const char *name) {
  static const char *const utf8[] = {"utf_8", "utf8", "u8", "utf", "utf8_ucs2", "utf8_ucs4", "cp65001", NULL};
  static const char *const latin1[] = {"latin_1", "iso_8859_1", "iso8859_1", "8859", "cp819", "iso8859",
                                       "iso_8859_1_1987", "iso_ir_100", "l1", "latin", "latin1",
                                       "iso_latin_1", "csisolatin1", "ibm819", NULL};
  static const char *const ascii[] = {"ascii", "646", "ansi_x3.4_1968", "ansi_x3_4_1968", "ansi_x3.4_1986",
                                      "cp367", "csascii", "ibm367", "iso646_us", "iso_646.irv_1991",
                                      "iso_ir_6", "us", "us_ascii", NULL};
  static const char *const cp1252[] = {"cp1252", "windows_1252", "1252", NULL};
  char key[64];
  codec_key(name, key, sizeof key);
  if (in_list(key, utf8))
    return ENC_UTF8;
  if (in_list(key, latin1))
    return ENC_LATIN1;
  if (in_list(key, ascii))
    return ENC_ASCII;
  if (in_list(key, cp1252))
    return ENC_CP1252;
  return ENC_ICONV;
}

/* cp1252's 0x80..0x9F; 0 marks the five undefined bytes. */
static const uint16_t cp1252_hi[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178,
};

/* Open an iconv converter for a Python codec name, trying the spellings
 * glibc knows. */
static iconv_t open_iconv(const char *name) {
  static const struct {
    const char *py, *iconv;
  } names[] = {
      {"mac_roman", "MACINTOSH"}, {"macroman", "MACINTOSH"}, {"macintosh", "MACINTOSH"},
      {"mac_cyrillic", "MAC-CYRILLIC"}, {"euc_jp", "EUC-JP"}, {"shift_jis", "SHIFT_JIS"},
      {"sjis", "SHIFT_JIS"}, {"cp932", "CP932"}, {"euc_kr", "EUC-KR"}, {"gb2312", "GB2312"},
      {"gbk", "GBK"}, {"gb18030", "GB18030"}, {"big5", "BIG5"}, {"koi8_r", "KOI8-R"},
      {"koi8_u", "KOI8-U"},
  };
  char key[64], alt[64];
  codec_key(name, key, sizeof key);
  for (size_t i = 0; i < countof(names); i++)
    if (!strcmp(key, names[i].py))
      return iconv_open("UTF-8", names[i].iconv);
  iconv_t cd = iconv_open("UTF-8", name);
  if (cd != (iconv_t)-1)
    return cd;
  size_t k = 0;
  for (; key[k] && k + 1 < sizeof alt; k++)
    alt[k] = key[k] == '_' ? '-' : key[k];
  alt[k] = 0;
  cd = iconv_open("UTF-8", alt);
  if (cd != (iconv_t)-1)
    return cd;
  /* "iso8859_5" -> "ISO-8859-5", "cp1251" works as is, "latin_2" -> "LATIN2" */
  k = 0;
  for (const char *s = key; *s && k + 1 < sizeof alt; s++)
    if (*s != '_')
      alt[k++] = *s;
  alt[k] = 0;
  return iconv_open("UTF-8", alt);
}

/* Decode t[0..n) (after the BOM) from a single-byte or iconv codec into a
 * new NUL-terminated UTF-8 buffer; NULL with diag_last set on a byte the
 * codec rejects, or at the cookie (t + cookie_at) for a codec iconv does
 * not know. Positions in messages count from the start of t, as CPython's. */
static char *decode_other(const char *path, const char *t, size_t n, const char *name, Encoding enc,
                          size_t cookie_at, size_t *outlen) {
  Buf b = {0};
  const unsigned char *u = (const unsigned char *)t;
  if (enc != ENC_ICONV) {
    for (size_t i = 0; i < n; i++) {
      unsigned c = u[i];
      if (c < 0x80) {
        buf_putc(&b, (int)c);
        continue;
      }
      if (enc == ENC_ASCII) {
        fail(error_source(path, t, n), (uint32_t)i,
             "'ascii' codec can't decode byte 0x%02x in position %zu: ordinal not in range(128)", c, i);
        buf_free(&b);
        return NULL;
      }
      uint32_t cp = c;
      if (enc == ENC_CP1252 && c < 0xA0 && !(cp = cp1252_hi[c - 0x80])) {
        fail(error_source(path, t, n), (uint32_t)i,
             "'charmap' codec can't decode byte 0x%02x in position %zu: character maps to <undefined>", c, i);
        buf_free(&b);
        return NULL;
      }
      buf_put_utf8(&b, cp);
    }
  } else {
    iconv_t cd = open_iconv(name);
    if (cd == (iconv_t)-1) {
      fail(error_source(path, t, n), (uint32_t)cookie_at, "unknown encoding: %s", name);
      return NULL;
    }
    char *in = (char *)t;
    size_t inleft = n;
    while (inleft > 0) {
      char tmp[4096], *out = tmp;
      size_t outleft = sizeof tmp;
      size_t r = iconv(cd, &in, &inleft, &out, &outleft);
      buf_putn(&b, tmp, sizeof tmp - outleft);
      if (r == (size_t)-1 && errno != E2BIG) {
        size_t at = (size_t)(in - t);
        fail(error_source(path, t, n), (uint32_t)at, "'%s' codec can't decode byte 0x%02x in position %zu: %s",
             name, u[at], at, errno == EINVAL ? "incomplete multibyte sequence" : "illegal multibyte sequence");
        iconv_close(cd);
        buf_free(&b);
        return NULL;
      }
    }
    iconv_close(cd);
  }
  if (!b.data)
    buf_putn(&b, "", 0);
  /* A codec may yield NUL or a bare CR (e.g. from a multibyte sequence):
   * normalise newlines once more and refuse NUL. */
  size_t k = 0;
  for (size_t i = 0; i < b.len; i++) {
    char c = b.data[i];
    if (c == 0) {
      fail(error_source(path, b.data, b.len), (uint32_t)i, "source code string cannot contain null bytes");
      buf_free(&b);
      return NULL;
    }
    if (c == '\r') {
      c = '\n';
      if (i + 1 < b.len && b.data[i + 1] == '\n')
        i++;
    }
    b.data[k++] = c;
  }
  b.data[k] = 0;
  *outlen = k;
  return b.data;
}

/* ------------------------------------------------------------- loading */

Source *source_from_bytes(const char *path, const char *bytes, size_t n) {
  /* Offsets are 32-bit and a TokenList counts its tokens (at most about two
   * per byte) in an int: 1 GiB is far beyond any real source file. */
  if (n >= (size_t)1 << 30) {
    fail(error_source(path, "", 0), 0, "source file too large");
    return NULL;
  }
  /* 2. newlines; 1. NUL bytes (reported at their place in this text) */
  char *t = xmalloc(n + 1);
  size_t len = 0;
  const char *nul = NULL;
  if (!memchr(bytes, '\r', n) && !memchr(bytes, 0, n)) { /* the usual case */
    memcpy(t, bytes, n);
    len = n;
  } else {
    for (size_t i = 0; i < n; i++) {
      char c = bytes[i];
      if (c == '\r') {
        c = '\n';
        if (i + 1 < n && bytes[i + 1] == '\n')
          i++;
      } else if (c == 0 && !nul) {
        nul = t + len;
      }
      t[len++] = c;
    }
  }
  t[len] = 0;
  if (nul) {
    for (char *q = t; q < t + len; q++)
      if (!*q)
        *q = '?';
    fail(error_source(path, t, len), (uint32_t)(nul - t), "source code string cannot contain null bytes");
    free(t);
    return NULL;
  }

  /* 3. the BOM */
  size_t skip = 0;
  bool bom = len >= 3 && !memcmp(t, "\xEF\xBB\xBF", 3);
  if (bom)
    skip = 3;
  const char *s = t + skip;
  size_t slen = len - skip;

  /* 4. the cookie: line 1 (if it ends in a newline), else line 2 */
  char name[64] = "";
  size_t cookie_at = 0;
  bool have = false;
  const char *nl1 = memchr(s, '\n', slen);
  if (nl1) {
    size_t l1 = (size_t)(nl1 - s);
    have = coding_spec(s, l1, name, sizeof name, &cookie_at);
    if (!have && !line_has_code(s, l1)) {
      const char *l2 = nl1 + 1;
      const char *nl2 = memchr(l2, '\n', slen - (size_t)(l2 - s));
      if (nl2) {
        have = coding_spec(l2, (size_t)(nl2 - nl1), name, sizeof name, &cookie_at);
        cookie_at += (size_t)(l2 - s);
      }
    }
  }
  Encoding enc = ENC_UTF8;
  if (have) {
    normal_name(name);
    if (bom && strcmp(name, "utf-8") != 0) {
      fail(error_source(path, t, len), (uint32_t)(skip + cookie_at), "encoding problem: %s with BOM", name);
      free(t);
      return NULL;
    }
    if (!strcmp(name, "iso-8859-1"))
      enc = ENC_LATIN1;
    else if (strcmp(name, "utf-8") != 0)
      enc = builtin_codec(name);
  }

  /* 5. decode */
  if (enc == ENC_UTF8) {
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < slen;) {
      if (u[i] < 0x80) {
        /* skip ASCII eight bytes at a time */
        uint64_t w;
        while (i + 8 <= slen && (memcpy(&w, u + i, 8), (w & 0x8080808080808080u) == 0))
          i += 8;
        while (i < slen && u[i] < 0x80)
          i++;
        continue;
      }
      int bad;
      const char *why;
      int k = utf8_check(u + i, slen - i, &bad, &why);
      if (k == 0) {
        utf8_error(error_source(path, t, len), t, len, skip + i, bad, why);
        free(t);
        return NULL;
      }
      i += (size_t)k;
    }
    if (skip)
      memmove(t, s, slen + 1);
    return source_new(path, t, slen);
  }
  size_t outlen;
  char *out = decode_other(path, s, slen, name, enc, cookie_at, &outlen);
  free(t);
  if (!out)
    return NULL;
  return source_new(path, out, outlen);
}

/* ----------------------------------------------------------- positions */

/* lines[i] is the offset where line i+1 starts: 0, and one past every '\n'. */
static void build_lines(Source *src) {
  uint32_t n = 1;
  for (const char *p = src->text, *e = src->text + src->len; (p = memchr(p, '\n', (size_t)(e - p))); p++)
    n++;
  src->lines = xmalloc(n * sizeof *src->lines);
  src->lines[0] = 0;
  uint32_t i = 1;
  for (const char *p = src->text, *e = src->text + src->len; (p = memchr(p, '\n', (size_t)(e - p))); p++)
    src->lines[i++] = (uint32_t)(p - src->text) + 1;
  src->nlines = n;
}

void source_pos(Source *src, uint32_t off, int *line, int *col) {
  if (!src->lines)
    build_lines(src);
  if (off > src->len)
    off = src->len;
  /* the last line starting at or before off */
  uint32_t lo = 0, hi = src->nlines - 1;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo + 1) / 2;
    if (src->lines[mid] <= off)
      lo = mid;
    else
      hi = mid - 1;
  }
  int c = 1;
  for (uint32_t i = src->lines[lo]; i < off; i++)
    c += !is_cont((unsigned char)src->text[i]);
  *line = (int)lo + 1;
  *col = c;
}

const char *source_line(Source *src, int line, size_t *len) {
  if (!src->lines)
    build_lines(src);
  if (line < 1 || (uint32_t)line > src->nlines) {
    *len = 0;
    return NULL;
  }
  uint32_t start = src->lines[line - 1];
  uint32_t end = (uint32_t)line < src->nlines ? src->lines[line] - 1 : src->len;
  *len = end - start;
  return src->text + start;
}

const char *source_abspath(Arena *a, const char *path) {
  Buf in = {0}, out = {0};
  if (path[0] != '/') {
    char cwd[4096];
    if (getcwd(cwd, sizeof cwd))
      buf_printf(&in, "%s/", cwd);
  }
  buf_printf(&in, "%s", path);
  /* fold the components: "" and "." vanish, ".." drops the one before */
  size_t *starts = xrealloc(NULL, (in.len + 1) * sizeof *starts);
  int depth = 0;
  for (const char *p = in.data; *p;) {
    while (*p == '/')
      p++;
    const char *e = p;
    while (*e && *e != '/')
      e++;
    size_t n = (size_t)(e - p);
    if (n == 0 || (n == 1 && p[0] == '.')) {
    } else if (n == 2 && p[0] == '.' && p[1] == '.') {
      if (depth > 0)
        out.len = starts[--depth];
    } else {
      starts[depth++] = out.len;
      buf_putc(&out, '/');
      for (const char *q = p; q < e; q++)
        buf_putc(&out, *q);
    }
    p = e;
  }
  if (!out.len)
    buf_putc(&out, '/');
  const char *r = arena_strndup(a, out.data, out.len);
  free(starts);
  buf_free(&in);
  buf_free(&out);
  return r;
}
