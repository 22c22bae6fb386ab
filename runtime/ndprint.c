/* ndprint.c — str() and repr() of arrays and numpy scalars, exactly as
 * numpy 1.24 prints them with its default print options (precision 8,
 * floatmode 'maxprec', suppress False, threshold 1000 with 3 edge items,
 * linewidth 75, sign '-').
 *
 * Three layers, top to bottom:
 *
 *  - Digits. numpy prints floats with Dragon4 (Steele & White's free-format
 *    algorithm on exact big integers): digits of the exact binary value
 *    are generated one at a time until they identify the value among its
 *    neighbours *in its own precision* (so float32 0.1 prints "0.1"), or
 *    until a cutoff; a second cutoff can force more digits than that. The
 *    last digit is then rounded to nearest, ties to even. Python's repr
 *    and dtoa.c only know doubles and have no cutoffs, so this file has
 *    its own small Dragon4 over fixed-size big integers.
 *
 *  - Items. An array is printed with one format for all its items, chosen
 *    from all of them first (numpy's FloatingFormat): scientific notation
 *    when the largest magnitude is >= 1e8 or the smallest is < 1e-4 or
 *    their ratio > 1000, else positional with at most 8 fraction digits;
 *    a common width left and right of the decimal point (so points line
 *    up), and in scientific notation a common number of digits, which can
 *    show digits beyond the shortest ones (float32 0.1 becomes
 *    1.00000001e-01 beside 1.23456789e-05). Ints get the width of the
 *    longest; bools are " True" / "False".
 *
 *  - Layout (numpy's _formatArray): nested brackets, items separated by
 *    ", " (repr) or " " (str), rows wrapped before column 75 and indented
 *    under their bracket, blank lines between blocks of 3-d and deeper
 *    arrays, "..." in place of all but the first and last 3 items of each
 *    axis when the array has more than 1000 items, then repr's "array(",
 *    and "dtype=" for dtypes other than int64, float64 and bool.
 *
 * bfloat16, which numpy lacks, prints as its float32 value would, with
 * dtype=bfloat16. Everything is computed from the items in place (any
 * strides), without copies; the only allocation is the result's.
 */
#include "ndarray.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum {
  EDGE = 3,         /* edgeitems: items kept at each end of a summarised axis */
  THRESHOLD = 1000, /* more items than this: summarise */
  LINEWIDTH = 75,
  PRECISION = 8,    /* at most this many fraction digits (positional) or digits after the first (scientific) */
};

/* ================================================================ big integers
 *
 * Unsigned, little-endian 32-bit words. Dragon4's numbers stay below
 * 2^1160: a double's value times 4 (2^1026) over a scale of 4 times
 * 10^308, or, below 1, 4 times a 53-bit mantissa times 10^324 (2^1132)
 * over 2^1076; the remainder stays below 10 times the scale. The margins
 * start below the value and grow 10 times a digit, but their ratio to the
 * scale passes 1 within 17 digits (then the digits identify the value) and
 * callers ask for at most 9 digits beyond that. 40 words are 1280 bits.
 */
#define BIG_WORDS 40

typedef struct Big {
  int n;                   /* words in use; w[n-1] != 0, n == 0 for zero */
  uint32_t w[BIG_WORDS];
} Big;

static void big_set(Big *a, uint64_t v) {
  a->n = 0;
  while (v) {
    a->w[a->n++] = (uint32_t)v;
    v >>= 32;
  }
}

static void big_shl(Big *a, int bits) {
  if (a->n == 0 || bits == 0)
    return;
  int words = bits / 32, sh = bits % 32;
  uint32_t top = sh ? a->w[a->n - 1] >> (32 - sh) : 0;
  for (int i = a->n - 1; i >= 0; i--) {
    uint32_t hi = a->w[i] << sh;
    uint32_t lo = (sh && i > 0) ? a->w[i - 1] >> (32 - sh) : 0;
    a->w[i + words] = hi | lo;
  }
  for (int i = 0; i < words; i++)
    a->w[i] = 0;
  a->n += words;
  if (top)
    a->w[a->n++] = top;
}

static void big_mul(Big *a, uint32_t k) {
  uint64_t carry = 0;
  for (int i = 0; i < a->n; i++) {
    uint64_t t = (uint64_t)a->w[i] * k + carry;
    a->w[i] = (uint32_t)t;
    carry = t >> 32;
  }
  if (carry)
    a->w[a->n++] = (uint32_t)carry;
}

