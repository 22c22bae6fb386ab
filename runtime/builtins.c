/* builtins.c — the runtime side of Python's numeric and conversion builtins
 * that the op library (compiler/ops.def) calls: round, divmod, pow with a
 * modulus, int(s, base), bin/oct/hex, hash, isinstance on a boxed value,
 * iter/next, max/min with a default, abs of a dynamic value, and the
 * adapters from the op library's argument lists to `str % x` and
 * str.format (format.c does the formatting). Declared in ops.h.
 *
 * Results and error messages are CPython 3.11's. Integers are 64-bit, as
 * everywhere in kiln: a result past int64 raises OverflowError.
 */
#include "containers_impl.h"
#include "core_impl.h"

#include <stdio.h>
#include <stdlib.h>

/* ------------------------------------------------------------------ round */

/* round(x): the nearest int, ties to even (CPython's float___round__ with
 * no ndigits: round() then the halfway correction). */
int64_t kr_float_round0(double x) {
  double r = round(x);
  if (fabs(x - r) == 0.5)
    r = 2.0 * round(x / 2.0);
  return kr_float_to_int(r);
}

/* round(x, n) for a float, as CPython's double_round: x is rounded to n
 * decimal places from its exact binary value, ties to even, and the
 * decimal result read back. glibc's printf rounds the exact value
 * correctly (ties to even in the default rounding mode), so "%.*f" gives
 * CPython's digits for n >= 0. For n < 0 the integer part (exact in "%.0f"
 * of trunc(x)) is rounded at digit -n by hand, the fraction deciding ties. */
double kr_float_round(double x, int64_t ndigits) {
  if (!isfinite(x) || ndigits > 323) /* NDIGITS_MAX: every double is exact by then */
    return x;
  if (ndigits < -308)                 /* NDIGITS_MIN: nothing is left */
    return 0.0 * x;
  char buf[720]; /* up to 309 integer digits and 323 decimals */
  if (ndigits >= 0) {
    snprintf(buf, sizeof buf, "%.*f", (int)ndigits, x);
  } else {
    double t = trunc(x);
    bool sticky = t != x;       /* a fraction below the digits: past any tie */
    int n = snprintf(buf, sizeof buf, "%.0f", fabs(t));
    int k = (int)-ndigits;      /* digits to clear */
    const char *sign = x < 0 || (x == 0 && signbit(x)) ? "-" : "";
    if (k > n) {                /* below 10**(k-1): rounds to 0 */
      snprintf(buf, sizeof buf, "%s0", sign);
    } else {
      int keep = n - k;         /* digits that stay */
      bool up = buf[keep] > '5';
      if (buf[keep] == '5') {
        bool rest = sticky;
        for (int i = keep + 1; i < n; i++)
          rest |= buf[i] != '0';
        up = rest || (keep > 0 && (buf[keep - 1] - '0') % 2 == 1);
      }
      for (int i = keep; i < n; i++)
        buf[i] = '0';
      char digits[sizeof buf + 2];
      int j = keep - 1;
      for (; up && j >= 0; j--) { /* carry */
        if (buf[j] == '9') {
          buf[j] = '0';
        } else {
          buf[j]++;
          up = false;
        }
      }
      snprintf(digits, sizeof digits, "%s%s%s", sign, up ? "1" : "", buf);
      memcpy(buf, digits, strlen(digits) + 1);
    }
  }
  double r = strtod(buf, NULL);
  if (isinf(r)) {
    kr_raise(&kr_OverflowError_type, "rounded value too large to represent");
    return 0;
  }
  return r;
}

/* round(x, n) for an int: x itself for n >= 0, else the nearest multiple of
 * 10**-n, ties to the even multiple (CPython's long_round). */
int64_t kr_int_round(int64_t x, int64_t ndigits) {
  if (ndigits >= 0)
    return x;
  if (ndigits < -20) /* 10**21 > 2 * |x|: always 0 */
    return 0;
  __int128 p = 1;
  for (int64_t i = 0; i < -ndigits; i++)
    p *= 10;
  __int128 q = x / p, r = x % p;
  if (r < 0) { /* floor division */
    q -= 1;
    r += p;
  }
  if (2 * r > p || (2 * r == p && (q & 1)))
    q += 1;
  __int128 res = q * p;
  if (res > INT64_MAX || res < INT64_MIN) {
    kr_int_overflow();
    return 0;
  }
  return (int64_t)res;
}

/* ----------------------------------------------------------------- divmod */

