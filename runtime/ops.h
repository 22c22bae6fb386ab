/* ops.h — the runtime side of the op library (compiler/ops.def): the
 * functions and macros that generated code calls for operators and
 * builtins on unboxed values. Small ones are static inline or macros, so the
 * C compiler sees straight-line arithmetic; the rest are in ops.c.
 *
 * Integers are 64-bit: every operation that can leave that range raises
 * OverflowError instead of wrapping. Floats follow IEEE and CPython: no
 * fast-math, no contraction (the Makefile compiles generated code and the
 * runtime with -ffp-contract=off), so results are bit-identical.
 */
#ifndef KILNRT_OPS_H
#define KILNRT_OPS_H

/* Generated code (KR_GENERATED, emit.c) declares the few libm names it
 * uses instead of including <math.h>, which with _GNU_SOURCE declares
 * every float, long double and _FloatN variant: 140 KB that each unit of
 * generated C parsed, 0.035 s of its compile. gcc knows these as builtins
 * either way, so the code is the same; the macros are glibc's own. */
#ifdef KR_GENERATED
double sqrt(double);
double fabs(double);
double copysign(double, double);
double nextafter(double, double);
#define isnan(x) __builtin_isnan(x)
#define isinf(x) __builtin_isinf_sign(x)
#define isfinite(x) __builtin_isfinite(x)
#define NAN (__builtin_nanf(""))
#define INFINITY (__builtin_inff())
#else
#include <math.h>
#endif

/* ---- int */

/* The int operators' common case is a few instructions (a constant divisor
 * or shift folds away): always inlined (KR_INLINE, kilnrt.h). */
#define KR_OP_INLINE KR_INLINE

void *kr_int_overflow(void) __attribute__((cold)); /* raises OverflowError; returns NULL */

/* Each operator that can raise has a checked form, name_ck: the result
 * through *r, true when it raised. Generated code jumps on that (ops.def's
 * K rows) instead of loading kr_exc after every operator; the plain form
 * returns the result and leaves the error in kr_exc. */
KR_OP_INLINE bool kr_int_add_ck(int64_t a, int64_t b, int64_t *r) {
  if (KR_UNLIKELY(__builtin_add_overflow(a, b, r))) {
    kr_int_overflow();
    return true;
  }
  return false;
}
KR_OP_INLINE bool kr_int_sub_ck(int64_t a, int64_t b, int64_t *r) {
  if (KR_UNLIKELY(__builtin_sub_overflow(a, b, r))) {
    kr_int_overflow();
    return true;
  }
  return false;
}
KR_OP_INLINE bool kr_int_mul_ck(int64_t a, int64_t b, int64_t *r) {
  if (KR_UNLIKELY(__builtin_mul_overflow(a, b, r))) {
    kr_int_overflow();
    return true;
  }
  return false;
}
KR_OP_INLINE bool kr_int_neg_ck(int64_t a, int64_t *r) {
  *r = (int64_t)(0 - (uint64_t)a);
  if (KR_UNLIKELY(a == INT64_MIN)) {
    kr_int_overflow();
    return true;
  }
  return false;
}
KR_OP_INLINE bool kr_int_abs_ck(int64_t a, int64_t *r) {
  *r = a < 0 ? (int64_t)(0 - (uint64_t)a) : a;
  if (KR_UNLIKELY(a == INT64_MIN)) {
    kr_int_overflow();
    return true;
  }
  return false;
}

/* //, %, << and >> inline, so a constant divisor or shift folds; their
 * errors are raised out of line. */
void *kr_int_div_zero(void) __attribute__((cold));      /* ZeroDivisionError: integer division or modulo by zero */
void *kr_int_mod_zero(void) __attribute__((cold));      /* ZeroDivisionError: integer modulo by zero */
void *kr_int_negative_shift(void) __attribute__((cold)); /* ValueError: negative shift count */

/* Python's // rounds toward negative infinity; C's / toward zero. */
KR_OP_INLINE bool kr_int_floordiv_ck(int64_t a, int64_t b, int64_t *r) {
  *r = 0;
  if (KR_UNLIKELY(b == 0)) {
    kr_int_div_zero();
    return true;
  }
  if (KR_UNLIKELY(a == INT64_MIN && b == -1)) {
    kr_int_overflow();
    return true;
  }
  int64_t q = a / b, m = a % b;
  if (m != 0 && (m ^ b) < 0) /* a remainder of the other sign than b */
    q--;
  *r = q;
  return false;
}
/* Python's % takes the sign of the divisor. */
KR_OP_INLINE bool kr_int_mod_ck(int64_t a, int64_t b, int64_t *r) {
  *r = 0;
  if (KR_UNLIKELY(b == 0)) {
    kr_int_mod_zero();
    return true;
  }
  if (KR_UNLIKELY(b == -1)) /* C's INT64_MIN % -1 is undefined */
    return false;
  int64_t m = a % b;
  if (m != 0 && (m ^ b) < 0)
    m += b;
  *r = m;
  return false;
}
KR_OP_INLINE bool kr_int_lshift_ck(int64_t a, int64_t b, int64_t *r) { /* OverflowError past int64 */
  *r = 0;
  if (KR_UNLIKELY(b < 0)) {
    kr_int_negative_shift();
    return true;
  }
  if (a == 0)
    return false;
  if (KR_UNLIKELY(b >= 64 || a > (INT64_MAX >> b) || a < (INT64_MIN >> b))) { /* -1 << 63 fits */
    kr_int_overflow();
    return true;
  }
  *r = (int64_t)((uint64_t)a << b);
  return false;
}
KR_OP_INLINE bool kr_int_rshift_ck(int64_t a, int64_t b, int64_t *r) {
  *r = 0;
  if (KR_UNLIKELY(b < 0)) {
    kr_int_negative_shift();
    return true;
  }
  *r = b >= 63 ? (a < 0 ? -1 : 0) : a >> b; /* arithmetic shift: floor, as Python */
  return false;
}

