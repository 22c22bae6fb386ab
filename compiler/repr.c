/* repr.c — constants: the value of a NUMBER token, and CPython 3.11's repr()
 * of every constant, byte for byte (ast.dump prints constants with repr).
 *
 * Floats. repr(float) is the shortest decimal string that reads back as the
 * same double, the one nearest the double when several are that short
 * (David Gay's dtoa, mode 0). We get it from the C library, whose printf and
 * strtod are exact (and write '.', in the C locale kiln never leaves):
 * printf gives r17, the double rounded to 17 digits, which always reads
 * back. For a shorter length p, only the two p-digit decimals that bracket
 * the double can read back as it, and both can be cut from r17; a bound on
 * the rounding interval's width rejects most of them without calling
 * strtod, so a repr costs one printf and about one strtod. The digits are
 * then laid out as CPython's format_float_short does for 'r': positional
 * when the decimal exponent is in [-4, 16), else d.ddde+XX.
 *
 * Strings. Input is WTF-8 (UTF-8 that may hold lone surrogates). Printable
 * characters stay; the rest are escaped. Printable is CPython's
 * str.isprintable: not in categories Cc Cf Cs Co Cn Zl Zp Zs, space aside.
 * Categories come from utf8proc, corrected by a table of the characters
 * Unicode assigned after 14.0 (the version of CPython 3.11's database),
 * which 3.11 still sees as unassigned (Cn).
 *
 * Integers that do not fit int64 keep their exact decimal digits; literals
 * in base 2, 8 or 16 are converted with a small schoolbook bignum.
 */
#include "kilnc.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

/* ---- floats */

static const uint64_t pow10_u64[18] = {
    1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
    100000000ull, 1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull,
    10000000000000ull, 100000000000000ull, 1000000000000000ull, 10000000000000000ull,
    100000000000000000ull,
};

/* A decimal m × 10^e. */
typedef struct Decimal {
  uint64_t m;
  int e;
} Decimal;

/* Does m × 10^e read back as d? */
static bool reads_back(Decimal x, double d) {
  char buf[40], *p = buf + 20;
  uint64_t m = x.m;
  do /* the digits of m, backwards from buf + 20 */
    *--p = (char)('0' + m % 10);
  while ((m /= 10));
  snprintf(buf + 20, 20, "e%d", x.e);
  return strtod(p, NULL) == d;
}

/* The p-digit decimal after x (x has p digits): one unit in the last
 * place up, keeping p digits across a power of ten. */
static Decimal dec_up(Decimal x, int p) {
  if (++x.m == pow10_u64[p])
    x.m = pow10_u64[p - 1], x.e++;
  return x;
}

/* Is there a p-digit decimal that reads back as d (finite, > 0)? If so,
 * store the one nearest d.
 *
 * r17 is d correctly rounded to 17 digits (r17.m has exactly 17), which
 * reads back as d; the p-digit decimals that bracket d are found from it
 * without another conversion. Distances below are in units of r17's last
 * digit, in which |r17 - d| <= 1/2. reach bounds how far from d a decimal
 * can be and still read back as d: half an ulp is at most d * 2^-53 for a
 * normal d, under r17.m / 2^53 + 1/2 units, so reach = r17.m / 2^53 + 2
 * leaves room for r17's own rounding. A candidate further away is rejected
 * without calling strtod, which is where the time goes. */
static bool probe_digits(double d, Decimal r17, uint64_t reach, int p, Decimal *out) {
  uint64_t unit = pow10_u64[17 - p];
  uint64_t tail = r17.m % unit;
  Decimal t = {r17.m / unit, r17.e + 17 - p}; /* r17 cut to p digits */
  if (tail == 0) { /* t is r17 itself */
    *out = t;
    return true;
  }
  /* t < d < t + 1 unit: t and its upper neighbour bracket d. */
  Decimal up = dec_up(t, p);
  bool t_ok = tail < reach && reads_back(t, d);
  bool up_ok = unit - tail < reach && reads_back(up, d);
  if (t_ok && up_ok) { /* both work: the nearer one */
    if (2 * tail != unit) {
      *out = 2 * tail < unit ? t : up;
    } else { /* r17 says half-way; printf rounds d itself to p digits */
      char buf[48];
      snprintf(buf, sizeof buf, "%.*e", p - 1, d);
      uint64_t m = 0;
      for (const char *s = buf; *s != 'e'; s++)
        if (*s != '.')
          m = m * 10 + (uint64_t)(*s - '0');
      *out = m == t.m ? t : up;
    }
    return true;
  }
  if (t_ok || up_ok) {
    *out = t_ok ? t : up;
    return true;
  }
  return false;
}

