/* loop.c — for loops and the builtins that consume an iterable.
 *
 * The compiler lowers every `for` (and every comprehension) to three ops:
 * iter.new fills a KrLoop cursor for the iterable, iter.next fetches the
 * next item into it, iter.item hands the item to the loop variable (ops.h
 * has the cursor and the inline list and range steps). The steps here are
 * the ones too big to inline: strs, tuples (whose items each have their own
 * kind) and everything else through the runtime's KrIter (range.c), which
 * carries CPython's "changed size during iteration" checks for dicts and
 * sets.
 *
 * The consuming builtins (set(x), tuple(x), sorted(x), min(x), any(x),
 * dict(pairs), sep.join(x)) take the kind the compiled code wants their
 * items as, since the static type decides it (a tuple[int, bool] iterates
 * as boxed values, a variant holding a list[int] too).
 */
#include "containers_impl.h"
#include "core_impl.h"

bool kr_loop_put_convert(KrLoop *c, KrVal v, ValKind k) {
  KrVal out;
  int r = krc_convert(v, k, c->want, &out);
  kr_val_decref(v, k);
  if (r < 0) {
    c->item.o = NULL;
    return false;
  }
  c->item = out;
  return true;
}

static bool loop_done(KrLoop *c) {
  kr_xdecref(c->it.src);
  c->it.src = NULL;
  return false;
}

bool kr_loop_str_next_slow(KrLoop *c) {
  if (!c->it.src)
    return false;
  KrObj *ch = kr_str_next(c->it.src, &c->it.pos);
  if (!ch)
    return kr_failed() ? false : loop_done(c);
  return kr_loop_put(c, (KrVal){.o = ch}, KR_OBJ);
}

/* for w in s.split(): the pieces are made one at a time as the loop asks
 * for them, with no list (a str cannot change, so the pieces are the same
 * whenever they are cut). it.a is 1 while it.src is the ASCII str being
 * cut at it.pos; a str that is not ASCII is split into a list at once
 * (kr_str_split_list0, with Unicode whitespace), which the loop walks. */
KrLoop kr_loop_split(KrObj *s) {
  KrLoop c = {.want = KR_OBJ};
  if (((KrStr *)s)->ascii) {
    kr_incref(s);
    c.it.src = s;
    c.it.a = 1;
  } else {
    c.it.src = kr_str_split_list0(s); /* NULL on MemoryError, which the caller checks */
  }
  return c;
}

bool kr_loop_split_next(KrLoop *c) {
  if (!c->it.a)
    return kr_loop_list_next(c);
  const KrStr *s = (const KrStr *)c->it.src;
  if (!s)
    return false;
  int64_t i = c->it.pos, n = s->len;
  while (i < n && ascii_space((unsigned char)s->data[i]))
    i++;
  if (i == n)
    return loop_done(c);
  int64_t j = i;
  while (i < n && !ascii_space((unsigned char)s->data[i]))
    i++;
  c->it.pos = i;
  KrObj *w = kr_str_new_ascii(s->data + j, i - j);
  return w && kr_loop_put(c, (KrVal){.o = w}, KR_OBJ);
}

bool kr_loop_tuple_next(KrLoop *c) {
  KrTuple *t = KR_TUPLE(c->it.src);
  if (!t || c->it.pos >= t->len)
    return t ? loop_done(c) : false;
  int64_t i = c->it.pos++;
  KrVal v = t->items[i];
  ValKind k = (ValKind)t->kinds[i];
  kr_val_incref(v, k);
  return kr_loop_put(c, v, k);
}

KrLoop kr_loop_obj(KrObj *iterable, ValKind want) {
  KrLoop c = {.want = want};
  if (kr_iter_init(&c.it, iterable) < 0)
    c.it.src = NULL;
  return c;
}

bool kr_loop_obj_next(KrLoop *c) {
  if (!c->it.next)
    return false;
  KrVal v;
  int r = c->it.next(&c->it, &v);
  if (r <= 0)
    return false;
  return kr_loop_put(c, v, c->it.kind);
}