#define KR_INT_PLAIN2(name)                          \
  KR_OP_INLINE int64_t name(int64_t a, int64_t b) {  \
    int64_t r;                                       \
    (void)name##_ck(a, b, &r);                       \
    return r;                                        \
  }
KR_INT_PLAIN2(kr_int_add)
KR_INT_PLAIN2(kr_int_sub)
KR_INT_PLAIN2(kr_int_mul)
KR_INT_PLAIN2(kr_int_floordiv)
KR_INT_PLAIN2(kr_int_mod)
KR_INT_PLAIN2(kr_int_lshift)
KR_INT_PLAIN2(kr_int_rshift)
#undef KR_INT_PLAIN2
KR_OP_INLINE int64_t kr_int_neg(int64_t a) {
  int64_t r;
  (void)kr_int_neg_ck(a, &r);
  return r;
}
KR_OP_INLINE int64_t kr_int_abs(int64_t a) {
  int64_t r;
  (void)kr_int_abs_ck(a, &r);
  return r;
}
double kr_int_truediv(int64_t a, int64_t b);   /* ZeroDivisionError: division by zero */
KrObj *kr_int_pow(int64_t a, int64_t b);       /* int, or float for a negative exponent */
int64_t kr_int_pow_nonneg(int64_t a, int64_t b); /* b >= 0: OverflowError past int64 */

#define KR_IAND(a, b) ((int64_t)(a) & (int64_t)(b))
#define KR_IOR(a, b) ((int64_t)(a) | (int64_t)(b))
#define KR_IXOR(a, b) ((int64_t)(a) ^ (int64_t)(b))
#define KR_IINV(a) (~(int64_t)(a))
#define KR_IPOS(a) ((int64_t)(a))
#define KR_B2I(a) ((int64_t)(a))
#define KR_BNEG(a) (-(int64_t)(a))
#define KR_BAND(a, b) ((bool)((a) & (b)))
#define KR_BOR(a, b) ((bool)((a) | (b)))
#define KR_BXOR(a, b) ((bool)((a) ^ (b)))
#define KR_I2F(a) ((double)(a))

/* ---- float */

#define KR_FADD(a, b) ((double)(a) + (double)(b))
#define KR_FSUB(a, b) ((double)(a) - (double)(b))
#define KR_FMUL(a, b) ((double)(a) * (double)(b))
#define KR_FNEG(a) (-(double)(a))
#define KR_FPOS(a) ((double)(a))
void *kr_float_div_zero(void) __attribute__((cold)); /* raises ZeroDivisionError: float division by zero */
KR_OP_INLINE bool kr_float_div_ck(double a, double b, double *r) {
  if (KR_UNLIKELY(b == 0.0)) {
    kr_float_div_zero();
    *r = 0;
    return true;
  }
  *r = a / b;
  return false;
}
KR_OP_INLINE double kr_float_div(double a, double b) {
  double r;
  (void)kr_float_div_ck(a, b, &r);
  return r;
}
double kr_float_floordiv(double a, double b); /* ZeroDivisionError: float floor division by zero */
double kr_float_mod(double a, double b);      /* ZeroDivisionError: float modulo */
double kr_float_pow_slow(double a, double b); /* x ** y: CPython's float_pow, its errors */
/* x ** 0.5 (a vector's length, a distance) is pow(x, 0.5) in CPython; sqrt
 * is the same number, correctly rounded, except where the exact root lies
 * a hair from a rounding midpoint, where a pow that is not correctly rounded
 * (glibc's errs by up to 0.52 ulp) may round the other way. So the root is
 * taken by sqrt, the residual x - s*s computed exactly (Dekker's product,
 * exact for these magnitudes), and when the exact root is within 0.4 ulp of
 * s (0.1 ulp or more from both midpoints: four roots in five) every pow
 * within 0.6 ulp returns s too; otherwise pow decides, as in CPython. */
KR_OP_INLINE double kr_float_pow(double a, double b) {
  if (b == 0.5 && a > 0x1p-900 && a < 0x1p900) {
    double s = sqrt(a);
    double c = 134217729.0 * s; /* 2^27 + 1: Veltkamp's split of s into 26-bit halves */
    double hi = c - (c - s), lo = s - hi;
    double p = s * s, e = ((hi * hi - p) + 2.0 * hi * lo) + lo * lo; /* s*s == p + e exactly */
    double off = ((a - p) - e) / (2.0 * s); /* the exact root minus s */
    union { double d; uint64_t u; } ulp = {.d = s};
    ulp.u &= UINT64_C(0x7ff0000000000000); /* 2^exponent of s */
    if (fabs(off) < 0.4 * 0x1p-52 * ulp.d)
      return s;
  }
  return kr_float_pow_slow(a, b);
}
int64_t kr_float_to_int(double v);            /* int(x): ValueError for nan, OverflowError for inf/huge */

/* ---- comparisons and truth of unboxed values */

#define KR_EQ(a, b) ((a) == (b))
#define KR_NE(a, b) ((a) != (b))
#define KR_LT(a, b) ((a) < (b))
#define KR_LE(a, b) ((a) <= (b))
#define KR_GT(a, b) ((a) > (b))
#define KR_GE(a, b) ((a) >= (b))
/* An int against a float compares exactly, as in CPython (2**53 + 1 >
 * 2.0**53), not by rounding the int to a double: -1, 0, 1, or 2 when the
 * float is a nan. Inline, so `x == int(x)` boxes nothing. */
static inline int kr_int_float_cmp3(int64_t i, double d) {
  if (d != d)
    return 2;
  if (d >= 9223372036854775808.0) /* 2^63: above every int64 */
    return -1;
  if (d < -9223372036854775808.0)
    return 1;
  int64_t t = (int64_t)d; /* trunc(d), exact */
  if (i != t)
    return i < t ? -1 : 1;
  double frac = d - (double)t;
  return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}