/* repr's digits of |d| (finite): digits without trailing zeros, and decpt,
 * the position of the decimal point (value = 0.digits × 10^decpt). */
static int shortest_digits(double d, char digits[24], int *decpt) {
  d = fabs(d);
  if (d == 0) {
    strcpy(digits, "0");
    *decpt = 1;
    return 1;
  }
  char buf[48];
  snprintf(buf, sizeof buf, "%.16e", d); /* "d.dddddddddddddddde+XX" */
  Decimal r17 = {0, 0};
  const char *s = buf;
  for (; *s != 'e'; s++)
    if (*s != '.')
      r17.m = r17.m * 10 + (uint64_t)(*s - '0');
  r17.e = atoi(s + 1) - 16;
  /* r17 without its trailing zeros reads back: the answer has at most
   * that many digits. Try fewer, shortest first; most lengths are rejected
   * by the reach test alone. */
  Decimal best = r17;
  int maxp = 17;
  while (best.m % 10 == 0)
    best.m /= 10, best.e++, maxp--;
  uint64_t reach = d >= DBL_MIN ? (r17.m >> 53) + 2 : UINT64_MAX; /* subnormal: no bound */
  for (int p = 1; p < maxp; p++)
    if (probe_digits(d, r17, reach, p, &best))
      break;
  while (best.m % 10 == 0)
    best.m /= 10, best.e++;
  int n = snprintf(digits, 24, "%" PRIu64, best.m);
  *decpt = best.e + n;
  return n;
}

/* CPython's format_float_short for repr ('r' mode). add_dot0: positional
 * results without a fraction get ".0" (float does, complex does not). */
static void format_repr(Buf *b, double d, bool add_dot0) {
  if (isnan(d)) { /* CPython never prints a sign for a nan */
    buf_puts(b, "nan");
    return;
  }
  if (signbit(d))
    buf_putc(b, '-');
  if (isinf(d)) {
    buf_puts(b, "inf");
    return;
  }
  char digits[24];
  int decpt;
  int n = shortest_digits(d, digits, &decpt);
  if (decpt <= -4 || decpt > 16) { /* d.ddde+XX */
    buf_putc(b, digits[0]);
    if (n > 1) {
      buf_putc(b, '.');
      buf_putn(b, digits + 1, (size_t)n - 1);
    }
    int e = decpt - 1;
    buf_printf(b, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
  } else if (decpt <= 0) { /* 0.000ddd */
    buf_puts(b, "0.");
    for (int i = 0; i < -decpt; i++)
      buf_putc(b, '0');
    buf_putn(b, digits, (size_t)n);
  } else if (decpt >= n) { /* ddd000[.0] */
    buf_putn(b, digits, (size_t)n);
    for (int i = n; i < decpt; i++)
      buf_putc(b, '0');
    if (add_dot0)
      buf_puts(b, ".0");
  } else { /* dd.ddd */
    buf_putn(b, digits, (size_t)decpt);
    buf_putc(b, '.');
    buf_putn(b, digits + decpt, (size_t)(n - decpt));
  }
}

void repr_float(Buf *b, double d) { format_repr(b, d, true); }

/* repr(complex(0.0, imag)): a +0.0 real part is left out, and the imaginary
 * part is formatted without the ".0": 1j, 1.5j, 1e+16j, infj. */
void repr_imag(Buf *b, double imag) {
  format_repr(b, imag, false);
  buf_putc(b, 'j');
}

/* ---- strings */

/* Code points assigned in Unicode 15.0 and 15.1 but not in 14.0, CPython
 * 3.11's version: 3.11 sees them as unassigned, so not printable, while a
 * newer utf8proc knows them. Generated by comparing utf8proc 2.8 with
 * CPython 3.11's str.isprintable, plus the 15.1 additions. */
static const uint32_t after_unicode14[][2] = {
    {0x0CF3, 0x0CF3},   {0x0ECE, 0x0ECE},   {0x2FFC, 0x2FFF},   {0x31EF, 0x31EF},
    {0x10EFD, 0x10EFF}, {0x1123F, 0x11241}, {0x11B00, 0x11B09}, {0x11F00, 0x11F10},
    {0x11F12, 0x11F3A}, {0x11F3E, 0x11F59}, {0x1342F, 0x1342F}, {0x13439, 0x1343F},
    {0x13440, 0x13455}, {0x1B132, 0x1B132}, {0x1B155, 0x1B155}, {0x1D2C0, 0x1D2D3},
    {0x1DF25, 0x1DF2A}, {0x1E030, 0x1E06D}, {0x1E08F, 0x1E08F}, {0x1E4D0, 0x1E4F9},
    {0x1F6DC, 0x1F6DC}, {0x1F774, 0x1F776}, {0x1F77B, 0x1F77F}, {0x1F7D9, 0x1F7D9},
    {0x1FA75, 0x1FA77}, {0x1FA87, 0x1FA88}, {0x1FAAD, 0x1FAAF}, {0x1FABB, 0x1FABD},
    {0x1FABF, 0x1FABF}, {0x1FACE, 0x1FACF}, {0x1FADA, 0x1FADB}, {0x1FAE8, 0x1FAE8},
    {0x1FAF7, 0x1FAF8}, {0x2B739, 0x2B739}, {0x2EBF0, 0x2EE5D}, {0x31350, 0x323AF},
};

static bool assigned_after_unicode14(uint32_t cp) {
  int lo = 0, hi = (int)countof(after_unicode14) - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (cp < after_unicode14[mid][0])
      hi = mid - 1;
    else if (cp > after_unicode14[mid][1])
      lo = mid + 1;
    else
      return true;
  }
  return false;
}

