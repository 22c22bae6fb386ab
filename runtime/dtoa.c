/* dtoa.c — the shortest decimal that reads back as a double: the digits of
 * repr(float), which is what CPython's str and repr print.
 *
 * repr(float) is the shortest decimal string that reads back as the same
 * double, the one nearest the double when several are that short (David
 * Gay's dtoa, mode 0). Two ways to get it:
 *
 * Fast: Florian Loitsch's Grisu3 ("Printing floating-point numbers quickly
 * and accurately with integers", PLDI 2010), 64-bit integer arithmetic on
 * the double scaled by a cached power of ten. It knows when its result
 * might not be the shortest or the nearest (about 0.5% of doubles, and
 * every one whose shortest form lies on a rounding boundary) and then
 * gives up.
 *
 * Exact, the fallback: the C library's printf and strtod, which are exact
 * (and write '.', in the C locale the runtime never leaves). printf gives
 * r17, the double rounded to 17 digits, which always reads back. For a
 * shorter length p, only the two p-digit decimals that bracket the double
 * can read back as it, and both can be cut from r17; a bound on the
 * rounding interval's width rejects most of them without calling strtod.
 *
 * The digits are then laid out as CPython's format_float_short does for
 * 'r': positional when the decimal exponent is in [-4, 16), else d.ddde+XX.
 * The compiler's constant printer (compiler/repr.c) holds a copy of the
 * exact path; this file is meant to become the one copy both link.
 */
#include "kilnrt.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int exact_shortest(double d, char digits[24], int *decpt);

/* ---- Grisu3 */

/* A "do-it-yourself" float: f × 2^e. */
typedef struct DiyFp {
  uint64_t f;
  int e;
} DiyFp;

/* 10^k as f × 2^e with f normalised (top bit set) and rounded to nearest,
 * for k = -348, -340, ..., 340. Generated with exact rationals:
 *   for k in range(-348, 341, 8): find e with 2**63 <= 10**k / 2**e < 2**64,
 *   f = round(10**k / 2**e) (halves up). */