static void big_mul_pow10(Big *a, int k) {
  static const uint32_t p10[10] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000};
  for (; k >= 9; k -= 9)
    big_mul(a, p10[9]);
  if (k > 0)
    big_mul(a, p10[k]);
}

static int big_cmp(const Big *a, const Big *b) {
  if (a->n != b->n)
    return a->n < b->n ? -1 : 1;
  for (int i = a->n - 1; i >= 0; i--)
    if (a->w[i] != b->w[i])
      return a->w[i] < b->w[i] ? -1 : 1;
  return 0;
}

/* a -= b, where a >= b */
static void big_sub(Big *a, const Big *b) {
  int64_t borrow = 0;
  for (int i = 0; i < a->n; i++) {
    int64_t t = (int64_t)a->w[i] - (i < b->n ? b->w[i] : 0) - borrow;
    borrow = t < 0;
    a->w[i] = (uint32_t)(t + (borrow ? ((int64_t)1 << 32) : 0));
  }
  while (a->n > 0 && a->w[a->n - 1] == 0)
    a->n--;
}

/* r = a + b */
static void big_add(Big *r, const Big *a, const Big *b) {
  const Big *x = a->n >= b->n ? a : b, *y = a->n >= b->n ? b : a;
  uint64_t carry = 0;
  for (int i = 0; i < x->n; i++) {
    uint64_t t = (uint64_t)x->w[i] + (i < y->n ? y->w[i] : 0) + carry;
    r->w[i] = (uint32_t)t;
    carry = t >> 32;
  }
  r->n = x->n;
  if (carry)
    r->w[r->n++] = (uint32_t)carry;
}

/* ================================================================ Dragon4 */

/* A float item decoded: value = (-1)^neg × m × 2^e, and whether the gap to
 * the next smaller float is half the gap to the next larger one (m is a
 * power of two and not the smallest normal), as numpy's Dragon4 tracks. */
typedef struct FBits {
  uint64_t m;
  int e;
  bool neg;
  bool unequal;
  bool nan, inf;
  double v; /* the value, exactly (every float16/32 is a double) */
} FBits;

/* Decode an IEEE binary format with fbits fraction bits and ebits exponent bits. */
static FBits decode(uint64_t bits, int fbits, int ebits) {
  FBits x = {0};
  uint64_t frac = bits & (((uint64_t)1 << fbits) - 1);
  int ex = (int)((bits >> fbits) & ((1u << ebits) - 1));
  int bias = (1 << (ebits - 1)) - 1;
  x.neg = (bits >> (fbits + ebits)) & 1;
  if (ex == (1 << ebits) - 1) {
    x.nan = frac != 0;
    x.inf = frac == 0;
    x.v = x.nan ? NAN : x.neg ? -INFINITY : INFINITY;
    return x;
  }
  if (ex == 0) { /* zero or subnormal */
    x.m = frac;
    x.e = 1 - bias - fbits;
  } else {
    x.m = frac | ((uint64_t)1 << fbits);
    x.e = ex - bias - fbits;
    x.unequal = frac == 0 && ex > 1;
  }
  x.v = ldexp((double)x.m, x.e);
  if (x.neg)
    x.v = -x.v;
  return x;
}

static FBits load_float(KrDtype dt, const char *p) {
  switch (dt) {
  case KR_DT_FLOAT64: {
    uint64_t u;
    memcpy(&u, p, 8);
    return decode(u, 52, 11);
  }
  case KR_DT_FLOAT32: {
    uint32_t u;
    memcpy(&u, p, 4);
    return decode(u, 23, 8);
  }
  case KR_DT_FLOAT16: {
    uint16_t u;
    memcpy(&u, p, 2);
    return decode(u, 10, 5);
  }
  default: { /* bfloat16: the top half of a float32 */
    uint16_t u;
    memcpy(&u, p, 2);
    return decode((uint32_t)u << 16, 23, 8);
  }
  }
}

/* Digit limits for dragon4. frac: the limits count digits after the
 * decimal point, else significant digits. max: stop there even if the
 * digits do not yet identify the value (-1: no limit); min: go on at least
 * that far even when they do (-1: no minimum). */
typedef struct Cut {
  bool frac;
  int max, min;
} Cut;

#define DIGITS_CAP 400 /* more than any float has (a double's 767 significant digits are never asked for) */

