/* dtoa.c — the shortest decimal that reads back as a double: the digits of
 * repr(float), which is what CPython's str and repr print.
 *
 * repr(float) is the shortest decimal string that reads back as the same
 * double, the one nearest the double when several are that short (David
 * Gay's dtoa, mode 0). We get it from the C library, whose printf and
 * strtod are exact (and write '.', in the C locale the runtime never
 * leaves): printf gives r17, the double rounded to 17 digits, which always
 * reads back. For a shorter length p, only the two p-digit decimals that
 * bracket the double can read back as it, and both can be cut from r17; a
 * bound on the rounding interval's width rejects most of them without
 * calling strtod, so a repr costs one printf and about one strtod. The
 * digits are then laid out as CPython's format_float_short does for 'r':
 * positional when the decimal exponent is in [-4, 16), else d.ddde+XX.
 *
 * The compiler's constant printer (compiler/repr.c) holds the same
 * algorithm; this file is meant to become the one copy both link.
 */
#include "kilnrt.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int kr_dtoa_shortest(double d, char digits[24], int *decpt) {
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

int kr_dtoa_repr(double d, char out[32], bool add_dot0) {
  char *p = out;
  if (isnan(d)) { /* CPython never prints a sign for a nan */
    strcpy(out, "nan");
    return 3;
  }
  if (signbit(d))
    *p++ = '-';
  if (isinf(d)) {
    strcpy(p, "inf");
    return (int)(p - out) + 3;
  }
  char digits[24];
  int decpt;
  int n = kr_dtoa_shortest(d, digits, &decpt);
  if (decpt <= -4 || decpt > 16) { /* d.ddde+XX */
    *p++ = digits[0];
    if (n > 1) {
      *p++ = '.';
      memcpy(p, digits + 1, (size_t)n - 1);
      p += n - 1;
    }
    int e = decpt - 1;
    p += sprintf(p, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
  } else if (decpt <= 0) { /* 0.000ddd */
    *p++ = '0';
    *p++ = '.';
    for (int i = 0; i < -decpt; i++)
      *p++ = '0';
    memcpy(p, digits, (size_t)n);
    p += n;
  } else if (decpt >= n) { /* ddd000[.0] */
    memcpy(p, digits, (size_t)n);
    p += n;
    for (int i = n; i < decpt; i++)
      *p++ = '0';
    if (add_dot0) {
      *p++ = '.';
      *p++ = '0';
    }
  } else { /* dd.ddd */
    memcpy(p, digits, (size_t)decpt);
    p += decpt;
    *p++ = '.';
    memcpy(p, digits + decpt, (size_t)(n - decpt));
    p += n - decpt;
  }
  *p = 0;
  return (int)(p - out);
}
