/* mathmod.c — the module math that kiln provides (import math): CPython
 * 3.11's math module on kiln's unboxed floats and 64-bit ints.
 *
 * Where CPython calls libm, this calls the same function (the program links
 * the system's libm, as CPython does) and checks the result the way
 * CPython's wrappers do: math1() is its math_1 (a NaN out of a non-NaN is a
 * domain error, an infinity out of a finite value a range error or, for
 * functions that cannot overflow, a domain error), math1e() its math_1a
 * (errno decides), math2() its math_2. Where CPython has its own algorithm
 * the same algorithm is written here, operation for operation, since float
 * results must be bit-identical: fsum (Shewchuk's exact partials with
 * CPython's final half-even fix-up), hypot and dist (vector_norm: scaling by
 * a power of two, Veltkamp-Dekker squares, compensated sums and one Newton
 * correction of the square root), gamma and lgamma (Lanczos, N=13, with the
 * reflection formula), pow's and atan2's special values, remainder.
 *
 * Integer functions are exact on int64 and raise OverflowError (kiln's
 * message) for a result CPython would give as a big int. */
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#include "kilnrt.h"

#define KR_PI 3.141592653589793238462643383279502884197

static double domain_error(void) {
  kr_raise(&kr_ValueError_type, "math domain error");
  return 0;
}

static double range_error(void) {
  kr_raise(&kr_OverflowError_type, "math range error");
  return 0;
}

/* errno is set after a libm call that returned r: is that an error?
 * (CPython's is_error: ERANGE with a small result is an underflow, which
 * is not one.) Raises when it is. */
static bool errno_error(double r) {
  if (errno == EDOM) {
    domain_error();
    return true;
  }
  if (errno == ERANGE) {
    if (fabs(r) < 1.5)
      return false;
    range_error();
    return true;
  }
  kr_raise(&kr_ValueError_type, "[Errno %d] %s", errno, strerror(errno));
  return true;
}

/* math_1: f(x), checked by its result. */
static double math1(double (*f)(double), double x, bool can_overflow) {
  errno = 0;
  double r = f(x);
  if (isnan(r) && !isnan(x))
    return domain_error();
  if (isinf(r) && isfinite(x))
    return can_overflow ? range_error() : domain_error();
  if (isfinite(r) && errno && errno_error(r))
    return 0;
  return r;
}

/* math_1a: f(x) for an f that sets errno itself. */
static double math1e(double (*f)(double), double x) {
  errno = 0;
  double r = f(x);
  if (errno && errno_error(r))
    return 0;
  return r;
}

/* math_2: f(x, y), checked by its result. */
static double math2(double (*f)(double, double), double x, double y) {
  errno = 0;
  double r = f(x, y);
  if (isnan(r))
    errno = !isnan(x) && !isnan(y) ? EDOM : 0;
  else if (isinf(r))
    errno = isfinite(x) && isfinite(y) ? ERANGE : 0;
  if (errno && errno_error(r))
    return 0;
  return r;
}

/* ---- gamma and lgamma: CPython's own (Lanczos approximation) */

/* sin(pi * x) for finite x, exact at integers and half-integers. */
static double sinpi(double x) {
  double y = fmod(fabs(x), 2.0), r;
  switch ((int)round(2.0 * y)) {
  case 0: r = sin(KR_PI * y); break;
  case 1: r = cos(KR_PI * (y - 0.5)); break;
  case 2: r = sin(KR_PI * (1.0 - y)); break; /* not -sin(pi*(y-1)): that gives -0.0 at y == 1 */
  case 3: r = -cos(KR_PI * (y - 1.5)); break;
  default: r = sin(KR_PI * (y - 2.0)); break;
  }
  return copysign(1.0, x) * r;
}

/* Lanczos' sum as a rational function (N = 13, g = 6.024680040776729583740234375,
 * Boost's parameters): numerator and denominator coefficients. */