/* The digits of |x| (finite), as numpy's Dragon4 in its "unique" mode
 * makes them: at least up to c.min, then until they identify x among the
 * floats of its format, at most to c.max, the last rounded to nearest
 * (ties to even). out gets the digits, *exp10 the power of ten of the
 * first; returns their count. Zero is "0" with exponent 0.
 *
 * The numbers: v = r/s, and mlo/s, mhi/s are half the gaps to the
 * neighbouring floats below and above. Each step takes the integer part
 * of r/s as the digit; the digits so far identify x once the rest is
 * within the low margin (so truncating reads back as x) or within the
 * high margin of the next digit up (so rounding up does). When m is even
 * the format's round-half-even would read the exact midpoint back as x,
 * so the margins count as inside. */
static int dragon4(const FBits *x, Cut c, char *out, int *exp10) {
  if (x->m == 0) {
    out[0] = '0';
    *exp10 = 0;
    return 1;
  }
  Big r, s, mlo, mhi, t;
  bool even = (x->m & 1) == 0;
  big_set(&r, x->m);
  /* Everything times 4, so that a quarter gap (the low margin of a power
   * of two) is an integer. */
  if (x->e >= 0) {
    big_shl(&r, x->e + 2);
    big_set(&s, 4);
    big_set(&mhi, 1);
    big_shl(&mhi, x->e + 1);
    big_set(&mlo, 1);
    big_shl(&mlo, x->unequal ? x->e : x->e + 1);
  } else {
    big_shl(&r, 2);
    big_set(&s, 1);
    big_shl(&s, 2 - x->e);
    big_set(&mhi, 2);
    big_set(&mlo, x->unequal ? 1 : 2);
  }

  /* k: the power of ten of the first digit. The estimate from the binary
   * exponent is k or k - 1; then scale so that 1 <= r/s < 10. */
  int top = 63 - __builtin_clzll(x->m);
  int k = (int)floor((top + x->e) * 0.30102999566398119521);
  if (k >= 0) {
    big_mul_pow10(&s, k);
  } else {
    big_mul_pow10(&r, -k);
    big_mul_pow10(&mlo, -k);
    big_mul_pow10(&mhi, -k);
  }
  t = s;
  big_mul(&t, 10);
  if (big_cmp(&r, &t) >= 0) {
    s = t;
    k++;
  } else if (big_cmp(&r, &s) < 0) {
    big_mul(&r, 10);
    big_mul(&mlo, 10);
    big_mul(&mhi, 10);
    k--;
  }
  /* A fraction-digit limit above the first digit: start at the limit
   * (the first digit is then 0, or 1 after rounding). */
  if (c.frac && c.max >= 0 && k < -c.max) {
    big_mul_pow10(&s, -c.max - k);
    k = -c.max;
  }

  /* The powers of ten of the last digit allowed, and of the first digit
   * after which we may stop. */
  int last = k - (DIGITS_CAP - 1);
  if (c.max >= 0) {
    int want = c.frac ? -c.max : k - c.max + 1;
    if (want > last)
      last = want;
  }
  int stop = k;
  if (c.min >= 0) {
    int want = c.frac ? -c.min : k - c.min + 1;
    if (want < stop)
      stop = want;
  }

  int n = 0, pos = k, d;
  bool low, high;
  for (;;) {
    for (d = 0; big_cmp(&r, &s) >= 0; d++)
      big_sub(&r, &s);
    big_add(&t, &r, &mhi);
    int cl = big_cmp(&r, &mlo), ch = big_cmp(&t, &s);
    low = even ? cl <= 0 : cl < 0;
    high = even ? ch >= 0 : ch > 0;
    if (((low || high) && pos <= stop) || pos == last)
      break;
    out[n++] = (char)('0' + d);
    big_mul(&r, 10);
    big_mul(&mlo, 10);
    big_mul(&mhi, 10);
    pos--;
  }

  /* Round the last digit: down when only truncating identifies x, up
   * when only rounding up does, else to nearest by the rest, ties even. */
  bool down = low;
  if (low == high) {
    t = r;
    big_shl(&t, 1);
    int cmp = big_cmp(&t, &s);
    down = cmp < 0 || (cmp == 0 && (d & 1) == 0);
  }
  if (down) {
    out[n++] = (char)('0' + d);
  } else if (d < 9) {
    out[n++] = (char)('0' + d + 1);
  } else { /* carry: ...x99 + 1 is ...(x+1), the zeros left implicit */
    while (n > 0 && out[n - 1] == '9')
      n--;
    if (n == 0) {
      out[n++] = '1';
      k++;
    } else {
      out[n - 1]++;
    }
  }
  *exp10 = k;
  return n;
}

