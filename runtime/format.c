/* format.c — numbers to text as CPython prints them: repr of int, float
 * and bool, PyOS_double_to_string, the format-spec mini-language of
 * format() and f-strings for int, float, str and bool, printf-style
 * `str % args`, and str.format / str.format_map. print() is in print.c.
 *
 * Floats. Every float conversion goes through kr_double_to_buf, a
 * transcription of CPython's format_float_short: it asks for the digits the
 * way CPython asks David Gay's dtoa (mode 0, the shortest repr digits, from
 * dtoa.c; mode 2, n significant digits, and mode 3, n digits after the
 * point, from glibc's printf, which is correctly rounded, ties to even on
 * the exact binary value, as dtoa is), normalises them to dtoa's form
 * (digits without leading or trailing zeros and the decimal point's
 * position), then lays them out with CPython's own rules, so '#', 'z', the
 * ".0" of repr and the exponent thresholds match by construction.
 *
 * The mini-language follows Python/formatter_unicode.c of 3.11: the same
 * parse (fill, align, sign, z, #, 0, width, grouping, precision, type),
 * the same checks in the same order (so the same error wins), and the same
 * layout of sign, prefix, padding and grouped digits, including the zero
 * padding that grows into the digit groups ('010,' gives '00,001,234').
 */
#include "core_impl.h"
#include "ndarray.h"

#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- repr */

KrObj *kr_int_repr(int64_t v) {
  if (v >= 0 && v < 10)
    return kr_str_char((uint32_t)('0' + v));
  char buf[24], *p = buf + sizeof buf;
  uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  do
    *--p = (char)('0' + u % 10);
  while (u /= 10);
  if (v < 0)
    *--p = '-';
  return kr_str_new_ascii(p, buf + sizeof buf - p);
}

KrObj *kr_float_repr(double v) {
  char buf[32];
  int n = kr_dtoa_repr(v, buf, true);
  return kr_str_new_ascii(buf, n);
}

