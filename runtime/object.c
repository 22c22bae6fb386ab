/* object.c — object lifetime, the None/bool/int/float boxes,
 * and the generic operations on values (repr, str, hash, ==, <, bool).
 *
 * Allocation. Every block comes from kr_alloc/kr_realloc (alloc.c), which
 * count calls and blocks and can be told to fail the nth call
 * (kr_alloc_fail_at): a failure raises MemoryError and returns NULL, so
 * tests can walk a failure through every allocation of an operation.
 *
 * Values. A KrVal with its ValKind is an unboxed int, float or bool, or an
 * object. The generic operations first turn int/float/bool boxes back into
 * numbers, so a boxed 1 and an unboxed 1.0 compare and hash alike, as in
 * CPython; other objects dispatch through their KrType's slots.
 *
 * Hashes follow CPython exactly for numbers (value modulo the Mersenne
 * prime 2^61 - 1; -1 becomes -2), because set iteration order depends on
 * them and must match CPython's.
 */
#include "kilnrt.h"
#include "core_impl.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- object lifetime (kr_alloc and friends: alloc.c) */

/* kr_obj_new and kr_alloc's fast path are inline (kilnrt.h). */

void kr_dealloc(KrObj *o) {
  kr_live_objects--;
  if (o->type->dealloc)
    o->type->dealloc(o);
  else
    kr_free(o);
}

void kr_release_locals(KrObj **v, int64_t n) {
  for (int64_t i = 0; i < n; i++)
    kr_xdecref(v[i]);
}

void kr_obj_immortalize(KrObj *o) {
  if (o->rc < 0)
    return;
  o->rc = -1;
  kr_live_objects--;
  kr_live_blocks--;
}

/* ---- hashes */

#define HASH_BITS 61
#define HASH_MODULUS (((uint64_t)1 << HASH_BITS) - 1)
#define HASH_INF 314159

int64_t kr_hash_int(int64_t v) {
  uint64_t a = v < 0 ? -(uint64_t)v : (uint64_t)v;
  uint64_t x = a % HASH_MODULUS;
  int64_t h = v < 0 ? -(int64_t)x : (int64_t)x;
  return h == -1 ? -2 : h;
}

/* CPython's _Py_HashPointer: the address rotated by 4 bits. */
static int64_t hash_pointer(const void *p) {
  uint64_t y = (uint64_t)(uintptr_t)p;
  y = (y >> 4) | (y << 60);
  int64_t h = (int64_t)y;
  return h == -1 ? -2 : h;
}

/* CPython's _Py_HashDouble: the float's exact value modulo 2^61 - 1, 28
 * bits of the mantissa at a time, then the exponent as a rotation. */
int64_t kr_hash_float(double v) {
  if (!isfinite(v)) {
    if (isinf(v))
      return v > 0 ? HASH_INF : -HASH_INF;
    return 0;
  }
  int e;
  double m = frexp(v, &e);
  int sign = 1;
  if (m < 0) {
    sign = -1;
    m = -m;
  }
  uint64_t x = 0;
  while (m) {
    x = ((x << 28) & HASH_MODULUS) | x >> (HASH_BITS - 28);
    m *= 268435456.0; /* 2**28 */
    e -= 28;
    uint64_t y = (uint64_t)m;
    m -= (double)y;
    x += y;
    if (x >= HASH_MODULUS)
      x -= HASH_MODULUS;
  }
  e = e >= 0 ? e % HASH_BITS : HASH_BITS - 1 - ((-1 - e) % HASH_BITS);
  x = ((x << e) & HASH_MODULUS) | x >> (HASH_BITS - e);
  x = x * (uint64_t)(int64_t)sign;
  if (x == (uint64_t)-1)
    x = (uint64_t)-2;
  return (int64_t)x;
}

/* ---- None, bool, int, float */

static KrObj *none_repr(KrObj *self) { return kr_str_from_cstr("None"); }
static int64_t none_hash(KrObj *self) { return 0x2b9c5d3e1f07a461; }
static int none_truth(KrObj *self) { return 0; }

const KrType kr_NoneType = {
    .name = "NoneType",
    .repr = none_repr,
    .hash = none_hash,
    .truth = none_truth,
};

static KrObj *int_box_repr(KrObj *self) { return kr_int_repr(((KrInt *)self)->v); }
static int64_t int_box_hash(KrObj *self) { return kr_hash_int(((KrInt *)self)->v); }
static int box_eq(KrObj *self, KrObj *other) {
  return kr_val_eq((KrVal){.o = self}, KR_OBJ, (KrVal){.o = other}, KR_OBJ);
}
static int box_cmp(KrObj *self, KrObj *other, int op) {
  ValKind k = num_kind(other);
  if (k == KR_OBJ)
    return -2;
  return kr_val_cmp((KrVal){.o = self}, KR_OBJ, (KrVal){.o = other}, KR_OBJ, op);
}
static int int_box_truth(KrObj *self) { return ((KrInt *)self)->v != 0; }