/* ================================================================ one float as text
 *
 * numpy's format_float_positional / format_float_scientific, unique mode.
 * Trim modes, numpy's: KEEP ('k') keeps what was generated, DOT ('.')
 * drops trailing zeros but keeps the point ("1."), ZERO ('0') leaves one
 * zero ("1.0"), ALL ('-') drops the point too ("1e+16"). Trailing zeros
 * are only dropped when a precision is given. pad_left / pad_right: pad
 * with spaces to that many characters left of the point (sign included)
 * and fraction digits right of it; -1: none.
 */
typedef enum Trim { TRIM_KEEP, TRIM_DOT, TRIM_ZERO, TRIM_ALL } Trim;

#define ITEM_CAP (DIGITS_CAP + 64)

static int put_spaces(char *o, int n) {
  for (int i = 0; i < n; i++)
    o[i] = ' ';
  return n > 0 ? n : 0;
}

/* Only ever asked for 0 and magnitudes in [1e-4, 1e16) (arrays switch to
 * scientific below 1e-4 and from 1e8, scalars below 1e-4 and from 1e16), so
 * the text stays far inside ITEM_CAP: at most 3 zeros after the point
 * before the digits, at most 16 digits before it. */
static int positional(const FBits *x, int precision, int min_digits, Trim trim, int pad_left, int pad_right,
                      char *out) {
  char dig[DIGITS_CAP];
  int k, n = dragon4(x, (Cut){true, precision, min_digits}, dig, &k);
  char buf[ITEM_CAP];
  int pos = 0, whole, frac = 0;
  if (x->neg)
    buf[pos++] = '-';
  if (k >= 0) {
    whole = k + 1;
    if (n <= whole) {
      memcpy(buf + pos, dig, (size_t)n);
      pos += n;
      for (int i = n; i < whole; i++)
        buf[pos++] = '0';
    } else {
      memcpy(buf + pos, dig, (size_t)whole);
      pos += whole;
      buf[pos++] = '.';
      memcpy(buf + pos, dig + whole, (size_t)(n - whole));
      pos += n - whole;
      frac = n - whole;
    }
  } else {
    whole = 1;
    buf[pos++] = '0';
    buf[pos++] = '.';
    for (int i = 0; i < -k - 1; i++)
      buf[pos++] = '0';
    memcpy(buf + pos, dig, (size_t)n);
    pos += n;
    frac = -k - 1 + n;
  }
  if (frac == 0 && trim != TRIM_ALL)
    buf[pos++] = '.';
  if (frac == 0 && trim == TRIM_ZERO) {
    buf[pos++] = '0';
    frac++;
  }
  for (; trim == TRIM_KEEP && frac < min_digits; frac++)
    buf[pos++] = '0';
  if (precision >= 0 && trim != TRIM_KEEP && frac > 0) {
    while (buf[pos - 1] == '0') {
      pos--;
      frac--;
    }
    if (trim == TRIM_ZERO && buf[pos - 1] == '.') {
      buf[pos++] = '0';
      frac++;
    }
  }
  if (pad_right >= frac)
    pos += put_spaces(buf + pos, pad_right - frac);
  int o = put_spaces(out, pad_left - whole - (int)x->neg);
  memcpy(out + o, buf, (size_t)pos);
  return o + pos;
}

/* exp_digits: at least that many exponent digits (-1: 2). */
static int scientific(const FBits *x, int precision, int min_digits, Trim trim, int pad_left, int exp_digits,
                      char *out) {
  char dig[DIGITS_CAP];
  int k, n = dragon4(x, (Cut){false, precision >= 0 ? precision + 1 : -1, min_digits >= 0 ? min_digits + 1 : -1},
                     dig, &k);
  int pos = put_spaces(out, pad_left - 1 - (int)x->neg);
  if (x->neg)
    out[pos++] = '-';
  out[pos++] = dig[0];
  int frac = n - 1;
  if (frac > 0) {
    out[pos++] = '.';
    memcpy(out + pos, dig + 1, (size_t)frac);
    pos += frac;
  }
  if (frac == 0 && trim != TRIM_ALL)
    out[pos++] = '.';
  if (frac == 0 && trim == TRIM_ZERO) {
    out[pos++] = '0';
    frac++;
  }
  /* a carry ("9.9996" to 4 digits is "1") leaves the zeros to min_digits implicit */
  for (; trim == TRIM_KEEP && frac < min_digits; frac++)
    out[pos++] = '0';
  if (precision >= 0 && trim != TRIM_KEEP && frac > 0) {
    while (out[pos - 1] == '0') {
      pos--;
      frac--;
    }
    if (trim == TRIM_ZERO && out[pos - 1] == '.') {
      out[pos++] = '0';
      frac++;
    }
  }
  if (exp_digits < 0)
    exp_digits = 2;
  out[pos++] = 'e';
  out[pos++] = k < 0 ? '-' : '+';
  char e[12];
  int en = snprintf(e, sizeof e, "%0*d", exp_digits, k < 0 ? -k : k);
  memcpy(out + pos, e, (size_t)en);
  return pos + en;
}