static const struct {
  uint64_t f;
  int16_t e, k;
} cached_powers[] = {
    {0xfa8fd5a0081c0288ull, -1220, -348}, {0xbaaee17fa23ebf76ull, -1193, -340},
    {0x8b16fb203055ac76ull, -1166, -332}, {0xcf42894a5dce35eaull, -1140, -324},
    {0x9a6bb0aa55653b2dull, -1113, -316}, {0xe61acf033d1a45dfull, -1087, -308},
    {0xab70fe17c79ac6caull, -1060, -300}, {0xff77b1fcbebcdc4full, -1034, -292},
    {0xbe5691ef416bd60cull, -1007, -284}, {0x8dd01fad907ffc3cull, -980, -276},
    {0xd3515c2831559a83ull, -954, -268}, {0x9d71ac8fada6c9b5ull, -927, -260},
    {0xea9c227723ee8bcbull, -901, -252}, {0xaecc49914078536dull, -874, -244},
    {0x823c12795db6ce57ull, -847, -236}, {0xc21094364dfb5637ull, -821, -228},
    {0x9096ea6f3848984full, -794, -220}, {0xd77485cb25823ac7ull, -768, -212},
    {0xa086cfcd97bf97f4ull, -741, -204}, {0xef340a98172aace5ull, -715, -196},
    {0xb23867fb2a35b28eull, -688, -188}, {0x84c8d4dfd2c63f3bull, -661, -180},
    {0xc5dd44271ad3cdbaull, -635, -172}, {0x936b9fcebb25c996ull, -608, -164},
    {0xdbac6c247d62a584ull, -582, -156}, {0xa3ab66580d5fdaf6ull, -555, -148},
    {0xf3e2f893dec3f126ull, -529, -140}, {0xb5b5ada8aaff80b8ull, -502, -132},
    {0x87625f056c7c4a8bull, -475, -124}, {0xc9bcff6034c13053ull, -449, -116},
    {0x964e858c91ba2655ull, -422, -108}, {0xdff9772470297ebdull, -396, -100},
    {0xa6dfbd9fb8e5b88full, -369, -92}, {0xf8a95fcf88747d94ull, -343, -84},
    {0xb94470938fa89bcfull, -316, -76}, {0x8a08f0f8bf0f156bull, -289, -68},
    {0xcdb02555653131b6ull, -263, -60}, {0x993fe2c6d07b7facull, -236, -52},
    {0xe45c10c42a2b3b06ull, -210, -44}, {0xaa242499697392d3ull, -183, -36},
    {0xfd87b5f28300ca0eull, -157, -28}, {0xbce5086492111aebull, -130, -20},
    {0x8cbccc096f5088ccull, -103, -12}, {0xd1b71758e219652cull, -77, -4},
    {0x9c40000000000000ull, -50, 4}, {0xe8d4a51000000000ull, -24, 12},
    {0xad78ebc5ac620000ull, 3, 20}, {0x813f3978f8940984ull, 30, 28},
    {0xc097ce7bc90715b3ull, 56, 36}, {0x8f7e32ce7bea5c70ull, 83, 44},
    {0xd5d238a4abe98068ull, 109, 52}, {0x9f4f2726179a2245ull, 136, 60},
    {0xed63a231d4c4fb27ull, 162, 68}, {0xb0de65388cc8ada8ull, 189, 76},
    {0x83c7088e1aab65dbull, 216, 84}, {0xc45d1df942711d9aull, 242, 92},
    {0x924d692ca61be758ull, 269, 100}, {0xda01ee641a708deaull, 295, 108},
    {0xa26da3999aef774aull, 322, 116}, {0xf209787bb47d6b85ull, 348, 124},
    {0xb454e4a179dd1877ull, 375, 132}, {0x865b86925b9bc5c2ull, 402, 140},
    {0xc83553c5c8965d3dull, 428, 148}, {0x952ab45cfa97a0b3ull, 455, 156},
    {0xde469fbd99a05fe3ull, 481, 164}, {0xa59bc234db398c25ull, 508, 172},
    {0xf6c69a72a3989f5cull, 534, 180}, {0xb7dcbf5354e9beceull, 561, 188},
    {0x88fcf317f22241e2ull, 588, 196}, {0xcc20ce9bd35c78a5ull, 614, 204},
    {0x98165af37b2153dfull, 641, 212}, {0xe2a0b5dc971f303aull, 667, 220},
    {0xa8d9d1535ce3b396ull, 694, 228}, {0xfb9b7cd9a4a7443cull, 720, 236},
    {0xbb764c4ca7a44410ull, 747, 244}, {0x8bab8eefb6409c1aull, 774, 252},
    {0xd01fef10a657842cull, 800, 260}, {0x9b10a4e5e9913129ull, 827, 268},
    {0xe7109bfba19c0c9dull, 853, 276}, {0xac2820d9623bf429ull, 880, 284},
    {0x80444b5e7aa7cf85ull, 907, 292}, {0xbf21e44003acdd2dull, 933, 300},
    {0x8e679c2f5e44ff8full, 960, 308}, {0xd433179d9c8cb841ull, 986, 316},
    {0x9e19db92b4e31ba9ull, 1013, 324}, {0xeb96bf6ebadf77d9ull, 1039, 332},
    {0xaf87023b9bf0ee6bull, 1066, 340},
};

/* The product rounded to 64 bits (error at most half a unit). */
static DiyFp diy_mul(DiyFp a, DiyFp b) {
  __uint128_t p = (__uint128_t)a.f * b.f;
  uint64_t hi = (uint64_t)(p >> 64), lo = (uint64_t)p;
  return (DiyFp){hi + (lo >> 63), a.e + b.e + 64};
}

static DiyFp diy_normalize(DiyFp x) {
  int s = __builtin_clzll(x.f);
  return (DiyFp){x.f << s, x.e - s};
}

/* The largest power of ten <= n (n < 2^32) and its exponent + 1. */
static void biggest_pow10(uint32_t n, uint32_t *pow, int *exp1) {
  static const uint32_t p10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000};
  int k = 9;
  while (k > 0 && p10[k] > n)
    k--;
  *pow = p10[k];
  *exp1 = n == 0 ? 0 : k + 1;
}

/* Grisu3's round_weed: move the last digit towards w while that stays in
 * the interval and gets closer; false when the uncertainty of the scaled
 * values (unit) leaves the answer in doubt. */