const KrType kr_int_type = {
    .name = "int",
    .size = sizeof(KrInt),
    .repr = int_box_repr,
    .hash = int_box_hash,
    .eq = box_eq,
    .cmp = box_cmp,
    .truth = int_box_truth,
};

static KrObj *bool_box_repr(KrObj *self) { return kr_bool_repr(self == kr_True); }
static int64_t bool_box_hash(KrObj *self) { return self == kr_True; }
static int bool_box_truth(KrObj *self) { return self == kr_True; }

const KrType kr_bool_type = {
    .name = "bool",
    .base = &kr_int_type,
    .size = sizeof(KrObj),
    .repr = bool_box_repr,
    .hash = bool_box_hash,
    .eq = box_eq,
    .cmp = box_cmp,
    .truth = bool_box_truth,
};

static KrObj *float_box_repr(KrObj *self) { return kr_float_repr(((KrFloat *)self)->v); }
static int64_t float_box_hash(KrObj *self) {
  double v = ((KrFloat *)self)->v;
  return isnan(v) ? hash_pointer(self) : kr_hash_float(v);
}
static int float_box_truth(KrObj *self) { return ((KrFloat *)self)->v != 0.0; }

const KrType kr_float_type = {
    .name = "float",
    .size = sizeof(KrFloat),
    .repr = float_box_repr,
    .hash = float_box_hash,
    .eq = box_eq,
    .cmp = box_cmp,
    .truth = float_box_truth,
};

KrObj kr_None_obj = {-1, &kr_NoneType};
KrObj kr_True_obj = {-1, &kr_bool_type};
KrObj kr_False_obj = {-1, &kr_bool_type};

/* The small ints, -5..256, immortal. */
#define SMALL_MIN (-5)
#define SMALL_MAX 256
#define I1(n) {{-1, &kr_int_type}, (n)}
#define I4(n) I1(n), I1((n) + 1), I1((n) + 2), I1((n) + 3)
#define I16(n) I4(n), I4((n) + 4), I4((n) + 8), I4((n) + 12)
#define I64(n) I16(n), I16((n) + 16), I16((n) + 32), I16((n) + 48)
#define I256(n) I64(n), I64((n) + 64), I64((n) + 128), I64((n) + 192)
static KrInt small_ints[SMALL_MAX - SMALL_MIN + 1] = {I1(-5), I4(-4), I256(0), I1(256)};
_Static_assert(sizeof small_ints / sizeof small_ints[0] == 262, "small ints -5..256");

KrObj *kr_int_box(int64_t v) {
  if (v >= SMALL_MIN && v <= SMALL_MAX)
    return &small_ints[v - SMALL_MIN].h;
  KrInt *o = (KrInt *)kr_obj_new(&kr_int_type, sizeof(KrInt));
  if (!o)
    return NULL;
  o->v = v;
  return &o->h;
}

KrObj *kr_float_box(double v) {
  KrFloat *o = (KrFloat *)kr_obj_new(&kr_float_type, sizeof(KrFloat));
  if (!o)
    return NULL;
  o->v = v;
  return &o->h;
}

static bool subtype(const KrType *u, const KrType *t) {
  for (; u; u = u->base)
    if (u == t || (u->base2 && subtype(u->base2, t)))
      return true;
  return false;
}

bool kr_subtype_slow(const KrType *u, const KrType *t) { return subtype(u, t); }

const char *kr_type_name(KrVal v, ValKind k) {
  switch (k) {
  case KR_INT: return "int";
  case KR_FLOAT: return "float";
  case KR_BOOL: return "bool";
  case KR_OBJ: break;
  }
  return v.o->type->name_of ? v.o->type->name_of(v.o) : v.o->type->name;
}

/* ---- values */

KrObj *kr_val_box(KrVal v, ValKind k) {
  switch (k) {
  case KR_INT: return kr_int_box(v.i);
  case KR_FLOAT: return kr_float_box(v.f);
  case KR_BOOL: return kr_bool_box(v.b);
  case KR_OBJ: break;
  }
  kr_incref(v.o);
  return v.o;
}

