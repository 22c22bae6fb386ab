/* ops.c — the runtime side of the op library that is too big to inline:
 * integer and float division with CPython's rounding and errors, pow,
 * shifts, conversions, print, f-string assembly, and program start/exit.
 * Declared in ops.h; compiler/ops.def names these functions.
 */
#include "core_impl.h"
#include "containers_impl.h"
#include "mathmod.h"

#include <stdio.h>
#include <stdlib.h>
#include <inttypes.h>
#include <string.h>

void *kr_int_overflow(void) {
  return kr_raise(&kr_OverflowError_type, "integer overflow: kiln ints are 64-bit");
}

/* The error paths of the inline //, %, << and >> (ops.h). */
void *kr_int_div_zero(void) { return kr_raise(&kr_ZeroDivisionError_type, "integer division or modulo by zero"); }
void *kr_int_mod_zero(void) { return kr_raise(&kr_ZeroDivisionError_type, "integer modulo by zero"); }
void *kr_int_negative_shift(void) { return kr_raise(&kr_ValueError_type, "negative shift count"); }

/* int / int is correctly rounded in CPython even beyond 2**53; the operands
 * convert exactly below 2**53, which covers kiln's common case, and above it
 * long double division keeps the result correctly rounded on x86-64. */
double kr_int_truediv(int64_t a, int64_t b) {
  if (KR_UNLIKELY(b == 0)) {
    kr_raise(&kr_ZeroDivisionError_type, "division by zero");
    return 0;
  }
  const int64_t exact = (int64_t)1 << 53;
  if (a >= -exact && a <= exact && b >= -exact && b <= exact)
    return (double)a / (double)b;
  return (double)((long double)a / (long double)b);
}

int64_t kr_int_pow_nonneg(int64_t a, int64_t b) {
  int64_t r = 1, base = a;
  while (b) {
    if ((b & 1) && __builtin_mul_overflow(r, base, &r))
      break;
    b >>= 1;
    if (b && __builtin_mul_overflow(base, base, &base))
      break;
  }
  if (b) { /* stopped on an overflow */
    kr_int_overflow();
    return 0;
  }
  return r;
}

KrObj *kr_int_pow(int64_t a, int64_t b) {
  if (b < 0) {
    if (a == 0)
      return kr_raise(&kr_ZeroDivisionError_type, "0.0 cannot be raised to a negative power");
    return kr_float_box(pow((double)a, (double)b));
  }
  int64_t r = kr_int_pow_nonneg(a, b);
  return kr_failed() ? NULL : kr_int_box(r);
}

/* ---- float */

void *kr_float_div_zero(void) { return kr_raise(&kr_ZeroDivisionError_type, "float division by zero"); }

/* CPython's float_divmod: the floor quotient and modulo with the divisor's sign. */
static double divmod_mod(double vx, double wx, double *floordiv) {
  double mod = fmod(vx, wx);
  double div = (vx - mod) / wx;
  if (mod) {
    if ((wx < 0) != (mod < 0)) {
      mod += wx;
      div -= 1.0;
    }
  } else {
    mod = copysign(0.0, wx);
  }
  if (div) {
    double fl = floor(div);
    if (div - fl > 0.5)
      fl += 1.0;
    div = fl;
  } else {
    div = copysign(0.0, vx / wx);
  }
  if (floordiv)
    *floordiv = div;
  return mod;
}

double kr_float_floordiv(double a, double b) {
  if (KR_UNLIKELY(b == 0.0)) {
    kr_raise(&kr_ZeroDivisionError_type, "float floor division by zero");
    return 0;
  }
  double q;
  divmod_mod(a, b, &q);
  return q;
}

double kr_float_mod(double a, double b) {
  if (KR_UNLIKELY(b == 0.0)) {
    kr_raise(&kr_ZeroDivisionError_type, "float modulo");
    return 0;
  }
  return divmod_mod(a, b, NULL);
}

double kr_float_divmod(double a, double b, double *q) {
  if (KR_UNLIKELY(b == 0.0)) {
    kr_raise(&kr_ZeroDivisionError_type, "float divmod()");
    return 0;
  }
  return divmod_mod(a, b, q);
}

