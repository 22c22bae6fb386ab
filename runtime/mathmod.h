/* mathmod.h — the module math, as kiln provides it (mathmod.c): what the
 * op library's "math.*" rows (compiler/ops.def) call. Part of the public
 * header: kilnrt.h includes it.
 *
 * Every function gives CPython 3.11's result bit for bit: the same libm
 * calls where CPython calls libm (glibc's, the same library CPython links),
 * and CPython's own algorithms where it has them (fsum, hypot and dist,
 * gamma and lgamma, pow, remainder, atan2's and log's special cases), and
 * its errors: ValueError("math domain error"), OverflowError("math range
 * error") and the rest with the same messages. Ints are kiln's 64-bit ints:
 * a result that does not fit (factorial(21)) raises OverflowError where
 * CPython would return a big int. Float arguments that were ints in Python
 * arrive converted (the emitter's int → float promotion, rounding as
 * CPython's int.__float__ does). */
#ifndef KILNRT_MATHMOD_H
#define KILNRT_MATHMOD_H

/* One float argument, a float result; ValueError/OverflowError as CPython's
 * math_1 decides (a NaN from a non-NaN, an infinity from a finite). */
double kr_math_acos(double x);
double kr_math_acosh(double x);
double kr_math_asin(double x);
double kr_math_asinh(double x);
double kr_math_atan(double x);
double kr_math_atanh(double x);
double kr_math_cbrt(double x);
double kr_math_cos(double x);
double kr_math_cosh(double x);
double kr_math_erf(double x);
double kr_math_erfc(double x);
double kr_math_exp(double x);
double kr_math_exp2(double x);
double kr_math_expm1(double x);
double kr_math_gamma(double x);
double kr_math_lgamma(double x);
double kr_math_log(double x);
double kr_math_log2(double x);
double kr_math_log10(double x);
double kr_math_log1p(double x);
double kr_math_sin(double x);
double kr_math_sinh(double x);
double kr_math_sqrt(double x);
double kr_math_tan(double x);
double kr_math_tanh(double x);
double kr_math_degrees(double x);
double kr_math_radians(double x);
double kr_math_ulp(double x);

/* Two float arguments. */
double kr_math_atan2(double y, double x);
double kr_math_log_base(double x, double base); /* log(x, base): ZeroDivisionError for base 1 */
double kr_math_pow(double x, double y);
double kr_math_fmod(double x, double y);
double kr_math_remainder(double x, double y);
double kr_math_ldexp(double x, int64_t i);

/* To int: floor, ceil, trunc of a float (ValueError for a NaN,
 * OverflowError for an infinity). */
int64_t kr_math_floor(double x);
int64_t kr_math_ceil(double x);
int64_t kr_math_trunc(double x);

/* Tuples: frexp(x) = (m, e), modf(x) = (fraction, integer part). */
KrObj *kr_math_frexp(double x);
KrObj *kr_math_modf(double x);

/* isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0); the op library's rows
 * for each set of keywords given call the macros. */
bool kr_math_isclose(double a, double b, double rel_tol, double abs_tol);
#define kr_math_isclose2(a, b) kr_math_isclose(a, b, 1e-09, 0.0)
#define kr_math_isclose_rel(a, b, rel) kr_math_isclose(a, b, rel, 0.0)
#define kr_math_isclose_abs(a, b, abs_) kr_math_isclose(a, b, 1e-09, abs_)
#define kr_math_isclose_ar(a, b, abs_, rel) kr_math_isclose(a, b, rel, abs_)

/* Any number of arguments, as an array: hypot(*coordinates),
 * gcd(*integers), lcm(*integers). */
double kr_math_hypot(int64_t n, const double *xs);
int64_t kr_math_gcd(int64_t n, const int64_t *xs);
int64_t kr_math_lcm(int64_t n, const int64_t *xs);

/* Iterables (any kiln iterable of numbers): fsum, prod, dist. */
double kr_math_fsum(KrObj *iterable);
double kr_math_dist(KrObj *p, KrObj *q);
int64_t kr_math_prod_int(KrObj *iterable);                   /* prod(ints) */
int64_t kr_math_prod_int_start(KrObj *iterable, int64_t start); /* prod(ints, start=int) */
double kr_math_prod_float_start(KrObj *iterable, double start); /* prod(numbers, start=float) */
KrObj *kr_math_prod(KrObj *iterable);                        /* prod(numbers): an int or a float */
KrObj *kr_math_prod_start(KrObj *iterable, int64_t start);   /* prod(numbers, start=int) */

/* Integers. */
int64_t kr_math_factorial(int64_t n);
int64_t kr_math_comb(int64_t n, int64_t k);
int64_t kr_math_perm(int64_t n, int64_t k);
#define kr_math_perm_none(n, none) kr_math_factorial(n) /* perm(n, None) */
int64_t kr_math_isqrt(int64_t n);

#endif
