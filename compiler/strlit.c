/* strlit.c — string literals: a STRING token's prefix and quotes
 * (strlit_info), and the value of its body (strlit_decode), with CPython
 * 3.11's escapes and its error messages word for word.
 *
 * A str body is decoded the way Parser/string_parser.c does it, including
 * the positions its errors name: CPython first rewrites every non-ASCII
 * character of the body as a 10-character "\UXXXXXXXX" escape (and a
 * backslash before one as the 6-character "\u005c") and then runs the
 * unicode-escape codec over that, so positions count 10 for each non-ASCII
 * character. The decoder here walks the body once and keeps that count.
 *
 * \N{NAME} looks NAME up in the Unicode Character Database files of
 * Debian's unicode-data package (UnicodeData.txt and NameAliases.txt),
 * read once, on the first \N, into a hash table; names of characters newer
 * than Unicode 14.0 (CPython 3.11's database) are left out, using
 * DerivedAge.txt. Hangul syllables and CJK unified ideographs have
 * algorithmic names, built as unicodedata's _getcode does: case-sensitive
 * prefixes, upper-case hex digits, other names case-insensitive.
 */
#include "kilnc.h"

#include <stdlib.h>
#include <string.h>

/* -------------------------------------------------------------- prefix */

StrLit strlit_info(Source *src, const Token *t) {
  StrLit s = {0};
  const char *p = src->text + t->off, *end = src->text + t->end;
  for (; p < end && *p != '\'' && *p != '"'; p++) {
    switch (*p | 0x20) {
    case 'r': s.raw = true; break;
    case 'b': s.bytes = true; break;
    case 'f': s.fstr = true; break;
    case 'u': s.u = true; break;
    }
  }
  s.quote = end - p >= 6 && p[1] == p[0] && p[2] == p[0] ? 3 : 1;
  s.body = (uint32_t)(p - src->text) + (uint32_t)s.quote;
  s.body_end = t->end - (uint32_t)s.quote;
  if (s.body_end < s.body) /* not a complete string token */
    s.body_end = s.body;
  return s;
}

/* ---------------------------------------------------- character names */

enum { SBASE = 0xAC00, LCOUNT = 19, VCOUNT = 21, TCOUNT = 28 };

/* The short names of the Hangul jamo: leading consonants, vowels, trailing
 * consonants (unicodedata.c's hangul_syllables). */
static const char *const jamo_l[LCOUNT] = {"G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S",
                                           "SS", "", "J", "JJ", "C", "K", "T", "P", "H"};
static const char *const jamo_v[VCOUNT] = {"A",  "AE", "YA", "YAE", "EO", "E",  "YEO",
                                           "YE", "O",  "WA", "WAE", "OE", "YO", "U",
                                           "WEO", "WE", "WI", "YU", "EU", "YI", "I"};
static const char *const jamo_t[TCOUNT] = {"",   "G",  "GG", "GS", "N",  "NJ", "NH", "D",  "L",  "LG",
                                           "LM", "LB", "LS", "LT", "LP", "LH", "M",  "B",  "BS", "S",
                                           "SS", "NG", "J",  "C",  "K",  "T",  "P",  "H"};

/* find_syllable: the longest of names[] that s starts with; *len 0 and
 * *pos -1 if none. */
static void find_syllable(const char *s, const char *const *names, int count, int *len, int *pos) {
  *len = -1;
  *pos = -1;
  for (int i = 0; i < count; i++) {
    int n = (int)strlen(names[i]);
    if (n <= *len)
      continue;
    if (strncmp(s, names[i], (size_t)n) == 0) {
      *len = n;
      *pos = i;
    }
  }
  if (*len == -1)
    *len = 0;
}

static bool unified_ideograph(uint32_t cp) {
  return (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x4E00 && cp <= 0x9FFF) ||
         (cp >= 0x20000 && cp <= 0x2A6DF) || (cp >= 0x2A700 && cp <= 0x2B738) ||
         (cp >= 0x2B740 && cp <= 0x2B81D) || (cp >= 0x2B820 && cp <= 0x2CEA1) ||
         (cp >= 0x2CEB0 && cp <= 0x2EBE0) || (cp >= 0x30000 && cp <= 0x3134A);
}

typedef struct NameEnt {
  const char *name; /* upper case, in a loaded file's buffer */
  uint32_t len, cp;
} NameEnt;

static NameEnt *ntab;    /* open addressing; name NULL marks a free slot */
static size_t ntab_cap;  /* a power of two */
static int names_loaded; /* 0: not tried, 1: loaded, -1: the files are missing */

static uint32_t name_hash(const char *s, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (uint8_t)s[i]) * 16777619u;
  return h;
}