#define KR_IF_EQ(i, f) (kr_int_float_cmp3((i), (f)) == 0)
#define KR_IF_NE(i, f) (kr_int_float_cmp3((i), (f)) != 0)
#define KR_IF_LT(i, f) (kr_int_float_cmp3((i), (f)) == -1)
#define KR_IF_LE(i, f) ((unsigned)(kr_int_float_cmp3((i), (f)) + 1) <= 1) /* -1 or 0 */
#define KR_IF_GT(i, f) (kr_int_float_cmp3((i), (f)) == 1)
#define KR_IF_GE(i, f) ((unsigned)kr_int_float_cmp3((i), (f)) <= 1)       /* 0 or 1 */
#define KR_FI_EQ(f, i) KR_IF_EQ(i, f)
#define KR_FI_NE(f, i) KR_IF_NE(i, f)
#define KR_FI_LT(f, i) KR_IF_GT(i, f)
#define KR_FI_LE(f, i) KR_IF_GE(i, f)
#define KR_FI_GT(f, i) KR_IF_LT(i, f)
#define KR_FI_GE(f, i) KR_IF_LE(i, f)
#define KR_TRUE2(a, b) ((void)(a), (void)(b), true)
#define KR_IS_NONE(o, n) ((void)(n), (o) == kr_None)      /* x is None: n an unboxed None */
#define KR_IS_NOT_NONE(o, n) ((void)(n), (o) != kr_None)
#define KR_NONE_IS(n, o) ((void)(n), (o) == kr_None)
#define KR_NONE_IS_NOT(n, o) ((void)(n), (o) != kr_None)
#define KR_FALSE2(a, b) ((void)(a), (void)(b), false)
#define KR_BTRUTH(a) ((bool)(a))
#define KR_ITRUTH(a) ((a) != 0)
#define KR_FTRUTH(a) ((a) != 0.0)
#define KR_NTRUTH(a) ((void)(a), false)

/* ---- str on top of str.c */

KR_INLINE bool kr_str_ne(KrObj *a, KrObj *b) { return !kr_str_eq(a, b); }
bool kr_str_lt(KrObj *a, KrObj *b);
bool kr_str_le(KrObj *a, KrObj *b);
bool kr_str_gt(KrObj *a, KrObj *b);
bool kr_str_ge(KrObj *a, KrObj *b);
bool kr_str_in(KrObj *sub, KrObj *s);       /* sub in s */
bool kr_str_not_in(KrObj *sub, KrObj *s);
KR_INLINE bool kr_str_truth(KrObj *s) { return kr_str_bytes(s) > 0; }
KR_INLINE KrObj *kr_str_self(KrObj *s) {          /* str(s): s itself, a new reference */
  kr_incref(s);
  return s;
}
KrObj *kr_str_repeat_r(int64_t n, KrObj *s);     /* n * s */
KrObj *kr_str_join_parts(int64_t n, KrObj **parts); /* the pieces of an f-string, concatenated */
/* An f-string whose plain fields are written straight into the result:
 * each piece is a str's text, or the repr of an int or a float (emit.c's
 * fstring_build). */
enum { KR_PIECE_STR, KR_PIECE_INT, KR_PIECE_FLOAT };
typedef struct KrPiece {
  KrVal v;
  int how; /* KR_PIECE_* */
} KrPiece;
KrObj *kr_str_build(int64_t n, const KrPiece *pieces);
int64_t kr_str_to_int(KrObj *s);                 /* int(s) */
double kr_str_to_float(KrObj *s);                /* float(s) */