KrObj *kr_int_divmod(int64_t a, int64_t b) {
  if (b == 0)
    return kr_raise(&kr_ZeroDivisionError_type, "integer division or modulo by zero");
  int64_t q = kr_int_floordiv(a, b);
  if (kr_failed())
    return NULL;
  int64_t r = kr_int_mod(a, b);
  return kr_tuple_pack(2, (const KrVal[]){{.i = q}, {.i = r}}, (const uint8_t[]){KR_INT, KR_INT});
}

KrObj *kr_float_divmod_pair(double a, double b) {
  double q;
  double r = kr_float_divmod(a, b, &q);
  if (kr_failed())
    return NULL;
  return kr_tuple_pack(2, (const KrVal[]){{.f = q}, {.f = r}}, (const uint8_t[]){KR_FLOAT, KR_FLOAT});
}

/* -------------------------------------------------------------------- pow */

/* a * b mod m, for 0 <= a, b < m <= 2**63. */
static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m) {
  return (uint64_t)((unsigned __int128)a * b % m);
}

/* The inverse of a modulo m (0 <= a < m), or false when gcd(a, m) != 1. */
static bool invmod(uint64_t a, uint64_t m, uint64_t *out) {
  __int128 r0 = (__int128)m, r1 = (__int128)a, s0 = 0, s1 = 1;
  while (r1 != 0) {
    __int128 q = r0 / r1, t;
    t = r0 - q * r1, r0 = r1, r1 = t;
    t = s0 - q * s1, s0 = s1, s1 = t;
  }
  if (r0 != 1)
    return false;
  if (s0 < 0)
    s0 += (__int128)m;
  *out = (uint64_t)s0;
  return true;
}

/* pow(a, b, m): CPython's long_pow with a modulus. The result has m's sign
 * (or is 0); a negative exponent takes the inverse of a first. */
int64_t kr_int_powmod(int64_t a, int64_t b, int64_t m) {
  if (m == 0) {
    kr_raise(&kr_ValueError_type, "pow() 3rd argument cannot be 0");
    return 0;
  }
  bool negative = m < 0;
  uint64_t mod = negative ? 0 - (uint64_t)m : (uint64_t)m;
  if (mod == 1)
    return 0;
  /* the base reduced into [0, mod) */
  uint64_t base = a >= 0 ? (uint64_t)a % mod : (mod - (0 - (uint64_t)a) % mod) % mod;
  uint64_t e = b >= 0 ? (uint64_t)b : 0 - (uint64_t)b;
  if (b < 0 && !invmod(base, mod, &base)) {
    kr_raise(&kr_ValueError_type, "base is not invertible for the given modulus");
    return 0;
  }
  uint64_t r = 1 % mod;
  while (e) {
    if (e & 1)
      r = mulmod(r, base, mod);
    base = mulmod(base, base, mod);
    e >>= 1;
  }
  if (negative && r != 0)
    return (int64_t)(r - mod); /* in (m, 0): fits, since mod <= 2**63 */
  return (int64_t)r;
}

/* ---------------------------------------------------------- int(s, base) */

static int digit_value(unsigned char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z')
    return c - 'A' + 10;
  return 99;
}

static bool c_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/* CPython's PyLong_FromString over s's text made ASCII as
 * _PyUnicode_TransformDecimalAndSpaceToASCII makes it (Unicode decimal
 * digits become '0'..'9', Unicode spaces ' ', anything else non-ASCII ends
 * the text with '?'). 0, or -1 for an invalid literal; *overflow is set when
 * the value is valid but leaves int64. */
static int parse_int(const char *p, const char *end, int base, int64_t *out, bool *overflow) {
  bool neg = false, nonzero_check = false;
  while (p < end && c_space((unsigned char)*p))
    p++;
  if (p < end && (*p == '+' || *p == '-'))
    neg = *p++ == '-';
  char x = p + 1 < end ? (char)(p[1] | 0x20) : 0;
  if (base == 0) {
    if (p >= end || *p != '0')
      base = 10;
    else if (x == 'x')
      base = 16;
    else if (x == 'o')
      base = 8;
    else if (x == 'b')
      base = 2;
    else { /* "010": a C-style octal literal, valid only as zero */
      nonzero_check = true;
      base = 10;
    }
  }
  if (p < end && *p == '0' && ((base == 16 && x == 'x') || (base == 8 && x == 'o') || (base == 2 && x == 'b'))) {
    p += 2;
    if (p < end && *p == '_') /* one underscore after the prefix */
      p++;
  }
  if (p < end && *p == '_')
    return -1;
  uint64_t v = 0;
  bool digits = false;
  char prev = 0;
  for (; p < end; p++) {
    if (*p == '_') {
      if (prev == '_')
        return -1;
    } else {
      int d = digit_value((unsigned char)*p);
      if (d >= base)
        break;
      digits = true;
      if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
        *overflow = true;
      else
        v = v * (uint64_t)base + (uint64_t)d;
    }
    prev = *p;
  }
  if (!digits || prev == '_')
    return -1;
  if (nonzero_check && (v != 0 || *overflow))
    return -1;
  while (p < end && c_space((unsigned char)*p))
    p++;
  if (p != end)
    return -1;
  if (v > (uint64_t)INT64_MAX + neg)
    *overflow = true;
  *out = neg ? (int64_t)(0 - v) : (int64_t)v;
  return 0;
}