#define LANCZOS_N 13
static const double lanczos_g = 6.024680040776729583740234375;
static const double lanczos_g_minus_half = 5.524680040776729583740234375;
static const double lanczos_num[LANCZOS_N] = {
    23531376880.410759688572007674451636754734846804940,
    42919803642.649098768957899047001988850926355848959,
    35711959237.355668049440185451547166705960488635843,
    17921034426.037209699919755754458931112671403265390,
    6039542586.3520280050642916443072979210699388420708,
    1439720407.3117216736632230727949123939715485786772,
    248874557.86205415651146038641322942321632125127801,
    31426415.585400194380614231628318205362874684987640,
    2876370.6289353724412254090516208496135991145378768,
    186056.26539522349504029498971604569928220784236328,
    8071.6720023658162106380029022722506138218516325024,
    210.82427775157934587250973392071336271166969580291,
    2.5066282746310002701649081771338373386264310793408,
};
/* x * (x+1) * ... * (x+11), expanded */
static const double lanczos_den[LANCZOS_N] = {0.0,      39916800.0, 120543840.0, 150917976.0, 105258076.0,
                                              45995730.0, 13339535.0, 2637558.0, 357423.0,    32670.0,
                                              1925.0,   66.0,       1.0};

/* gamma(1) .. gamma(23): exact */
static const double gamma_int[23] = {
    1.0, 1.0, 2.0, 6.0, 24.0, 120.0, 720.0, 5040.0, 40320.0, 362880.0, 3628800.0, 39916800.0,
    479001600.0, 6227020800.0, 87178291200.0, 1307674368000.0, 20922789888000.0, 355687428096000.0,
    6402373705728000.0, 121645100408832000.0, 2432902008176640000.0, 51090942171709440000.0,
    1124000727777607680000.0,
};

/* For x > 0. Below 5 the polynomials in x; above, in 1/x (no overflow). */
static double lanczos_sum(double x) {
  double num = 0.0, den = 0.0;
  if (x < 5.0) {
    for (int i = LANCZOS_N - 1; i >= 0; i--) {
      num = num * x + lanczos_num[i];
      den = den * x + lanczos_den[i];
    }
  } else {
    for (int i = 0; i < LANCZOS_N; i++) {
      num = num / x + lanczos_num[i];
      den = den / x + lanczos_den[i];
    }
  }
  return num / den;
}

static double tgamma_(double x) {
  if (!isfinite(x)) {
    if (isnan(x) || x > 0.0)
      return x;
    errno = EDOM; /* gamma(-inf) */
    return NAN;
  }
  if (x == 0.0) {
    errno = EDOM;
    return copysign(HUGE_VAL, x);
  }
  if (x == floor(x)) {
    if (x < 0.0) {
      errno = EDOM; /* a pole */
      return NAN;
    }
    if (x <= 23)
      return gamma_int[(int)x - 1];
  }
  double absx = fabs(x);
  if (absx < 1e-20) { /* gamma(x) ~ 1/x */
    double r = 1.0 / x;
    if (isinf(r))
      errno = ERANGE;
    return r;
  }
  if (absx > 200.0) { /* overflows, or underflows to a signed zero */
    if (x < 0.0)
      return 0.0 / sinpi(x);
    errno = ERANGE;
    return HUGE_VAL;
  }
  /* y = absx + g - 1/2, and z its rounding error times g / y: the result
   * is corrected by a factor (1 + z) */
  double y = absx + lanczos_g_minus_half, z;
  if (absx > lanczos_g_minus_half) {
    double q = y - absx;
    z = q - lanczos_g_minus_half;
  } else {
    double q = y - lanczos_g_minus_half;
    z = q - absx;
  }
  z = z * lanczos_g / y;
  double r;
  if (x < 0.0) {
    r = -KR_PI / sinpi(absx) / absx * exp(y) / lanczos_sum(absx);
    r -= z * r;
    if (absx < 140.0) {
      r /= pow(y, absx - 0.5);
    } else {
      double sqrtpow = pow(y, absx / 2.0 - 0.25);
      r /= sqrtpow;
      r /= sqrtpow;
    }
  } else {
    r = lanczos_sum(absx) / exp(y);
    r += z * r;
    if (absx < 140.0) {
      r *= pow(y, absx - 0.5);
    } else {
      double sqrtpow = pow(y, absx / 2.0 - 0.25);
      r *= sqrtpow;
      r *= sqrtpow;
    }
  }
  if (isinf(r))
    errno = ERANGE;
  return r;
}