/* ------------------------------------------------------ consuming builtins */

KrObj *kr_set_of(KrObj *iterable, ValKind kind) { return kr_set_from_iter(iterable, kind, false); }
KrObj *kr_frozenset_of(KrObj *iterable, ValKind kind) { return kr_set_from_iter(iterable, kind, true); }

KrObj *kr_tuple_of(KrObj *iterable, ValKind kind) {
  KrObj *l = krc_to_list(iterable, kind);
  if (!l)
    return NULL;
  KrList *lp = KR_LIST(l);
  uint8_t *kinds = kr_alloc((size_t)lp->len + 1);
  KrObj *t = NULL;
  if (kinds) {
    memset(kinds, kind, (size_t)lp->len);
    t = kr_tuple_pack(lp->len, lp->items, kinds);
    kr_free(kinds);
  }
  kr_decref(l);
  return t;
}

KrObj *kr_sorted_rev_of(KrObj *iterable, bool reverse, ValKind kind) {
  KrObj *l = krc_to_list(iterable, kind);
  if (!l)
    return NULL;
  if (kr_list_sort(l, NULL, NULL, KR_OBJ, reverse) < 0) {
    kr_decref(l);
    return NULL;
  }
  return l;
}

KrObj *kr_sorted_of(KrObj *iterable, ValKind kind) { return kr_sorted_rev_of(iterable, false, kind); }

static KrVal as_kind(KrVal v, ValKind from, ValKind to) {
  if (kr_failed() || from == to)
    return v;
  KrVal out = {0};
  krc_convert(v, from, to, &out);
  kr_val_decref(v, from);
  return out;
}

KrVal kr_min_of(KrObj *iterable, ValKind kind) {
  return as_kind(kr_min(iterable, NULL, NULL, KR_OBJ, NULL), kr_iterable_kind(iterable), kind);
}

KrVal kr_max_of(KrObj *iterable, ValKind kind) {
  return as_kind(kr_max(iterable, NULL, NULL, KR_OBJ, NULL), kr_iterable_kind(iterable), kind);
}

KrObj *kr_dict_of_pairs(KrObj *iterable, ValKind kkind, ValKind vkind) {
  KrObj *d = kr_dict_new(kkind, vkind);
  if (d && kr_dict_update(d, iterable) < 0) {
    kr_decref(d);
    return NULL;
  }
  return d;
}

/* any(x) / all(x): stop at the first item that decides. */
static bool any_all(KrObj *iterable, bool want) {
  KrIter it;
  if (kr_iter_init(&it, iterable) < 0)
    return false;
  KrVal v;
  int r;
  bool found = false;
  while ((r = it.next(&it, &v)) > 0) {
    int t = kr_val_truth(v, it.kind);
    kr_val_decref(v, it.kind);
    if (t < 0)
      break;
    if ((t > 0) == want) {
      found = true;
      break;
    }
  }
  kr_iter_clear(&it);
  return want ? found : !found;
}

bool kr_any_of(KrObj *iterable) { return any_all(iterable, true); }
bool kr_all_of(KrObj *iterable) { return any_all(iterable, false); }

KrObj *kr_str_join_iter(KrObj *sep, KrObj *iterable) {
  KrObj *l = krc_to_list(iterable, KR_OBJ);
  if (!l)
    return NULL;
  KrObj *r = kr_str_join_list(sep, l);
  kr_decref(l);
  return r;
}

int64_t kr_obj_len(KrObj *o) {
  if (!o->type->len) {
    krc_raisef(&kr_TypeError_type, "object of type '%s' has no len()", o->type->name);
    return -1;
  }
  return o->type->len(o);
}

KrObj *kr_range_box(KrRangeLoop r) { return kr_range_new(r.start, r.stop, r.step); }

KrObj *kr_reversed_range(KrRangeLoop r) {
  KrObj *o = kr_range_box(r);
  if (!o)
    return NULL;
  KrObj *it = kr_reversed(o);
  kr_decref(o);
  return it;
}