static void name_add(const char *name, size_t len, uint32_t cp) {
  size_t i = name_hash(name, len) & (ntab_cap - 1);
  for (; ntab[i].name; i = (i + 1) & (ntab_cap - 1))
    if (ntab[i].len == len && memcmp(ntab[i].name, name, len) == 0)
      return; /* the first (the character's own name) wins */
  ntab[i].name = name;
  ntab[i].len = (uint32_t)len;
  ntab[i].cp = cp;
}

static char *read_ucd(const char *file) {
  static const char *const dirs[] = {"/usr/share/unicode/", "/usr/share/unicode-data/"};
  for (size_t i = 0; i < countof(dirs); i++) {
    char path[256];
    snprintf(path, sizeof path, "%s%s", dirs[i], file);
    size_t n;
    char *data = read_file(path, &n);
    if (data)
      return data;
  }
  return NULL;
}

/* Code points newer than Unicode 14.0, from DerivedAge.txt lines like
 * "31350..323AF  ; 15.0 # ...". */
typedef struct {
  uint32_t (*r)[2];
  size_t n, cap;
} Ranges;

static void load_new_ranges(Ranges *rs) {
  char *text = read_ucd("DerivedAge.txt");
  if (!text)
    return;
  for (char *line = text; *line;) {
    char *eol = strchr(line, '\n');
    if (eol)
      *eol = 0;
    if (*line != '#' && *line) {
      char *semi = strchr(line, ';');
      if (semi) {
        char *q;
        uint32_t lo = (uint32_t)strtoul(line, &q, 16), hi = lo;
        if (q[0] == '.' && q[1] == '.')
          hi = (uint32_t)strtoul(q + 2, NULL, 16);
        double age = strtod(semi + 1, NULL);
        if (age > 14.05) {
          if (rs->n == rs->cap) {
            rs->cap = rs->cap ? rs->cap * 2 : 64;
            rs->r = xrealloc(rs->r, rs->cap * sizeof *rs->r);
          }
          rs->r[rs->n][0] = lo;
          rs->r[rs->n][1] = hi;
          rs->n++;
        }
      }
    }
    if (!eol)
      break;
    line = eol + 1;
  }
  free(text);
}

static bool in_ranges(const Ranges *rs, uint32_t cp) {
  for (size_t i = 0; i < rs->n; i++)
    if (cp >= rs->r[i][0] && cp <= rs->r[i][1])
      return true;
  return false;
}

/* Aliases that NameAliases.txt gained after Unicode 14.0 (for characters
 * CPython 3.11 has): DerivedAge cannot tell them. */
static bool new_alias(const char *name, size_t n) {
  static const char *const newer[] = {"EM", "ARABIC SMALL HIGH LIGATURE ALEF WITH YEH BARREE",
                                      "SUNDANESE LETTER ARCHAIC I"};
  for (size_t i = 0; i < countof(newer); i++)
    if (strlen(newer[i]) == n && memcmp(newer[i], name, n) == 0)
      return true;
  return false;
}

/* Add "XXXX;NAME;..." lines of a UCD file; skip "<control>"-style names.
 * The buffer is kept: the table points into it. */
static void load_names_file(char *text, const Ranges *newer) {
  for (char *line = text; *line;) {
    char *eol = strchr(line, '\n');
    if (eol)
      *eol = 0;
    char *semi = strchr(line, ';');
    if (*line != '#' && semi) {
      char *name = semi + 1, *nend = strchr(name, ';');
      uint32_t cp = (uint32_t)strtoul(line, NULL, 16);
      if (!nend)
        nend = name + strlen(name);
      if (nend > name && *name != '<' && !in_ranges(newer, cp) && !new_alias(name, (size_t)(nend - name)))
        name_add(name, (size_t)(nend - name), cp);
    }
    if (!eol)
      break;
    line = eol + 1;
  }
}

static void load_names(void) {
  names_loaded = -1;
  char *data = read_ucd("UnicodeData.txt");
  if (!data)
    return;
  char *aliases = read_ucd("NameAliases.txt");
  Ranges newer = {0};
  load_new_ranges(&newer);
  ntab_cap = 1 << 17; /* about 35,000 names and 500 aliases */
  ntab = calloc(ntab_cap, sizeof *ntab);
  if (!ntab)
    abort();
  load_names_file(data, &newer);
  if (aliases)
    load_names_file(aliases, &newer);
  free(newer.r);
  names_loaded = 1;
}

/* unicodedata's _getcode: the code point named name[0..n), or -1 if none;
 * -2 if the database cannot be loaded. */
