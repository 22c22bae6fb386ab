/* containers.h — libkilnrt's containers: list, tuple, dict, set, range,
 * slices, bytes, iteration, sorting. Part of the public header: kilnrt.h
 * includes it, and generated code includes kilnrt.h.
 *
 * Every container stores KrVal slots and records their ValKind: a list, a
 * set or a dict has one kind for all its items (keys and values each have
 * one in a dict), a tuple has one per item. A container whose items have no
 * single static type holds boxed objects (KR_OBJ).
 *
 * Conventions (kilnrt.h's, restated where they matter here):
 *  - KrObj * results are new references; KrVal results of kind KR_OBJ are
 *    new references too, unless the comment says "borrowed".
 *  - Arguments are borrowed: a container increfs what it keeps.
 *  - A single value stored into a list (append, insert, setitem) or as a
 *    dict value is of the container's kind: the emitter boxes it first for
 *    a KR_OBJ container. Keys (dict keys, set items) and values that are
 *    only looked up (in, index, count, remove) come with their own ValKind,
 *    may be of any kind (1, 1.0 and True find each other, as in CPython),
 *    and are boxed when a KR_OBJ container stores them. Operations taking
 *    another container (extend, update, concat, the set algebra, slice
 *    assignment) convert its items to the target's kind.
 *  - Errors: NULL / -1, or for KrVal and unboxed results anything, with
 *    kr_exc set; test kr_failed(). Messages are CPython 3.11's.
 *
 * Results follow CPython 3.11's algorithms where they are observable: set
 * iteration order (setobject.c's table, probing and resizing), dict order
 * and its "changed size" / "keys changed" iteration errors (dictobject.c's
 * compact table), list.sort (listobject.c's timsort with powersort merging,
 * so even inconsistent orders such as NaNs give CPython's result), the tuple
 * and frozenset hashes. */
#ifndef KILNRT_CONTAINERS_H
#define KILNRT_CONTAINERS_H

/* ------------------------------------------------------------- range.c */

/* Slices. `has` says which of start, stop, step were given (a missing one
 * is None), with the same bits as kr_str_slice. */
enum { KR_SLICE_START = 1, KR_SLICE_STOP = 2, KR_SLICE_STEP = 4 };

/* PySlice_Unpack + PySlice_AdjustIndices: clamps *start and *stop to a
 * sequence of length len, sets *step, and returns the slice's length;
 * -1 + ValueError("slice step cannot be zero"). */
int64_t kr_slice_adjust(int64_t len, int64_t *start, int64_t *stop, int64_t *step, int has);

/* A slice object (slice(1, None, 2)), for code that passes slices around. */
typedef struct KrSlice {
  KrObj h;
  int64_t start, stop, step;
  int has; /* KR_SLICE_* bits: which fields are not None */
} KrSlice;
extern const KrType kr_slice_type;
KrObj *kr_slice_new(int64_t start, int64_t stop, int64_t step, int has);  /* slice(start, stop, step) */
KrObj *kr_sliceobj_indices(KrObj *slice, int64_t len); /* slice.indices(len): a tuple of 3 ints */

/* range. len is -1 when the length does not fit in int64 (len() then
 * raises OverflowError, iteration still works). */
typedef struct KrRange {
  KrObj h;
  int64_t start, stop, step;
  int64_t len;
} KrRange;
extern const KrType kr_range_type;
/* The number of items of range(start, stop, step), step != 0 (as uint64: it
 * can exceed INT64_MAX). For `for i in range(...)` loops the emitter can
 * inline: i = start + k * step (in uint64 arithmetic) for k < count. */