KrObj *kr_bool_repr(bool v) {
  static KrObj *names[2];
  int i = v ? 1 : 0;
  KrObj *s = __atomic_load_n(&names[i], __ATOMIC_ACQUIRE);
  if (s)
    return s;
  s = kr_str_from_cstr(v ? "True" : "False");
  if (!s)
    return NULL;
  kr_obj_immortalize(s);
  KrObj *expected = NULL;
  if (!__atomic_compare_exchange_n(&names[i], &expected, s, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return expected; /* another thread made one first: ours stays, unused */
  return s;
}

/* ---- PyOS_double_to_string */

/* dtoa's answer: digits without leading or trailing zeros (exactly "0"
 * for a zero), value = 0.digits × 10^decpt. */
typedef struct Digits {
  char *d;     /* NUL-terminated */
  int64_t n;
  int64_t decpt;
  char small[64];
} Digits;

static void digits_free(Digits *g) {
  if (g->d != g->small)
    kr_free(g->d);
}

/* Digits of |x| (finite) in dtoa mode 2 (nd significant digits) or 3 (nd
 * digits after the point), from printf. */
static int printf_digits(Digits *g, double x, int mode, int nd) {
  x = fabs(x);
  g->d = g->small;
  if (x == 0) {
    strcpy(g->d, "0");
    g->n = 1;
    g->decpt = 1;
    return 0;
  }
  char tmp[64];
  char *buf = tmp;
  int need = mode == 2 ? snprintf(tmp, sizeof tmp, "%.*e", nd - 1, x) : snprintf(tmp, sizeof tmp, "%.*f", nd, x);
  if (need < 0) { /* more than INT_MAX characters */
    kr_raise_nomem();
    return -1;
  }
  if (need >= (int)sizeof tmp) {
    buf = kr_alloc((size_t)need + 1);
    if (!buf)
      return -1;
    if (mode == 2)
      snprintf(buf, (size_t)need + 1, "%.*e", nd - 1, x);
    else
      snprintf(buf, (size_t)need + 1, "%.*f", nd, x);
  }
  if ((size_t)need + 1 > sizeof g->small) {
    g->d = kr_alloc((size_t)need + 1);
    if (!g->d) {
      g->d = g->small;
      if (buf != tmp)
        kr_free(buf);
      return -1;
    }
  }
  /* collect the digits, noting where the point is: "d.ddde+XX" (mode 2)
   * or "ddd.ddd" (mode 3) */
  int64_t n = 0, point = -1;
  const char *p = buf;
  for (; *p && *p != 'e'; p++) {
    if (*p == '.')
      point = n;
    else
      g->d[n++] = *p;
  }
  if (point < 0)
    point = n;
  int64_t decpt = mode == 2 ? atoi(p + 1) + 1 : point;
  /* strip leading zeros (mode 3 only has them), then trailing ones */
  int64_t lead = 0;
  while (lead < n && g->d[lead] == '0')
    lead++;
  if (lead == n) { /* rounded to zero: dtoa gives no digits */
    g->n = 0;
    g->d[0] = 0;
    g->decpt = -nd;
  } else {
    if (mode == 3)
      decpt -= lead;
    memmove(g->d, g->d + lead, (size_t)(n - lead));
    n -= lead;
    while (n > 0 && g->d[n - 1] == '0')
      n--;
    g->d[n] = 0;
    g->n = n;
    g->decpt = decpt;
  }
  if (buf != tmp)
    kr_free(buf);
  return 0;
}

/* format_float_short: d as type 'e' 'f' 'g' or 'r' (lowercase here; upper
 * picks INF, NAN, E). */
static int float_short(KrBuf *b, double d, char type, int mode, int precision, int flags, bool upper) {
  bool add_sign = flags & DTSF_SIGN, add_dot0 = flags & DTSF_ADD_DOT_0, alt = flags & DTSF_ALT;
  if (isnan(d) || isinf(d)) {
    if (isinf(d) && signbit(d))
      kr_buf_putc(b, '-');
    else if (add_sign)
      kr_buf_putc(b, '+');
    return kr_buf_put(b, isnan(d) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf"), 3);
  }
  Digits g;
  int sign = signbit(d) ? 1 : 0;
  if (mode == 0) {
    g.d = g.small;
    int decpt;
    g.n = kr_dtoa_shortest(d, g.small, &decpt);
    g.decpt = decpt;
  } else if (printf_digits(&g, d, mode, precision) < 0) {
    kr_buf_discard(b);
    return -1;
  }
  if ((flags & DTSF_NO_NEG_0) && sign && (g.n == 0 || (g.n == 1 && g.d[0] == '0')))
    sign = 0;
  int64_t decpt = g.decpt, digits_len = g.n, vdigits_end = digits_len, exp = 0;
  bool use_exp = false;
  switch (type) {
  case 'e':
    use_exp = true;
    vdigits_end = precision;
    break;
  case 'f': vdigits_end = decpt + precision; break;
  case 'g':
    if (decpt <= -4 || decpt > (add_dot0 ? precision - 1 : precision))
      use_exp = true;
    if (alt)
      vdigits_end = precision;
    break;
  case 'r':
    if (decpt <= -4 || decpt > 16)
      use_exp = true;
    break;
  }
  if (use_exp) {
    exp = decpt - 1;
    decpt = 1;
  }
  int64_t vdigits_start = decpt <= 0 ? decpt - 1 : 0;
  if (!use_exp && add_dot0)
    vdigits_end = vdigits_end > decpt ? vdigits_end : decpt + 1;
  else
    vdigits_end = vdigits_end > decpt ? vdigits_end : decpt;

  if (sign)
    kr_buf_putc(b, '-');
  else if (add_sign)
    kr_buf_putc(b, '+');
  int64_t mark = b->len; /* where this number's text starts */
  if (decpt <= 0) {
    kr_buf_fill(b, '0', decpt - vdigits_start);
    kr_buf_putc(b, '.');
    kr_buf_fill(b, '0', -decpt);
  } else {
    kr_buf_fill(b, '0', -vdigits_start);
  }
  if (0 < decpt && decpt <= digits_len) {
    kr_buf_put(b, g.d, decpt);
    kr_buf_putc(b, '.');
    kr_buf_put(b, g.d + decpt, digits_len - decpt);
  } else {
    kr_buf_put(b, g.d, digits_len);
  }
  if (digits_len < decpt) {
    kr_buf_fill(b, '0', decpt - digits_len);
    kr_buf_putc(b, '.');
    kr_buf_fill(b, '0', vdigits_end - decpt);
  } else {
    kr_buf_fill(b, '0', vdigits_end - digits_len);
  }
  /* a trailing point goes, unless alternate form */
  if (!b->failed && b->len > mark && b->s->data[b->len - 1] == '.' && !alt)
    b->len--;
  if (use_exp)
    kr_buf_printf(b, "%c%+.02d", upper ? 'E' : 'e', (int)exp);
  digits_free(&g);
  return b->failed ? -1 : 0;
}

int kr_double_to_buf(KrBuf *b, double d, char type, int precision, int flags) {
  bool upper = false;
  int mode = 0;
  switch (type) {
  case 'E': upper = true; /* fall through */
  case 'e':
    type = 'e';
    mode = 2;
    precision++;
    break;
  case 'F': upper = true; /* fall through */
  case 'f':
    type = 'f';
    mode = 3;
    break;
  case 'G': upper = true; /* fall through */
  case 'g':
    type = 'g';
    mode = 2;
    if (precision == 0)
      precision = 1;
    break;
  default: /* 'r' */
    type = 'r';
    mode = 0;
    break;
  }
  return float_short(b, d, type, mode, precision, flags, upper);
}

/* ---- the format-spec mini-language */

enum { LT_NONE, LT_COMMA, LT_UNDERSCORE, LT_UNDER_FOUR, LT_LOCALE };

typedef struct Spec {
  uint32_t fill;
  uint32_t align;
  bool alternate;
  bool no_neg_0;
  uint32_t sign;
  int64_t width;     /* -1: none */
  int thousands;     /* LT_* */
  int64_t precision; /* -1: none */
  uint32_t type;     /* 0: none */
} Spec;

static bool is_align(uint32_t c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

/* get_integer: decimal digits (any script's) from spec[*pos]; the count,
 * or -1 (ValueError) on overflow. */
static int get_integer(const uint32_t *spec, int64_t *pos, int64_t end, int64_t *result) {
  int64_t acc = 0;
  int n = 0;
  for (; *pos < end; (*pos)++, n++) {
    int d = uni_decimal(spec[*pos]);
    if (d < 0)
      break;
    if (acc > (INT64_MAX - d) / 10) {
      kr_raise(&kr_ValueError_type, "Too many decimal digits in format string");
      return -1;
    }
    acc = acc * 10 + d;
  }
  *result = acc;
  return n;
}

static void *invalid_sep_type(int sep, uint32_t type) {
  char c = sep == LT_COMMA ? ',' : '_';
  if (type > 32 && type < 128)
    return kr_raise(&kr_ValueError_type, "Cannot specify '%c' with '%c'.", c, (int)type);
  return kr_raise(&kr_ValueError_type, "Cannot specify '%c' with '\\x%x'.", c, (unsigned)type);
}

static void *unknown_type(uint32_t type, const char *tname) {
  if (type > 32 && type < 128)
    return kr_raise(&kr_ValueError_type, "Unknown format code '%c' for object of type '%s'", (int)type, tname);
  return kr_raise(&kr_ValueError_type, "Unknown format code '\\x%x' for object of type '%s'", (unsigned)type, tname);
}

/* parse_internal_render_format_spec. The spec's code points are decoded
 * into cps (the caller's array). */
static int parse_spec(KrObj *spec_str, const uint32_t *spec, int64_t end, Spec *f, uint32_t default_type,
                      uint32_t default_align, const char *tname) {
  int64_t pos = 0;
  bool align_specified = false, fill_specified = false;
  f->fill = ' ';
  f->align = default_align;
  f->alternate = false;
  f->no_neg_0 = false;
  f->sign = 0;
  f->width = -1;
  f->thousands = LT_NONE;
  f->precision = -1;
  f->type = default_type;

  if (end - pos >= 2 && is_align(spec[pos + 1])) {
    f->align = spec[pos + 1];
    f->fill = spec[pos];
    fill_specified = align_specified = true;
    pos += 2;
  } else if (end - pos >= 1 && is_align(spec[pos])) {
    f->align = spec[pos];
    align_specified = true;
    pos++;
  }
  if (end - pos >= 1 && (spec[pos] == ' ' || spec[pos] == '+' || spec[pos] == '-'))
    f->sign = spec[pos++];
  if (end - pos >= 1 && spec[pos] == 'z') {
    f->no_neg_0 = true;
    pos++;
  }
  if (end - pos >= 1 && spec[pos] == '#') {
    f->alternate = true;
    pos++;
  }
  if (!fill_specified && end - pos >= 1 && spec[pos] == '0') {
    f->fill = '0';
    if (!align_specified && default_align == '>')
      f->align = '=';
    pos++;
  }
  int consumed = get_integer(spec, &pos, end, &f->width);
  if (consumed < 0)
    return -1;
  if (consumed == 0)
    f->width = -1;
  if (end - pos && spec[pos] == ',') {
    f->thousands = LT_COMMA;
    pos++;
  }
  if (end - pos && spec[pos] == '_') {
    if (f->thousands != LT_NONE) {
      kr_raise(&kr_ValueError_type, "Cannot specify both ',' and '_'.");
      return -1;
    }
    f->thousands = LT_UNDERSCORE;
    pos++;
  }
  if (end - pos && spec[pos] == ',' && f->thousands == LT_UNDERSCORE) {
    kr_raise(&kr_ValueError_type, "Cannot specify both ',' and '_'.");
    return -1;
  }
  if (end - pos && spec[pos] == '.') {
    pos++;
    consumed = get_integer(spec, &pos, end, &f->precision);
    if (consumed < 0)
      return -1;
    if (consumed == 0) {
      kr_raise(&kr_ValueError_type, "Format specifier missing precision");
      return -1;
    }
  }
  if (end - pos > 1) {
    kr_raise(&kr_ValueError_type, "Invalid format specifier '%S' for object of type '%s'", spec_str, tname);
    return -1;
  }
  if (end - pos == 1)
    f->type = spec[pos++];
  if (f->thousands) {
    switch (f->type) {
    case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case 0: break;
    case 'b': case 'o': case 'x': case 'X':
      if (f->thousands == LT_UNDERSCORE) {
        f->thousands = LT_UNDER_FOUR;
        break;
      }
      /* fall through */
    default: invalid_sep_type(f->thousands, f->type); return -1;
    }
  }
  return 0;
}

/* A spec str decoded to code points: small ones on the stack. */
typedef struct SpecCps {
  uint32_t *cps;
  int64_t n;
  uint32_t small[64];
} SpecCps;

static int decode_spec(KrObj *spec, SpecCps *sc) {
  sc->n = kr_str_len(spec);
  sc->cps = sc->small;
  if (sc->n > (int64_t)(sizeof sc->small / sizeof sc->small[0])) {
    sc->cps = kr_alloc((size_t)sc->n * sizeof(uint32_t));
    if (!sc->cps)
      return -1;
  }
  const char *d = kr_str_data(spec);
  for (int64_t i = 0, k = 0; k < sc->n; k++)
    sc->cps[k] = u8_next(d, &i);
  return 0;
}

static void spec_free(SpecCps *sc) {
  if (sc->cps != sc->small)
    kr_free(sc->cps);
}

/* The grouped digits (CPython's _PyUnicode_InsertThousandsGrouping):
 * digits[0, n) in groups of `group` (0: none) separated by sep, zero
 * padded on the left to min_width. Returns the length; out, when not NULL,
 * gets the text (written backwards from out + that length). */
static int64_t group_digits(char *out, int64_t total, const char *digits, int64_t n, int64_t min_width, int group,
                            char sep) {
  if (min_width < 0)
    min_width = 0;
  int64_t count = 0, remaining = n, dpos = n, bpos = total;
  bool use_sep = false, broken = false;
  for (int pass = 0; pass < 2 && !broken; pass++) {
    if (pass == 0 && group == 0)
      continue;
    for (;;) {
      int64_t len = remaining > min_width ? remaining : min_width;
      if (len < 1)
        len = 1;
      if (pass == 0 && group < len)
        len = group;
      int64_t zeros = len - remaining > 0 ? len - remaining : 0;
      int64_t chars = remaining < len ? remaining : len;
      if (chars < 0)
        chars = 0;
      count += (use_sep ? 1 : 0) + zeros + chars;
      if (out) {
        if (use_sep)
          out[--bpos] = sep;
        bpos -= chars;
        dpos -= chars;
        memcpy(out + bpos, digits + dpos, (size_t)chars);
        bpos -= zeros;
        memset(out + bpos, '0', (size_t)zeros);
      }
      use_sep = true;
      if (pass == 1)
        break;
      remaining -= chars;
      min_width -= len;
      if (remaining <= 0 && min_width <= 0) {
        broken = true;
        break;
      }
      min_width -= 1;
    }
  }
  return count;
}

/* A number laid out by calc_number_widths and fill_number: sign, prefix
 * ("0x"), digits (grouped), decimal point, remainder (fraction, exponent,
 * '%', or the character of 'c'; rem_chars code points), padded to width. */
typedef struct Number {
  char sign;           /* 0 or '-' (the number's own sign) */
  const char *prefix;
  int64_t nprefix;
  const char *digits;
  int64_t ndigits;
  bool decimal;
  const char *rem;
  int64_t nrem;        /* bytes */
  int64_t rem_chars;   /* code points */
  bool upper;          /* 'X': prefix and digits in upper case */
} Number;

static KrObj *fill_number(const Number *num, const Spec *f) {
  if (f->width > INT64_MAX / 8) /* no such str fits in memory */
    return kr_raise_nomem();
  int n_sign = 0;
  char sign = 0;
  switch (f->sign) {
  case '+':
    n_sign = 1;
    sign = num->sign == '-' ? '-' : '+';
    break;
  case ' ':
    n_sign = 1;
    sign = num->sign == '-' ? '-' : ' ';
    break;
  default:
    if (num->sign == '-') {
      n_sign = 1;
      sign = '-';
    }
  }
  int group = 0;
  char sep = 0;
  if (f->type != 'n') {
    switch (f->thousands) {
    case LT_COMMA: group = 3, sep = ','; break;
    case LT_UNDERSCORE: group = 3, sep = '_'; break;
    case LT_UNDER_FOUR: group = 4, sep = '_'; break;
    }
  }
  int64_t non_digit = n_sign + num->nprefix + (num->decimal ? 1 : 0) + num->rem_chars;
  int64_t min_width = f->fill == '0' && f->align == '=' ? f->width - non_digit : 0;
  int64_t grouped = num->ndigits == 0 ? 0 : group_digits(NULL, 0, num->digits, num->ndigits, min_width, group, sep);
  int64_t lpad = 0, spad = 0, rpad = 0;
  int64_t padding = f->width - (non_digit + grouped);
  if (padding > 0) {
    switch (f->align) {
    case '<': rpad = padding; break;
    case '^':
      lpad = padding / 2;
      rpad = padding - lpad;
      break;
    case '=': spad = padding; break;
    default: lpad = padding; break;
    }
  }
  KrBuf b;
  kr_buf_init(&b, non_digit + grouped + (lpad + spad + rpad) * u8_len(f->fill) + num->nrem);
  kr_buf_fill(&b, f->fill, lpad);
  if (n_sign)
    kr_buf_putc(&b, sign);
  for (int64_t i = 0; i < num->nprefix; i++)
    kr_buf_putc(&b, num->upper && num->prefix[i] == 'x' ? 'X' : num->prefix[i]);
  kr_buf_fill(&b, f->fill, spad);
  if (grouped > 0) {
    char small[128];
    char *g = grouped <= (int64_t)sizeof small ? small : kr_alloc((size_t)grouped);
    if (g) {
      group_digits(g, grouped, num->digits, num->ndigits, min_width, group, sep);
      if (num->upper)
        for (int64_t i = 0; i < grouped; i++)
          if (g[i] >= 'a' && g[i] <= 'f')
            g[i] = (char)(g[i] - 32);
      kr_buf_put(&b, g, grouped);
      if (g != small)
        kr_free(g);
    } else {
      kr_buf_discard(&b);
    }
  }
  if (num->decimal)
    kr_buf_putc(&b, '.');
  kr_buf_put(&b, num->rem, num->nrem);
  kr_buf_fill(&b, f->fill, rpad);
  return kr_buf_finish(&b);
}

/* format_float_internal */
static KrObj *format_float_spec(double val, const Spec *f) {
  if (f->precision > INT_MAX)
    return kr_raise(&kr_ValueError_type, "precision too big");
  int precision = (int)f->precision, default_precision = 6, flags = 0;
  uint32_t type = f->type;
  bool add_pct = false;
  if (f->alternate)
    flags |= DTSF_ALT;
  if (f->no_neg_0)
    flags |= DTSF_NO_NEG_0;
  if (type == 0) {
    flags |= DTSF_ADD_DOT_0;
    type = 'r';
    default_precision = 0;
  }
  if (type == 'n')
    type = 'g';
  if (type == '%') {
    type = 'f';
    val *= 100;
    add_pct = true;
  }
  if (precision < 0)
    precision = default_precision;
  else if (type == 'r')
    type = 'g';
  KrBuf t;
  kr_buf_init(&t, 32);
  kr_double_to_buf(&t, val, (char)type, precision, flags);
  if (add_pct)
    kr_buf_putc(&t, '%');
  if (t.failed)
    return NULL;
  const char *s = t.s->data;
  int64_t n = t.len, i = 0;
  Number num = {0};
  if (s[0] == '-') {
    num.sign = '-';
    i++;
  }
  int64_t j = i;
  while (j < n && s[j] >= '0' && s[j] <= '9')
    j++;
  num.digits = s + i;
  num.ndigits = j - i;
  if (j < n && s[j] == '.') {
    num.decimal = true;
    j++;
  }
  num.rem = s + j;
  num.nrem = num.rem_chars = n - j;
  KrObj *r = fill_number(&num, f);
  kr_buf_discard(&t);
  return r;
}

/* format_long_internal (types b c d o x X n) */
static KrObj *format_int_spec(int64_t v, const Spec *f) {
  if (f->precision != -1)
    return kr_raise(&kr_ValueError_type, "Precision not allowed in integer format specifier");
  if (f->no_neg_0)
    return kr_raise(&kr_ValueError_type, "Negative zero coercion (z) not allowed in integer format specifier");
  Number num = {0};
  char digits[72], ch[4];
  if (f->type == 'c') {
    if (f->sign)
      return kr_raise(&kr_ValueError_type, "Sign not allowed with integer format specifier 'c'");
    if (f->alternate)
      return kr_raise(&kr_ValueError_type, "Alternate form (#) not allowed with integer format specifier 'c'");
    if (v < 0 || v > 0x10FFFF)
      return kr_raise(&kr_OverflowError_type, "%%c arg not in range(0x110000)");
    num.rem = ch;
    num.nrem = u8_encode((uint32_t)v, ch);
    num.rem_chars = 1;
    return fill_number(&num, f);
  }
  int base = 10;
  switch (f->type) {
  case 'b': base = 2, num.prefix = "0b"; break;
  case 'o': base = 8, num.prefix = "0o"; break;
  case 'x':
  case 'X': base = 16, num.prefix = "0x"; break;
  }
  if (f->alternate && num.prefix)
    num.nprefix = 2;
  uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  char *p = digits + sizeof digits;
  do {
    *--p = "0123456789abcdef"[u % (uint64_t)base];
    u /= (uint64_t)base;
  } while (u);
  num.sign = v < 0 ? '-' : 0;
  num.digits = p;
  num.ndigits = digits + sizeof digits - p;
  num.upper = f->type == 'X';
  return fill_number(&num, f);
}

/* format_string_internal */
static KrObj *format_str_spec(KrObj *s, const Spec *f) {
  if (f->sign == ' ')
    return kr_raise(&kr_ValueError_type, "Space not allowed in string format specifier");
  if (f->sign)
    return kr_raise(&kr_ValueError_type, "Sign not allowed in string format specifier");
  if (f->no_neg_0)
    return kr_raise(&kr_ValueError_type, "Negative zero coercion (z) not allowed in string format specifier");
  if (f->alternate)
    return kr_raise(&kr_ValueError_type, "Alternate form (#) not allowed in string format specifier");
  if (f->align == '=')
    return kr_raise(&kr_ValueError_type, "'=' alignment not allowed in string format specifier");
  int64_t len = kr_str_len(s);
  if ((f->width == -1 || f->width <= len) && (f->precision == -1 || f->precision >= len)) {
    kr_incref(s);
    return s;
  }
  if (f->width > INT64_MAX / 8)
    return kr_raise_nomem();
  if (f->precision >= 0 && len >= f->precision)
    len = f->precision;
  int64_t total = f->width > len ? f->width : len, lpad;
  if (f->align == '>')
    lpad = total - len;
  else if (f->align == '^')
    lpad = (total - len) / 2;
  else
    lpad = 0;
  int64_t rpad = total - len - lpad;
  int64_t nbytes = kr_str_offset(s, len);
  KrBuf b;
  kr_buf_init(&b, nbytes + (lpad + rpad) * u8_len(f->fill));
  kr_buf_fill(&b, f->fill, lpad);
  kr_buf_put(&b, kr_str_data(s), nbytes);
  kr_buf_fill(&b, f->fill, rpad);
  return kr_buf_finish(&b);
}

/* What kind of value a format() call formats. */
enum { FMT_INT, FMT_FLOAT, FMT_STR };

static KrObj *format_value(int what, int64_t i, double d, KrObj *s, KrObj *spec, const char *tname) {
  SpecCps sc;
  if (decode_spec(spec, &sc) < 0)
    return NULL;
  Spec f;
  KrObj *r = NULL;
  uint32_t default_type = what == FMT_INT ? 'd' : what == FMT_STR ? 's' : 0;
  uint32_t default_align = what == FMT_STR ? '<' : '>';
  if (parse_spec(spec, sc.cps, sc.n, &f, default_type, default_align, tname) < 0)
    goto done;
  switch (what) {
  case FMT_INT:
    switch (f.type) {
    case 'b': case 'c': case 'd': case 'o': case 'x': case 'X': case 'n': r = format_int_spec(i, &f); break;
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%': r = format_float_spec((double)i, &f); break;
    default: unknown_type(f.type, tname);
    }
    break;
  case FMT_FLOAT:
    switch (f.type) {
    case 0: case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'n': case '%':
      r = format_float_spec(d, &f);
      break;
    default: unknown_type(f.type, tname);
    }
    break;
  default:
    if (f.type == 's')
      r = format_str_spec(s, &f);
    else
      unknown_type(f.type, tname);
  }
done:
  spec_free(&sc);
  return r;
}

KrObj *kr_format_int(int64_t v, KrObj *spec) {
  if (kr_str_bytes(spec) == 0)
    return kr_int_repr(v);
  return format_value(FMT_INT, v, 0, NULL, spec, "int");
}

KrObj *kr_format_bool(bool v, KrObj *spec) {
  if (kr_str_bytes(spec) == 0)
    return kr_bool_repr(v);
  return format_value(FMT_INT, v, 0, NULL, spec, "bool");
}

KrObj *kr_format_float(double v, KrObj *spec) {
  if (kr_str_bytes(spec) == 0)
    return kr_float_repr(v);
  return format_value(FMT_FLOAT, 0, v, NULL, spec, "float");
}

KrObj *kr_format_str(KrObj *s, KrObj *spec) {
  if (kr_str_bytes(spec) == 0) {
    kr_incref(s);
    return s;
  }
  return format_value(FMT_STR, 0, 0, s, spec, "str");
}

KrObj *kr_format_val(KrVal v, ValKind k, KrObj *spec) {
  switch (k) {
  case KR_INT: return kr_format_int(v.i, spec);
  case KR_FLOAT: return kr_format_float(v.f, spec);
  case KR_BOOL: return kr_format_bool(v.b, spec);
  case KR_OBJ: break;
  }
  return kr_format_obj(v.o, spec);
}

KrObj *kr_format_obj(KrObj *o, KrObj *spec) {
  switch (num_kind(o)) {
  case KR_INT: return kr_format_int(((KrInt *)o)->v, spec);
  case KR_FLOAT: return kr_format_float(((KrFloat *)o)->v, spec);
  case KR_BOOL: return kr_format_bool(o == kr_True, spec);
  case KR_OBJ: break;
  }
  if (o->type == &kr_str_type)
    return kr_format_str(o, spec);
  if (kr_is_array(o))
    return kr_np_format(o, spec);
  /* object.__format__: str(o) for an empty spec, else TypeError */
  if (kr_str_bytes(spec) == 0)
    return kr_obj_str(o);
  return kr_raise(&kr_TypeError_type, "unsupported format string passed to %s.__format__", o->type->name);
}

/* ---- str % args */

enum { F_LJUST = 1, F_SIGN = 2, F_BLANK = 4, F_ALT = 8, F_ZERO = 16 };

typedef struct ModCtx {
  const KrArg *args;
  int64_t arglen, argidx; /* CPython's: arglen -1 and argidx -2 for one non-tuple value */
  KrArg single;           /* the value looked up by %(key) */
  bool single_owned;
  KrMapLookup map;
  void *ctx;
} ModCtx;

static const KrArg *next_arg(ModCtx *m) {
  if (m->argidx < m->arglen) {
    int64_t i = m->argidx++;
    if (m->arglen < 0)
      return m->single_owned ? &m->single : &m->args[0];
    return &m->args[i];
  }
  kr_raise(&kr_TypeError_type, "not enough arguments for format string");
  return NULL;
}

/* The int value of an argument for * (width or precision): TypeError
 * unless an int (a bool is one). */
static int star_arg(ModCtx *m, int64_t *out) {
  const KrArg *a = next_arg(m);
  if (!a)
    return -1;
  KrVal v = a->v;
  ValKind k = a->k;
  if (k == KR_OBJ && (num_kind(v.o) == KR_INT || num_kind(v.o) == KR_BOOL)) {
    k = num_kind(v.o);
    v = kr_val_unbox(v.o, k);
  }
  if (k == KR_BOOL) {
    *out = v.b;
    return 0;
  }
  if (k != KR_INT) {
    kr_raise(&kr_TypeError_type, "* wants int");
    return -1;
  }
  *out = v.i;
  return 0;
}

/* A number argument of %d %x %e...: its kind (KR_INT, KR_FLOAT) and value,
 * or KR_OBJ when it is not a number. */
static ValKind arg_number(const KrArg *a, KrVal *v) {
  *v = a->v;
  ValKind k = a->k;
  if (k == KR_OBJ)
    k = num_kind(v->o), *v = k == KR_OBJ ? *v : kr_val_unbox(v->o, k);
  if (k == KR_BOOL)
    v->i = v->b, k = KR_INT;
  return k;
}

/* %d %i %u %o %x %X of a: the digits with sign and, for F_ALT, the base
 * prefix, and at least prec digits (CPython's _PyUnicode_FormatLong). */
static KrObj *format_long(const KrArg *a, uint32_t c, int flags, int64_t prec) {
  KrVal v;
  ValKind k = arg_number(a, &v);
  bool int_only = c == 'o' || c == 'x' || c == 'X';
  if (k == KR_OBJ || (k == KR_FLOAT && int_only)) {
    if (int_only)
      return kr_raise(&kr_TypeError_type, "%%%c format: an integer is required, not %s", (int)c,
                      kr_type_name(a->v, a->k));
    return kr_raise(&kr_TypeError_type, "%%%c format: a real number is required, not %s", (int)c,
                    kr_type_name(a->v, a->k));
  }
  char small[80];
  char *digits = small;
  int64_t nd;
  bool neg;
  KrObj *big = NULL;
  if (k == KR_FLOAT) { /* int(x): the exact integer part, any size */
    if (isnan(v.f))
      return kr_raise(&kr_ValueError_type, "cannot convert float NaN to integer");
    if (isinf(v.f))
      return kr_raise(&kr_OverflowError_type, "cannot convert float infinity to integer");
    double t = trunc(v.f);
    neg = t < 0;
    KrBuf tb;
    kr_buf_init(&tb, 32);
    kr_buf_printf(&tb, "%.0f", fabs(t));
    big = kr_buf_finish(&tb);
    if (!big)
      return NULL;
    digits = (char *)kr_str_data(big);
    nd = kr_str_bytes(big);
  } else {
    neg = v.i < 0;
    uint64_t u = neg ? 0 - (uint64_t)v.i : (uint64_t)v.i;
    int base = c == 'o' ? 8 : c == 'x' || c == 'X' ? 16 : 10;
    char *p = small + sizeof small;
    do {
      *--p = "0123456789abcdef"[u % (uint64_t)base];
      u /= (uint64_t)base;
    } while (u);
    digits = p;
    nd = small + sizeof small - p;
  }
  if (prec > INT_MAX - 3) {
    kr_xdecref(big);
    return kr_raise(&kr_OverflowError_type, "precision too large");
  }
  KrBuf b;
  kr_buf_init(&b, nd + 4 + (prec > nd ? prec - nd : 0));
  if (neg)
    kr_buf_putc(&b, '-');
  if ((flags & F_ALT) && int_only) {
    kr_buf_putc(&b, '0');
    kr_buf_putc(&b, c == 'o' ? 'o' : c == 'X' ? 'X' : 'x');
  }
  kr_buf_fill(&b, '0', prec - nd);
  for (int64_t i = 0; i < nd; i++)
    kr_buf_putc(&b, c == 'X' && digits[i] >= 'a' ? (char)(digits[i] - 32) : digits[i]);
  kr_xdecref(big);
  return kr_buf_finish(&b);
}

/* unicode_format_arg_output: pad str as the conversion's flags say. */
static int mod_output(KrBuf *out, KrObj *str, uint32_t c, int flags, int64_t width, int64_t prec, bool sign) {
  uint32_t fill = sign && (flags & F_ZERO) ? '0' : ' ';
  int64_t len = kr_str_len(str);
  const char *d = kr_str_data(str);
  if ((width == -1 || width <= len) && (prec == -1 || prec >= len) && !(flags & (F_SIGN | F_BLANK)))
    return kr_buf_puts(out, str);
  if ((c == 's' || c == 'r' || c == 'a') && prec >= 0 && len > prec)
    len = prec;
  int64_t pindex = 0; /* bytes: everything before the digits is ASCII */
  char signchar = 0;
  if (sign) {
    if (d[0] == '-' || d[0] == '+') {
      signchar = d[0];
      len--;
      pindex++;
    } else if (flags & F_SIGN) {
      signchar = '+';
    } else if (flags & F_BLANK) {
      signchar = ' ';
    } else {
      sign = false;
    }
  }
  if (width < len)
    width = len;
  if (sign) {
    if (fill != ' ')
      kr_buf_putc(out, signchar);
    if (width > len)
      width--;
  }
  bool prefix = (flags & F_ALT) && (c == 'x' || c == 'X' || c == 'o');
  if (prefix) {
    if (fill != ' ') {
      kr_buf_put(out, d + pindex, 2);
      pindex += 2;
    }
    width -= 2;
    if (width < 0)
      width = 0;
    len -= 2;
  }
  if (width > len && !(flags & F_LJUST)) {
    kr_buf_fill(out, fill, width - len);
    width = len;
  }
  if (fill == ' ') {
    if (sign)
      kr_buf_putc(out, signchar);
    if (prefix) {
      kr_buf_put(out, d + pindex, 2);
      pindex += 2;
    }
  }
  if (len > 0) { /* pindex counts ASCII signs and prefixes: bytes are characters there */
    int64_t stop = kr_str_offset(str, pindex + len);
    kr_buf_put(out, d + pindex, stop - pindex);
  }
  if (width > len)
    kr_buf_fill(out, ' ', width - len);
  return out->failed ? -1 : 0;
}

/* One conversion after a '%' at fmt position *pos (code points); cps is
 * the format's text. */
static int mod_arg(KrBuf *out, ModCtx *m, const uint32_t *cps, int64_t n, int64_t *pos) {
  int64_t p = *pos, cnt = n - p; /* fmtcnt as CPython counts it */
  uint32_t c = cps[p];
  if (c == '%') {
    *pos = p + 1;
    return kr_buf_putc(out, '%');
  }
  int flags = 0;
  int64_t width = -1, prec = -1;
  if (c == '(') {
    if (!m->map) {
      kr_raise(&kr_TypeError_type, "format requires a mapping");
      return -1;
    }
    p++;
    cnt--;
    int64_t keystart = p;
    int pcount = 1;
    while (pcount > 0 && --cnt >= 0) {
      c = cps[p];
      if (c == ')')
        pcount--;
      else if (c == '(')
        pcount++;
      p++;
    }
    if (cnt < 0 || pcount > 0) {
      kr_raise(&kr_ValueError_type, "incomplete format key");
      return -1;
    }
    KrBuf kb;
    kr_buf_init(&kb, 0);
    for (int64_t i = keystart; i < p - 1; i++)
      kr_buf_putcp(&kb, cps[i]);
    KrObj *key = kr_buf_finish(&kb);
    if (!key)
      return -1;
    KrObj *val = m->map(m->ctx, key);
    kr_decref(key);
    if (!val)
      return -1;
    if (m->single_owned)
      kr_decref(m->single.v.o);
    m->single = (KrArg){{.o = val}, KR_OBJ};
    m->single_owned = true;
    m->arglen = -1;
    m->argidx = -2;
  }
  while (--cnt >= 0) {
    c = cps[p++];
    switch (c) {
    case '-': flags |= F_LJUST; continue;
    case '+': flags |= F_SIGN; continue;
    case ' ': flags |= F_BLANK; continue;
    case '#': flags |= F_ALT; continue;
    case '0': flags |= F_ZERO; continue;
    }
    break;
  }
  if (c == '*') {
    if (star_arg(m, &width) < 0)
      return -1;
    if (width < 0) {
      flags |= F_LJUST;
      width = -width;
    }
    if (--cnt >= 0)
      c = cps[p++];
  } else if (c >= '0' && c <= '9') {
    width = c - '0';
    while (--cnt >= 0) {
      c = cps[p++];
      if (c < '0' || c > '9')
        break;
      if (width > (INT64_MAX - (int)(c - '0')) / 10) {
        kr_raise(&kr_ValueError_type, "width too big");
        return -1;
      }
      width = width * 10 + (c - '0');
    }
  }
  if (c == '.') {
    prec = 0;
    if (--cnt >= 0)
      c = cps[p++];
    if (c == '*') {
      if (star_arg(m, &prec) < 0)
        return -1;
      if (prec > INT_MAX || prec < INT_MIN) {
        kr_raise(&kr_OverflowError_type, "Python int too large to convert to C int");
        return -1;
      }
      if (prec < 0)
        prec = 0;
      if (--cnt >= 0)
        c = cps[p++];
    } else if (c >= '0' && c <= '9') {
      prec = c - '0';
      while (--cnt >= 0) {
        c = cps[p++];
        if (c < '0' || c > '9')
          break;
        if (prec > (INT_MAX - (int)(c - '0')) / 10) {
          kr_raise(&kr_ValueError_type, "precision too big");
          return -1;
        }
        prec = prec * 10 + (c - '0');
      }
    }
  }
  if (cnt >= 0 && (c == 'h' || c == 'l' || c == 'L')) {
    if (--cnt >= 0)
      c = cps[p++];
  }
  if (cnt < 0) {
    kr_raise(&kr_ValueError_type, "incomplete format");
    return -1;
  }
  *pos = p;
  const KrArg *a = next_arg(m);
  if (!a)
    return -1;
  KrObj *str = NULL;
  bool sign = false;
  switch (c) {
  case 's': str = kr_val_str(a->v, a->k); break;
  case 'r': str = kr_val_repr(a->v, a->k); break;
  case 'a': str = kr_val_ascii(a->v, a->k); break;
  case 'i': case 'd': case 'u': case 'o': case 'x': case 'X':
    str = format_long(a, c, flags, prec);
    sign = true;
    break;
  case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
    KrVal v;
    ValKind k = arg_number(a, &v);
    if (k == KR_OBJ) {
      kr_raise(&kr_TypeError_type, "must be real number, not %s", kr_type_name(a->v, a->k));
      return -1;
    }
    double x = k == KR_INT ? (double)v.i : v.f;
    KrBuf t;
    kr_buf_init(&t, 32);
    kr_double_to_buf(&t, x, (char)c, prec < 0 ? 6 : (int)prec, flags & F_ALT ? DTSF_ALT : 0);
    str = kr_buf_finish(&t);
    sign = true;
    break;
  }
  case 'c': {
    KrVal v = a->v;
    ValKind k = a->k;
    uint32_t ch;
    if (k == KR_OBJ && a->v.o->type == &kr_str_type) {
      if (kr_str_len(v.o) != 1) {
        kr_raise(&kr_TypeError_type, "%%c requires int or char");
        return -1;
      }
      int64_t i = 0;
      ch = u8_next(kr_str_data(v.o), &i);
    } else {
      if (k == KR_OBJ && num_kind(v.o) != KR_OBJ)
        k = num_kind(v.o), v = kr_val_unbox(v.o, k);
      if (k == KR_BOOL)
        v.i = v.b, k = KR_INT;
      if (k != KR_INT) {
        kr_raise(&kr_TypeError_type, "%%c requires int or char");
        return -1;
      }
      if (v.i < 0 || v.i > 0x10FFFF) {
        kr_raise(&kr_OverflowError_type, "%%c arg not in range(0x110000)");
        return -1;
      }
      ch = (uint32_t)v.i;
    }
    str = kr_str_char(ch);
    break;
  }
  default:
    kr_raise(&kr_ValueError_type, "unsupported format character '%c' (0x%x) at index %" PRId64,
             c >= 32 && c <= 126 ? (int)c : '?', (unsigned)c, p - 1);
    return -1;
  }
  if (!str)
    return -1;
  int rc = mod_output(out, str, c, flags, width, prec, sign);
  kr_decref(str);
  if (rc < 0)
    return -1;
  if (m->map && m->argidx < m->arglen) {
    kr_raise(&kr_TypeError_type, "not all arguments converted during string formatting");
    return -1;
  }
  return 0;
}

KrObj *kr_str_mod(KrObj *fmt, const KrArg *args, int64_t n, KrMapLookup map, void *ctx) {
  ModCtx m = {.args = args, .map = map, .ctx = ctx};
  /* one value that is not a tuple: CPython's arglen -1, argidx -2 */
  if (map || n < 0) {
    m.arglen = -1;
    m.argidx = -2;
  } else {
    m.arglen = n;
    m.argidx = 0;
  }
  SpecCps sc;
  if (decode_spec(fmt, &sc) < 0)
    return NULL;
  KrBuf out;
  kr_buf_init(&out, kr_str_bytes(fmt) + 16);
  const char *d = kr_str_data(fmt);
  int64_t pos = 0, byte = 0, rc = 0;
  while (pos < sc.n && rc == 0) {
    if (sc.cps[pos] != '%') { /* copy the run up to the next '%' */
      int64_t start = byte;
      while (pos < sc.n && sc.cps[pos] != '%') {
        u8_next(d, &byte);
        pos++;
      }
      kr_buf_put(&out, d + start, byte - start);
      continue;
    }
    pos++;
    if (pos >= sc.n) {
      kr_raise(&kr_ValueError_type, "incomplete format");
      rc = -1;
      break;
    }
    rc = mod_arg(&out, &m, sc.cps, sc.n, &pos);
    byte = kr_str_offset(fmt, pos);
  }
  if (rc == 0 && m.argidx < m.arglen && !map) {
    kr_raise(&kr_TypeError_type, "not all arguments converted during string formatting");
    rc = -1;
  }
  if (m.single_owned)
    kr_decref(m.single.v.o);
  spec_free(&sc);
  if (rc < 0) {
    kr_buf_discard(&out);
    return NULL;
  }
  return kr_buf_finish(&out);
}

/* ---- str.format and str.format_map
 *
 * CPython 3.11's Objects/stringlib/unicode_format.h, behaviour for
 * behaviour. The format string is read left to right and each replacement
 * field is looked up, converted and formatted as soon as it has been
 * parsed, so an earlier field's error wins over a later syntax error
 * ('{0}{'.format() is an IndexError). A field name's parts are looked up
 * in the same lazy order: '{0[a]b}' on a list raises the TypeError of [a]
 * before the syntax error of b. Nested fields in a spec ('{:{w}.{p}f}')
 * are expanded by the same walk one level down, sharing the automatic
 * numbering; a third level is "Max string recursion exceeded".
 *
 * Every character with a meaning here ({ } [ ] . ! :) is ASCII, and no
 * byte of a multi-byte UTF-8 character is, so the walk is over bytes; code
 * points are decoded only where their value matters: the digits of an
 * index (any script's decimal digits count, as in CPython) and the
 * conversion character.
 *
 * Attributes: the values are builtins, so `.name` knows the data
 * attributes of the numbers only: int and bool have real, imag, numerator
 * and denominator, float has real and imag. Any other name raises
 * CPython's AttributeError, also names that are methods or dunders in
 * CPython ('{0.upper}', '{0.__class__}'), whose str would be a bound
 * method's or a type's there. */

enum { AUTO_INIT, AUTO_AUTO, AUTO_MANUAL };

typedef struct FmtArgs {
  const KrArg *args;     /* the positional values */
  int64_t nargs;
  KrObj *const *kwnames; /* the keyword names (str) and values */
  const KrArg *kwargs;
  int64_t nkw;
  KrObj *map;            /* format_map's mapping (then there are no args), else NULL */
  int auto_state;        /* AUTO_*: does the string number its fields, or do we? */
  int64_t auto_next;     /* the index the next '{}' gets */
} FmtArgs;

/* A replacement field as parse_field finds it: pointers into the text. */
typedef struct Field {
  const char *name, *name_end;
  const char *spec, *spec_end; /* both NULL when there is no spec */
  uint32_t conversion;         /* 'r', 's', 'a', anything else (an error later), 0: none */
  bool expand;                 /* the spec holds a '{': nested fields */
} Field;

/* get_integer: the value of [p, end) when it is all decimal digits (of any
 * script), -1 when it is not (or is empty), -2 with ValueError when it does
 * not fit. */
static int64_t field_index(const char *p, const char *end) {
  if (p >= end)
    return -1;
  int64_t acc = 0;
  for (int64_t i = 0; p + i < end;) {
    int d = uni_decimal(u8_next(p, &i));
    if (d < 0)
      return -1;
    if (acc > (INT64_MAX - d) / 10) {
      kr_raise(&kr_ValueError_type, "Too many decimal digits in format string");
      return -2;
    }
    acc = acc * 10 + d;
  }
  return acc;
}

/* parse_field: the field after a '{' at *pp, up to its closing '}' (*pp is
 * left after it). 0, or -1 with ValueError. */
static int parse_field(const char **pp, const char *end, Field *f) {
  const char *p = *pp;
  char c = 0;
  f->name = p;
  f->spec = f->spec_end = NULL;
  f->conversion = 0;
  f->expand = false;
  /* the name: up to ':', '!' or '}', skipping over [...] */
  while (p < end) {
    c = *p++;
    if (c == '{') {
      kr_raise(&kr_ValueError_type, "unexpected '{' in field name");
      return -1;
    }
    if (c == '[') {
      while (p < end && *p != ']')
        p++;
      continue;
    }
    if (c == '}' || c == ':' || c == '!')
      break;
  }
  f->name_end = p - 1;
  if (c != '!' && c != ':') {
    if (c != '}') {
      kr_raise(&kr_ValueError_type, "expected '}' before end of string");
      return -1;
    }
    *pp = p;
    return 0;
  }
  if (c == '!') {
    if (p >= end) {
      kr_raise(&kr_ValueError_type, "end of string while looking for conversion specifier");
      return -1;
    }
    int64_t i = 0;
    f->conversion = u8_next(p, &i);
    p += i;
    if (p < end) {
      c = *p++;
      if (c == '}') {
        *pp = p;
        return 0;
      }
      if (c != ':') {
        kr_raise(&kr_ValueError_type, "expected ':' after conversion specifier");
        return -1;
      }
    }
  }
  /* the spec: up to the '}' that balances the field's '{' */
  f->spec = p;
  int64_t depth = 1;
  while (p < end) {
    c = *p++;
    if (c == '{') {
      f->expand = true;
      depth++;
    } else if (c == '}' && --depth == 0) {
      f->spec_end = p - 1;
      *pp = p;
      return 0;
    }
  }
  kr_raise(&kr_ValueError_type, "unmatched '{' in format spec");
  return -1;
}

/* A boxed int, float or bool as its unboxed value (the box released). */
static KrArg unbox_number(KrArg a) {
  if (a.k == KR_OBJ && num_kind(a.v.o) != KR_OBJ) {
    KrObj *box = a.v.o;
    a.k = num_kind(box);
    a.v = kr_val_unbox(box, a.k);
    kr_decref(box);
  }
  return a;
}

/* A field's [index] (key NULL; index >= 0) or [key] part: PySequence_GetItem
 * for sequences and PyObject_GetItem for the rest, with their errors. *a
 * (owned) becomes the item; on error it is left as it was. */
static int get_item(KrArg *a, int64_t index, KrObj *key) {
  *a = unbox_number(*a);
  KrObj *o = a->k == KR_OBJ ? a->v.o : NULL;
  const KrType *t = o ? o->type : NULL;
  KrArg r = {{0}, KR_OBJ};
  if (t == &kr_dict_type) {
    KrVal k = {.i = index};
    if (key)
      k.o = key;
    r.v = kr_dict_getitem(o, k, key ? KR_OBJ : KR_INT);
    r.k = KR_DICT(o)->vkind;
  } else if (key && (t == &kr_list_type || t == &kr_tuple_type || t == &kr_range_type)) {
    kr_raise(&kr_TypeError_type, "%s indices must be integers or slices, not str", t->name);
  } else if (key && t == &kr_bytes_type) {
    kr_raise(&kr_TypeError_type, "byte indices must be integers or slices, not str");
  } else if (key && t == &kr_str_type) {
    kr_raise(&kr_TypeError_type, "string indices must be integers, not 'str'");
  } else if (t == &kr_list_type) {
    r.v = kr_list_getitem(o, index);
    r.k = KR_LIST(o)->kind;
  } else if (t == &kr_tuple_type) {
    r.v = kr_tuple_getitem(o, index);
    if (!kr_failed())
      r.k = kr_tuple_kind(o, index);
  } else if (t == &kr_str_type) {
    r.v.o = kr_str_getitem(o, index);
  } else if (t == &kr_bytes_type) {
    r.v.i = kr_bytes_getitem(o, index);
    r.k = KR_INT;
  } else if (t == &kr_range_type) {
    r.v.i = kr_range_getitem(o, index);
    r.k = KR_INT;
  } else {
    kr_raise(&kr_TypeError_type, "'%s' object is not subscriptable", kr_type_name(a->v, a->k));
  }
  if (kr_failed())
    return -1;
  kr_val_decref(a->v, a->k);
  *a = r;
  return 0;
}

static bool name_is(const char *name, int64_t n, const char *what) {
  return (size_t)n == strlen(what) && memcmp(name, what, (size_t)n) == 0;
}

/* A field's .name part: the numbers' data attributes (see above), else
 * AttributeError. *a (owned) becomes the attribute's value. */
static int get_attr(KrArg *a, const char *name, int64_t n) {
  *a = unbox_number(*a);
  if (a->k == KR_INT || a->k == KR_BOOL) {
    int64_t v = a->k == KR_BOOL ? a->v.b : a->v.i;
    bool found = true;
    if (name_is(name, n, "real") || name_is(name, n, "numerator"))
      a->v.i = v;
    else if (name_is(name, n, "imag"))
      a->v.i = 0;
    else if (name_is(name, n, "denominator"))
      a->v.i = 1;
    else
      found = false;
    if (found) {
      a->k = KR_INT;
      return 0;
    }
  } else if (a->k == KR_FLOAT) {
    if (name_is(name, n, "real"))
      return 0;
    if (name_is(name, n, "imag")) {
      a->v.f = 0.0;
      return 0;
    }
  }
  KrObj *s = kr_str_new(name, n);
  if (!s)
    return -1;
  kr_raise(&kr_AttributeError_type, "'%s' object has no attribute '%S'", kr_type_name(a->v, a->k), s);
  kr_decref(s);
  return -1;
}

/* The value of a positional or keyword field's first part (a new
 * reference in *out): get_field_object up to the first '.' or '['. */
static int first_value(FmtArgs *fa, const char *name, const char *end, KrArg *out) {
  int64_t index = field_index(name, end);
  if (index == -2)
    return -1;
  bool empty = name == end;
  if (empty || index >= 0) { /* numbered: the string's own numbers or ours, never both */
    if (fa->auto_state == AUTO_INIT)
      fa->auto_state = empty ? AUTO_AUTO : AUTO_MANUAL;
    if (fa->auto_state == AUTO_MANUAL && empty) {
      kr_raise(&kr_ValueError_type, "cannot switch from manual field specification to automatic field numbering");
      return -1;
    }
    if (fa->auto_state == AUTO_AUTO && !empty) {
      kr_raise(&kr_ValueError_type, "cannot switch from automatic field numbering to manual field specification");
      return -1;
    }
    if (empty)
      index = fa->auto_next++;
  }
  if (index >= 0) {
    if (fa->map) {
      kr_raise(&kr_ValueError_type, "Format string contains positional fields");
      return -1;
    }
    if (index >= fa->nargs) {
      kr_raise(&kr_IndexError_type, "Replacement index %" PRId64 " out of range for positional args tuple", index);
      return -1;
    }
    *out = fa->args[index];
    kr_val_incref(out->v, out->k);
    return 0;
  }
  if (!fa->map) {
    for (int64_t i = 0; i < fa->nkw; i++) {
      KrObj *kw = fa->kwnames[i];
      if (kr_str_bytes(kw) == end - name && memcmp(kr_str_data(kw), name, (size_t)(end - name)) == 0) {
        *out = fa->kwargs[i];
        kr_val_incref(out->v, out->k);
        return 0;
      }
    }
  }
  KrObj *key = kr_str_new(name, end - name);
  if (!key)
    return -1;
  int rc = -1;
  if (fa->map) { /* mapping[key], with the mapping's own errors */
    KrArg m = {{.o = fa->map}, KR_OBJ};
    kr_incref(fa->map);
    rc = get_item(&m, -1, key);
    if (rc == 0)
      *out = m;
    else
      kr_val_decref(m.v, m.k);
  } else {
    kr_raise_args(&kr_KeyError_type, &key, 1);
  }
  kr_decref(key);
  return rc;
}

/* get_field_object: the value a field's name selects, a new reference in
 * *out. The first part, then each .attr and [item] as it is read. */
static int field_value(FmtArgs *fa, const char *name, const char *end, KrArg *out) {
  const char *p = name;
  while (p < end && *p != '.' && *p != '[')
    p++;
  KrArg a;
  if (first_value(fa, name, p, &a) < 0)
    return -1;
  while (p < end) {
    char c = *p++;
    const char *part = p;
    int rc;
    if (c == '.') {
      while (p < end && *p != '.' && *p != '[')
        p++;
      if (p == part) {
        kr_raise(&kr_ValueError_type, "Empty attribute in format string");
        goto fail;
      }
      rc = get_attr(&a, part, p - part);
    } else if (c == '[') {
      while (p < end && *p != ']')
        p++;
      if (p == end) { /* not reachable from str.format, whose parse_field found the ']' */
        kr_raise(&kr_ValueError_type, "Missing ']' in format string");
        goto fail;
      }
      const char *part_end = p++;
      int64_t index = field_index(part, part_end);
      if (index == -2)
        goto fail;
      if (part_end == part) {
        kr_raise(&kr_ValueError_type, "Empty attribute in format string");
        goto fail;
      }
      if (index >= 0) {
        rc = get_item(&a, index, NULL);
      } else {
        KrObj *key = kr_str_new(part, part_end - part);
        if (!key)
          goto fail;
        rc = get_item(&a, -1, key);
        kr_decref(key);
      }
    } else {
      kr_raise(&kr_ValueError_type, "Only '.' or '[' may follow ']' in format field specifier");
      goto fail;
    }
    if (rc < 0)
      goto fail;
  }
  *out = a;
  return 0;
fail:
  kr_val_decref(a.v, a.k);
  return -1;
}

static KrObj *format_build(FmtArgs *fa, const char *p, const char *end, int depth);

/* output_markup: look the field up, convert it, expand its spec, format
 * it onto out. */
static int put_field(KrBuf *out, FmtArgs *fa, const Field *f, int depth) {
  KrArg a;
  if (field_value(fa, f->name, f->name_end, &a) < 0)
    return -1;
  int rc = -1;
  KrObj *spec = NULL, *s = NULL;
  if (f->conversion) {
    KrObj *c = NULL;
    switch (f->conversion) {
    case 'r': c = kr_val_repr(a.v, a.k); break;
    case 's': c = kr_val_str(a.v, a.k); break;
    case 'a': c = kr_val_ascii(a.v, a.k); break;
    default:
      if (f->conversion > 32 && f->conversion < 127)
        kr_raise(&kr_ValueError_type, "Unknown conversion specifier %c", (int)f->conversion);
      else
        kr_raise(&kr_ValueError_type, "Unknown conversion specifier \\x%x", (unsigned)f->conversion);
    }
    if (!c)
      goto done;
    kr_val_decref(a.v, a.k);
    a = (KrArg){{.o = c}, KR_OBJ};
  }
  if (f->expand) {
    spec = format_build(fa, f->spec, f->spec_end, depth - 1);
  } else if (f->spec < f->spec_end) {
    spec = kr_str_new(f->spec, f->spec_end - f->spec);
  } else if (a.k == KR_OBJ && a.v.o->type == &kr_str_type) { /* the common cases, without a spec str */
    rc = kr_buf_puts(out, a.v.o);
    goto done;
  } else if (a.k == KR_INT) {
    rc = kr_buf_printf(out, "%" PRId64, a.v.i);
    goto done;
  } else {
    spec = kr_str_empty();
  }
  if (!spec)
    goto done;
  s = kr_format_val(a.v, a.k, spec);
  if (s)
    rc = kr_buf_puts(out, s);
done:
  kr_xdecref(s);
  kr_xdecref(spec);
  kr_val_decref(a.v, a.k);
  return rc;
}

/* build_string: the text [p, end) with its fields replaced; depth is how
 * many levels of nesting are still allowed (2 at the top). */
static KrObj *format_build(FmtArgs *fa, const char *p, const char *end, int depth) {
  if (depth <= 0)
    return kr_raise(&kr_ValueError_type, "Max string recursion exceeded");
  KrBuf out;
  kr_buf_init(&out, end - p + 16);
  while (p < end && !out.failed) {
    const char *start = p;
    while (p < end && *p != '{' && *p != '}')
      p++;
    if (p == end) {
      kr_buf_put(&out, start, p - start);
      break;
    }
    char c = *p++;
    if (p < end && *p == c) { /* '{{' or '}}': one brace of text */
      kr_buf_put(&out, start, p - start);
      p++;
      continue;
    }
    if (c == '}') {
      kr_raise(&kr_ValueError_type, "Single '}' encountered in format string");
      goto fail;
    }
    if (p == end) {
      kr_raise(&kr_ValueError_type, "Single '{' encountered in format string");
      goto fail;
    }
    const char *brace = p - 1;
    Field f;
    if (parse_field(&p, end, &f) < 0)
      goto fail;
    if (kr_buf_put(&out, start, brace - start) < 0 || put_field(&out, fa, &f, depth) < 0)
      goto fail;
  }
  return kr_buf_finish(&out); /* NULL with MemoryError if the builder failed */
fail:
  kr_buf_discard(&out);
  return NULL;
}

KrObj *kr_str_format(KrObj *fmt, const KrArg *args, int64_t n, KrObj *const *kwnames, const KrArg *kwargs,
                     int64_t nkw) {
  FmtArgs fa = {.args = args, .nargs = n, .kwnames = kwnames, .kwargs = kwargs, .nkw = nkw};
  const char *d = kr_str_data(fmt);
  return format_build(&fa, d, d + kr_str_bytes(fmt), 2);
}

KrObj *kr_str_format_map(KrObj *fmt, KrObj *dict) {
  FmtArgs fa = {.map = dict};
  const char *d = kr_str_data(fmt);
  return format_build(&fa, d, d + kr_str_bytes(fmt), 2);
}