/* str.isprintable for one non-ASCII code point. */
static bool printable(uint32_t cp) {
  switch (utf8proc_category((utf8proc_int32_t)cp)) {
  case UTF8PROC_CATEGORY_CC:
  case UTF8PROC_CATEGORY_CF:
  case UTF8PROC_CATEGORY_CS:
  case UTF8PROC_CATEGORY_CO:
  case UTF8PROC_CATEGORY_CN:
  case UTF8PROC_CATEGORY_ZL:
  case UTF8PROC_CATEGORY_ZP:
  case UTF8PROC_CATEGORY_ZS: return false;
  default: return !assigned_after_unicode14(cp);
  }
}

/* The quote repr uses: ' unless the text holds ' and no ". */
static char pick_quote(const char *s, size_t n) {
  return memchr(s, '\'', n) && !memchr(s, '"', n) ? '"' : '\'';
}

/* An ASCII character (str) or byte (bytes) below 0x80, escaped as repr
 * escapes it inside quotes q. */
static void put_ascii(Buf *b, unsigned c, char q) {
  switch (c) {
  case '\t': buf_puts(b, "\\t"); return;
  case '\n': buf_puts(b, "\\n"); return;
  case '\r': buf_puts(b, "\\r"); return;
  case '\\': buf_puts(b, "\\\\"); return;
  }
  if (c == (unsigned char)q) {
    buf_putc(b, '\\');
    buf_putc(b, (int)c);
  } else if (c < 0x20 || c == 0x7f) {
    buf_printf(b, "\\x%02x", c);
  } else {
    buf_putc(b, (int)c);
  }
}

void repr_str(Buf *b, const char *s, size_t n) {
  char q = pick_quote(s, n);
  buf_putc(b, q);
  for (size_t i = 0; i < n;) {
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80) {
      put_ascii(b, c, q);
      i++;
      continue;
    }
    uint32_t cp;
    int len = utf8_decode(s + i, n - i, &cp); /* accepts encoded surrogates */
    if (len == 0) { /* not WTF-8; cannot come from the lexer */
      buf_printf(b, "\\x%02x", c);
      i++;
    } else if (printable(cp)) {
      buf_putn(b, s + i, (size_t)len);
      i += (size_t)len;
    } else {
      if (cp <= 0xff)
        buf_printf(b, "\\x%02x", (unsigned)cp);
      else if (cp <= 0xffff)
        buf_printf(b, "\\u%04x", (unsigned)cp);
      else
        buf_printf(b, "\\U%08x", (unsigned)cp);
      i += (size_t)len;
    }
  }
  buf_putc(b, q);
}

void repr_bytes(Buf *b, const char *s, size_t n) {
  char q = pick_quote(s, n);
  buf_putc(b, 'b');
  buf_putc(b, q);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80)
      put_ascii(b, c, q);
    else
      buf_printf(b, "\\x%02x", c);
  }
  buf_putc(b, q);
}