KrVal kr_val_unbox(KrObj *o, ValKind k) {
  KrVal v;
  switch (k) {
  case KR_INT:
    v.i = o->type == &kr_bool_type ? (int64_t)(o == kr_True) : ((KrInt *)o)->v;
    return v;
  case KR_FLOAT:
    if (o->type == &kr_float_type)
      v.f = ((KrFloat *)o)->v;
    else if (o->type == &kr_int_type)
      v.f = (double)((KrInt *)o)->v;
    else
      v.f = o == kr_True;
    return v;
  case KR_BOOL:
    v.b = o == kr_True;
    return v;
  case KR_OBJ: break;
  }
  v.o = o;
  return v;
}

/* A value with boxed numbers unboxed: int/float/bool boxes become their
 * kind, anything else stays an object. */
static ValKind unbox_num(KrVal *v, ValKind k) {
  if (k != KR_OBJ)
    return k;
  ValKind nk = num_kind(v->o);
  if (nk != KR_OBJ)
    *v = kr_val_unbox(v->o, nk);
  return nk;
}

static KrObj *generic_repr(KrObj *o) {
  return kr_str_from_fmt("<%s object at %p>", o->type->name, (void *)o);
}

KrObj *kr_obj_repr(KrObj *o) {
  if (o->type->repr)
    return o->type->repr(o);
  return generic_repr(o);
}

KrObj *kr_obj_str(KrObj *o) {
  if (o->type->str)
    return o->type->str(o);
  return kr_obj_repr(o);
}

KrObj *kr_val_repr(KrVal v, ValKind k) {
  switch (k) {
  case KR_INT: return kr_int_repr(v.i);
  case KR_FLOAT: return kr_float_repr(v.f);
  case KR_BOOL: return kr_bool_repr(v.b);
  case KR_OBJ: break;
  }
  return kr_obj_repr(v.o);
}

KrObj *kr_val_str(KrVal v, ValKind k) {
  if (k == KR_OBJ)
    return kr_obj_str(v.o);
  return kr_val_repr(v, k);
}

/* ascii(v): repr(v) with its non-ASCII characters backslash-escaped. */
KrObj *kr_val_ascii(KrVal v, ValKind k) {
  if (k == KR_OBJ && v.o->type == &kr_str_type)
    return kr_str_ascii(v.o);
  KrObj *r = kr_val_repr(v, k);
  if (!r || ((KrStr *)r)->ascii)
    return r;
  const char *d = kr_str_data(r);
  int64_t n = kr_str_bytes(r);
  KrBuf b;
  kr_buf_init(&b, n + 16);
  for (int64_t i = 0; i < n;) {
    int64_t at = i;
    uint32_t cp = u8_next(d, &i);
    if (cp < 0x80)
      kr_buf_put(&b, d + at, i - at);
    else if (cp <= 0xff)
      kr_buf_printf(&b, "\\x%02x", (unsigned)cp);
    else if (cp <= 0xffff)
      kr_buf_printf(&b, "\\u%04x", (unsigned)cp);
    else
      kr_buf_printf(&b, "\\U%08x", (unsigned)cp);
  }
  kr_decref(r);
  return kr_buf_finish(&b);
}

int64_t kr_obj_hash(KrObj *o) {
  if (o->type->hash)
    return o->type->hash(o);
  if (o->type->eq) {
    kr_raise(&kr_TypeError_type, "unhashable type: '%s'", o->type->name);
    return -1;
  }
  return hash_pointer(o);
}

int64_t kr_val_hash(KrVal v, ValKind k) {
  switch (k) {
  case KR_INT: return kr_hash_int(v.i);
  case KR_FLOAT: return kr_hash_float(v.f);
  case KR_BOOL: return v.b;
  case KR_OBJ: break;
  }
  return kr_obj_hash(v.o);
}

/* The three-way comparison of two numbers: -1, 0, 1, or 2 when unordered
 * (a nan). An int and a float compare exactly, as CPython does, not by
 * rounding the int to a double. */