static int64_t lookup_name(const char *name, size_t n) {
  char buf[256];
  if (n >= sizeof buf)
    return -1;
  memcpy(buf, name, n);
  buf[n] = 0;
  if (n >= 16 && memcmp(buf, "HANGUL SYLLABLE ", 16) == 0) {
    const char *s = buf + 16;
    int len, l, v, t;
    find_syllable(s, jamo_l, LCOUNT, &len, &l);
    s += len;
    find_syllable(s, jamo_v, VCOUNT, &len, &v);
    s += len;
    find_syllable(s, jamo_t, TCOUNT, &len, &t);
    s += len;
    if (l != -1 && v != -1 && t != -1 && (size_t)(s - buf) == n)
      return SBASE + (l * VCOUNT + v) * TCOUNT + t;
    return -1;
  }
  if (n >= 22 && memcmp(buf, "CJK UNIFIED IDEOGRAPH-", 22) == 0) {
    if (n != 26 && n != 27)
      return -1;
    uint32_t v = 0;
    for (size_t i = 22; i < n; i++) {
      char c = buf[i];
      if (c >= '0' && c <= '9')
        v = v * 16 + (uint32_t)(c - '0');
      else if (c >= 'A' && c <= 'F')
        v = v * 16 + (uint32_t)(c - 'A' + 10);
      else
        return -1;
    }
    return unified_ideograph(v) ? (int64_t)v : -1;
  }
  if (names_loaded == 0)
    load_names();
  if (names_loaded < 0)
    return -2;
  for (size_t i = 0; i < n; i++)
    if (buf[i] >= 'a' && buf[i] <= 'z')
      buf[i] = (char)(buf[i] - 32);
  for (size_t i = name_hash(buf, n) & (ntab_cap - 1); ntab[i].name; i = (i + 1) & (ntab_cap - 1))
    if (ntab[i].len == n && memcmp(ntab[i].name, buf, n) == 0)
      return ntab[i].cp;
  return -1;
}

/* ------------------------------------------------------------ decoding */

/* A unicode-escape error over [start, end) of CPython's rewritten body. */
_Noreturn static void unicode_error(Source *src, uint32_t errpos, size_t start, size_t end, const char *why) {
  if (end - start <= 1)
    error_at(src, errpos, ERR_SYNTAX,
             "(unicode error) 'unicodeescape' codec can't decode byte 0x5c in position %zu: %s", start, why);
  error_at(src, errpos, ERR_SYNTAX,
           "(unicode error) 'unicodeescape' codec can't decode bytes in position %zu-%zu: %s", start, end - 1,
           why);
}

static int hexval(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* The length in CPython's rewritten body of s[0..n): 1 per ASCII byte, 10
 * per non-ASCII character, 6 for a backslash before one (or at the end);
 * a backslash and the ASCII character after it are copied as a pair. */
static size_t rewritten_len(const char *s, size_t n) {
  size_t k = 0;
  for (size_t i = 0; i < n;) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\\') {
      i++;
      if (i >= n || (unsigned char)s[i] >= 0x80) {
        k += 6;
        continue;
      }
      k += 2;
      i++;
    } else if (c < 0x80) {
      k++;
      i++;
    } else {
      k += 10;
      for (i++; i < n && ((unsigned char)s[i] & 0xC0) == 0x80; i++)
        ;
    }
  }
  return k;
}