KR_INLINE uint64_t kr_range_count(int64_t start, int64_t stop, int64_t step) {
  if (step > 0)
    return start < stop ? ((uint64_t)stop - (uint64_t)start - 1) / (uint64_t)step + 1 : 0;
  return start > stop ? ((uint64_t)start - (uint64_t)stop - 1) / (0 - (uint64_t)step) + 1 : 0;
}
KrObj *kr_range_new(int64_t start, int64_t stop, int64_t step); /* ValueError: range() arg 3 must not be zero */
int64_t kr_range_len(KrObj *r);                     /* -1 + OverflowError when it does not fit */
int64_t kr_range_getitem(KrObj *r, int64_t i);      /* r[i]; IndexError: range object index out of range */
KrObj *kr_range_slice(KrObj *r, int64_t start, int64_t stop, int64_t step, int has); /* r[a:b:c]: a range */
int kr_range_contains(KrObj *r, KrVal v, ValKind k); /* v in r */
int64_t kr_range_index(KrObj *r, KrVal v, ValKind k); /* r.index(v); ValueError: 5 is not in range */
int64_t kr_range_count_of(KrObj *r, KrVal v, ValKind k); /* r.count(v) */

/* ------------------------------------------------------- iteration: range.c */

/* An iterator: every iterator object, the runtime's and the compiler's own
 * (generators), starts with this layout and has a type whose base is
 * kr_iterator_type. next() fills *out with a new reference and returns 1,
 * returns 0 when exhausted (and keeps returning 0), -1 on error. */
typedef struct KrIter KrIter;
struct KrIter {
  KrObj h;
  int (*next)(KrIter *it, KrVal *out);
  KrObj *src;         /* the object iterated (owned); NULL once exhausted */
  int64_t pos, end;   /* cursor and limit, per iterator type */
  int64_t a, b;       /* more state: range start/step, dict snapshot, ... */
  ValKind kind;       /* the kind of the items it yields */
};
extern const KrType kr_iterator_type; /* the abstract base of all iterator types */

KrObj *kr_class_iter_new(KrObj *self, void (*next)(void), ValKind kind); /* iterate by self's __next__ (next, its items of kind) */
KrObj *kr_iter_new(KrObj *iterable);   /* iter(x): an iterator object (x itself if x is one); TypeError: 'int' object is not iterable */
/* An iterator in caller storage (a for loop's local): no allocation. It
 * holds a reference to the iterable until kr_iter_clear. The struct's
 * header is immortal, so it is never freed through a refcount. */
int kr_iter_init(KrIter *it, KrObj *iterable);
void kr_iter_clear(KrIter *it);
static inline int kr_iter_next(KrObj *it, KrVal *out) { return ((KrIter *)it)->next((KrIter *)it, out); }
static inline ValKind kr_iter_kind(KrObj *it) { return ((KrIter *)it)->kind; }
ValKind kr_iterable_kind(KrObj *iterable);  /* the kind iterating iterable yields (KR_OBJ if unknown) */
KrObj *kr_reversed(KrObj *seq);        /* reversed(x) for list, tuple, range, str, bytes, dict and its views */
bool kr_is_iter(KrObj *o);             /* is o an iterator object? */
/* Items iteration without tuples: for k, v in d.items(). Call on an
 * iterator made from a dict (or its items view); new references. */
int kr_dict_iter_next2(KrIter *it, KrVal *key, KrVal *value);

/* ------------------------------------------------------------- list.c */

typedef struct KrList {
  KrObj h;
  int64_t len;
  int64_t cap;     /* slots allocated */
  ValKind kind;    /* the kind of every item */
  KrVal *items;
} KrList;
extern const KrType kr_list_type;
#define KR_LIST(o) ((KrList *)(o))

KrObj *kr_list_new(ValKind kind, int64_t cap);                      /* [] with room for cap items */
KrObj *kr_list_from(ValKind kind, const KrVal *items, int64_t n);   /* [a, b, c]: the list increfs */
KrObj *kr_list_from_steal(ValKind kind, KrVal *items, int64_t n);   /* the same, taking the references */
KrObj *kr_list_from_iter(KrObj *iterable, ValKind kind);            /* list(x); items converted to kind */
int kr_list_grow(KrList *l, int64_t need);  /* room for need items (used by the inline append) */
KrVal kr_list_index_error(void) __attribute__((cold));      /* raises IndexError("list index out of range") */
int kr_list_assign_index_error(void) __attribute__((cold)); /* raises IndexError("list assignment index out of range") */