/* A float scalar: numpy's repr of np.float16/32/64 (str is the same), as
 * Python prints floats: positional from 1e-4 to 1e16, else scientific. */
static int float_scalar(const FBits *x, char *out) {
  if (x->nan)
    return (int)(memcpy(out, "nan", 3), 3);
  if (x->inf)
    return x->neg ? (int)(memcpy(out, "-inf", 4), 4) : (int)(memcpy(out, "inf", 3), 3);
  double a = fabs(x->v);
  if (a == 0 || (a >= 1e-4 && a < 1e16))
    return positional(x, -1, -1, TRIM_ZERO, -1, -1, out);
  return scientific(x, -1, -1, TRIM_ALL, -1, -1, out);
}

/* ================================================================ the items of an array */

/* Visit the items numpy formats: all of them, or with summarise only the
 * first and last EDGE along each axis longer than 2 × EDGE (numpy's
 * _leading_trailing), in C order. */
typedef void ItemFn(void *ctx, const char *p);

static void walk(const KrArray *a, int axis, const char *p, bool summarise, ItemFn *fn, void *ctx) {
  if (axis == a->ndim) {
    fn(ctx, p);
    return;
  }
  int64_t n = a->shape[axis], st = a->strides[axis];
  for (int64_t i = 0; i < n; i++) {
    if (summarise && n > 2 * EDGE && i == EDGE)
      i = n - EDGE;
    walk(a, axis + 1, p + i * st, summarise, fn, ctx);
  }
}

/* An integer item as decimal text; returns its length. */
static int int_text(KrDtype dt, const char *p, char *out) {
  switch (dt) {
  case KR_DT_INT8:
    return sprintf(out, "%d", *(const int8_t *)p);
  case KR_DT_INT16: {
    int16_t v;
    memcpy(&v, p, 2);
    return sprintf(out, "%d", v);
  }
  case KR_DT_INT32: {
    int32_t v;
    memcpy(&v, p, 4);
    return sprintf(out, "%d", v);
  }
  case KR_DT_INT64: {
    int64_t v;
    memcpy(&v, p, 8);
    return sprintf(out, "%lld", (long long)v);
  }
  case KR_DT_UINT8:
    return sprintf(out, "%u", *(const uint8_t *)p);
  case KR_DT_UINT16: {
    uint16_t v;
    memcpy(&v, p, 2);
    return sprintf(out, "%u", v);
  }
  case KR_DT_UINT32: {
    uint32_t v;
    memcpy(&v, p, 4);
    return sprintf(out, "%u", v);
  }
  default: {
    uint64_t v;
    memcpy(&v, p, 8);
    return sprintf(out, "%llu", (unsigned long long)v);
  }
  }
}

/* 'b', 'i' (signed and unsigned alike: both print as decimal) or 'f' */
static char dt_kind(KrDtype dt) { return kr_dtype_kind[dt] == 'u' ? 'i' : kr_dtype_kind[dt]; }

/* The format shared by all items of one array. */
typedef struct Fmt {
  KrDtype dt;
  char kind;       /* 'b', 'i' (signed or unsigned), 'f' */
  bool zero_d;     /* a 0-d array: True is not padded to False's width */
  int width;       /* ints: the longest item */
  bool exp;        /* floats: scientific notation */
  int pad_left;    /* floats: characters left of the point, sign included */
  int pad_right;   /* floats: positional: fraction digits; scientific: the width right of the first digit */
  int precision;   /* floats, scientific: digits after the point */
  int exp_size;    /* floats, scientific: exponent digits */
} Fmt;