/* adapters from the op library's argument lists to strmethods.c */
static inline KrObj *kr_str_strip0(KrObj *s) { return kr_str_strip(s, NULL); }
static inline KrObj *kr_str_lstrip0(KrObj *s) { return kr_str_lstrip(s, NULL); }
static inline KrObj *kr_str_rstrip0(KrObj *s) { return kr_str_rstrip(s, NULL); }
static inline KrObj *kr_str_replace3(KrObj *s, KrObj *a, KrObj *b) { return kr_str_replace(s, a, b, -1); }
static inline bool kr_str_startswith1(KrObj *s, KrObj *p) { return kr_str_startswith(s, &p, 1, 0, 0, 0) > 0; }
static inline bool kr_str_endswith1(KrObj *s, KrObj *p) { return kr_str_endswith(s, &p, 1, 0, 0, 0) > 0; }
static inline int64_t kr_str_find1(KrObj *s, KrObj *sub) { return kr_str_find(s, sub, 0, 0, 0); }
static inline int64_t kr_str_rfind1(KrObj *s, KrObj *sub) { return kr_str_rfind(s, sub, 0, 0, 0); }
static inline int64_t kr_str_index1(KrObj *s, KrObj *sub) { return kr_str_index(s, sub, 0, 0, 0); }
static inline int64_t kr_str_rindex1(KrObj *s, KrObj *sub) { return kr_str_rindex(s, sub, 0, 0, 0); }
static inline int64_t kr_str_count1(KrObj *s, KrObj *sub) { return kr_str_count(s, sub, 0, 0, 0); }
/* s.find(sub, start) (2) and s.find(sub, start, end) (3), and the like */
static inline int64_t kr_str_find2(KrObj *s, KrObj *sub, int64_t a) { return kr_str_find(s, sub, a, 0, 1); }
static inline int64_t kr_str_find3(KrObj *s, KrObj *sub, int64_t a, int64_t b) { return kr_str_find(s, sub, a, b, 3); }
static inline int64_t kr_str_rfind2(KrObj *s, KrObj *sub, int64_t a) { return kr_str_rfind(s, sub, a, 0, 1); }
static inline int64_t kr_str_rfind3(KrObj *s, KrObj *sub, int64_t a, int64_t b) { return kr_str_rfind(s, sub, a, b, 3); }
static inline int64_t kr_str_index2(KrObj *s, KrObj *sub, int64_t a) { return kr_str_index(s, sub, a, 0, 1); }
static inline int64_t kr_str_index3(KrObj *s, KrObj *sub, int64_t a, int64_t b) { return kr_str_index(s, sub, a, b, 3); }
static inline int64_t kr_str_rindex2(KrObj *s, KrObj *sub, int64_t a) { return kr_str_rindex(s, sub, a, 0, 1); }
static inline int64_t kr_str_rindex3(KrObj *s, KrObj *sub, int64_t a, int64_t b) { return kr_str_rindex(s, sub, a, b, 3); }
static inline int64_t kr_str_count2(KrObj *s, KrObj *sub, int64_t a) { return kr_str_count(s, sub, a, 0, 1); }
static inline int64_t kr_str_count3(KrObj *s, KrObj *sub, int64_t a, int64_t b) { return kr_str_count(s, sub, a, b, 3); }
static inline int kr_str_startswith2(KrObj *s, KrObj *p, int64_t a) { return kr_str_startswith(s, &p, 1, a, 0, 1); }
static inline int kr_str_startswith3(KrObj *s, KrObj *p, int64_t a, int64_t b) { return kr_str_startswith(s, &p, 1, a, b, 3); }
static inline int kr_str_endswith2(KrObj *s, KrObj *p, int64_t a) { return kr_str_endswith(s, &p, 1, a, 0, 1); }
static inline int kr_str_endswith3(KrObj *s, KrObj *p, int64_t a, int64_t b) { return kr_str_endswith(s, &p, 1, a, b, 3); }
/* s.startswith(t[, start[, end]]) for a tuple t: has as in strmethods.c */
int kr_str_startswith_tuple(KrObj *s, KrObj *t, int64_t start, int64_t end, int has);
int kr_str_endswith_tuple(KrObj *s, KrObj *t, int64_t start, int64_t end, int has);
static inline int kr_str_startswith_t1(KrObj *s, KrObj *t) { return kr_str_startswith_tuple(s, t, 0, 0, 0); }
static inline int kr_str_startswith_t2(KrObj *s, KrObj *t, int64_t a) { return kr_str_startswith_tuple(s, t, a, 0, 1); }
static inline int kr_str_startswith_t3(KrObj *s, KrObj *t, int64_t a, int64_t b) { return kr_str_startswith_tuple(s, t, a, b, 3); }
static inline int kr_str_endswith_t1(KrObj *s, KrObj *t) { return kr_str_endswith_tuple(s, t, 0, 0, 0); }
static inline int kr_str_endswith_t2(KrObj *s, KrObj *t, int64_t a) { return kr_str_endswith_tuple(s, t, a, 0, 1); }
static inline int kr_str_endswith_t3(KrObj *s, KrObj *t, int64_t a, int64_t b) { return kr_str_endswith_tuple(s, t, a, b, 3); }
KrObj *kr_str_partition3(KrObj *s, KrObj *sep);  /* s.partition(sep): a tuple[str, str, str] */
KrObj *kr_str_rpartition3(KrObj *s, KrObj *sep); /* s.rpartition(sep) */
static inline KrObj *kr_str_center0(KrObj *s, int64_t w) { return kr_str_center(s, w, NULL); }
static inline KrObj *kr_str_ljust0(KrObj *s, int64_t w) { return kr_str_ljust(s, w, NULL); }
static inline KrObj *kr_str_rjust0(KrObj *s, int64_t w) { return kr_str_rjust(s, w, NULL); }
KrObj *kr_str_split_list0(KrObj *s);                 /* s.split(): a list[str] */
KrObj *kr_str_split_list(KrObj *s, KrObj *sep);      /* s.split(sep) */
KrObj *kr_str_split_list2(KrObj *s, KrObj *sep, int64_t maxsplit);
KrObj *kr_str_rsplit_list(KrObj *s, KrObj *sep);
KrObj *kr_str_rsplit_list0(KrObj *s);                /* s.rsplit() */
KrObj *kr_str_split_list_ws(KrObj *s, KrObj *none);  /* s.split(None) */
KrObj *kr_str_split_list_ws2(KrObj *s, KrObj *none, int64_t maxsplit);
KrObj *kr_str_split_list_max(KrObj *s, int64_t maxsplit); /* s.split(maxsplit=n) */
KrObj *kr_str_rsplit_list_ws(KrObj *s, KrObj *none);
KrObj *kr_str_rsplit_list_ws2(KrObj *s, KrObj *none, int64_t maxsplit);
KrObj *kr_str_rsplit_list_max(KrObj *s, int64_t maxsplit);
KrObj *kr_str_splitlines_list_keep(KrObj *s, bool keepends); /* s.splitlines(keepends) */
KrObj *kr_str_rsplit_list2(KrObj *s, KrObj *sep, int64_t maxsplit); /* s.rsplit(sep, maxsplit) */
KrObj *kr_str_splitlines_list(KrObj *s);
KrObj *kr_str_join_list(KrObj *sep, KrObj *list);     /* sep.join(list): TypeError for a non-str item */

/* ---- values of any type (boxed for the call) */

bool kr_any_eq(KrObj *a, KrObj *b);
bool kr_any_ne(KrObj *a, KrObj *b);
bool kr_any_truth(KrObj *a);

/* ---- print: n values with their kinds; sep and end may be NULL (default) */

void kr_print_values(int64_t n, const KrVal *vals, const uint8_t *kinds, KrObj *sep,
                     KrObj *end, bool to_stderr, bool flush);

/* ---- range(): unboxed (a for loop over one: kr_loop_range below) */