/* The fast paths, inline: l[i] with a negative i counting from the end. */
KR_INLINE int64_t kr_list_len(KrObj *l) { return KR_LIST(l)->len; }
KR_INLINE KrVal kr_list_getitem(KrObj *o, int64_t i) { /* l[i]: a new reference */
  KrList *l = KR_LIST(o);
  if (i < 0)
    i += l->len;
  if (KR_UNLIKELY((uint64_t)i >= (uint64_t)l->len))
    return kr_list_index_error();
  KrVal v = l->items[i];
  kr_val_incref(v, l->kind);
  return v;
}
KR_INLINE int kr_list_setitem(KrObj *o, int64_t i, KrVal v) { /* l[i] = v */
  KrList *l = KR_LIST(o);
  if (i < 0)
    i += l->len;
  if (KR_UNLIKELY((uint64_t)i >= (uint64_t)l->len))
    return kr_list_assign_index_error();
  kr_val_incref(v, l->kind);
  KrVal old = l->items[i];
  l->items[i] = v;
  kr_val_decref(old, l->kind);
  return 0;
}
/* The slot of l[i] for compiled code that knows the items' kind (emit.c):
 * NULL with IndexError raised when i is out of range, so the caller jumps
 * on the pointer instead of testing kr_exc again, and reads or writes the
 * item with its C type (a double store cannot alias the list's length or
 * kr_exc, so gcc keeps both in registers across a loop of stores). */
KR_INLINE KrVal *kr_list_at(KrObj *o, int64_t i, bool store) {
  KrList *l = KR_LIST(o);
  if (i < 0)
    i += l->len;
  if (KR_UNLIKELY((uint64_t)i >= (uint64_t)l->len)) {
    if (store)
      kr_list_assign_index_error();
    else
      kr_list_index_error();
    return NULL;
  }
  return &l->items[i];
}
KR_INLINE void kr_list_at_put_obj(KrVal *slot, KrObj *v) { /* the boxed case of l[i] = v */
  kr_incref(v);
  KrObj *old = slot->o;
  slot->o = v;
  kr_decref(old);
}
KR_INLINE int kr_list_append(KrObj *o, KrVal v) { /* l.append(v) */
  KrList *l = KR_LIST(o);
  if (KR_UNLIKELY(l->len >= l->cap) && kr_list_grow(l, l->len + 1) < 0)
    return -1;
  kr_val_incref(v, l->kind);
  l->items[l->len++] = v;
  return 0;
}
int kr_list_delitem(KrObj *l, int64_t i);                            /* del l[i] */
KrObj *kr_list_getslice(KrObj *l, int64_t start, int64_t stop, int64_t step, int has); /* l[a:b:c] */
int kr_list_setslice(KrObj *l, int64_t start, int64_t stop, int64_t step, int has, KrObj *iterable); /* l[a:b:c] = x */
int kr_list_delslice(KrObj *l, int64_t start, int64_t stop, int64_t step, int has); /* del l[a:b:c] */
KrObj *kr_list_concat(KrObj *a, KrObj *b);     /* a + b (KR_OBJ items if the kinds differ) */
KrObj *kr_list_repeat(KrObj *l, int64_t n);    /* l * n */
int kr_list_irepeat(KrObj *l, int64_t n);      /* l *= n */
int kr_list_extend(KrObj *l, KrObj *iterable); /* l.extend(x), l += x */
int kr_list_insert(KrObj *l, int64_t i, KrVal v);                  /* l.insert(i, v) */
int kr_list_remove(KrObj *l, KrVal v, ValKind k);                  /* l.remove(v); ValueError */
KrVal kr_list_pop(KrObj *l, int64_t i);        /* l.pop(i); l.pop() is i = -1 */
int64_t kr_list_index(KrObj *l, KrVal v, ValKind k, int64_t start, int64_t stop); /* l.index(v, start, stop); defaults 0, INT64_MAX */
int64_t kr_list_count(KrObj *l, KrVal v, ValKind k);               /* l.count(v) */
int kr_list_contains(KrObj *l, KrVal v, ValKind k);                /* v in l: 1/0/-1 */
void kr_list_clear(KrObj *l);                  /* l.clear() */
KrObj *kr_list_copy(KrObj *l);                 /* l.copy(), l[:] */
void kr_list_reverse(KrObj *l);                /* l.reverse() */
int kr_list_eq(KrObj *a, KrObj *b);            /* a == b: 1/0/-1 */
int kr_list_cmp(KrObj *a, KrObj *b, int op);   /* a < b etc. (KR_LT..KR_NE), lexicographic */
KrObj *kr_list_repr(KrObj *l);                 /* '[1, 2.5, 'a']', '[...]' when recursive */