static double lgamma_(double x) {
  if (!isfinite(x))
    return isnan(x) ? x : HUGE_VAL;
  if (x == floor(x) && x <= 2.0) {
    if (x <= 0.0) {
      errno = EDOM; /* a pole */
      return HUGE_VAL;
    }
    return 0.0; /* lgamma(1) = lgamma(2) = 0 */
  }
  double absx = fabs(x);
  if (absx < 1e-20)
    return -log(absx);
  double r = log(lanczos_sum(absx)) - lanczos_g;
  r += (absx - 0.5) * (log(absx + lanczos_g - 0.5) - 1);
  if (x < 0.0) /* reflection */
    r = 1.144729885849400174143427351353058711647 /* log(pi) */ - log(fabs(sinpi(absx))) - log(absx) - r;
  if (isinf(r))
    errno = ERANGE;
  return r;
}

/* ---- special values CPython handles before libm */

static double atan2_(double y, double x) {
  if (isnan(x) || isnan(y))
    return NAN;
  if (isinf(y)) {
    if (isinf(x))
      return copysign(copysign(1., x) == 1. ? 0.25 * KR_PI : 0.75 * KR_PI, y);
    return copysign(0.5 * KR_PI, y);
  }
  if (isinf(x) || y == 0.)
    return copysign(1., x) == 1. ? copysign(0., y) : copysign(KR_PI, y);
  return atan2(y, x);
}

/* x - n*y for the integer n nearest x/y (ties to even): always exact. */
static double remainder_(double x, double y) {
  if (isfinite(x) && isfinite(y)) {
    if (y == 0.0)
      return NAN;
    double absx = fabs(x), absy = fabs(y);
    double m = fmod(absx, absy);
    /* compare m with absy - m rather than with 0.5 * absy, which may
     * not be representable */
    double c = absy - m, r;
    if (m < c)
      r = m;
    else if (m > c)
      r = -c;
    else /* a tie: m if x is an even multiple of y plus m, else -m */
      r = m - 2.0 * fmod(0.5 * (absx - m), absy);
    return copysign(1.0, x) * r;
  }
  if (isnan(x))
    return x;
  if (isnan(y))
    return y;
  if (isinf(x))
    return NAN;
  return x; /* y infinite */
}

static double log_(double x) {
  if (isfinite(x)) {
    if (x > 0.0)
      return log(x);
    errno = EDOM;
    return x == 0.0 ? -HUGE_VAL : NAN;
  }
  if (isnan(x) || x > 0.0)
    return x;
  errno = EDOM;
  return NAN;
}

static double log2_(double x) {
  if (!isfinite(x)) {
    if (isnan(x) || x > 0.0)
      return x;
    errno = EDOM;
    return NAN;
  }
  if (x > 0.0)
    return log2(x);
  errno = EDOM;
  return x == 0.0 ? -HUGE_VAL : NAN;
}

static double log10_(double x) {
  if (isfinite(x)) {
    if (x > 0.0)
      return log10(x);
    errno = EDOM;
    return x == 0.0 ? -HUGE_VAL : NAN;
  }
  if (isnan(x) || x > 0.0)
    return x;
  errno = EDOM;
  return NAN;
}

static double log1p_(double x) { return x == 0.0 ? x : log1p(x); } /* keeps -0.0 */

/* ---- one argument */