static int int_float_cmp(int64_t i, double d) {
  if (isnan(d))
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

static int num_cmp3(KrVal a, ValKind ka, KrVal b, ValKind kb) {
  if (ka == KR_BOOL)
    a.i = a.b, ka = KR_INT;
  if (kb == KR_BOOL)
    b.i = b.b, kb = KR_INT;
  if (ka == KR_INT && kb == KR_INT)
    return a.i < b.i ? -1 : a.i > b.i;
  if (ka == KR_FLOAT && kb == KR_FLOAT) {
    if (isnan(a.f) || isnan(b.f))
      return 2;
    return a.f < b.f ? -1 : a.f > b.f;
  }
  if (ka == KR_INT)
    return int_float_cmp(a.i, b.f);
  int r = int_float_cmp(b.i, a.f);
  return r == 2 ? 2 : -r;
}

static bool cmp_holds(int c3, int op) {
  if (c3 == 2)
    return op == KR_NE;
  switch (op) {
  case KR_LT: return c3 < 0;
  case KR_LE: return c3 <= 0;
  case KR_GT: return c3 > 0;
  case KR_GE: return c3 >= 0;
  case KR_EQ: return c3 == 0;
  default: return c3 != 0;
  }
}

int kr_obj_eq(KrObj *a, KrObj *b) {
  return kr_val_eq((KrVal){.o = a}, KR_OBJ, (KrVal){.o = b}, KR_OBJ);
}

int kr_val_eq(KrVal a, ValKind ka, KrVal b, ValKind kb) {
  ka = unbox_num(&a, ka);
  kb = unbox_num(&b, kb);
  if (ka != KR_OBJ && kb != KR_OBJ)
    return num_cmp3(a, ka, b, kb) == 0;
  if (ka != KR_OBJ || kb != KR_OBJ) {
    /* a number and an object: an instance of a program's class may define
     * __eq__ for numbers (an IntEnum member is equal to its int) */
    KrObj *o = ka == KR_OBJ ? a.o : b.o;
    if (!o->type->eq || !o->type->module)
      return 0;
    KrVal n = ka == KR_OBJ ? b : a;
    ValKind kn = ka == KR_OBJ ? kb : ka;
    KrObj *box = kn == KR_INT ? kr_int_box(n.i) : kn == KR_FLOAT ? kr_float_box(n.f) : kr_bool_box(n.b);
    if (kn == KR_BOOL)
      kr_incref(box);
    if (!box)
      return -1;
    int r = o->type->eq(o, box);
    kr_decref(box);
    return r == -2 ? 0 : r;
  }
  if (a.o->type == &kr_str_type && b.o->type == &kr_str_type)
    return kr_str_eq(a.o, b.o);
  /* a.__eq__(b), then the reflected b.__eq__(a) when the types differ
   * (the slots answer 0 for a type they do not know), then identity */
  int r = -2;
  if (a.o->type->eq)
    r = a.o->type->eq(a.o, b.o);
  if ((r == -2 || (r == 0 && a.o->type != b.o->type)) && b.o->type->eq)
    r = b.o->type->eq(b.o, a.o);
  return r == -2 ? a.o == b.o : r;
}

static const char *const op_names[] = {"<", "<=", ">", ">=", "==", "!="};

/* The reflected operation: a < b is b > a. */
static int swap_op(int op) {
  switch (op) {
  case KR_LT: return KR_GT;
  case KR_LE: return KR_GE;
  case KR_GT: return KR_LT;
  case KR_GE: return KR_LE;
  default: return op;
  }
}

int kr_val_cmp(KrVal a, ValKind ka, KrVal b, ValKind kb, int op) {
  if (op == KR_EQ || op == KR_NE) {
    int r = kr_val_eq(a, ka, b, kb);
    return r < 0 ? -1 : op == KR_EQ ? r : !r;
  }
  KrVal a0 = a, b0 = b;
  ValKind ka0 = ka, kb0 = kb;
  ka = unbox_num(&a, ka);
  kb = unbox_num(&b, kb);
  if (ka != KR_OBJ && kb != KR_OBJ)
    return cmp_holds(num_cmp3(a, ka, b, kb), op);
  if (ka == KR_OBJ && kb == KR_OBJ) {
    if (a.o->type == &kr_str_type && b.o->type == &kr_str_type)
      return cmp_holds(kr_str_cmp(a.o, b.o), op);
    int r = -2;
    if (a.o->type->cmp)
      r = a.o->type->cmp(a.o, b.o, op);
    if (r == -2 && b.o->type->cmp)
      r = b.o->type->cmp(b.o, a.o, swap_op(op));
    if (r != -2)
      return r;
  }
  kr_raise(&kr_TypeError_type, "'%s' not supported between instances of '%s' and '%s'", op_names[op],
           kr_type_name(a0, ka0), kr_type_name(b0, kb0));
  return -1;
}

int kr_obj_cmp(KrObj *a, KrObj *b, int op) {
  return kr_val_cmp((KrVal){.o = a}, KR_OBJ, (KrVal){.o = b}, KR_OBJ, op);
}

int kr_obj_truth(KrObj *o) {
  if (o == kr_None)
    return 0;
  if (o->type->truth)
    return o->type->truth(o);
  if (o->type->len) {
    int64_t n = o->type->len(o);
    return n < 0 ? -1 : n > 0;
  }
  return 1;
}

int kr_val_truth(KrVal v, ValKind k) {
  switch (k) {
  case KR_INT: return v.i != 0;
  case KR_FLOAT: return v.f != 0.0;
  case KR_BOOL: return v.b;
  case KR_OBJ: break;
  }
  return kr_obj_truth(v.o);
}