/* ---------------------------------------------------------------- sort.c */

/* A key function from compiled code: returns key(item) as a value of the
 * kind the caller declares (a new reference if KR_OBJ); on error it sets
 * kr_exc and returns anything. data is the closure. */
typedef KrVal (*KrKeyFn)(void *data, KrVal item);

/* l.sort(key=..., reverse=...): key may be NULL. CPython's timsort, stable;
 * ValueError("list modified during sort") if key changed the list. */
int kr_list_sort(KrObj *l, KrKeyFn key, void *data, ValKind key_kind, bool reverse);
KrObj *kr_sorted(KrObj *iterable, KrKeyFn key, void *data, ValKind key_kind, bool reverse); /* sorted(x, ...) */
/* sorted(xs, key=F) as desugar.c writes it: items (a new list of xs's
 * items) sorted in place by keys (F of each item, in the same order), the
 * keys moving with them and compared as CPython's list.sort compares keys;
 * items itself (a new reference), or NULL when a comparison raised. */
KrObj *kr_list_sort_keys(KrObj *items, KrObj *keys, bool reverse);
/* min(x) / max(x), with an optional key and default (NULL: none): the
 * item (a new reference), of kr_iterable_kind(x). ValueError("min() arg is
 * an empty sequence"). */
KrVal kr_min(KrObj *iterable, KrKeyFn key, void *data, ValKind key_kind, const KrVal *dflt);
KrVal kr_max(KrObj *iterable, KrKeyFn key, void *data, ValKind key_kind, const KrVal *dflt);
/* sum(x, start): ints (or bools) with OverflowError when int64 overflows;
 * floats summed left to right from start as CPython 3.11 does; a dynamic
 * sum (KR_OBJ items) boxes its result. */
int64_t kr_sum_int(KrObj *iterable, int64_t start);
double kr_sum_float(KrObj *iterable, double start);
KrObj *kr_sum_obj(KrObj *iterable, KrObj *start);
int kr_contains(KrObj *container, KrVal v, ValKind k); /* v in container, for any container type */

/* --------------------------------------------------------------- tuple.c */

typedef struct KrTuple {
  KrObj h;
  int64_t len;
  uint8_t *kinds;  /* len ValKinds, stored after the items */
  int64_t hash;    /* cached by kr_tuple_hash when no item's hash or == runs code; else -1 */
  KrVal items[];
} KrTuple;
extern const KrType kr_tuple_type;
#define KR_TUPLE(o) ((KrTuple *)(o))

/* A tuple whose items the caller fills (with owned values) through
 * KR_TUPLE(t)->items; kinds is copied. Until filled, items are 0 / NULL. */