typedef struct KrRangeLoop {
  int64_t start, stop, step;
} KrRangeLoop;
KR_INLINE KrRangeLoop kr_range1(int64_t stop) { return (KrRangeLoop){0, stop, 1}; }
KR_INLINE KrRangeLoop kr_range2(int64_t start, int64_t stop) { return (KrRangeLoop){start, stop, 1}; }
KrRangeLoop kr_range3(int64_t start, int64_t stop, int64_t step); /* ValueError: range() arg 3 must not be zero */

/* ---- lists */

#define KR_LIST_TRUTH(l) (KR_LIST(l)->len != 0)
static inline KrVal kr_list_pop_last(KrObj *l) { return kr_list_pop(l, -1); }

/* ---- min, max, sum, sorted: CPython returns the first of equal items */

#define KR_MIN2(a, b) ((b) < (a) ? (b) : (a))
#define KR_MAX2(a, b) ((b) > (a) ? (b) : (a))
static inline KrObj *kr_str_min2(KrObj *a, KrObj *b) {
  KrObj *r = kr_str_cmp(b, a) < 0 ? b : a;
  kr_incref(r);
  return r;
}
static inline KrObj *kr_str_max2(KrObj *a, KrObj *b) {
  KrObj *r = kr_str_cmp(b, a) > 0 ? b : a;
  kr_incref(r);
  return r;
}
/* min/max of an int and a float: CPython returns the winner itself, int or
 * float (the first of equals), compared exactly */
static inline KrObj *kr_minmax_mixed(KrVal a, ValKind ka, KrVal b, ValKind kb, int op) {
  bool second = kr_val_cmp(b, kb, a, ka, op) > 0;
  KrVal w = second ? b : a;
  return (second ? kb : ka) == KR_INT ? kr_int_box(w.i) : kr_float_box(w.f);
}
static inline KrObj *kr_min_if(int64_t a, double b) {
  return kr_minmax_mixed((KrVal){.i = a}, KR_INT, (KrVal){.f = b}, KR_FLOAT, KR_LT);
}
static inline KrObj *kr_min_fi(double a, int64_t b) {
  return kr_minmax_mixed((KrVal){.f = a}, KR_FLOAT, (KrVal){.i = b}, KR_INT, KR_LT);
}
static inline KrObj *kr_max_if(int64_t a, double b) {
  return kr_minmax_mixed((KrVal){.i = a}, KR_INT, (KrVal){.f = b}, KR_FLOAT, KR_GT);
}
static inline KrObj *kr_max_fi(double a, int64_t b) {
  return kr_minmax_mixed((KrVal){.f = a}, KR_FLOAT, (KrVal){.i = b}, KR_INT, KR_GT);
}
#define KR_MIN_LIST(l) kr_min((l), NULL, NULL, KR_OBJ, NULL)
#define KR_MAX_LIST(l) kr_max((l), NULL, NULL, KR_OBJ, NULL)
#define KR_SORTED(l) kr_sorted((l), NULL, NULL, KR_OBJ, false)
#define KR_LIST_SORT(l) kr_list_sort((l), NULL, NULL, KR_OBJ, false)
#define KR_LIST_INDEX(l, v) kr_list_index((l), (v), KR_LIST(l)->kind, 0, INT64_MAX)
#define KR_LIST_COUNT(l, v) kr_list_count((l), (v), KR_LIST(l)->kind)
#define KR_LIST_REMOVE(l, v) kr_list_remove((l), (v), KR_LIST(l)->kind)
#define KR_LIST_IN(v, l) (kr_list_contains((l), (v), KR_LIST(l)->kind) > 0)
#define KR_LIST_NOT_IN(v, l) (kr_list_contains((l), (v), KR_LIST(l)->kind) == 0)

/* ---- dicts: keys arrive already of the dict's key kind */

#define KR_DICT_GETITEM(d, k) kr_dict_getitem((d), (k), KR_DICT(d)->kkind)
#define KR_DICT_SETITEM(d, k, v) kr_dict_setitem((d), (k), KR_DICT(d)->kkind, (v))
#define KR_DICT_GET(d, k, dflt) kr_dict_get((d), (k), KR_DICT(d)->kkind, (dflt))
#define KR_DICT_GET_OPT(d, k, want) kr_dict_get_opt((d), (k), KR_DICT(d)->kkind, (want))
#define KR_DICT_DELITEM(d, k) kr_dict_delitem((d), (k), KR_DICT(d)->kkind)
#define KR_DICT_IN(k, d) (kr_dict_contains((d), (k), KR_DICT(d)->kkind) > 0)
#define KR_DICT_NOT_IN(k, d) (kr_dict_contains((d), (k), KR_DICT(d)->kkind) == 0)
#define KR_DICT_TRUTH(d) (KR_DICT(d)->used != 0)

/* ---- for loops (loop.c): the cursor behind the compiler's iter.new /
 * iter.next / iter.item ops. A cursor is a local of the generated function
 * (no allocation): iter.new fills it for one iterable, each iter.next
 * fetches the next item into it (false at the end), and iter.item hands
 * that item to the loop variable. Lists, tuples, strs and ranges have
 * their own inline cursors (a list is indexed afresh each time, so it may
 * grow in the loop, as CPython allows); everything else goes through the
 * runtime's KrIter (dicts and sets raise CPython's "changed size during
 * iteration"). Items are converted to `want`, the kind the compiled code
 * reads them as (a variant's ints arrive boxed). */
typedef struct KrLoop {
  KrIter it;    /* it.src: the iterable (owned; NULL once exhausted), it.pos: the position */
  KrVal item;   /* the item the last next fetched (owned until iter.item takes it) */
  ValKind want;
} KrLoop;

KR_INLINE void kr_loop_clear(KrLoop *c) {
  kr_xdecref(c->it.src);
  c->it.src = NULL;
  if (c->want == KR_OBJ && c->item.o) {
    kr_decref(c->item.o);
    c->item.o = NULL;
  }
}
/* Store item v (a new reference of kind k) as the cursor's item, converted
 * to the kind wanted; false with kr_exc set if it cannot be. */