double kr_float_pow_slow(double a, double b) {
  if (a == 0.0 && b < 0.0) {
    kr_raise(&kr_ZeroDivisionError_type, "0.0 cannot be raised to a negative power");
    return 0;
  }
  if (a < 0.0 && b != floor(b) && isfinite(a) && isfinite(b)) {
    /* CPython returns a complex number here */
    kr_raise(&kr_ValueError_type, "kiln does not support complex results: negative number to a fractional power");
    return 0;
  }
  double r = pow(a, b);
  if (isinf(r) && isfinite(a) && isfinite(b)) {
    kr_raise(&kr_OverflowError_type, "(34, 'Numerical result out of range')");
    return 0;
  }
  return r;
}

int64_t kr_float_to_int(double v) {
  if (isnan(v)) {
    kr_raise(&kr_ValueError_type, "cannot convert float NaN to integer");
    return 0;
  }
  if (isinf(v)) {
    kr_raise(&kr_OverflowError_type, "cannot convert float infinity to integer");
    return 0;
  }
  double t = trunc(v);
  if (t < -9223372036854775808.0 || t >= 9223372036854775808.0) {
    kr_int_overflow();
    return 0;
  }
  return (int64_t)t;
}

/* ---- str */

bool kr_str_lt(KrObj *a, KrObj *b) { return kr_str_cmp(a, b) < 0; }
bool kr_str_le(KrObj *a, KrObj *b) { return kr_str_cmp(a, b) <= 0; }
bool kr_str_gt(KrObj *a, KrObj *b) { return kr_str_cmp(a, b) > 0; }
bool kr_str_ge(KrObj *a, KrObj *b) { return kr_str_cmp(a, b) >= 0; }
bool kr_str_in(KrObj *sub, KrObj *s) { return kr_str_contains(s, sub) > 0; }
bool kr_str_not_in(KrObj *sub, KrObj *s) { return kr_str_contains(s, sub) == 0; }
KrObj *kr_str_repeat_r(int64_t n, KrObj *s) { return kr_str_repeat(s, n); }

KrObj *kr_str_join_parts(int64_t n, KrObj **parts) {
  if (n == 1) { /* f"{s}" is s itself, as CPython's lone FORMAT_VALUE */
    kr_incref(parts[0]);
    return parts[0];
  }
  KrBuf b;
  int64_t total = 0;
  for (int64_t i = 0; i < n; i++)
    total += kr_str_bytes(parts[i]);
  kr_buf_init(&b, total);
  for (int64_t i = 0; i < n; i++) {
    if (kr_buf_puts(&b, parts[i]) < 0) {
      kr_buf_discard(&b);
      return NULL;
    }
  }
  return kr_buf_finish(&b);
}

KrObj *kr_str_build(int64_t n, const KrPiece *pieces) {
  int64_t total = 0;
  for (int64_t i = 0; i < n; i++)
    total += pieces[i].how == KR_PIECE_STR ? kr_str_bytes(pieces[i].v.o) : 24;
  KrBuf b;
  kr_buf_init(&b, total);
  for (int64_t i = 0; i < n; i++) {
    const KrPiece *p = &pieces[i];
    if (p->how == KR_PIECE_STR) {
      kr_buf_puts(&b, p->v.o);
    } else if (p->how == KR_PIECE_INT) {
      char buf[24], *q = buf + sizeof buf;
      int64_t v = p->v.i;
      uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
      do
        *--q = (char)('0' + u % 10);
      while (u /= 10);
      if (v < 0)
        *--q = '-';
      kr_buf_put(&b, q, buf + sizeof buf - q);
    } else {
      char buf[32];
      kr_buf_put(&b, buf, kr_dtoa_repr(p->v.f, buf, true));
    }
  }
  return kr_buf_finish(&b);
}