KrObj *kr_tuple_new(int64_t n, const uint8_t *kinds);
KrObj *kr_tuple_pack(int64_t n, const KrVal *items, const uint8_t *kinds);  /* (a, b): the tuple increfs */
KrObj *kr_tuple_pack_steal(int64_t n, KrVal *items, const uint8_t *kinds);  /* the same, taking the references */
KrObj *kr_tuple_pair(KrVal a, ValKind ka, KrVal b, ValKind kb);             /* (a, b), borrowed */
KrObj *kr_tuple_from_iter(KrObj *iterable);    /* tuple(x): items of x's kind */
KR_INLINE int64_t kr_tuple_len(KrObj *t) { return KR_TUPLE(t)->len; }
KR_INLINE ValKind kr_tuple_kind(KrObj *t, int64_t i) { return (ValKind)KR_TUPLE(t)->kinds[i]; }
KrVal kr_tuple_getitem(KrObj *t, int64_t i);   /* t[i] (negative from the end): new reference; IndexError */
KrObj *kr_tuple_getslice(KrObj *t, int64_t start, int64_t stop, int64_t step, int has);
KrObj *kr_tuple_concat(KrObj *a, KrObj *b);
KrObj *kr_tuple_repeat(KrObj *t, int64_t n);
static inline KrObj *kr_tuple_repeat_r(int64_t n, KrObj *t) { return kr_tuple_repeat(t, n); } /* n * t */
int kr_tuple_contains(KrObj *t, KrVal v, ValKind k);
int64_t kr_tuple_index(KrObj *t, KrVal v, ValKind k, int64_t start, int64_t stop); /* ValueError: tuple.index(x): x not in tuple */
int64_t kr_tuple_count(KrObj *t, KrVal v, ValKind k);
int kr_tuple_eq(KrObj *a, KrObj *b);
int kr_tuple_cmp(KrObj *a, KrObj *b, int op);
/* The same comparison of two tuples given as their items (a tuple display
 * compared with another, which generated code does not build). */
int kr_items_cmp(int64_t na, const KrVal *a, const uint8_t *ka, int64_t nb, const KrVal *b, const uint8_t *kb,
                 int op);
int64_t kr_tuple_hash(KrObj *t);               /* CPython 3.11's xxHash-based tuplehash */
KrObj *kr_tuple_repr(KrObj *t);                /* '(1,)', '(1, 'a')', '()' */

/* ---------------------------------------------------------------- dict.c */

/* An entry of the compact table; a deleted entry has hash -1. */
typedef struct KrDictEntry {
  KrVal key, value;
  int64_t hash;
} KrDictEntry;

typedef struct KrDict {
  KrObj h;
  int64_t used;        /* len(d) */
  ValKind kkind, vkind;
  uint8_t log2size;    /* the index table has 1 << log2size slots; 0: no table yet */
  bool unicode;        /* all keys are str (CPython's DICT_KEYS_UNICODE): it decides when the table resizes */
  uint8_t flavor;      /* KR_DF_DICT, or the dict subclass of collections it is (collections.c) */
  uint8_t fkind1, fkind2; /* a defaultdict's factory's item kinds (list, set: 1; dict: both) */
  int64_t usable;      /* entries that can still be appended before a resize */
  int64_t nentries;    /* entries appended, deleted ones included: iteration goes 0..nentries */
  int32_t *indices;    /* hash slot -> entry index; -1 empty, -2 deleted */
  KrDictEntry *entries;
} KrDict;
extern const KrType kr_dict_type;
#define KR_DICT(o) ((KrDict *)(o))
/* The dicts of collections are dicts with a flavour (the compiler's
 * DICT_FLAVORS, same order): a defaultdict's factory, Counter, OrderedDict.
 * It changes repr, d[k] on a missing key (kr_dict_getitem_missing) and
 * their own methods; everything else is the dict's. */
enum { KR_DF_DICT, KR_DF_DD_LIST, KR_DF_DD_INT, KR_DF_DD_FLOAT, KR_DF_DD_STR, KR_DF_DD_SET, KR_DF_DD_DICT,
       KR_DF_COUNTER, KR_DF_ORDERED };

KrObj *kr_dict_new(ValKind kkind, ValKind vkind);   /* {} */
/* {k1: v1, ...}: CPython's BUILD_MAP (presized, later keys win). */
KrObj *kr_dict_from_items(ValKind kkind, ValKind vkind, const KrVal *keys, const KrVal *values, int64_t n);
KR_INLINE int64_t kr_dict_len(KrObj *d) { return KR_DICT(d)->used; }
/* Find key k: 1 and *value (borrowed), or 0 when missing; -1 on error
 * (unhashable key, a comparison that raised). */