bool kr_loop_put_convert(KrLoop *c, KrVal v, ValKind k);
KR_INLINE bool kr_loop_put(KrLoop *c, KrVal v, ValKind k) {
  if (c->want == KR_OBJ && c->item.o)
    kr_decref(c->item.o);
  if (KR_LIKELY(k == c->want)) {
    c->item = v;
    return true;
  }
  return kr_loop_put_convert(c, v, k);
}
KR_INLINE KrVal kr_loop_take(KrLoop *c) {
  KrVal v = c->item;
  c->item.o = NULL;
  return v;
}
#define KR_LOOP_ITEM(c, kind) kr_loop_take(&(c))

KR_INLINE KrLoop kr_loop_list(KrObj *l, ValKind want) {
  KrLoop c = {.want = want};
  kr_incref(l);
  c.it.src = l;
  return c;
}
KR_INLINE bool kr_loop_list_next(KrLoop *c) {
  KrList *l = KR_LIST(c->it.src);
  if (KR_LIKELY(l && c->it.pos < l->len)) {
    KrVal v = l->items[c->it.pos++];
    kr_val_incref(v, l->kind);
    return kr_loop_put(c, v, l->kind);
  }
  kr_xdecref(c->it.src);
  c->it.src = NULL;
  return false;
}
#define KR_LOOP_LIST_NEXT(c) kr_loop_list_next(&(c))

KR_INLINE KrLoop kr_loop_range(KrRangeLoop r, ValKind want) {
  KrLoop c = {.want = KR_INT};
  c.it.a = r.start;
  c.it.b = r.step;
  c.it.end = (int64_t)kr_range_count(r.start, r.stop, r.step);
  (void)want;
  return c;
}
KR_INLINE bool kr_loop_range_next(KrLoop *c) {
  if ((uint64_t)c->it.pos >= (uint64_t)c->it.end)
    return false;
  c->item.i = (int64_t)((uint64_t)c->it.a + (uint64_t)c->it.pos * (uint64_t)c->it.b);
  c->it.pos++;
  return true;
}
#define KR_LOOP_RANGE_NEXT(c) kr_loop_range_next(&(c))

static inline KrLoop kr_loop_str(KrObj *s, ValKind want) { return kr_loop_list(s, want); }
bool kr_loop_str_next_slow(KrLoop *c);
KR_INLINE bool kr_loop_str_next(KrLoop *c) { /* one-character strs; it.pos is a byte offset */
  const KrStr *s = (const KrStr *)c->it.src;
  if (KR_LIKELY(s && s->ascii && c->it.pos < s->len)) { /* the shared ASCII characters */
    KrObj *ch = kr_str_ascii_chars[(unsigned char)s->data[c->it.pos]];
    if (KR_LIKELY(ch != NULL)) {
      c->it.pos++;
      return kr_loop_put(c, (KrVal){.o = ch}, KR_OBJ);
    }
  }
  return kr_loop_str_next_slow(c);
}
#define KR_LOOP_STR_NEXT(c) kr_loop_str_next(&(c))
/* for w in s.split() (emit.c find_split_loop): the pieces one at a time. */
KrLoop kr_loop_split(KrObj *s);
bool kr_loop_split_next(KrLoop *c);
#define KR_LOOP_SPLIT_NEXT(c) kr_loop_split_next(&(c))
static inline KrLoop kr_loop_tuple(KrObj *t, ValKind want) { return kr_loop_list(t, want); }
bool kr_loop_tuple_next(KrLoop *c);
#define KR_LOOP_TUPLE_NEXT(c) kr_loop_tuple_next(&(c))
KrLoop kr_loop_obj(KrObj *iterable, ValKind want); /* any iterable: TypeError: 'int' object is not iterable */
bool kr_loop_obj_next(KrLoop *c);
#define KR_LOOP_OBJ_NEXT(c) kr_loop_obj_next(&(c))

/* ---- builtins that consume an iterable: the result's items of kind `kind` */