void repr_const(Buf *b, const Const *c) {
  switch (c->kind) {
  case CONST_NONE: buf_puts(b, "None"); break;
  case CONST_TRUE: buf_puts(b, "True"); break;
  case CONST_FALSE: buf_puts(b, "False"); break;
  case CONST_ELLIPSIS: buf_puts(b, "Ellipsis"); break;
  case CONST_INT: buf_printf(b, "%" PRId64, c->i); break;
  case CONST_BIGINT: buf_puts(b, c->s); break;
  case CONST_FLOAT: repr_float(b, c->f); break;
  case CONST_IMAG: repr_imag(b, c->f); break;
  case CONST_STR: repr_str(b, c->s, c->len); break;
  case CONST_BYTES: repr_bytes(b, c->s, c->len); break;
  }
}

/* ---- number literals */

static int digit_value(char ch) {
  if (ch >= '0' && ch <= '9')
    return ch - '0';
  if (ch >= 'a' && ch <= 'f')
    return ch - 'a' + 10;
  return ch - 'A' + 10;
}

/* A float literal without its underscores (and without a 'j'), via strtod.
 * Too large reads as inf and too small as 0.0, as in CPython. */
static double parse_float(const char *text, size_t n) {
  char small[64];
  char *s = n < sizeof small ? small : xmalloc(n + 1);
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (text[i] != '_')
      s[k++] = text[i];
  s[k] = 0;
  double d = strtod(s, NULL);
  if (s != small)
    free(s);
  return d;
}

/* The decimal digits of a base-2/8/16 number too big for int64. limbs hold
 * the value in base 10^9, least significant first; each digit is a
 * multiply-add over all of them. */
static char *bigint_decimal(Arena *a, const char *s, size_t n, int base) {
  enum { LIMB = 1000000000 };
  int len = 0, cap = 8;
  uint32_t *limbs = xmalloc((size_t)cap * sizeof *limbs);
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '_')
      continue;
    uint64_t carry = (uint64_t)digit_value(s[i]);
    for (int j = 0; j < len; j++) {
      uint64_t t = (uint64_t)limbs[j] * (uint64_t)base + carry;
      limbs[j] = (uint32_t)(t % LIMB);
      carry = t / LIMB;
    }
    if (carry) {
      if (len == cap)
        cap *= 2, limbs = xrealloc(limbs, (size_t)cap * sizeof *limbs);
      limbs[len++] = (uint32_t)carry; /* carry < base + 1 < LIMB */
    }
  }
  Buf b = {0};
  if (len == 0)
    buf_putc(&b, '0');
  else
    buf_printf(&b, "%" PRIu32, limbs[len - 1]);
  for (int j = len - 2; j >= 0; j--)
    buf_printf(&b, "%09" PRIu32, limbs[j]);
  char *out = arena_strndup(a, b.data, b.len);
  buf_free(&b);
  free(limbs);
  return out;
}

/* An integer literal's digits (after any 0x/0o/0b prefix, underscores
 * allowed). */
static Const int_const(Arena *a, const char *s, size_t n, int base) {
  Const c = {0};
  uint64_t v = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '_')
      continue;
    uint64_t dv = (uint64_t)digit_value(s[i]);
    if (v > ((uint64_t)INT64_MAX - dv) / (uint64_t)base)
      goto big;
    v = v * (uint64_t)base + dv;
  }
  c.kind = CONST_INT;
  c.i = (int64_t)v;
  return c;

big:
  c.kind = CONST_BIGINT;
  if (base == 10) { /* already decimal: drop underscores and leading zeros */
    char *d = arena_alloc(a, n + 1);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
      if (s[i] != '_' && !(k == 0 && s[i] == '0'))
        d[k++] = s[i];
    c.s = d;
    c.len = k;
  } else {
    c.s = bigint_decimal(a, s, n, base);
    c.len = strlen(c.s);
  }
  return c;
}

Const number_const(Arena *a, const char *text, size_t n) {
  Const c = {0};
  if (n > 0 && (text[n - 1] == 'j' || text[n - 1] == 'J')) {
    c.kind = CONST_IMAG;
    c.f = parse_float(text, n - 1);
    return c;
  }
  if (n > 2 && text[0] == '0') {
    switch (text[1]) {
    case 'x': case 'X': return int_const(a, text + 2, n - 2, 16);
    case 'o': case 'O': return int_const(a, text + 2, n - 2, 8);
    case 'b': case 'B': return int_const(a, text + 2, n - 2, 2);
    }
  }
  if (memchr(text, '.', n) || memchr(text, 'e', n) || memchr(text, 'E', n)) {
    c.kind = CONST_FLOAT;
    c.f = parse_float(text, n);
    return c;
  }
  return int_const(a, text, n, 10);
}