/* An array of new str references from strmethods.c as a list[str]. */
static KrObj *strs_to_list(int64_t n, KrObj **items) {
  if (n < 0)
    return NULL;
  if (sizeof(KrVal) != sizeof(KrObj *)) { /* 32-bit targets: widen the slots, in place from the end */
    KrObj **wide = kr_realloc(items, sizeof(KrVal) * (size_t)(n ? n : 1));
    if (!wide) {
      for (int64_t i = 0; i < n; i++)
        kr_decref(items[i]);
      kr_free(items);
      return NULL;
    }
    items = wide;
    for (int64_t i = n; i-- > 0;)
      ((KrVal *)items)[i] = (KrVal){.o = items[i]};
  }
  /* the list takes the array as its items (a kr_alloc block, as its own are) */
  KrList *l = (KrList *)kr_obj_new(&kr_list_type, sizeof(KrList));
  if (!l) {
    for (int64_t i = 0; i < n; i++)
      kr_decref(items[i]);
    kr_free(items);
    return NULL;
  }
  l->kind = KR_OBJ;
  l->items = (KrVal *)items;
  l->len = l->cap = n;
  return &l->h;
}

KrObj *kr_str_split_list0(KrObj *s) {
  KrObj **items = NULL;
  int64_t n = kr_str_split(s, NULL, -1, &items);
  return strs_to_list(n, items);
}

KrObj *kr_str_split_list(KrObj *s, KrObj *sep) {
  KrObj **items = NULL;
  int64_t n = kr_str_split(s, sep, -1, &items);
  return strs_to_list(n, items);
}

KrObj *kr_str_split_list2(KrObj *s, KrObj *sep, int64_t maxsplit) {
  KrObj **items = NULL;
  int64_t n = kr_str_split(s, sep, maxsplit, &items);
  return strs_to_list(n, items);
}

KrObj *kr_str_rsplit_list(KrObj *s, KrObj *sep) {
  KrObj **items = NULL;
  int64_t n = kr_str_rsplit(s, sep, -1, &items);
  return strs_to_list(n, items);
}

KrObj *kr_str_rsplit_list0(KrObj *s) {
  KrObj **items = NULL;
  int64_t n = kr_str_rsplit(s, NULL, -1, &items);
  return strs_to_list(n, items);
}

KrObj *kr_str_rsplit_list2(KrObj *s, KrObj *sep, int64_t maxsplit) {
  KrObj **items = NULL;
  int64_t n = kr_str_rsplit(s, sep, maxsplit, &items);
  return strs_to_list(n, items);
}

/* s.split(None, n), s.split(maxsplit=n) and the rsplit ones: whitespace runs */
KrObj *kr_str_split_list_ws(KrObj *s, KrObj *none) { return kr_str_split_list2(s, NULL, -1); }
KrObj *kr_str_split_list_ws2(KrObj *s, KrObj *none, int64_t maxsplit) { return kr_str_split_list2(s, NULL, maxsplit); }
KrObj *kr_str_split_list_max(KrObj *s, int64_t maxsplit) { return kr_str_split_list2(s, NULL, maxsplit); }
KrObj *kr_str_rsplit_list_ws(KrObj *s, KrObj *none) { return kr_str_rsplit_list2(s, NULL, -1); }
KrObj *kr_str_rsplit_list_ws2(KrObj *s, KrObj *none, int64_t maxsplit) { return kr_str_rsplit_list2(s, NULL, maxsplit); }
KrObj *kr_str_rsplit_list_max(KrObj *s, int64_t maxsplit) { return kr_str_rsplit_list2(s, NULL, maxsplit); }

KrObj *kr_str_splitlines_list_keep(KrObj *s, bool keepends) {
  KrObj **items = NULL;
  int64_t n = kr_str_splitlines(s, keepends, &items);
  return strs_to_list(n, items);
}

KrObj *kr_str_splitlines_list(KrObj *s) {
  KrObj **items = NULL;
  int64_t n = kr_str_splitlines(s, false, &items);
  return strs_to_list(n, items);
}

/* startswith/endswith of a tuple: each item must be a str when it is
 * reached (a match before a bad item is True, as in CPython) */