KrObj *kr_set_of(KrObj *iterable, ValKind kind);       /* set(x) */
KrObj *kr_frozenset_of(KrObj *iterable, ValKind kind); /* frozenset(x) */
KrObj *kr_tuple_of(KrObj *iterable, ValKind kind);     /* tuple(x) */
KrObj *kr_sorted_of(KrObj *iterable, ValKind kind);    /* sorted(x) */
KrObj *kr_sorted_rev_of(KrObj *iterable, bool reverse, ValKind kind); /* sorted(x, reverse=r) */
KrVal kr_min_of(KrObj *iterable, ValKind kind);        /* min(x): ValueError: min() arg is an empty sequence */
KrVal kr_max_of(KrObj *iterable, ValKind kind);
KrObj *kr_dict_of_pairs(KrObj *iterable, ValKind kkind, ValKind vkind); /* dict(pairs) */
bool kr_any_of(KrObj *iterable);                       /* any(x) */
bool kr_all_of(KrObj *iterable);                       /* all(x) */
static inline int64_t kr_sum_int0(KrObj *iterable) { return kr_sum_int(iterable, 0); }
/* sum() of floats or of dynamic values: int 0 when empty, as CPython */
static inline KrObj *kr_sum_obj0(KrObj *iterable) { return kr_sum_obj(iterable, kr_int_box(0)); }
static inline KrObj *kr_sum_objf(KrObj *iterable, double start) {
  KrObj *s = kr_float_box(start);
  if (!s)
    return NULL;
  KrObj *r = kr_sum_obj(iterable, s);
  kr_decref(s);
  return r;
}
KrObj *kr_str_join_iter(KrObj *sep, KrObj *iterable);   /* sep.join(x) */
int64_t kr_obj_len(KrObj *o);                          /* len(x) through the type's len slot */
KrObj *kr_range_box(KrRangeLoop r);                    /* a range object */
KrObj *kr_reversed_range(KrRangeLoop r);               /* reversed(range(...)) */
static inline int64_t kr_range_len_of(KrRangeLoop r) { /* len(range(...)) */
  uint64_t n = kr_range_count(r.start, r.stop, r.step);
  if (n > (uint64_t)INT64_MAX) {
    kr_int_overflow();
    return 0;
  }
  return (int64_t)n;
}
static inline bool kr_range_has(int64_t v, KrRangeLoop r) { /* v in range(...) */
  if (r.step > 0 ? v < r.start || v >= r.stop : v > r.start || v <= r.stop)
    return false;
  return r.step > 0 ? ((uint64_t)v - (uint64_t)r.start) % (uint64_t)r.step == 0
                    : ((uint64_t)r.start - (uint64_t)v) % (0 - (uint64_t)r.step) == 0;
}
#define KR_RANGE_NOT_HAS(v, r) (!kr_range_has((v), (r)))
#define KR_LIST_SORT_REV(l, r) kr_list_sort((l), NULL, NULL, KR_OBJ, (r))
#define KR_DICT_SETDEFAULT(d, k, v) kr_dict_setdefault((d), (k), KR_DICT(d)->kkind, (v))
#define KR_DICT_POP(d, k) kr_dict_pop((d), (k), KR_DICT(d)->kkind, NULL)
#define KR_DICT_POP2(d, k, dflt) kr_dict_pop((d), (k), KR_DICT(d)->kkind, (const KrVal[]){dflt})
#define KR_DICT_POP_OPT(d, k, n, want) kr_dict_pop_opt((d), (k), KR_DICT(d)->kkind, (want))
#define KR_IN_ANY(v, c) (kr_contains((c), (KrVal){.o = (v)}, KR_OBJ) > 0)
#define KR_NOT_IN_ANY(v, c) (kr_contains((c), (KrVal){.o = (v)}, KR_OBJ) == 0)
KrVal kr_tuple_item_as(KrObj *t, int64_t i, ValKind kind); /* t[i] as a value of kind */

/* ---- sets: items arrive already of the set's kind (the emitter converts) */

KrObj *kr_set_from_consts(ValKind kind, const KrVal *items, int64_t n); /* {1, 2, 3}: CPython's constant display */

#define KR_SET_ADD(s, v) kr_set_add((s), (v), KR_SET(s)->kind)
#define KR_SET_DISCARD(s, v) kr_set_discard((s), (v), KR_SET(s)->kind)
#define KR_SET_REMOVE(s, v) kr_set_remove((s), (v), KR_SET(s)->kind)
#define KR_SET_IN(v, s) (kr_set_contains((s), (v), KR_SET(s)->kind) > 0)
#define KR_SET_NOT_IN(v, s) (kr_set_contains((s), (v), KR_SET(s)->kind) == 0)
#define KR_SET_TRUTH(s) (KR_SET(s)->used != 0)
#define KR_SET_LT(a, b) (kr_set_cmp((a), (b), KR_LT) > 0)
#define KR_SET_LE(a, b) (kr_set_cmp((a), (b), KR_LE) > 0)
#define KR_SET_GT(a, b) (kr_set_cmp((a), (b), KR_GT) > 0)
#define KR_SET_GE(a, b) (kr_set_cmp((a), (b), KR_GE) > 0)
#define KR_SET_ISSUBSET(a, b) (kr_set_issubset((a), (b)) > 0)
#define KR_SET_ISSUPERSET(a, b) (kr_set_issuperset((a), (b)) > 0)
#define KR_SET_ISDISJOINT(a, b) (kr_set_isdisjoint((a), (b)) > 0)
/* s |= t and friends: s updated in place, then s itself (a new reference) */
KrObj *kr_set_ior(KrObj *s, KrObj *other);
KrObj *kr_set_iand(KrObj *s, KrObj *other);
KrObj *kr_set_isub(KrObj *s, KrObj *other);
KrObj *kr_set_ixor(KrObj *s, KrObj *other);
KrObj *kr_list_iadd(KrObj *l, KrObj *other); /* l += x: l extended in place */

/* ---- arithmetic on dynamic values (variants): numbers as CPython adds
 * them (an int and a float make a float); TypeError otherwise */
KrObj *kr_obj_add(KrObj *a, KrObj *b);
KrObj *kr_obj_truediv(KrObj *a, KrObj *b); /* a / b for dynamic numbers */
#define KR_OBJ_LT(a, b) (kr_obj_cmp((a), (b), KR_LT) > 0)
#define KR_OBJ_LE(a, b) (kr_obj_cmp((a), (b), KR_LE) > 0)
#define KR_OBJ_GT(a, b) (kr_obj_cmp((a), (b), KR_GT) > 0)
#define KR_OBJ_GE(a, b) (kr_obj_cmp((a), (b), KR_GE) > 0)
KrObj *kr_obj_sub(KrObj *a, KrObj *b);
double kr_truediv_fO(double a, KrObj *b);          /* number / dynamic value: a float */
double kr_truediv_Of(KrObj *a, double b);
double kr_truediv_iO(int64_t a, KrObj *b);
double kr_truediv_Oi(KrObj *a, int64_t b);
double kr_obj_math_sqrt(KrObj *o);                  /* math.sqrt/exp/log of a dynamic value */
double kr_obj_math_exp(KrObj *o);
double kr_obj_math_log(KrObj *o);
KrObj *kr_obj_mul(KrObj *a, KrObj *b);

/* ---- exceptions: the end of a finally block run for an exception makes it
 * pending again, as it was (its context untouched) */
void kr_exc_restore(KrObj *exc); /* exc borrowed */

/* ---- numeric and conversion builtins (builtins.c) */