double kr_math_acos(double x) { return math1(acos, x, false); }
double kr_math_acosh(double x) { return math1(acosh, x, false); }
double kr_math_asin(double x) { return math1(asin, x, false); }
double kr_math_asinh(double x) { return math1(asinh, x, false); }
double kr_math_atan(double x) { return math1(atan, x, false); }
double kr_math_atanh(double x) { return math1(atanh, x, false); }
double kr_math_cbrt(double x) { return math1(cbrt, x, false); }
double kr_math_cos(double x) { return math1(cos, x, false); }
double kr_math_cosh(double x) { return math1(cosh, x, true); }
double kr_math_erf(double x) { return math1e(erf, x); }
double kr_math_erfc(double x) { return math1e(erfc, x); }
double kr_math_exp(double x) { return math1(exp, x, true); }
double kr_math_exp2(double x) { return math1(exp2, x, true); }
double kr_math_expm1(double x) { return math1(expm1, x, true); }
double kr_math_gamma(double x) { return math1e(tgamma_, x); }
double kr_math_lgamma(double x) { return math1e(lgamma_, x); }
double kr_math_log(double x) { return math1(log_, x, false); }
double kr_math_log2(double x) { return math1(log2_, x, false); }
double kr_math_log10(double x) { return math1(log10_, x, false); }
double kr_math_log1p(double x) { return math1(log1p_, x, false); }
double kr_math_sin(double x) { return math1(sin, x, false); }
double kr_math_sinh(double x) { return math1(sinh, x, true); }
double kr_math_sqrt(double x) { return math1(sqrt, x, false); }
double kr_math_tan(double x) { return math1(tan, x, false); }
double kr_math_tanh(double x) { return math1(tanh, x, false); }

/* the constants CPython computes once: 180/pi and pi/180, each rounded */
static const double rad_to_deg = 180.0 / KR_PI, deg_to_rad = KR_PI / 180.0;
double kr_math_degrees(double x) { return x * rad_to_deg; }
double kr_math_radians(double x) { return x * deg_to_rad; }

double kr_math_ulp(double x) {
  if (isnan(x))
    return x;
  x = fabs(x);
  if (isinf(x))
    return x;
  double next = nextafter(x, INFINITY);
  if (isinf(next)) /* the largest float: the gap below it */
    return x - nextafter(x, -INFINITY);
  return next - x;
}

/* ---- two arguments */

double kr_math_atan2(double y, double x) { return math2(atan2_, y, x); }
double kr_math_remainder(double x, double y) { return math2(remainder_, x, y); }

double kr_math_log_base(double x, double base) {
  double num = kr_math_log(x);
  if (kr_failed())
    return 0;
  double den = kr_math_log(base);
  if (kr_failed())
    return 0;
  if (den == 0.0) {
    kr_raise(&kr_ZeroDivisionError_type, "float division by zero");
    return 0;
  }
  return num / den;
}

double kr_math_pow(double x, double y) {
  double r = 0.;
  errno = 0;
  if (!isfinite(x) || !isfinite(y)) { /* IEEE special values, as C99 Annex F says */
    if (isnan(x)) {
      r = y == 0. ? 1. : x;
    } else if (isnan(y)) {
      r = x == 1. ? 1. : y;
    } else if (isinf(x)) {
      bool odd_y = isfinite(y) && fmod(fabs(y), 2.0) == 1.0;
      if (y > 0.)
        r = odd_y ? x : fabs(x);
      else if (y == 0.)
        r = 1.;
      else
        r = odd_y ? copysign(0., x) : 0.;
    } else { /* y infinite */
      if (fabs(x) == 1.0)
        r = 1.;
      else if (y > 0. && fabs(x) > 1.0)
        r = y;
      else if (y < 0. && fabs(x) < 1.0)
        r = -y;
      else
        r = 0.;
    }
  } else {
    r = pow(x, y);
    /* a NaN: a negative base to a non-integer power; an infinity: 0 to a
     * negative power (a pole) or an overflow */
    if (isnan(r))
      errno = EDOM;
    else if (isinf(r))
      errno = x == 0. ? EDOM : ERANGE;
  }
  if (errno && errno_error(r))
    return 0;
  return r;
}

double kr_math_fmod(double x, double y) {
  if (isinf(y) && isfinite(x))
    return x;
  errno = 0;
  double r = fmod(x, y);
  if (isnan(r))
    errno = !isnan(x) && !isnan(y) ? EDOM : 0;
  if (errno && errno_error(r))
    return 0;
  return r;
}

double kr_math_ldexp(double x, int64_t i) {
  double r;
  errno = 0;
  if (x == 0. || !isfinite(x)) {
    r = x;
  } else if (i > INT_MAX) {
    r = copysign(HUGE_VAL, x);
    errno = ERANGE;
  } else if (i < INT_MIN) {
    r = copysign(0., x);
  } else {
    r = ldexp(x, (int)i);
    if (isinf(r))
      errno = ERANGE;
  }
  if (errno && errno_error(r))
    return 0;
  return r;
}

