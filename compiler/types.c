/* types.c — the static types of a program: construction (interned, so that
 * equal types are the same pointer), the join at SSA merges, printing.
 *
 * The join decides representation: equal types stay as they are; None and
 * a boxed type make Optional[T] (a nullable object pointer); anything else
 * becomes TY_OBJECT, a boxed value tagged with its runtime type (a
 * variant). int and float do not join to float: CPython keeps them apart
 * (1 prints as 1, not 1.0), and so does kiln.
 */
#include "kilnc.h"

#include <string.h>

static const char *const kind_name[] = {
#define X(k, s) s,
    TYPE_KINDS(X)
#undef X
};

static Type t_unknown = {.kind = TY_UNKNOWN}, t_none = {.kind = TY_NONE}, t_bool = {.kind = TY_BOOL}, t_int = {.kind = TY_INT},
            t_float = {.kind = TY_FLOAT}, t_str = {.kind = TY_STR}, t_bytes = {.kind = TY_BYTES}, t_range = {.kind = TY_RANGE},
            t_object = {.kind = TY_OBJECT}, t_noreturn = {.kind = TY_NORETURN}, t_textio = {.kind = TY_TEXTIO},
            t_binio = {.kind = TY_BINIO}, t_ndarray = {.kind = TY_NDARRAY}, t_dtype = {.kind = TY_DTYPE},
            t_tokenizer = {.kind = TY_TOKENIZER}, t_encoding = {.kind = TY_ENCODING};

const Type *ty_unknown = &t_unknown, *ty_none = &t_none, *ty_bool = &t_bool, *ty_int = &t_int,
           *ty_float = &t_float, *ty_str = &t_str, *ty_bytes = &t_bytes, *ty_range = &t_range,
           *ty_object = &t_object, *ty_noreturn = &t_noreturn, *ty_textio = &t_textio, *ty_binio = &t_binio,
           *ty_ndarray = &t_ndarray, *ty_dtype = &t_dtype, *ty_tokenizer = &t_tokenizer,
           *ty_encoding = &t_encoding;

/* Composite types live in a process-wide list; there are few of them, so a
 * linear search is fine and keeps the interning obvious. */
static Type **composites;
static int ncomposites, capcomposites;
static Arena *type_arena;

static bool same(const Type *a, const Type *b) {
  if (a->kind != b->kind || a->elem != b->elem || a->key != b->key || a->func != b->func || a->cls != b->cls ||
      a->nitems != b->nitems || a->var != b->var || a->flavor != b->flavor)
    return false;
  for (int i = 0; i < a->nitems; i++)
    if (a->items[i] != b->items[i])
      return false;
  return true;
}

static const Type *intern_type(Type t) {
  for (int i = 0; i < ncomposites; i++)
    if (same(composites[i], &t))
      return composites[i];
  if (!type_arena)
    type_arena = arena_new();
  Type *n = arena_alloc(type_arena, sizeof *n);
  *n = t;
  if (t.nitems > 0) {
    n->items = arena_alloc(type_arena, (size_t)t.nitems * sizeof *n->items);
    memcpy(n->items, t.items, (size_t)t.nitems * sizeof *n->items);
  }
  if (ncomposites == capcomposites) {
    capcomposites = capcomposites ? capcomposites * 2 : 64;
    composites = xrealloc(composites, (size_t)capcomposites * sizeof *composites);
  }
  composites[ncomposites++] = n;
  return n;
}

const Type *ty_list(const Type *elem) { return intern_type((Type){.kind = TY_LIST, .elem = elem}); }
const Type *ty_set(const Type *elem) { return intern_type((Type){.kind = TY_SET, .elem = elem}); }
const Type *ty_dict(const Type *key, const Type *val) {
  return intern_type((Type){.kind = TY_DICT, .key = key, .elem = val});
}
const Type *ty_dict_of(const Type *key, const Type *val, int flavor) {
  return intern_type((Type){.kind = TY_DICT, .key = key, .elem = val, .flavor = flavor});
}
const Type *ty_deque(const Type *elem) { return intern_type((Type){.kind = TY_DEQUE, .elem = elem}); }
const Type *ty_pattern(int info) { return intern_type((Type){.kind = TY_PATTERN, .var = info}); }
const Type *ty_match(int info) { return intern_type((Type){.kind = TY_MATCH, .var = info}); }