static void decode_str(Source *src, const char *s, const char *end, uint32_t errpos, Buf *out) {
  size_t pos = 0; /* position in CPython's rewritten body */
  while (s < end) {
    unsigned char c = (unsigned char)*s;
    if (c != '\\') {
      const char *run = s; /* copy a run of plain characters */
      while (s < end && *s != '\\') {
        pos += ((unsigned char)*s < 0x80) ? 1 : ((*s & 0xC0) != 0x80) ? 10 : 0;
        s++;
      }
      buf_putn(out, run, (size_t)(s - run));
      continue;
    }
    size_t start = pos;
    s++;
    if (s >= end || (unsigned char)*s >= 0x80) { /* "\u005c": a backslash kept as such */
      buf_putc(out, '\\');
      pos += 6;
      continue;
    }
    char e = *s++;
    pos += 2;
    switch (e) {
    case '\n': break;
    case '\\': buf_putc(out, '\\'); break;
    case '\'': buf_putc(out, '\''); break;
    case '"': buf_putc(out, '"'); break;
    case 'a': buf_putc(out, '\a'); break;
    case 'b': buf_putc(out, '\b'); break;
    case 'f': buf_putc(out, '\f'); break;
    case 'n': buf_putc(out, '\n'); break;
    case 'r': buf_putc(out, '\r'); break;
    case 't': buf_putc(out, '\t'); break;
    case 'v': buf_putc(out, '\v'); break;
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
      uint32_t ch = (uint32_t)(e - '0');
      for (int i = 0; i < 2 && s < end && *s >= '0' && *s <= '7'; i++, pos++)
        ch = ch * 8 + (uint32_t)(*s++ - '0');
      buf_put_utf8(out, ch);
      break;
    }
    case 'x': case 'u': case 'U': {
      int count = e == 'x' ? 2 : e == 'u' ? 4 : 8;
      const char *why = e == 'x'   ? "truncated \\xXX escape"
                        : e == 'u' ? "truncated \\uXXXX escape"
                                   : "truncated \\UXXXXXXXX escape";
      uint32_t ch = 0;
      for (; count; count--, s++, pos++) {
        int h = s < end ? hexval(*s) : -1;
        if (h < 0)
          unicode_error(src, errpos, start, pos, why);
        ch = ch * 16 + (uint32_t)h;
      }
      if (ch > 0x10FFFF)
        unicode_error(src, errpos, start, pos, "illegal Unicode character");
      buf_put_utf8(out, ch);
      break;
    }
    case 'N': {
      const char *malformed = "malformed \\N character escape";
      if (s >= end || *s != '{')
        unicode_error(src, errpos, start, pos, malformed);
      const char *name = ++s;
      pos++;
      while (s < end && *s != '}')
        s++;
      pos += rewritten_len(name, (size_t)(s - name));
      if (s >= end || s == name)
        unicode_error(src, errpos, start, pos, malformed);
      s++;
      pos++;
      int64_t cp = lookup_name(name, (size_t)(s - 1 - name));
      if (cp == -2)
        error_at(src, errpos, ERR_SYNTAX,
                 "(unicode error) \\N escapes not supported (can't load unicodedata module)");
      if (cp < 0)
        unicode_error(src, errpos, start, pos, "unknown Unicode character name");
      buf_put_utf8(out, (uint32_t)cp);
      break;
    }
    default: /* not an escape: kept (CPython warns) */
      buf_putc(out, '\\');
      buf_putc(out, e);
      break;
    }
  }
}

static void decode_bytes(Source *src, const char *s, const char *end, uint32_t errpos, Buf *out) {
  const char *body = s;
  while (s < end) {
    if (*s != '\\') {
      const char *run = s;
      while (s < end && *s != '\\')
        s++;
      buf_putn(out, run, (size_t)(s - run));
      continue;
    }
    s++;
    if (s >= end)
      error_at(src, errpos, ERR_SYNTAX, "(value error) Trailing \\ in string");
    char e = *s++;
    switch (e) {
    case '\n': break;
    case '\\': buf_putc(out, '\\'); break;
    case '\'': buf_putc(out, '\''); break;
    case '"': buf_putc(out, '"'); break;
    case 'a': buf_putc(out, '\a'); break;
    case 'b': buf_putc(out, '\b'); break;
    case 'f': buf_putc(out, '\f'); break;
    case 'n': buf_putc(out, '\n'); break;
    case 'r': buf_putc(out, '\r'); break;
    case 't': buf_putc(out, '\t'); break;
    case 'v': buf_putc(out, '\v'); break;
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
      unsigned ch = (unsigned)(e - '0');
      for (int i = 0; i < 2 && s < end && *s >= '0' && *s <= '7'; i++)
        ch = ch * 8 + (unsigned)(*s++ - '0');
      buf_putc(out, (int)(ch & 0xFF)); /* over 0o377: truncated, as CPython (which warns) */
      break;
    }
    case 'x': {
      int h1 = s < end ? hexval(s[0]) : -1, h2 = s + 1 < end ? hexval(s[1]) : -1;
      if (h1 < 0 || h2 < 0)
        error_at(src, errpos, ERR_SYNTAX, "(value error) invalid \\x escape at position %zu",
                 (size_t)(s - 2 - body));
      buf_putc(out, h1 * 16 + h2);
      s += 2;
      break;
    }
    default:
      buf_putc(out, '\\');
      buf_putc(out, e);
      break;
    }
  }
}

void strlit_decode(Source *src, uint32_t off, uint32_t end, bool raw, bool bytes, uint32_t errpos, Buf *out) {
  if (end > src->len)
    end = src->len;
  if (off > end)
    off = end;
  const char *s = src->text + off, *e = src->text + end;
  if (bytes) {
    for (const char *p = s; p < e; p++)
      if ((unsigned char)*p >= 0x80)
        error_at(src, errpos, ERR_SYNTAX, "bytes can only contain ASCII literal characters");
  }
  if (!out->data)
    buf_putn(out, "", 0);
  if (raw || !memchr(s, '\\', (size_t)(e - s)))
    buf_putn(out, s, (size_t)(e - s));
  else if (bytes)
    decode_bytes(src, s, e, errpos, out);
  else
    decode_str(src, s, e, errpos, out);
}