int kr_dict_lookup(KrObj *d, KrVal k, ValKind kk, KrVal *value);
KrVal kr_dict_getitem(KrObj *d, KrVal k, ValKind kk);             /* d[k]: new reference; KeyError(k) */
KrVal kr_dict_get(KrObj *d, KrVal k, ValKind kk, KrVal dflt);     /* d.get(k, dflt): dflt of the value kind */
KrVal kr_dict_get_opt(KrObj *d, KrVal k, ValKind kk, ValKind want); /* d.get(k): the value as kind want, or None */
int kr_dict_setitem(KrObj *d, KrVal k, ValKind kk, KrVal v);      /* d[k] = v, v of the value kind */
/* d[k] op= v and d[k] = d.get(k, dflt) + v for unboxed (int, float)
 * values: the slot of k's value, to read and then write in place, valid
 * until the dict next changes. A missing k: with dflt, k is inserted with
 * *dflt; else KeyError(k) and NULL, but a defaultdict(int) or (float)
 * inserts its 0 first, as its __missing__ does. The compiler uses it only
 * where nothing runs between the read and the write (emit.c,
 * find_slot_update). */
KrVal *kr_dict_slot(KrObj *d, KrVal k, ValKind kk, const KrVal *dflt);
int kr_dict_delitem(KrObj *d, KrVal k, ValKind kk);               /* del d[k]; KeyError(k) */
int kr_dict_contains(KrObj *d, KrVal k, ValKind kk);              /* k in d */
/* k in d that keeps what it found: the slot of k's value (valid until the
 * dict next changes), or NULL when k is missing or on error (kr_failed()).
 * For `if k in d: d[k] op= v` (emit.c find_slot_in). */
KrVal *kr_dict_find(KrObj *d, KrVal k, ValKind kk);
KrVal kr_dict_pop(KrObj *d, KrVal k, ValKind kk, const KrVal *dflt); /* d.pop(k[, dflt]); dflt NULL: none */
KrVal kr_dict_pop_opt(KrObj *d, KrVal k, ValKind kk, ValKind want); /* d.pop(k, None): Optional of the value */
KrObj *kr_dict_popitem(KrObj *d);               /* d.popitem(): a (k, v) tuple; KeyError: popitem(): dictionary is empty */
int kr_dict_popitem2(KrObj *d, KrVal *k, KrVal *v); /* the same, without the tuple (new references) */
KrVal kr_dict_setdefault(KrObj *d, KrVal k, ValKind kk, KrVal dflt); /* d.setdefault(k, dflt) */
int kr_dict_update(KrObj *d, KrObj *other);     /* d.update(other): a dict, or an iterable of pairs */
KrObj *kr_dict_copy(KrObj *d);                  /* d.copy() */
void kr_dict_clear(KrObj *d);                   /* d.clear() */
KrObj *kr_dict_fromkeys(KrObj *iterable, ValKind kkind, KrVal v, ValKind vkind); /* dict.fromkeys(x, v) */
KrObj *kr_dict_or(KrObj *a, KrObj *b);          /* a | b */
int kr_dict_eq(KrObj *a, KrObj *b);             /* a == b */
KrObj *kr_dict_repr(KrObj *d);                  /* '{'a': 1}'; a flavour's own repr */
KrObj *kr_dict_repr_plain(KrObj *d);            /* '{'a': 1}' whatever the flavour */
/* Views: d.keys(), d.values(), d.items(). They iterate, have len, repr
 * ('dict_keys([1, 2])') and `in`. */
typedef struct KrDictView {
  KrObj h;
  KrObj *dict;
} KrDictView;
extern const KrType kr_dict_keys_type, kr_dict_values_type, kr_dict_items_type;
KrObj *kr_dict_keys(KrObj *d);
KrObj *kr_dict_values(KrObj *d);
KrObj *kr_dict_items(KrObj *d);

/* ----------------------------------------------------------------- set.c */

/* One slot of the open-addressing table (CPython's setentry). */
typedef struct KrSetEntry {
  KrVal key;
  int64_t hash;   /* -1 in a deleted slot */
  uint8_t state;  /* 0 unused, 1 active, 2 deleted (CPython's dummy) */
} KrSetEntry;