/* Gathering what numpy's FloatingFormat.fillFormat computes from the items. */
typedef struct FloatScan {
  KrDtype dt;
  bool any_finite, any_nonfinite, neg_inf;
  FBits max, min; /* the largest and smallest nonzero finite magnitudes */
  bool have_nonzero;
  bool exp;
  int pad_left, pad_right, exp_size;
} FloatScan;

static void scan_range(void *ctx, const char *p) {
  FloatScan *sc = ctx;
  FBits x = load_float(sc->dt, p);
  if (x.nan || x.inf) {
    sc->any_nonfinite = true;
    sc->neg_inf |= x.inf && x.neg;
    return;
  }
  sc->any_finite = true;
  if (x.m == 0)
    return;
  x.neg = false;
  x.v = fabs(x.v);
  if (!sc->have_nonzero || x.v > sc->max.v)
    sc->max = x;
  if (!sc->have_nonzero || x.v < sc->min.v)
    sc->min = x;
  sc->have_nonzero = true;
}

/* max / min in the items' own precision (numpy divides the two scalars of
 * the array's dtype; float16 divides in float32 and rounds the quotient),
 * bfloat16 as float32. Past 1000 in float64 can be 1000 in float32. */
static double ratio(const FloatScan *sc) {
  switch (sc->dt) {
  case KR_DT_FLOAT64:
    return sc->max.v / sc->min.v;
  case KR_DT_FLOAT16:
    return kr_f16_to_f32(kr_f32_to_f16((float)sc->max.v / (float)sc->min.v));
  default: {
    float q = (float)sc->max.v / (float)sc->min.v; /* the assignment rounds to float, whatever FLT_EVAL_METHOD */
    return q;
  }
  }
}

/* The first pass: each item printed on its own, for the widths. */
static void scan_widths(void *ctx, const char *p) {
  FloatScan *sc = ctx;
  FBits x = load_float(sc->dt, p);
  if (x.nan || x.inf)
    return;
  char t[ITEM_CAP];
  int n;
  if (sc->exp) {
    n = scientific(&x, PRECISION, -1, TRIM_DOT, -1, -1, t);
    int e = 0, dot = 0;
    while (t[e] != 'e')
      e++;
    while (t[dot] != '.')
      dot++;
    if (dot > sc->pad_left)
      sc->pad_left = dot;
    if (e - dot - 1 > sc->pad_right) /* fraction digits */
      sc->pad_right = e - dot - 1;
    if (n - e - 2 > sc->exp_size)
      sc->exp_size = n - e - 2;
  } else {
    n = positional(&x, PRECISION, -1, TRIM_DOT, -1, -1, t);
    int dot = 0;
    while (t[dot] != '.')
      dot++;
    if (dot > sc->pad_left)
      sc->pad_left = dot;
    if (n - dot - 1 > sc->pad_right)
      sc->pad_right = n - dot - 1;
  }
}

static void float_fmt(const KrArray *a, bool summarise, Fmt *f) {
  FloatScan sc = {.dt = (KrDtype)a->dtype};
  walk(a, 0, a->data, summarise, scan_range, &sc);
  if (sc.have_nonzero)
    sc.exp = sc.max.v >= 1e8 || sc.min.v < 0.0001 || ratio(&sc) > 1000.0;
  f->exp = sc.exp;
  f->exp_size = -1;
  if (sc.any_finite) {
    walk(a, 0, a->data, summarise, scan_widths, &sc);
    if (sc.exp) {
      f->precision = sc.pad_right;
      f->exp_size = sc.exp_size;
      f->pad_left = sc.pad_left;
      f->pad_right = sc.exp_size + 2 + sc.pad_right;
    } else {
      f->pad_left = sc.pad_left;
      f->pad_right = sc.pad_right;
    }
  }
  if (sc.any_nonfinite) { /* room for nan, inf, -inf right-aligned at the point */
    int offset = f->pad_right + 1;
    int inflen = 3 + sc.neg_inf;
    if (3 - offset > f->pad_left)
      f->pad_left = 3 - offset;
    if (inflen - offset > f->pad_left)
      f->pad_left = inflen - offset;
  }
}

static void int_width(void *ctx, const char *p) {
  Fmt *f = ctx;
  char t[24];
  int n = int_text(f->dt, p, t);
  if (n > f->width)
    f->width = n;
}

static void make_fmt(const KrArray *a, bool summarise, Fmt *f) {
  memset(f, 0, sizeof *f);
  f->dt = (KrDtype)a->dtype;
  f->kind = dt_kind(f->dt);
  f->zero_d = a->ndim == 0;
  if (f->kind == 'i')
    walk(a, 0, a->data, summarise, int_width, f);
  else if (f->kind == 'f')
    float_fmt(a, summarise, f);
}