/* ---- to int */

int64_t kr_math_floor(double x) { return kr_float_to_int(floor(x)); }
int64_t kr_math_ceil(double x) { return kr_float_to_int(ceil(x)); }
int64_t kr_math_trunc(double x) { return kr_float_to_int(x); }

/* ---- tuples */

KrObj *kr_math_frexp(double x) {
  int e = 0;
  if (!isnan(x) && !isinf(x) && x != 0.0)
    x = frexp(x, &e);
  return kr_tuple_pack(2, (const KrVal[]){{.f = x}, {.i = e}}, (const uint8_t[]){KR_FLOAT, KR_INT});
}

KrObj *kr_math_modf(double x) {
  double frac, whole;
  if (isinf(x)) {
    frac = copysign(0., x);
    whole = x;
  } else if (isnan(x)) {
    frac = whole = x;
  } else {
    frac = modf(x, &whole);
  }
  return kr_tuple_pack(2, (const KrVal[]){{.f = frac}, {.f = whole}}, (const uint8_t[]){KR_FLOAT, KR_FLOAT});
}

bool kr_math_isclose(double a, double b, double rel_tol, double abs_tol) {
  if (rel_tol < 0.0 || abs_tol < 0.0) {
    kr_raise(&kr_ValueError_type, "tolerances must be non-negative");
    return false;
  }
  if (a == b) /* two infinities of one sign too */
    return true;
  if (isinf(a) || isinf(b))
    return false;
  double diff = fabs(b - a);
  return diff <= fabs(rel_tol * b) || diff <= fabs(rel_tol * a) || diff <= abs_tol;
}

/* ---- hypot and dist: CPython's vector_norm */

/* sqrt(sum(x*x for x in vec)), accurately: vec holds n magnitudes, max is
 * the largest (infinite if one is), found_nan whether one is a NaN. */
static double vector_norm(int64_t n, const double *vec, double max, bool found_nan) {
  const double T27 = 134217729.0; /* 2**27 + 1: Veltkamp's splitter */
  double csum = 1.0, frac1 = 0.0, frac2 = 0.0, frac3 = 0.0;
  if (isinf(max))
    return max;
  if (found_nan)
    return NAN;
  if (max == 0.0 || n <= 1)
    return max;
  int max_e;
  frexp(max, &max_e);
  if (max_e >= -1023) {
    /* scale by a power of two so the largest is in [0.5, 1); csum starts
     * at 1.0 (subtracted at the end) so it always dominates each term */
    double scale = ldexp(1.0, -max_e);
    for (int64_t i = 0; i < n; i++) {
      double x = vec[i] * scale;
      double t = x * T27;
      double hi = t - (t - x), lo = x - hi; /* x = hi + lo, hi with 26 bits */
      double sq = hi * hi, old = csum;
      csum += sq;
      frac1 += (old - csum) + sq;
      sq = 2.0 * hi * lo;
      old = csum;
      csum += sq;
      frac2 += (old - csum) + sq;
      frac3 += lo * lo;
    }
    double h = sqrt(csum - 1.0 + (frac1 + frac2 + frac3));
    /* one Newton step: subtract h*h exactly, correct by the difference */
    double t = h * T27;
    double hi = t - (t - h), lo = h - hi;
    double x = -hi * hi, old = csum;
    csum += x;
    frac1 += (old - csum) + x;
    x = -2.0 * hi * lo;
    old = csum;
    csum += x;
    frac2 += (old - csum) + x;
    x = -lo * lo;
    old = csum;
    csum += x;
    frac3 += (old - csum) + x;
    x = csum - 1.0 + (frac1 + frac2 + frac3);
    return (h + x / (2.0 * h)) / scale;
  }
  /* max subnormal: 2**-max_e would overflow; divide by max instead */
  for (int64_t i = 0; i < n; i++) {
    double x = vec[i] / max;
    x = x * x;
    double old = csum;
    csum += x;
    frac1 += (old - csum) + x;
  }
  return max * sqrt(csum - 1.0 + frac1);
}