/* int(s, base). */
int64_t kr_str_to_int_base(KrObj *s, int64_t base) {
  if ((base != 0 && base < 2) || base > 36) {
    kr_raise(&kr_ValueError_type, "int() base must be >= 2 and <= 36, or 0");
    return 0;
  }
  const char *d = kr_str_data(s);
  int64_t n = kr_str_bytes(s), len = 0;
  char small[128];
  char *text = n < (int64_t)sizeof small ? small : kr_alloc((size_t)n + 1);
  if (!text)
    return 0;
  if (((KrStr *)s)->ascii) {
    memcpy(text, d, (size_t)n);
    len = n;
  } else {
    for (int64_t i = 0; i < n;) {
      uint32_t cp = u8_next(d, &i);
      int dec;
      if (cp < 127)
        text[len++] = (char)cp;
      else if (uni_isspace(cp))
        text[len++] = ' ';
      else if ((dec = uni_decimal(cp)) >= 0)
        text[len++] = (char)('0' + dec);
      else {
        text[len++] = '?';
        break;
      }
    }
  }
  int64_t v = 0;
  bool overflow = false;
  int rc = parse_int(text, text + len, (int)base, &v, &overflow);
  if (text != small)
    kr_free(text);
  if (rc < 0) {
    KrObj *r = kr_str_repr(s);
    if (!r)
      return 0;
    if (kr_str_len(r) > 200) { /* CPython's %.200R */
      KrObj *cut = kr_str_new(kr_str_data(r), kr_str_offset(r, 200));
      kr_decref(r);
      if (!(r = cut))
        return 0;
    }
    kr_raise(&kr_ValueError_type, "invalid literal for int() with base %d: %S", (int)base, r);
    kr_decref(r);
    return 0;
  }
  if (overflow) {
    kr_int_overflow();
    return 0;
  }
  return v;
}

/* -------------------------------------------------------- bin, oct, hex */

static KrObj *int_in_base(int64_t v, int shift, const char *prefix) {
  char buf[80], *p = buf + sizeof buf;
  uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  unsigned mask = (1u << shift) - 1;
  *--p = 0;
  do {
    *--p = "0123456789abcdef"[u & mask];
    u >>= shift;
  } while (u);
  p -= 2;
  memcpy(p, prefix, 2);
  if (v < 0)
    *--p = '-';
  return kr_str_new(p, (int64_t)(buf + sizeof buf - 1 - p));
}

KrObj *kr_int_bin(int64_t v) { return int_in_base(v, 1, "0b"); }
KrObj *kr_int_oct(int64_t v) { return int_in_base(v, 3, "0o"); }
KrObj *kr_int_hex(int64_t v) { return int_in_base(v, 4, "0x"); }

/* ------------------------------------------------------------ isinstance */

/* The classes of isinstance(x, T), in the order of the compiler's table
 * (lower.c): bit i of a class mask stands for entry i. */
static const KrType *const mask_types[] = {
    &kr_int_type, &kr_bool_type, &kr_float_type, &kr_str_type, &kr_list_type, &kr_dict_type,
    &kr_tuple_type, &kr_set_type, &kr_frozenset_type, &kr_bytes_type, &kr_NoneType, &kr_range_type,
};
_Static_assert(sizeof mask_types / sizeof mask_types[0] == KR_TM_COUNT, "one type per KR_TM_ bit");

bool kr_isinstance_mask(KrObj *o, int64_t mask) {
  for (int i = 0; i < KR_TM_COUNT; i++)
    if (o->type == mask_types[i])
      return (mask >> i) & 1;
  return false;
}

/* -------------------------------------------------------------- iter, next */

static KrVal as_kind(KrVal v, ValKind from, ValKind to) {
  KrVal out = {0};
  if (from == to)
    return v;
  krc_convert(v, from, to, &out);
  kr_val_decref(v, from);
  return out;
}