typedef struct KrSet {
  KrObj h;
  int64_t fill;   /* active + deleted slots */
  int64_t used;   /* active slots: len(s) */
  int64_t mask;   /* table size - 1 */
  int64_t hash;   /* frozenset: cached hash, -1 until computed */
  int64_t finger; /* where pop() searches next */
  ValKind kind;
  KrSetEntry *table;
} KrSet;
extern const KrType kr_set_type, kr_frozenset_type;
#define KR_SET(o) ((KrSet *)(o))
static inline bool kr_is_anyset(KrObj *o) { return o->type == &kr_set_type || o->type == &kr_frozenset_type; }

KrObj *kr_set_new(ValKind kind);                     /* set() */
KrObj *kr_frozenset_new(ValKind kind);               /* frozenset() */
KrObj *kr_set_from(ValKind kind, const KrVal *items, int64_t n); /* {a, b, c}: CPython's BUILD_SET */
KrObj *kr_set_from_iter(KrObj *iterable, ValKind kind, bool frozen); /* set(x) / frozenset(x) */
KR_INLINE int64_t kr_set_len(KrObj *s) { return KR_SET(s)->used; }
int kr_set_add(KrObj *s, KrVal v, ValKind k);        /* s.add(v) */
int kr_set_contains(KrObj *s, KrVal v, ValKind k);   /* v in s */
int kr_set_remove(KrObj *s, KrVal v, ValKind k);     /* s.remove(v); KeyError(v) */
int kr_set_discard(KrObj *s, KrVal v, ValKind k);    /* s.discard(v): 1 removed, 0 absent, -1 error */
KrVal kr_set_pop(KrObj *s);                          /* s.pop(); KeyError: pop from an empty set */
void kr_set_clear(KrObj *s);                         /* s.clear() */
KrObj *kr_set_copy(KrObj *s);                        /* s.copy() (a frozenset's copy is itself) */
/* The set algebra. `other` is any iterable; the result has s's type and
 * kind (if other's items have another kind, s must be KR_OBJ). The
 * operators | & - ^ are these functions with a set or frozenset other;
 * their in-place forms |= &= -= ^= are the _update functions. Methods with
 * several arguments (s.union(a, b)) chain as CPython does: union and update
 * apply each in turn; intersection(a, b) = intersection(intersection(s, a),
 * b); difference(a, b) = difference_update(difference(s, a), b). */
int kr_set_update(KrObj *s, KrObj *other);
KrObj *kr_set_union(KrObj *s, KrObj *other);
KrObj *kr_set_intersection(KrObj *s, KrObj *other);
int kr_set_intersection_update(KrObj *s, KrObj *other);
KrObj *kr_set_difference(KrObj *s, KrObj *other);
int kr_set_difference_update(KrObj *s, KrObj *other);
KrObj *kr_set_symmetric_difference(KrObj *s, KrObj *other);
int kr_set_symmetric_difference_update(KrObj *s, KrObj *other);
int kr_set_issubset(KrObj *s, KrObj *other);         /* s.issubset(x), s <= x */
int kr_set_issuperset(KrObj *s, KrObj *other);       /* s.issuperset(x), s >= x */
int kr_set_isdisjoint(KrObj *s, KrObj *other);
int kr_set_eq(KrObj *a, KrObj *b);                   /* a set equals a frozenset of the same items */
int kr_set_cmp(KrObj *a, KrObj *b, int op);          /* < <= > >=: subset tests */
int64_t kr_frozenset_hash(KrObj *s);                 /* CPython's frozenset hash */
KrObj *kr_set_repr(KrObj *s);                        /* '{1, 2}', 'set()', 'frozenset({1})' */

/* --------------------------------------------------------------- bytes.c */

typedef struct KrBytes {
  KrObj h;
  int64_t len;
  int64_t hash;    /* -1: not computed yet */
  char data[];     /* len bytes, then a NUL */
} KrBytes;
extern const KrType kr_bytes_type;
#define KR_BYTES(o) ((KrBytes *)(o))