static bool round_weed(char *buf, int len, uint64_t dist_high_w, uint64_t unsafe, uint64_t rest, uint64_t ten_kappa,
                       uint64_t unit) {
  uint64_t small = dist_high_w - unit, big = dist_high_w + unit;
  while (rest < small && unsafe - rest >= ten_kappa &&
         (rest + ten_kappa < small || small - rest >= rest + ten_kappa - small)) {
    buf[len - 1]--;
    rest += ten_kappa;
  }
  if (rest < big && unsafe - rest >= ten_kappa &&
      (rest + ten_kappa < big || big - rest > rest + ten_kappa - big))
    return false;
  return 2 * unit <= rest && rest <= unsafe - 4 * unit;
}

/* The digits of too_high = high + 1 unit, stopping as soon as what is left
 * is inside the unsafe interval (low - 1 unit, high + 1 unit). */
static bool digit_gen(DiyFp low, DiyFp w, DiyFp high, char *buf, int *len, int *kappa) {
  uint64_t unit = 1;
  DiyFp too_low = {low.f - unit, low.e}, too_high = {high.f + unit, high.e};
  uint64_t unsafe = too_high.f - too_low.f;
  DiyFp one = {(uint64_t)1 << -w.e, w.e};
  uint32_t integrals = (uint32_t)(too_high.f >> -one.e);
  uint64_t fractionals = too_high.f & (one.f - 1);
  uint32_t divisor;
  int exp1;
  biggest_pow10(integrals, &divisor, &exp1);
  *kappa = exp1;
  *len = 0;
  while (*kappa > 0) {
    buf[(*len)++] = (char)('0' + integrals / divisor);
    integrals %= divisor;
    (*kappa)--;
    uint64_t rest = ((uint64_t)integrals << -one.e) + fractionals;
    if (rest < unsafe)
      return round_weed(buf, *len, too_high.f - w.f, unsafe, rest, (uint64_t)divisor << -one.e, unit);
    divisor /= 10;
  }
  for (;;) {
    fractionals *= 10;
    unit *= 10;
    unsafe *= 10;
    buf[(*len)++] = (char)('0' + (int)(fractionals >> -one.e));
    fractionals &= one.f - 1;
    (*kappa)--;
    if (fractionals < unsafe)
      return round_weed(buf, *len, (too_high.f - w.f) * unit, unsafe, fractionals, one.f, unit);
  }
}

/* Shortest digits of d > 0 (finite), or false when Grisu3 cannot be sure:
 * buf gets len digits, value = digits × 10^dexp. */
static bool grisu3(double d, char buf[24], int *len, int *dexp) {
  uint64_t bits;
  memcpy(&bits, &d, 8);
  uint64_t frac = bits & ((1ull << 52) - 1);
  int bexp = (int)(bits >> 52);
  DiyFp v;
  if (bexp == 0)
    v = (DiyFp){frac, -1074};
  else
    v = (DiyFp){frac | (1ull << 52), bexp - 1075};
  /* the boundaries halfway to the neighbours; the lower one is closer
   * when the significand is a power of two (not for the smallest normal) */
  DiyFp m_plus = diy_normalize((DiyFp){(v.f << 1) + 1, v.e - 1});
  DiyFp m_minus = frac == 0 && bexp > 1 ? (DiyFp){(v.f << 2) - 1, v.e - 2} : (DiyFp){(v.f << 1) - 1, v.e - 1};
  m_minus.f <<= m_minus.e - m_plus.e;
  m_minus.e = m_plus.e;
  DiyFp w = diy_normalize(v);
  /* a cached 10^-k that brings w's exponent into [-60, -32] */
  int min_exp = -60 - (w.e + 64);
  int k = (int)ceil((min_exp + 63) * 0.30102999566398114);
  int idx = (348 + k - 1) / 8 + 1;
  DiyFp c = {cached_powers[idx].f, cached_powers[idx].e};
  int mk = cached_powers[idx].k;
  DiyFp sw = diy_mul(w, c), sminus = diy_mul(m_minus, c), splus = diy_mul(m_plus, c);
  int kappa;
  if (!digit_gen(sminus, sw, splus, buf, len, &kappa))
    return false;
  *dexp = -mk + kappa;
  return true;
}

/* ---- the exact way */

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
  int len, dexp;
  if (grisu3(d, digits, &len, &dexp)) {
    while (len > 1 && digits[len - 1] == '0')
      len--, dexp++;
    digits[len] = 0;
    *decpt = len + dexp;
    return len;
  }
  return exact_shortest(d, digits, decpt);
}

/* The exact way: r17 from printf, shorter candidates checked with strtod. */
static int exact_shortest(double d, char digits[24], int *decpt) {
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