/* 1 and *out (of kind want), 0 when it is exhausted, -1 on error. */
static int next_item(KrObj *it, ValKind want, KrVal *out) {
  if (!kr_is_iter(it)) {
    krc_raisef(&kr_TypeError_type, "'%s' object is not an iterator", it->type->name);
    return -1;
  }
  KrVal v;
  int r = kr_iter_next(it, &v);
  if (r <= 0)
    return r;
  *out = as_kind(v, kr_iter_kind(it), want);
  return kr_failed() ? -1 : 1;
}

KrVal kr_next(KrObj *it, ValKind want) {
  KrVal v = {0};
  if (next_item(it, want, &v) == 0)
    kr_raise(&kr_StopIteration_type, NULL);
  return v;
}

/* The default, boxed for the call, as a value of kind want. */
static KrVal default_as(KrObj *dflt, ValKind want) {
  kr_incref(dflt);
  return as_kind((KrVal){.o = dflt}, KR_OBJ, want);
}

KrVal kr_next_default(KrObj *it, KrObj *dflt, ValKind want) {
  KrVal v = {0};
  if (next_item(it, want, &v) == 0)
    return default_as(dflt, want);
  return v;
}

/* ------------------------------------------------------ max/min(default=) */

static KrVal minmax_default(KrObj *iterable, KrObj *dflt, ValKind want, bool max) {
  KrObj *seq = iterable;
  int64_t n;
  if (iterable->type->len) {
    n = iterable->type->len(iterable);
    kr_incref(seq);
  } else { /* an iterator: its items are only known by taking them */
    seq = krc_to_list(iterable, kr_iterable_kind(iterable));
    n = seq ? kr_list_len(seq) : -1;
  }
  KrVal r = {0};
  if (n == 0)
    r = default_as(dflt, want);
  else if (n > 0)
    r = as_kind(max ? kr_max(seq, NULL, NULL, KR_OBJ, NULL) : kr_min(seq, NULL, NULL, KR_OBJ, NULL),
                kr_iterable_kind(seq), want);
  kr_xdecref(seq);
  return r;
}

KrVal kr_max_default(KrObj *iterable, KrObj *dflt, ValKind want) {
  return minmax_default(iterable, dflt, want, true);
}
KrVal kr_min_default(KrObj *iterable, KrObj *dflt, ValKind want) {
  return minmax_default(iterable, dflt, want, false);
}

/* --------------------------------------------------------------------- abs */

KrObj *kr_obj_abs(KrObj *o) {
  switch (num_kind(o)) {
  case KR_INT: {
    int64_t v = ((KrInt *)o)->v;
    return v == INT64_MIN ? kr_int_overflow() : kr_int_box(v < 0 ? -v : v);
  }
  case KR_FLOAT: return kr_float_box(fabs(((KrFloat *)o)->v));
  case KR_BOOL: return kr_int_box(o == kr_True);
  case KR_OBJ: break;
  }
  return kr_raise(&kr_TypeError_type, "bad operand type for abs(): '%s'", o->type->name);
}

/* min(a, b, c, ...) and max(...) of three or more ints: the first of the
 * equal extremes, as CPython (it does not matter for ints). */
int64_t kr_min_ints(int64_t a, int64_t b, int64_t n, const int64_t *xs) {
  int64_t m = b < a ? b : a;
  for (int64_t i = 0; i < n; i++)
    if (xs[i] < m)
      m = xs[i];
  return m;
}

int64_t kr_max_ints(int64_t a, int64_t b, int64_t n, const int64_t *xs) {
  int64_t m = b > a ? b : a;
  for (int64_t i = 0; i < n; i++)
    if (xs[i] > m)
      m = xs[i];
  return m;
}

bool kr_min_bools(bool a, bool b, int64_t n, const bool *xs) {
  bool m = a && b;
  for (int64_t i = 0; i < n; i++)
    m = m && xs[i];
  return m;
}

bool kr_max_bools(bool a, bool b, int64_t n, const bool *xs) {
  bool m = a || b;
  for (int64_t i = 0; i < n; i++)
    m = m || xs[i];
  return m;
}

/* -x of a dynamic value: an int (OverflowError past int64), a float, a bool
 * (as an int), else CPython's TypeError. */
KrObj *kr_obj_neg(KrObj *o) {
  switch (num_kind(o)) {
  case KR_INT: {
    int64_t v = ((KrInt *)o)->v;
    return v == INT64_MIN ? kr_int_overflow() : kr_int_box(-v);
  }
  case KR_FLOAT: return kr_float_box(-((KrFloat *)o)->v);
  case KR_BOOL: return kr_int_box(-(int64_t)(o == kr_True));
  case KR_OBJ: break;
  }
  return kr_raise(&kr_TypeError_type, "bad operand type for unary -: '%s'", o->type->name);
}