double kr_math_hypot(int64_t n, const double *xs) {
  double stack[16], *mags = n <= 16 ? stack : kr_alloc((size_t)n * sizeof *mags), max = 0.0;
  bool found_nan = false;
  if (!mags)
    return 0;
  for (int64_t i = 0; i < n; i++) {
    double x = fabs(xs[i]);
    mags[i] = x;
    found_nan |= isnan(x);
    if (x > max)
      max = x;
  }
  double r = vector_norm(n, mags, max, found_nan);
  if (mags != stack)
    kr_free(mags);
  return r;
}

/* ---- iterables of numbers */

/* The next item of it as a double: 1, 0 at the end, -1 on error (a
 * TypeError for an item that is no number, as PyFloat_AsDouble says). */
static int next_float(KrObj *it, double *out) {
  KrVal v;
  int ok = kr_iter_next(it, &v);
  if (ok <= 0)
    return ok;
  ValKind k = kr_iter_kind(it);
  if (k == KR_OBJ) {
    KrObj *o = v.o;
    const KrType *t = o->type;
    if (t != &kr_float_type && t != &kr_int_type && t != &kr_bool_type) {
      kr_raise(&kr_TypeError_type, "must be real number, not %s", t->name);
      kr_decref(o);
      return -1;
    }
    *out = kr_val_unbox(o, KR_FLOAT).f;
    kr_decref(o);
  } else {
    *out = k == KR_FLOAT ? v.f : k == KR_INT ? (double)v.i : (double)v.b;
  }
  return 1;
}

/* All the items of an iterable as doubles, in a kr_alloc'ed array (*n of
 * them), or NULL on error (and for no items: *n is 0 then, kr_exc unset). */
static double *floats_of(KrObj *iterable, int64_t *n) {
  *n = 0;
  KrObj *it = kr_iter_new(iterable);
  if (!it)
    return NULL;
  int64_t cap = 16;
  double *xs = kr_alloc((size_t)cap * sizeof *xs);
  double x;
  int ok;
  while (xs && (ok = next_float(it, &x)) > 0) {
    if (*n == cap) {
      double *more = kr_realloc(xs, (size_t)(cap *= 2) * sizeof *xs);
      if (!more) {
        kr_free(xs);
        xs = NULL;
        break;
      }
      xs = more;
    }
    xs[(*n)++] = x;
  }
  kr_decref(it);
  if (xs && ok < 0) {
    kr_free(xs);
    xs = NULL;
  }
  return xs;
}

double kr_math_dist(KrObj *p, KrObj *q) {
  int64_t m, n;
  double *ps = floats_of(p, &m), *qs = NULL, r = 0;
  if (!ps)
    return 0;
  qs = floats_of(q, &n);
  if (!qs)
    goto out;
  if (m != n) {
    kr_raise(&kr_ValueError_type, "both points must have the same number of dimensions");
    goto out;
  }
  double max = 0.0;
  bool found_nan = false;
  for (int64_t i = 0; i < n; i++) {
    double x = fabs(ps[i] - qs[i]);
    ps[i] = x;
    found_nan |= isnan(x);
    if (x > max)
      max = x;
  }
  r = vector_norm(n, ps, max, found_nan);
out:
  kr_free(ps);
  kr_free(qs);
  return r;
}

/* fsum: Shewchuk's algorithm. The partials p[0..n) are non-overlapping,
 * increasing in magnitude, and sum exactly to the items so far; each item
 * is added into them with two-sum steps. */