static int tuple_tailmatch(KrObj *s, KrObj *t, int64_t start, int64_t end, int has, bool at_end) {
  KrTuple *tp = KR_TUPLE(t);
  for (int64_t i = 0; i < tp->len; i++) {
    if (tp->kinds[i] != KR_OBJ || tp->items[i].o->type != &kr_str_type) {
      kr_raise(&kr_TypeError_type, "tuple for %s must only contain str, not %s",
               at_end ? "endswith" : "startswith", kr_type_name(tp->items[i], tp->kinds[i]));
      return -1;
    }
    KrObj *p = tp->items[i].o;
    int r = at_end ? kr_str_endswith(s, &p, 1, start, end, has) : kr_str_startswith(s, &p, 1, start, end, has);
    if (r != 0)
      return r;
  }
  return 0;
}

int kr_str_startswith_tuple(KrObj *s, KrObj *t, int64_t start, int64_t end, int has) {
  return tuple_tailmatch(s, t, start, end, has, false);
}

int kr_str_endswith_tuple(KrObj *s, KrObj *t, int64_t start, int64_t end, int has) {
  return tuple_tailmatch(s, t, start, end, has, true);
}

static KrObj *partition_tuple(KrObj *s, KrObj *sep, bool reverse) {
  KrObj *out[3];
  if ((reverse ? kr_str_rpartition(s, sep, out) : kr_str_partition(s, sep, out)) < 0)
    return NULL;
  if (!out[0] || !out[1] || !out[2]) { /* MemoryError */
    for (int i = 0; i < 3; i++)
      kr_xdecref(out[i]);
    return NULL;
  }
  KrVal items[3] = {{.o = out[0]}, {.o = out[1]}, {.o = out[2]}};
  return kr_tuple_pack_steal(3, items, (const uint8_t[]){KR_OBJ, KR_OBJ, KR_OBJ});
}

KrObj *kr_str_partition3(KrObj *s, KrObj *sep) { return partition_tuple(s, sep, false); }
KrObj *kr_str_rpartition3(KrObj *s, KrObj *sep) { return partition_tuple(s, sep, true); }

KrObj *kr_str_join_list(KrObj *sep, KrObj *list) {
  KrList *l = KR_LIST(list);
  if (l->kind != KR_OBJ) /* a list[int] holds no str */
    return kr_raise(&kr_TypeError_type, "sequence item 0: expected str instance, %s found",
                    kr_type_name(l->items[0], l->kind));
  if (sizeof(KrVal) == sizeof(KrObj *)) /* 64-bit: the slots are the pointers */
    return kr_str_join(sep, (KrObj **)l->items, l->len);
  /* 32-bit targets (wasm32): a KrVal is wider than a pointer */
  KrObj **objs = malloc(sizeof(KrObj *) * (size_t)(l->len ? l->len : 1));
  if (!objs)
    return kr_raise(&kr_MemoryError_type, "");
  for (int64_t i = 0; i < l->len; i++)
    objs[i] = l->items[i].o;
  KrObj *r = kr_str_join(sep, objs, l->len);
  free(objs);
  return r;
}

static bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/* int(s): base 10, as int(s, 10) (builtins.c). */
int64_t kr_str_to_int(KrObj *s) { return kr_str_to_int_base(s, 10); }

/* The common decimal "[-]ddd[.ddd][e[-]dd]" whose digits make an integer
 * m < 2^53 scaled by 10^e with |e| <= 22 (Clinger's fast path): m and 10^|e|
 * are exact doubles, so the one multiplication or division, rounded once,
 * is the correctly rounded value that strtod would give. false: anything
 * else (more digits, a larger exponent, underscores, inf, a malformed
 * string), which the full parser decides. */