/* round(x) of a dynamic value: always an int, as CPython. */
int64_t kr_obj_round0(KrObj *o) {
  switch (num_kind(o)) {
  case KR_INT: return ((KrInt *)o)->v;
  case KR_FLOAT: return kr_float_round0(((KrFloat *)o)->v);
  case KR_BOOL: return o == kr_True;
  case KR_OBJ: break;
  }
  kr_raise(&kr_TypeError_type, "type %s doesn't define __round__ method", o->type->name);
  return 0;
}

/* round(x, n) of a dynamic value: an int stays an int, a float a float. */
KrObj *kr_obj_round(KrObj *o, int64_t ndigits) {
  switch (num_kind(o)) {
  case KR_INT: {
    int64_t r = kr_int_round(((KrInt *)o)->v, ndigits);
    return kr_failed() ? NULL : kr_int_box(r);
  }
  case KR_FLOAT: {
    double r = kr_float_round(((KrFloat *)o)->v, ndigits);
    return kr_failed() ? NULL : kr_float_box(r);
  }
  case KR_BOOL: {
    int64_t r = kr_int_round(o == kr_True, ndigits);
    return kr_failed() ? NULL : kr_int_box(r);
  }
  case KR_OBJ: break;
  }
  return kr_raise(&kr_TypeError_type, "type %s doesn't define __round__ method", o->type->name);
}

/* ------------------------------------------------------ str % x, str.format */

/* %(key)s: mapping[key]. A dict looks the key up; any other mapping in
 * CPython's sense (a list, bytes, a range) refuses a str index. */
static KrObj *mod_lookup(void *ctx, KrObj *key) {
  KrObj *m = ctx;
  if (m->type == &kr_dict_type) {
    KrVal v = kr_dict_getitem(m, (KrVal){.o = key}, KR_OBJ);
    if (kr_failed())
      return NULL;
    KrObj *o = kr_val_box(v, KR_DICT(m)->vkind);
    kr_val_decref(v, KR_DICT(m)->vkind);
    return o;
  }
  const char *what = m->type == &kr_list_type ? "list" : m->type == &kr_bytes_type ? "byte" : "range";
  return kr_raise(&kr_TypeError_type, "%s indices must be integers or slices, not str", what);
}

/* fmt % x: a tuple gives its items, a mapping (anything subscriptable but a
 * tuple or a str) is looked up by %(key)s, any other value is the one item. */
KrObj *kr_str_mod_obj(KrObj *fmt, KrObj *x) {
  const KrType *t = x->type;
  KrArg one = {{.o = x}, KR_OBJ};
  if (t == &kr_tuple_type) {
    KrTuple *tu = KR_TUPLE(x);
    KrArg small[8] = {{{0}, KR_OBJ}};
    KrArg *args = tu->len <= 8 ? small : kr_alloc((size_t)tu->len * sizeof *args);
    if (!args)
      return NULL;
    for (int64_t i = 0; i < tu->len; i++)
      args[i] = (KrArg){tu->items[i], (ValKind)tu->kinds[i]};
    KrObj *r = kr_str_mod(fmt, args, tu->len, NULL, NULL);
    if (args != small)
      kr_free(args);
    return r;
  }
  if (t == &kr_dict_type || t == &kr_list_type || t == &kr_bytes_type || t == &kr_range_type)
    return kr_str_mod(fmt, &one, -1, mod_lookup, x);
  return kr_str_mod(fmt, &one, -1, NULL, NULL);
}

/* fmt.format(*args, **kwargs) with the keywords' names as C strings. */
KrObj *kr_str_format_c(KrObj *fmt, const KrArg *args, int64_t n, const char *const *names,
                       const KrArg *kwargs, int64_t nkw) {
  KrObj *small[8];
  KrObj **kwnames = nkw <= 8 ? small : kr_alloc((size_t)nkw * sizeof *kwnames);
  if (!kwnames)
    return NULL;
  int64_t made = 0;
  KrObj *r = NULL;
  for (; made < nkw; made++)
    if (!(kwnames[made] = kr_str_from_cstr(names[made])))
      goto done;
  r = kr_str_format(fmt, args, n, kwnames, kwargs, nkw);
done:
  for (int64_t i = 0; i < made; i++)
    kr_decref(kwnames[i]);
  if (kwnames != small)
    kr_free(kwnames);
  return r;
}