double kr_math_fsum(KrObj *iterable) {
  KrObj *it = kr_iter_new(iterable);
  if (!it)
    return 0;
  double stack[32], *p = stack, special_sum = 0.0, inf_sum = 0.0, x, result = 0;
  int64_t n = 0, cap = 32;
  volatile double hi, yr, lo = 0.0; /* volatile: no reassociation, no extended precision */
  int ok;
  while ((ok = next_float(it, &x)) > 0) {
    double xsave = x;
    int64_t i = 0;
    for (int64_t j = 0; j < n; j++) {
      double y = p[j];
      if (fabs(x) < fabs(y)) {
        double t = x;
        x = y;
        y = t;
      }
      hi = x + y;
      yr = hi - x;
      lo = y - yr;
      if (lo != 0.0)
        p[i++] = lo;
      x = hi;
    }
    n = i;
    if (x == 0.0)
      continue;
    if (!isfinite(x)) {
      /* from an inf or nan item, or an intermediate overflow */
      if (isfinite(xsave)) {
        kr_raise(&kr_OverflowError_type, "intermediate overflow in fsum");
        goto out;
      }
      if (isinf(xsave))
        inf_sum += xsave;
      special_sum += xsave;
      n = 0; /* the partials no longer matter */
    } else {
      if (n >= cap) {
        double *more = p == stack ? kr_alloc((size_t)cap * 2 * sizeof *p)
                                  : kr_realloc(p, (size_t)cap * 2 * sizeof *p);
        if (!more)
          goto out;
        if (p == stack)
          memcpy(more, stack, sizeof stack);
        p = more;
        cap *= 2;
      }
      p[n++] = x;
    }
  }
  if (ok < 0)
    goto out;
  if (special_sum != 0.0) {
    if (isnan(inf_sum))
      kr_raise(&kr_ValueError_type, "-inf + inf in fsum");
    else
      result = special_sum;
    goto out;
  }
  hi = 0.0;
  if (n > 0) {
    /* add the partials from the top, stopping when a sum is inexact */
    hi = p[--n];
    while (n > 0) {
      x = hi;
      double y = p[--n];
      hi = x + y;
      yr = hi - x;
      lo = y - yr;
      if (lo != 0.0)
        break;
    }
    /* half-even rounding across the partials: if the rest has the sign of
     * lo, the true sum is past the halfway point lo marks; round away */
    if (n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0))) {
      double y = lo * 2.0;
      x = hi + y;
      yr = x - hi;
      if (y == yr)
        hi = x;
    }
  }
  result = hi;
out:
  kr_decref(it);
  if (p != stack)
    kr_free(p);
  return result;
}

/* prod: left to right; ints stay ints (OverflowError past int64), and a
 * float item makes the product a float from there on, as int * float does. */
static int prod_numbers(KrObj *iterable, bool *is_float, int64_t *i_acc, double *f_acc) {
  KrObj *it = kr_iter_new(iterable);
  if (!it)
    return -1;
  KrVal v;
  int ok;
  while ((ok = kr_iter_next(it, &v)) > 0) {
    ValKind k = kr_iter_kind(it);
    double f = 0;
    int64_t i = 0;
    bool item_float = k == KR_FLOAT;
    if (k == KR_OBJ) {
      const KrType *t = v.o->type;
      if (t != &kr_float_type && t != &kr_int_type && t != &kr_bool_type) {
        kr_raise(&kr_TypeError_type, "unsupported operand type(s) for *: '%s' and '%s'",
                 *is_float ? "float" : "int", t->name);
        kr_decref(v.o);
        ok = -1;
        break;
      }
      item_float = t == &kr_float_type;
      if (item_float)
        f = kr_val_unbox(v.o, KR_FLOAT).f;
      else
        i = kr_val_unbox(v.o, KR_INT).i;
      kr_decref(v.o);
    } else if (item_float) {
      f = v.f;
    } else {
      i = k == KR_INT ? v.i : v.b;
    }
    if (!*is_float && !item_float) {
      if (__builtin_mul_overflow(*i_acc, i, i_acc)) {
        kr_int_overflow();
        ok = -1;
        break;
      }
    } else {
      if (!*is_float) {
        *f_acc = (double)*i_acc;
        *is_float = true;
      }
      *f_acc *= item_float ? f : (double)i;
    }
  }
  kr_decref(it);
  return ok;
}

int64_t kr_math_prod_int_start(KrObj *iterable, int64_t start) {
  bool is_float = false;
  int64_t acc = start;
  double f = 0;
  return prod_numbers(iterable, &is_float, &acc, &f) < 0 ? 0 : acc;
}

int64_t kr_math_prod_int(KrObj *iterable) { return kr_math_prod_int_start(iterable, 1); }