static const char *const flavor_name[] = {
#define X(k, s, c) s,
    DICT_FLAVORS(X)
#undef X
};
const char *const dict_flavor_c[] = {
#define X(k, s, c) c,
    DICT_FLAVORS(X)
#undef X
};
const Type *ty_tuple(const Type **items, int n) {
  return intern_type((Type){.kind = TY_TUPLE, .items = items, .nitems = n});
}
const Type *ty_func(FuncDecl *f) { return intern_type((Type){.kind = TY_FUNC, .func = f}); }
const Type *ty_closure(FuncDecl *f, const Type **cells, int n) {
  return intern_type((Type){.kind = TY_FUNC, .func = f, .items = cells, .nitems = n});
}
const Type *ty_class(ClassDecl *c) { return intern_type((Type){.kind = TY_CLASS, .cls = c}); }
const Type *ty_classref(ClassDecl *c) { return intern_type((Type){.kind = TY_CLASSREF, .cls = c}); }
const Type *ty_frozenset(const Type *elem) {
  return intern_type((Type){.kind = TY_FROZENSET, .elem = elem});
}
const Type *ty_tuple_of(const Type *elem) {
  return intern_type((Type){.kind = TY_TUPLE, .elem = elem, .nitems = -1});
}
const Type *ty_iter(const Type *elem) { return intern_type((Type){.kind = TY_ITER, .elem = elem}); }
const Type *ty_cursor(const Type *iterable) {
  return intern_type((Type){.kind = TY_CURSOR, .elem = iterable});
}
const Type *ty_tvar(int var) { return intern_type((Type){.kind = TY_TVAR, .var = var}); }

/* What a for loop over a value of type t binds: a str's items are strs,
 * a dict's its keys, a tuple's the join of its items' types (a variant when
 * they differ), a dynamic value's are dynamic too. */
const Type *ty_iter_item(const Type *t) {
  switch (t->kind) {
  case TY_LIST:
  case TY_SET:
  case TY_FROZENSET:
  case TY_DEQUE:
  case TY_ITER: return t->elem;
  case TY_DICT: return t->key;
  case TY_STR:
  case TY_TEXTIO: return ty_str;
  case TY_NDARRAY: return ty_ndarray; /* its rows (or items of a 1-d array: numpy scalars) */
  case TY_BINIO: return ty_bytes;
  case TY_BYTES:
  case TY_RANGE: return ty_int;
  case TY_OBJECT: return ty_object;
  case TY_CURSOR: return ty_iter_item(t->elem);
  case TY_TUPLE: {
    if (t->nitems < 0)
      return t->elem;
    if (t->nitems == 0)
      return ty_object;
    const Type *j = ty_unknown;
    for (int i = 0; i < t->nitems; i++)
      j = ty_join(j, t->items[i]);
    return j->kind == TY_UNKNOWN ? ty_object : j;
  }
  default: return NULL;
  }
}

bool ty_has_tvar(const Type *t) {
  if (!t)
    return false;
  if (t->kind == TY_TVAR)
    return true;
  if (t->kind == TY_CLASS || t->kind == TY_CLASSREF)
    return false;
  for (int i = 0; i < t->nitems; i++)
    if (ty_has_tvar(t->items[i]))
      return true;
  return ty_has_tvar(t->elem) || ty_has_tvar(t->key);
}

const Type *ty_optional(const Type *t) {
  if (t->kind == TY_NONE || t->kind == TY_OPTIONAL || t->kind == TY_OBJECT)
    return t;
  if (ty_is_unboxed(t))
    return ty_object; /* Optional[int] is boxed: None or an int object */
  return intern_type((Type){.kind = TY_OPTIONAL, .elem = t});
}

bool ty_is_unboxed(const Type *t) {
  return t->kind == TY_INT || t->kind == TY_FLOAT || t->kind == TY_BOOL || t->kind == TY_NONE;
}

/* The one type of every item of tuples a and b (b may be NULL), or NULL when
 * they differ or have no items. */