static bool float_fast(const char *p, const char *end, double *out) {
  static const double pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  bool neg = false;
  if (p < end && (*p == '-' || *p == '+'))
    neg = *p++ == '-';
  uint64_t m = 0;
  int64_t e = 0, digits = 0;
  for (; p < end && *p >= '0' && *p <= '9'; p++, digits++)
    m = m * 10 + (uint64_t)(*p - '0');
  if (p < end && *p == '.')
    for (p++; p < end && *p >= '0' && *p <= '9'; p++, digits++, e--)
      m = m * 10 + (uint64_t)(*p - '0');
  if (digits == 0 || digits > 15) /* 15 digits: m < 10^15 < 2^53, no overflow above */
    return false;
  if (p < end && (*p == 'e' || *p == 'E')) {
    p++;
    bool eneg = false;
    if (p < end && (*p == '-' || *p == '+'))
      eneg = *p++ == '-';
    int64_t x = 0, xdigits = 0;
    for (; p < end && *p >= '0' && *p <= '9' && x < 1000; p++, xdigits++)
      x = x * 10 + (*p - '0');
    if (xdigits == 0)
      return false;
    e += eneg ? -x : x;
  }
  if (p != end || e < -22 || e > 22)
    return false;
  double v = (double)m;
  v = e < 0 ? v / pow10[-e] : v * pow10[e];
  *out = neg ? -v : v;
  return true;
}

/* float(s): CPython accepts what its float literal syntax accepts, plus
 * surrounding whitespace, a sign, and inf/infinity/nan in any case. */
double kr_str_to_float(KrObj *s) {
  const char *p = kr_str_data(s), *end = p + kr_str_bytes(s);
  while (p < end && is_space(*p))
    p++;
  while (end > p && is_space(end[-1]))
    end--;
  double fast;
  if (float_fast(p, end, &fast))
    return fast;
  char buf[512];
  size_t n = 0;
  bool ok = p < end && (size_t)(end - p) < sizeof buf;
  for (const char *q = p; ok && q < end; q++) {
    if (*q == '_') { /* only between digits */
      ok = q > p && q + 1 < end && q[-1] >= '0' && q[-1] <= '9' && q[1] >= '0' && q[1] <= '9';
      continue;
    }
    if (!((*q >= '0' && *q <= '9') || *q == '.' || *q == 'e' || *q == 'E' || *q == '+' ||
          *q == '-' || (*q | 32) == 'i' || (*q | 32) == 'n' || (*q | 32) == 'f' ||
          (*q | 32) == 't' || (*q | 32) == 'y' || (*q | 32) == 'a'))
      ok = false;
    buf[n++] = *q;
  }
  if (ok) {
    buf[n] = 0;
    const char *b = buf + (buf[0] == '+' || buf[0] == '-');
    bool word = (b[0] | 32) == 'i' || (b[0] | 32) == 'n';
    if (word && strcasecmp(b, "inf") && strcasecmp(b, "infinity") && strcasecmp(b, "nan"))
      ok = false;
    if (ok && !word && (strchr(b, 'x') || strchr(b, 'X') || !strpbrk(b, "0123456789")))
      ok = false;
    if (ok) {
      char *stop;
      double v = strtod(buf, &stop);
      if (*stop == 0)
        return v;
    }
  }
  KrObj *r = kr_str_repr(s);
  if (r) {
    kr_raise(&kr_ValueError_type, "could not convert string to float: %s", kr_str_data(r));
    kr_decref(r);
  }
  return 0;
}

/* ---- any values */

bool kr_any_eq(KrObj *a, KrObj *b) {
  int r = kr_obj_eq(a, b);
  return r > 0;
}

bool kr_any_ne(KrObj *a, KrObj *b) {
  int r = kr_obj_eq(a, b);
  return r == 0;
}

bool kr_any_truth(KrObj *a) { return kr_obj_truth(a) > 0; }

/* ---- arithmetic on dynamic values */

/* A number's value: 'i' (an int or a bool), 'f' (a float), or 0. */
static char num_of(KrObj *o, int64_t *i, double *f) {
  if (o->type == &kr_int_type || o->type == &kr_bool_type) {
    *i = kr_val_unbox(o, KR_INT).i;
    return 'i';
  }
  if (o->type == &kr_float_type) {
    *f = ((KrFloat *)o)->v;
    return 'f';
  }
  return 0;
}