/* One item in the array's format; returns the length. */
static int fmt_item(const Fmt *f, const char *p, char *out) {
  if (f->kind == 'b') {
    if (*p)
      return f->zero_d ? (int)(memcpy(out, "True", 4), 4) : (int)(memcpy(out, " True", 5), 5);
    return (int)(memcpy(out, "False", 5), 5);
  }
  if (f->kind == 'i') {
    char t[24];
    int n = int_text(f->dt, p, t);
    int o = put_spaces(out, f->width - n);
    memcpy(out + o, t, (size_t)n);
    return o + n;
  }
  FBits x = load_float(f->dt, p);
  if (x.nan || x.inf) {
    const char *s = x.nan ? "nan" : x.neg ? "-inf" : "inf";
    int n = (int)strlen(s);
    int o = put_spaces(out, f->pad_left + f->pad_right + 1 - n);
    memcpy(out + o, s, (size_t)n);
    return o + n;
  }
  if (f->exp)
    return scientific(&x, f->precision, f->precision, TRIM_KEEP, f->pad_left, f->exp_size, out);
  return positional(&x, PRECISION, 0, TRIM_DOT, f->pad_left, f->pad_right, out);
}

/* A scalar (or a 0-d array's str): numpy scalar repr, which str matches. */
static int scalar_text(const KrArray *a, char *out) {
  KrDtype dt = (KrDtype)a->dtype;
  switch (dt_kind(dt)) {
  case 'b':
    return *a->data ? (int)(memcpy(out, "True", 4), 4) : (int)(memcpy(out, "False", 5), 5);
  case 'i':
    return int_text(dt, a->data, out);
  default: {
    FBits x = load_float(dt, a->data);
    return float_scalar(&x, out);
  }
  }
}

/* ================================================================ layout
 *
 * numpy's _formatArray, written straight into the result. numpy builds
 * each row as a string that starts with its "hanging indent" and then
 * swaps that indent for "[" — the brackets opened so far fill exactly the
 * indent's width — so here a row's first line is counted as if the indent
 * were there, and later lines get the indent written out.
 */
typedef struct Layout {
  KrBuf *b;
  const KrArray *a;
  const Fmt *f;
  const char *sep; /* ", " or " " */
  bool summarise;
  int64_t line;    /* the current line's length, as numpy counts it */
} Layout;

static void put_indent(KrBuf *b, int n) { kr_buf_fill(b, ' ', n); }

/* Drop the spaces that end the text so far (numpy's line.rstrip()). */
static void rstrip(KrBuf *b) {
  if (b->failed || !b->s)
    return;
  while (b->len > 0 && b->s->data[b->len - 1] == ' ')
    b->len--;
}

/* numpy's _extendLine: a word goes on the current line, or on a new one
 * when it would pass width, unless the line holds nothing yet. */
static void add_word(Layout *L, const char *w, int n, int width, int indent) {
  if (L->line + n > width && L->line > indent) {
    rstrip(L->b);
    kr_buf_putc(L->b, '\n');
    put_indent(L->b, indent);
    L->line = indent;
  }
  kr_buf_put(L->b, w, n);
  L->line += n;
}

static void add_item(Layout *L, const char *p, int width, int indent) {
  char w[ITEM_CAP];
  add_word(L, w, fmt_item(L->f, p, w), width, indent);
}

/* The sub-array at axis (its first item at p): indent is the width of the
 * hanging indent of its rows, width the column its text must stay within. */