KrObj *kr_bytes_new(const char *data, int64_t len);  /* copies */
KrObj *kr_bytes_zeros(int64_t n);                    /* bytes(n); ValueError: negative count */
KrObj *kr_bytes_from_iter(KrObj *iterable);          /* bytes([1, 2]); ValueError: bytes must be in range(0, 256) */
KR_INLINE int64_t kr_bytes_len(KrObj *b) { return KR_BYTES(b)->len; }
KR_INLINE const char *kr_bytes_data(KrObj *b) { return KR_BYTES(b)->data; }
int64_t kr_bytes_getitem(KrObj *b, int64_t i);       /* b[i] -> int; IndexError: index out of range */
KrObj *kr_bytes_getslice(KrObj *b, int64_t start, int64_t stop, int64_t step, int has);
KrObj *kr_bytes_concat(KrObj *a, KrObj *b);
KrObj *kr_bytes_repeat(KrObj *b, int64_t n);
int kr_bytes_eq(KrObj *a, KrObj *b);
int kr_bytes_cmp(KrObj *a, KrObj *b, int op);
int64_t kr_bytes_hash(KrObj *b);                     /* equals hash(b.decode('latin-1')), as in CPython */
KrObj *kr_bytes_repr(KrObj *b);                      /* b'\x00abc', b"it's" */
int kr_bytes_contains(KrObj *b, KrVal v, ValKind k); /* an int or a bytes in b */
/* Search: start/end are slice-style bounds, `has` their KR_SLICE_START/
 * KR_SLICE_STOP bits. */
int64_t kr_bytes_find(KrObj *b, KrObj *sub, int64_t start, int64_t end, int has);   /* -1 when absent */
int64_t kr_bytes_rfind(KrObj *b, KrObj *sub, int64_t start, int64_t end, int has);
int64_t kr_bytes_index(KrObj *b, KrObj *sub, int64_t start, int64_t end, int has);  /* ValueError: subsection not found */
int64_t kr_bytes_rindex(KrObj *b, KrObj *sub, int64_t start, int64_t end, int has);
int64_t kr_bytes_count(KrObj *b, KrObj *sub, int64_t start, int64_t end, int has);
int kr_bytes_startswith(KrObj *b, KrObj *prefix, int64_t start, int64_t end, int has); /* prefix: bytes or a tuple of bytes */
int kr_bytes_endswith(KrObj *b, KrObj *suffix, int64_t start, int64_t end, int has);
KrObj *kr_bytes_split(KrObj *b, KrObj *sep, int64_t maxsplit);   /* sep NULL: whitespace; a list of bytes */
KrObj *kr_bytes_rsplit(KrObj *b, KrObj *sep, int64_t maxsplit);
KrObj *kr_bytes_join(KrObj *sep, KrObj *iterable);               /* TypeError: sequence item 0: expected a bytes-like object, str found */
KrObj *kr_bytes_strip(KrObj *b, KrObj *chars);                   /* chars NULL: ASCII whitespace */
KrObj *kr_bytes_lstrip(KrObj *b, KrObj *chars);
KrObj *kr_bytes_rstrip(KrObj *b, KrObj *chars);
KrObj *kr_bytes_replace(KrObj *b, KrObj *old, KrObj *new_, int64_t count); /* count -1: all */
KrObj *kr_bytes_upper(KrObj *b);
KrObj *kr_bytes_lower(KrObj *b);
KrObj *kr_bytes_hex(KrObj *b);                                   /* b.hex(): a str */
KrObj *kr_int_to_bytes(int64_t v, int64_t length, KrObj *order, bool is_signed); /* int.to_bytes */
KrObj *kr_int_to_bytes2(int64_t v, int64_t length, KrObj *order);
KrObj *kr_bytes_fromhex(KrObj *s);                               /* bytes.fromhex(str) */
/* b.decode(encoding, errors): utf-8 (and its aliases), ascii, latin-1;
 * errors strict, replace, ignore, surrogateescape, backslashreplace. NULL
 * means the default ('utf-8', 'strict'). UnicodeDecodeError with CPython's
 * message ("'utf-8' codec can't decode byte 0xff in position 0: invalid
 * start byte"). */
KrObj *kr_bytes_decode(KrObj *b, const char *encoding, const char *errors);

#endif