static KrObj *obj_arith(KrObj *a, KrObj *b, char op) {
  int64_t ai = 0, bi = 0, r;
  double af = 0, bf = 0;
  char ka = num_of(a, &ai, &af), kb = num_of(b, &bi, &bf);
  if (op == '+' && a->type == b->type) { /* sequences of one type concatenate */
    if (a->type == &kr_str_type)
      return kr_str_concat(a, b);
    if (a->type == &kr_bytes_type)
      return kr_bytes_concat(a, b);
    if (a->type == &kr_list_type && KR_LIST(a)->kind == KR_LIST(b)->kind)
      return kr_list_concat(a, b);
    if (a->type == &kr_tuple_type)
      return kr_tuple_concat(a, b);
  }
  if (op == '*' && (ka == 'i' || kb == 'i')) { /* a sequence repeated */
    KrObj *seq = ka == 'i' ? b : a;
    int64_t n = ka == 'i' ? ai : bi;
    if (seq->type == &kr_str_type)
      return kr_str_repeat(seq, n);
    if (seq->type == &kr_tuple_type)
      return kr_tuple_repeat(seq, n);
    if (seq->type == &kr_bytes_type)
      return kr_bytes_repeat(seq, n);
  }
  if (!ka || !kb)
    return kr_raise(&kr_TypeError_type, "unsupported operand type(s) for %c: '%s' and '%s'", op,
                    a->type->name, b->type->name);
  if (op == '/') { /* true division: a float, as the unboxed rows compute it */
    double q = ka == 'i' && kb == 'i'   ? kr_int_truediv(ai, bi)
               : ka == 'i'              ? kr_float_div((double)ai, bf)
               : kb == 'i'              ? kr_float_div(af, (double)bi)
                                        : kr_float_div(af, bf);
    return kr_failed() ? NULL : kr_float_box(q);
  }
  if (ka == 'i' && kb == 'i') {
    bool over = op == '+'   ? __builtin_add_overflow(ai, bi, &r)
                : op == '-' ? __builtin_sub_overflow(ai, bi, &r)
                            : __builtin_mul_overflow(ai, bi, &r);
    return over ? kr_int_overflow() : kr_int_box(r);
  }
  double x = ka == 'i' ? (double)ai : af, y = kb == 'i' ? (double)bi : bf;
  return kr_float_box(op == '+' ? x + y : op == '-' ? x - y : x * y);
}

KrObj *kr_obj_add(KrObj *a, KrObj *b) { return obj_arith(a, b, '+'); }
KrObj *kr_obj_sub(KrObj *a, KrObj *b) { return obj_arith(a, b, '-'); }
KrObj *kr_obj_mul(KrObj *a, KrObj *b) { return obj_arith(a, b, '*'); }
KrObj *kr_obj_truediv(KrObj *a, KrObj *b) { return obj_arith(a, b, '/'); }

/* x / y with one side a dynamic value and the other a number: a float
 * whenever it does not raise, so the result is unboxed. */
static double div_unbox(KrObj *r) {
  if (!r)
    return -1.0;
  double q = ((KrFloat *)r)->v;
  kr_decref(r);
  return q;
}

double kr_truediv_fO(double a, KrObj *b) {
  KrObj *x = kr_float_box(a);
  double q = div_unbox(obj_arith(x, b, '/'));
  kr_decref(x);
  return q;
}

double kr_truediv_Of(KrObj *a, double b) {
  KrObj *y = kr_float_box(b);
  double q = div_unbox(obj_arith(a, y, '/'));
  kr_decref(y);
  return q;
}

double kr_truediv_iO(int64_t a, KrObj *b) {
  KrObj *x = kr_int_box(a);
  double q = div_unbox(obj_arith(x, b, '/'));
  kr_decref(x);
  return q;
}

double kr_truediv_Oi(KrObj *a, int64_t b) {
  KrObj *y = kr_int_box(b);
  double q = div_unbox(obj_arith(a, y, '/'));
  kr_decref(y);
  return q;
}

/* A dynamic value where math wants a real number: CPython's TypeError
 * for anything but an int, a bool or a float. */
static bool obj_real(KrObj *o, double *x) {
  int64_t i;
  switch (num_of(o, &i, x)) {
  case 'i': *x = (double)i; return true;
  case 'f': return true;
  }
  kr_raise(&kr_TypeError_type, "must be real number, not %s", o->type->name);
  return false;
}

double kr_obj_math_sqrt(KrObj *o) {
  double x;
  return obj_real(o, &x) ? kr_math_sqrt(x) : -1.0;
}