double kr_math_prod_float_start(KrObj *iterable, double start) {
  bool is_float = true;
  int64_t i = 0;
  double acc = start;
  return prod_numbers(iterable, &is_float, &i, &acc) < 0 ? 0 : acc;
}

KrObj *kr_math_prod_start(KrObj *iterable, int64_t start) {
  bool is_float = false;
  int64_t i = start;
  double f = 0;
  if (prod_numbers(iterable, &is_float, &i, &f) < 0)
    return NULL;
  return is_float ? kr_float_box(f) : kr_int_box(i);
}

KrObj *kr_math_prod(KrObj *iterable) { return kr_math_prod_start(iterable, 1); }

/* ---- integers */

static uint64_t ugcd(uint64_t a, uint64_t b) {
  while (b) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

static uint64_t uabs(int64_t v) { return v < 0 ? 0 - (uint64_t)v : (uint64_t)v; }

/* a magnitude as an int: 2**63 does not fit */
static int64_t from_mag(uint64_t m) {
  if (m > INT64_MAX) {
    kr_int_overflow();
    return 0;
  }
  return (int64_t)m;
}

int64_t kr_math_gcd(int64_t n, const int64_t *xs) {
  uint64_t g = 0;
  for (int64_t i = 0; i < n; i++)
    g = ugcd(g, uabs(xs[i]));
  return from_mag(g);
}

int64_t kr_math_lcm(int64_t n, const int64_t *xs) {
  if (n == 0)
    return 1;
  uint64_t l = uabs(xs[0]);
  for (int64_t i = 1; i < n && l; i++) {
    uint64_t b = uabs(xs[i]);
    if (b == 0) {
      l = 0;
      break;
    }
    if (__builtin_mul_overflow(l / ugcd(l, b), b, &l)) {
      kr_int_overflow();
      return 0;
    }
  }
  return from_mag(l);
}

int64_t kr_math_factorial(int64_t n) {
  if (n < 0) {
    kr_raise(&kr_ValueError_type, "factorial() not defined for negative values");
    return 0;
  }
  int64_t r = 1;
  for (int64_t i = 2; i <= n; i++)
    if (__builtin_mul_overflow(r, i, &r)) {
      kr_int_overflow();
      return 0;
    }
  return r;
}

static bool check_nk(int64_t n, int64_t k) {
  if (n < 0) {
    kr_raise(&kr_ValueError_type, "n must be a non-negative integer");
    return false;
  }
  if (k < 0) {
    kr_raise(&kr_ValueError_type, "k must be a non-negative integer");
    return false;
  }
  return true;
}

int64_t kr_math_perm(int64_t n, int64_t k) {
  if (!check_nk(n, k))
    return 0;
  if (k > n)
    return 0;
  int64_t r = 1;
  for (int64_t i = 0; i < k; i++)
    if (__builtin_mul_overflow(r, n - i, &r)) {
      kr_int_overflow();
      return 0;
    }
  return r;
}

/* comb(n, k) = comb(n-k+i, i) for i up to k, each step exact: c stays at
 * most the result, so c * (n-k+i) fits in 128 bits while the result fits
 * in 64. */
int64_t kr_math_comb(int64_t n, int64_t k) {
  if (!check_nk(n, k))
    return 0;
  if (k > n)
    return 0;
  if (k > n - k)
    k = n - k;
  unsigned __int128 c = 1;
  for (int64_t i = 1; i <= k; i++) {
    c = c * (uint64_t)(n - k + i) / (uint64_t)i;
    if (c > INT64_MAX) {
      kr_int_overflow();
      return 0;
    }
  }
  return (int64_t)c;
}

int64_t kr_math_isqrt(int64_t n) {
  if (n < 0) {
    kr_raise(&kr_ValueError_type, "isqrt() argument must be nonnegative");
    return 0;
  }
  uint64_t a = (uint64_t)sqrt((double)n); /* within one of the answer */
  while ((unsigned __int128)a * a > (uint64_t)n)
    a--;
  while ((unsigned __int128)(a + 1) * (a + 1) <= (uint64_t)n)
    a++;
  return (int64_t)a;
}