const Type *ty_tuple_item(const Type *a, const Type *b) {
  const Type *one = NULL;
  for (int k = 0; k < 2; k++) {
    const Type *t = k ? b : a;
    for (int i = 0; t && i < (t->nitems < 0 ? 1 : t->nitems); i++) {
      const Type *it = t->nitems < 0 ? t->elem : t->items[i];
      if (one && it != one)
        return NULL;
      one = it;
    }
  }
  return one;
}

const Type *ty_join(const Type *a, const Type *b) {
  if (a == b || b->kind == TY_UNKNOWN || b->kind == TY_NORETURN)
    return a;
  if (a->kind == TY_UNKNOWN || a->kind == TY_NORETURN)
    return b;
  if (a->kind == TY_NONE)
    return ty_optional(b);
  if (b->kind == TY_NONE)
    return ty_optional(a);
  if (a->kind == TY_OPTIONAL && a->elem == b)
    return a;
  if (b->kind == TY_OPTIONAL && b->elem == a)
    return b;
  /* two patterns (or matches) of different patterns: one whose pattern is not known */
  const Type *pa = a->kind == TY_OPTIONAL ? a->elem : a, *pb = b->kind == TY_OPTIONAL ? b->elem : b;
  if (pa->kind == pb->kind && (pa->kind == TY_PATTERN || pa->kind == TY_MATCH)) {
    const Type *u = pa->kind == TY_PATTERN ? ty_pattern(0) : ty_match(0);
    return pa != a || pb != b ? ty_optional(u) : u;
  }
  /* tuples of different lengths whose items share one type T (an empty one
   * too): a tuple[T, ...], the same object at run time */
  if (a->kind == TY_TUPLE && b->kind == TY_TUPLE) {
    const Type *one = ty_tuple_item(a, b);
    if (one)
      return ty_tuple_of(one);
  }
  /* instances of two classes of the program: their nearest common base, so
   * a method called on the merge dispatches on the runtime class */
  const Type *ca = a->kind == TY_OPTIONAL ? a->elem : a, *cb = b->kind == TY_OPTIONAL ? b->elem : b;
  if (ca->kind == TY_CLASS && cb->kind == TY_CLASS) {
    for (ClassDecl *c = ca->cls; c; c = c->base)
      if (class_is_sub(cb->cls, c))
        return ca != a || cb != b ? ty_optional(ty_class(c)) : ty_class(c);
  }
  return ty_object;
}

void ty_print(Buf *b, const Type *t) {
  switch (t->kind) {
  case TY_LIST:
  case TY_SET:
  case TY_FROZENSET:
  case TY_ITER:
  case TY_DEQUE:
  case TY_CURSOR:
  case TY_OPTIONAL:
    buf_printf(b, "%s[", kind_name[t->kind]);
    ty_print(b, t->elem);
    buf_putc(b, ']');
    break;
  case TY_DICT:
    buf_printf(b, "%s[", flavor_name[t->flavor]);
    ty_print(b, t->key);
    buf_puts(b, ", ");
    ty_print(b, t->elem);
    buf_putc(b, ']');
    break;
  case TY_TVAR: buf_printf(b, "?%d", t->var); break;
  case TY_TUPLE:
    buf_puts(b, "tuple[");
    if (t->nitems < 0) {
      ty_print(b, t->elem);
      buf_puts(b, ", ...]");
      break;
    }
    for (int i = 0; i < t->nitems; i++) {
      if (i)
        buf_puts(b, ", ");
      ty_print(b, t->items[i]);
    }
    if (!t->nitems)
      buf_puts(b, "()");
    buf_putc(b, ']');
    break;
  case TY_FUNC: buf_printf(b, "function %s", t->func->name->str); break;
  case TY_CLASS: buf_puts(b, t->cls->name->str); break;
  case TY_CLASSREF: buf_printf(b, "type[%s]", t->cls->name->str); break;
  default: buf_puts(b, kind_name[t->kind]); break;
  }
}

const char *ty_str_of(const Type *t) {
  static char ring[4][256];
  static int next;
  Buf b = {0};
  ty_print(&b, t);
  char *out = ring[next++ & 3];
  snprintf(out, sizeof ring[0], "%s", b.data ? b.data : "");
  buf_free(&b);
  return out;
}