double kr_obj_math_exp(KrObj *o) {
  double x;
  return obj_real(o, &x) ? kr_math_exp(x) : -1.0;
}

double kr_obj_math_log(KrObj *o) {
  double x;
  return obj_real(o, &x) ? kr_math_log(x) : -1.0;
}

void kr_exc_restore(KrObj *exc) {
  kr_incref(exc);
  KrObj *old = kr_exc;
  kr_exc = exc;
  kr_xdecref(old);
}

/* ---- print */

void kr_print_values(int64_t n, const KrVal *vals, const uint8_t *kinds, KrObj *sep, KrObj *end,
                     bool to_stderr, bool flush) {
  KrObj *small[16];
  KrObj **strs = n <= 16 ? small : kr_alloc((size_t)n * sizeof *strs);
  if (!strs)
    return;
  int64_t made = 0;
  for (; made < n; made++) {
    strs[made] = kr_val_str(vals[made], (ValKind)kinds[made]);
    if (!strs[made])
      goto done;
  }
  kr_print(strs, n, sep, end, to_stderr, flush);
done:
  for (int64_t i = 0; i < made; i++)
    kr_decref(strs[i]);
  if (strs != small)
    kr_free(strs);
}

/* ---- range */

KrRangeLoop kr_range3(int64_t start, int64_t stop, int64_t step) {
  if (step == 0)
    kr_raise(&kr_ValueError_type, "range() arg 3 must not be zero");
  return (KrRangeLoop){start, stop, step};
}

/* ---- program start and exit */

/* KILN_ALLOC_FAIL_AT=N, a test hook: the program's Nth allocation fails
 * (a MemoryError), and at exit the number of allocations made is written
 * to stderr as "kiln: N allocations", so a test can loop N over a whole run
 * (tests/runtime/test_oom.py, SQLite's out-of-memory loop). */
static bool alloc_test;

void kr_init(int argc, char **argv) {
  kr_sys_set_argv(argc, argv);
  kr_alloc_program();
  const char *fail_at = getenv("KILN_ALLOC_FAIL_AT");
  if (fail_at && *fail_at) {
    alloc_test = true;
    kr_alloc_fail_at = strtoll(fail_at, NULL, 10);
  }
}

int kr_exit(void) {
  int status = 0;
  if (kr_failed()) {
    kr_flush_stdout();
    status = kr_exc_report();
  }
  kr_flush_stdout();
  if (alloc_test)
    fprintf(stderr, "kiln: %" PRId64 " allocations\n", kr_alloc_count);
  return status;
}

KrVal kr_seq_unpack(KrObj *o, int64_t i, int64_t n, ValKind want) {
  int64_t len;
  KrVal v, out = {0};
  ValKind k;
  if (o->type == &kr_tuple_type) {
    len = KR_TUPLE(o)->len;
  } else if (o->type == &kr_list_type) {
    len = KR_LIST(o)->len;
  } else if (o->type == &kr_str_type) {
    len = ((KrStr *)o)->nchars;
  } else {
    kr_raise(&kr_TypeError_type, "cannot unpack non-iterable %s object", o->type->name);
    return out;
  }
  if (len < n) {
    kr_raise(&kr_ValueError_type, "not enough values to unpack (expected %" PRId64 ", got %" PRId64 ")", n, len);
    return out;
  }
  if (len > n) {
    kr_raise(&kr_ValueError_type, "too many values to unpack (expected %" PRId64 ")", n);
    return out;
  }
  if (o->type == &kr_str_type) {
    out.o = kr_str_getitem(o, i);
    return out;
  }
  if (o->type == &kr_tuple_type) {
    v = KR_TUPLE(o)->items[i];
    k = (ValKind)KR_TUPLE(o)->kinds[i];
  } else {
    v = KR_LIST(o)->items[i];
    k = KR_LIST(o)->kind;
  }
  krc_convert(v, k, want, &out);
  return out;
}

KrObj *kr_obj_unpack(KrObj *o, int64_t i, int64_t n) { return kr_seq_unpack(o, i, n, KR_OBJ).o; }