KrVal kr_tuple_item_as(KrObj *t, int64_t i, ValKind kind) {
  int64_t n = kr_tuple_len(t);
  KrVal v = kr_tuple_getitem(t, i);
  if (kr_failed())
    return v;
  return as_kind(v, kr_tuple_kind(t, i < 0 ? i + n : i), kind);
}

/* {1, 2, 3}: CPython 3.11 compiles a display of three or more constants to
 * a frozenset constant (rebuilt from its own iteration order when the
 * compiler merges constants) that an empty set is updated with, so the
 * table, and the printing order, is that one's. */
KrObj *kr_set_from_consts(ValKind kind, const KrVal *items, int64_t n) {
  KrObj *folded = kr_set_from(kind, items, n);
  if (!folded)
    return NULL;
  KrObj *order = krc_to_list(folded, kind);
  kr_decref(folded);
  if (!order)
    return NULL;
  KrObj *merged = kr_set_from(kind, KR_LIST(order)->items, KR_LIST(order)->len);
  kr_decref(order);
  if (!merged)
    return NULL;
  KrObj *s = kr_set_new(kind);
  if (s && kr_set_update(s, merged) < 0) {
    kr_decref(s);
    s = NULL;
  }
  kr_decref(merged);
  return s;
}

/* ---------------------------------------------------------- in-place ops */

static KrObj *self_or_null(KrObj *s, int status) {
  if (status < 0)
    return NULL;
  kr_incref(s);
  return s;
}

KrObj *kr_set_ior(KrObj *s, KrObj *other) { return self_or_null(s, kr_set_update(s, other)); }
KrObj *kr_set_iand(KrObj *s, KrObj *other) { return self_or_null(s, kr_set_intersection_update(s, other)); }
KrObj *kr_set_isub(KrObj *s, KrObj *other) { return self_or_null(s, kr_set_difference_update(s, other)); }
KrObj *kr_set_ixor(KrObj *s, KrObj *other) {
  return self_or_null(s, kr_set_symmetric_difference_update(s, other));
}
KrObj *kr_list_iadd(KrObj *l, KrObj *other) { return self_or_null(l, kr_list_extend(l, other)); }

/* A user iterator: an instance of a class of the program, walked by calling
 * its __next__, a compiled function the code gives with the kind of what it
 * returns (so fn's C type is known: int64_t, double, bool or KrObj * of a
 * KrObj *). StopIteration from it ends the items; __next__ is called again
 * if the iterator is asked again, as CPython does. */
typedef struct ClassIter {
  KrIter it;
  void (*fn)(void);
  KrObj *self; /* owned */
} ClassIter;

static void class_iter_dealloc(KrObj *o) {
  kr_xdecref(((ClassIter *)o)->self);
  kr_free(o);
}

static const KrType class_iter_type = {.name = "iterator", .base = &kr_iterator_type, .size = sizeof(ClassIter),
                                       .dealloc = class_iter_dealloc};

static int class_iter_next(KrIter *it, KrVal *out) {
  ClassIter *c = (ClassIter *)it;
  switch (it->kind) {
  case KR_INT: out->i = ((int64_t (*)(KrObj *))c->fn)(c->self); break;
  case KR_FLOAT: out->f = ((double (*)(KrObj *))c->fn)(c->self); break;
  case KR_BOOL: out->b = ((bool (*)(KrObj *))c->fn)(c->self); break;
  case KR_OBJ: out->o = ((KrObj * (*)(KrObj *)) c->fn)(c->self); break;
  }
  if (!kr_failed())
    return 1;
  if (!kr_exc_matches(&kr_StopIteration_type))
    return -1;
  kr_exc_clear();
  return 0;
}

KrObj *kr_class_iter_new(KrObj *self, void (*next)(void), ValKind kind) {
  ClassIter *c = (ClassIter *)kr_obj_new(&class_iter_type, sizeof(ClassIter));
  if (!c)
    return NULL;
  c->it.next = class_iter_next;
  c->it.kind = kind;
  c->it.src = NULL;
  c->fn = next;
  kr_incref(self);
  c->self = self;
  return &c->it.h;
}