static void layout(Layout *L, int axis, const char *p, int indent, int width) {
  const KrArray *a = L->a;
  int left = a->ndim - axis;
  if (left == 0) {
    char w[ITEM_CAP];
    kr_buf_put(L->b, w, fmt_item(L->f, p, w));
    return;
  }
  int64_t n = a->shape[axis], st = a->strides[axis];
  bool summary = L->summarise && n > 2 * EDGE;
  int64_t lead = summary ? EDGE : 0, trail = summary ? EDGE : n;
  int seplen = (int)strlen(L->sep);
  kr_buf_putc(L->b, '[');
  if (left == 1) {
    /* the last axis: items wrapped into lines; room is kept for the
     * separator or "]" after each (numpy keeps 1 for both) */
    int elem_width = width - 1;
    L->line = indent;
    for (int64_t i = 0; i < lead; i++) {
      add_item(L, p + i * st, elem_width, indent);
      kr_buf_put(L->b, L->sep, seplen);
      L->line += seplen;
    }
    if (summary) {
      add_word(L, "...", 3, elem_width, indent);
      kr_buf_put(L->b, L->sep, seplen);
      L->line += seplen;
    }
    for (int64_t i = n - trail; i < n - 1; i++) {
      add_item(L, p + i * st, elem_width, indent);
      kr_buf_put(L->b, L->sep, seplen);
      L->line += seplen;
    }
    add_item(L, p + (n - 1) * st, elem_width, indent);
  } else {
    /* outer axes: one sub-array per line, left - 1 newlines between them
     * (blank lines between the blocks of 3-d and deeper arrays) */
    bool comma = L->sep[0] == ',';
    bool first = true;
    for (int64_t i = 0; i < n; i++) {
      if (summary && i == lead) {
        put_indent(L->b, indent);
        kr_buf_put(L->b, "...", 3);
        if (comma)
          kr_buf_putc(L->b, ',');
        kr_buf_fill(L->b, '\n', left - 1);
        i = n - trail;
      }
      if (!first)
        put_indent(L->b, indent);
      first = false;
      layout(L, axis + 1, p + i * st, indent + 1, width - 1);
      if (i < n - 1) {
        if (comma)
          kr_buf_putc(L->b, ',');
        kr_buf_fill(L->b, '\n', left - 1);
      }
    }
  }
  kr_buf_putc(L->b, ']');
}

/* The bracketed items (numpy's array2string): prefix is what stands before
 * the first bracket on its line ("array(" or ""), suffix what follows the
 * last (its width is taken off the line width). */
static void body(KrBuf *b, const KrArray *a, const char *sep, int prefix, int suffix) {
  bool summarise = a->size > THRESHOLD;
  Fmt f;
  make_fmt(a, summarise, &f);
  Layout L = {b, a, &f, sep, summarise, 0};
  layout(&L, 0, a->data, 1 + prefix, LINEWIDTH - suffix);
}

static bool dtype_implied(KrDtype dt) { return dt == KR_DT_INT64 || dt == KR_DT_FLOAT64 || dt == KR_DT_BOOL; }

KrObj *kr_array_str(KrObj *o) {
  const KrArray *a = (const KrArray *)o;
  KrBuf b;
  if (a->ndim == 0 || (a->flags & KR_ARR_SCALAR)) {
    char t[ITEM_CAP];
    return kr_str_new(t, scalar_text(a, t));
  }
  if (a->size == 0)
    return kr_str_new("[]", 2);
  kr_buf_init(&b, 64);
  body(&b, a, " ", 0, 0);
  return kr_buf_finish(&b);
}

KrObj *kr_array_repr(KrObj *o) {
  const KrArray *a = (const KrArray *)o;
  if (a->flags & KR_ARR_SCALAR)
    return kr_array_str(o);
  KrDtype dt = (KrDtype)a->dtype;
  bool skip_dtype = dtype_implied(dt) && a->size > 0;
  KrBuf b;
  kr_buf_init(&b, 64);
  kr_buf_put(&b, "array(", 6);
  if (a->size > 0) {
    body(&b, a, ", ", 6, 1);
  } else if (a->ndim == 1) {
    kr_buf_put(&b, "[]", 2);
  } else { /* numpy shows the shape unless it is (0,) */
    kr_buf_put(&b, "[], shape=(", 11);
    for (int i = 0; i < a->ndim; i++)
      kr_buf_printf(&b, i ? ", %lld" : "%lld", (long long)a->shape[i]);
    kr_buf_putc(&b, ')');
  }
  if (skip_dtype) {
    kr_buf_putc(&b, ')');
    return kr_buf_finish(&b);
  }
  kr_buf_putc(&b, ',');
  /* dtype= on the same line unless that would pass the line width */
  char dts[32];
  int dn = snprintf(dts, sizeof dts, "dtype=%s)", kr_dtype_name[dt]);
  int64_t last = 0;
  if (!b.failed) {
    int64_t nl = b.len;
    while (nl > 0 && b.s->data[nl - 1] != '\n')
      nl--;
    last = b.len - nl;
  }
  if (last + dn + 1 > LINEWIDTH) {
    kr_buf_putc(&b, '\n');
    put_indent(&b, 6);
  } else {
    kr_buf_putc(&b, ' ');
  }
  kr_buf_put(&b, dts, dn);
  return kr_buf_finish(&b);
}