int64_t kr_float_round0(double x);                 /* round(x): ties to even; OverflowError/ValueError for inf/nan */
double kr_float_round(double x, int64_t ndigits);  /* round(x, n): CPython's correctly rounded double_round */
int64_t kr_int_round(int64_t x, int64_t ndigits);  /* round(i, n): n < 0 rounds to 10**-n, ties to even */
KrObj *kr_int_divmod(int64_t a, int64_t b);        /* divmod(a, b): (a // b, a % b) */
double kr_float_divmod(double a, double b, double *q); /* a % b and *q = a // b; ZeroDivisionError: float divmod() */
KrObj *kr_float_divmod_pair(double a, double b);   /* divmod(x, y) of floats: a tuple */
int64_t kr_int_powmod(int64_t a, int64_t b, int64_t m); /* pow(a, b, m); a negative b inverts a mod m */
int64_t kr_str_to_int_base(KrObj *s, int64_t base);     /* int(s, base): bases 0 and 2..36 */
KrObj *kr_int_bin(int64_t v);                      /* bin(v): '-0b101' */
KrObj *kr_int_oct(int64_t v);                      /* oct(v) */
KrObj *kr_int_hex(int64_t v);                      /* hex(v) */
KrVal kr_next(KrObj *it, ValKind want);            /* next(it): StopIteration at the end */
KrVal kr_next_default(KrObj *it, KrObj *dflt, ValKind want); /* next(it, dflt) */
KrVal kr_max_default(KrObj *iterable, KrObj *dflt, ValKind want); /* max(x, default=d) */
KrVal kr_min_default(KrObj *iterable, KrObj *dflt, ValKind want); /* min(x, default=d) */
KrObj *kr_obj_abs(KrObj *o);                       /* abs() of a dynamic value */
int64_t kr_min_ints(int64_t a, int64_t b, int64_t n, const int64_t *xs); /* min(a, b, c...) of ints */
int64_t kr_max_ints(int64_t a, int64_t b, int64_t n, const int64_t *xs);
bool kr_min_bools(bool a, bool b, int64_t n, const bool *xs);       /* min/max of bools: a bool */
bool kr_max_bools(bool a, bool b, int64_t n, const bool *xs);
KrObj *kr_obj_neg(KrObj *o);                       /* -x of a dynamic value */
int64_t kr_obj_round0(KrObj *o);                   /* round(x) of a dynamic value */
KrObj *kr_obj_round(KrObj *o, int64_t ndigits);    /* round(x, n) of a dynamic value */
KrObj *kr_str_mod_obj(KrObj *fmt, KrObj *x);       /* fmt % x: a tuple, a mapping, or one value */
/* fmt.format(*args, **kwargs), the keywords named by C strings */
KrObj *kr_str_format_c(KrObj *fmt, const KrArg *args, int64_t n, const char *const *names,
                       const KrArg *kwargs, int64_t nkw);

/* isinstance(x, T): the classes as a mask, one bit per builtin type in the
 * compiler's order (lower.c's isinstance_names). A static type's answer is
 * a constant the C compiler folds; a boxed value's is its KrType's bit. */
enum {
  KR_TM_INT = 1 << 0, KR_TM_BOOL = 1 << 1, KR_TM_FLOAT = 1 << 2, KR_TM_STR = 1 << 3,
  KR_TM_LIST = 1 << 4, KR_TM_DICT = 1 << 5, KR_TM_TUPLE = 1 << 6, KR_TM_SET = 1 << 7,
  KR_TM_FROZENSET = 1 << 8, KR_TM_BYTES = 1 << 9, KR_TM_NONE = 1 << 10, KR_TM_RANGE = 1 << 11,
  KR_TM_COUNT = 12
};
bool kr_isinstance_mask(KrObj *o, int64_t mask);
#define KR_ISINST(x, m, bit) ((void)(x), ((m) & (bit)) != 0)
#define KR_ISINST_INT(x, m) KR_ISINST(x, m, KR_TM_INT)
#define KR_ISINST_BOOL(x, m) KR_ISINST(x, m, KR_TM_BOOL)
#define KR_ISINST_FLOAT(x, m) KR_ISINST(x, m, KR_TM_FLOAT)
#define KR_ISINST_STR(x, m) KR_ISINST(x, m, KR_TM_STR)
#define KR_ISINST_LIST(x, m) KR_ISINST(x, m, KR_TM_LIST)
#define KR_ISINST_DICT(x, m) KR_ISINST(x, m, KR_TM_DICT)
#define KR_ISINST_TUPLE(x, m) KR_ISINST(x, m, KR_TM_TUPLE)
#define KR_ISINST_SET(x, m) KR_ISINST(x, m, KR_TM_SET)
#define KR_ISINST_FROZENSET(x, m) KR_ISINST(x, m, KR_TM_FROZENSET)
#define KR_ISINST_NONE(x, m) KR_ISINST(x, m, KR_TM_NONE)
#define KR_ISINST_RANGE(x, m) KR_ISINST(x, m, KR_TM_RANGE)
#define KR_ISINST_OBJ(x, m) kr_isinstance_mask((x), (m))

/* ---- the program: set up, run, report */

void kr_init(int argc, char **argv); /* once, before the module code */
/* a, b = x for a dynamic x (a tuple or list of n items): item i, boxed (a new
 * reference); ValueError "not enough values to unpack (expected 2, got 1)" /
 * "too many values to unpack (expected 2)", TypeError for what cannot be unpacked. */
KrObj *kr_obj_unpack(KrObj *o, int64_t i, int64_t n);
KrVal kr_seq_unpack(KrObj *o, int64_t i, int64_t n, ValKind want); /* item i of a list, str or tuple being unpacked into n targets, as kind want */
int kr_exit(void);                   /* the exit status: reports a pending exception, flushes */

#endif
