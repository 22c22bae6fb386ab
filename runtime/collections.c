/* collections.c — the module collections that kiln provides: defaultdict,
 * Counter and OrderedDict as dicts with a flavour (KrDict.flavor, fixed by
 * the static type the compiler gave them), and deque, a ring buffer of
 * KrVal slots of one kind.
 *
 * What is observable follows CPython 3.11: d[k] on a defaultdict's missing
 * key inserts factory() (its __missing__); a Counter's missing key reads 0
 * and inserts nothing; most_common orders by count, the first seen first
 * among equal counts (Lib/collections's sorted/nlargest with itemgetter(1));
 * reprs are defaultdict(<class 'list'>, {...}), Counter({...}) in
 * most_common order, OrderedDict([(k, v), ...]). A deque's messages are
 * _collectionsmodule.c's, mutation during iteration included. */
#include <stdio.h>
#include <stdlib.h>

#include "containers_impl.h"

/* ------------------------------------------------------------ the dicts */

KrObj *kr_dict_new_flavored(ValKind kk, ValKind vk, int flavor, ValKind f1, ValKind f2) {
  KrObj *o = kr_dict_new(kk, vk);
  if (!o)
    return NULL;
  KR_DICT(o)->flavor = (uint8_t)flavor;
  KR_DICT(o)->fkind1 = (uint8_t)f1;
  KR_DICT(o)->fkind2 = (uint8_t)f2;
  return o;
}

/* d[k] for a dict with __missing__: a defaultdict inserts factory(), a
 * Counter answers 0. */
KrVal kr_dict_getitem_missing(KrObj *o, KrVal k, ValKind kk) {
  KrDict *d = KR_DICT(o);
  KrVal v;
  int r = kr_dict_lookup(o, k, kk, &v);
  if (r < 0)
    return (KrVal){0};
  if (r) {
    kr_val_incref(v, d->vkind);
    return v;
  }
  KrVal made = {0};
  ValKind mk = d->vkind;
  switch (d->flavor) {
  case KR_DF_COUNTER: return d->vkind == KR_OBJ ? (KrVal){.o = kr_int_box(0)} : (KrVal){.i = 0};
  case KR_DF_DD_INT: made.i = 0, mk = KR_INT; break;
  case KR_DF_DD_FLOAT: made.f = 0.0, mk = KR_FLOAT; break;
  case KR_DF_DD_STR: made.o = kr_str_new("", 0), mk = KR_OBJ; break;
  case KR_DF_DD_LIST: made.o = kr_list_new((ValKind)d->fkind1, 0), mk = KR_OBJ; break;
  case KR_DF_DD_SET: made.o = kr_set_new((ValKind)d->fkind1), mk = KR_OBJ; break;
  case KR_DF_DD_DICT: made.o = kr_dict_new((ValKind)d->fkind1, (ValKind)d->fkind2), mk = KR_OBJ; break;
  default: return kr_dict_getitem(o, k, kk);
  }
  if (mk == KR_OBJ && !made.o)
    return (KrVal){0};
  if (mk != d->vkind) {
    KrVal c;
    int e = krc_convert(made, mk, d->vkind, &c);
    kr_val_decref(made, mk);
    if (e < 0)
      return (KrVal){0};
    made = c;
  }
  if (kr_dict_setitem(o, k, kk, made) < 0) {
    kr_val_decref(made, d->vkind);
    return (KrVal){0};
  }
  return made;
}

/* c[k] += n on a Counter's int values; -1 on error. */
static int counter_add(KrDict *c, KrVal k, ValKind kk, int64_t n) {
  KrVal v;
  int r = kr_dict_lookup(&c->h, k, kk, &v);
  if (r < 0)
    return -1;
  int64_t cur = 0;
  if (r)
    cur = c->vkind == KR_OBJ ? kr_val_unbox(v.o, KR_INT).i : v.i;
  int64_t sum;
  if (__builtin_add_overflow(cur, n, &sum)) {
    kr_raise(&kr_OverflowError_type, "Python int too large to convert to C int64 (kiln's ints are 64-bit)");
    return -1;
  }
  KrVal nv = {.i = sum};
  if (c->vkind == KR_OBJ) {
    nv.o = kr_int_box(sum);
    if (!nv.o)
      return -1;
  }
  r = kr_dict_setitem(&c->h, k, kk, nv);
  kr_val_decref(nv, c->vkind);
  return r;
}

/* c.update(x): a dict (a Counter too) adds its counts, any other iterable
 * counts its items (Counter's _count_elements). */
int kr_counter_update(KrObj *o, KrObj *iterable) {
  KrDict *c = KR_DICT(o);
  if (iterable->type == &kr_dict_type) {
    KrDict *src = KR_DICT(iterable);
    if (src == c) { /* c.update(c): doubles every count; walk a copy */
      KrObj *cp = kr_dict_copy(iterable);
      if (!cp)
        return -1;
      int r = kr_counter_update(o, cp);
      kr_decref(cp);
      return r;
    }
    for (int64_t i = 0; i < src->nentries; i++) {
      KrDictEntry *e = &src->entries[i];
      if (e->hash == -1)
        continue;
      int64_t n = src->vkind == KR_OBJ ? kr_val_unbox(e->value.o, KR_INT).i
                  : src->vkind == KR_BOOL ? e->value.b : e->value.i;
      if (counter_add(c, e->key, src->kkind, n) < 0)
        return -1;
    }
    return 0;
  }
  KrIter it;
  if (kr_iter_init(&it, iterable) < 0)
    return -1;
  KrVal v;
  int r;
  while ((r = it.next(&it, &v)) > 0) {
    int e = counter_add(c, v, it.kind, 1);
    kr_val_decref(v, it.kind);
    if (e < 0) {
      r = -1;
      break;
    }
  }
  kr_iter_clear(&it);
  return r < 0 ? -1 : 0;
}

KrObj *kr_counter_from(KrObj *iterable, ValKind kk) {
  KrObj *c = kr_dict_new_flavored(kk, KR_INT, KR_DF_COUNTER, KR_OBJ, KR_OBJ);
  if (c && kr_counter_update(c, iterable) < 0) {
    kr_decref(c);
    return NULL;
  }
  return c;
}

static int64_t count_of(KrDict *c, KrDictEntry *e) {
  return c->vkind == KR_OBJ ? kr_val_unbox(e->value.o, KR_INT).i : e->value.i;
}

typedef struct {
  int64_t count, pos;
} Ranked;

static int by_count(const void *pa, const void *pb) {
  const Ranked *a = pa, *b = pb;
  if (a->count != b->count)
    return a->count > b->count ? -1 : 1;
  return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/* c.most_common(n): (key, count) pairs, the largest counts first, equal
 * counts in insertion order; n < 0 gives []. */
KrObj *kr_counter_most_common(KrObj *o, int64_t n) {
  KrDict *c = KR_DICT(o);
  Ranked *r = kr_alloc((size_t)(c->used ? c->used : 1) * sizeof *r);
  if (!r)
    return NULL;
  int64_t m = 0;
  for (int64_t i = 0; i < c->nentries; i++)
    if (c->entries[i].hash != -1)
      r[m] = (Ranked){count_of(c, &c->entries[i]), i}, m++;
  qsort(r, (size_t)m, sizeof *r, by_count);
  if (n < 0)
    n = 0;
  if (n > m)
    n = m;
  KrObj *out = kr_list_new(KR_OBJ, n);
  for (int64_t i = 0; out && i < n; i++) {
    KrDictEntry *e = &c->entries[r[i].pos];
    KrObj *pair = kr_tuple_pair(e->key, c->kkind, e->value, c->vkind);
    if (!pair || kr_list_append(out, (KrVal){.o = pair}) < 0) {
      kr_xdecref(pair);
      kr_decref(out);
      out = NULL;
      break;
    }
    kr_decref(pair);
  }
  kr_free(r);
  return out;
}

KrObj *kr_counter_most_common_all(KrObj *o) { return kr_counter_most_common(o, KR_DICT(o)->used); }

/* c.elements(): each key repeated count times (counts below 1: none), in
 * insertion order. An iterator over a list made now. */
KrObj *kr_counter_elements(KrObj *o) {
  KrDict *c = KR_DICT(o);
  KrObj *l = kr_list_new(c->kkind, 0);
  for (int64_t i = 0; l && i < c->nentries; i++) {
    KrDictEntry *e = &c->entries[i];
    if (e->hash == -1)
      continue;
    for (int64_t n = count_of(c, e); n > 0; n--)
      if (kr_list_append(l, e->key) < 0) {
        kr_decref(l);
        return NULL;
      }
  }
  if (!l)
    return NULL;
  KrObj *it = kr_iter_new(l);
  kr_decref(l);
  return it;
}

int64_t kr_counter_total(KrObj *o) {
  KrDict *c = KR_DICT(o);
  int64_t t = 0;
  for (int64_t i = 0; i < c->nentries; i++)
    if (c->entries[i].hash != -1 && __builtin_add_overflow(t, count_of(c, &c->entries[i]), &t)) {
      kr_raise(&kr_OverflowError_type, "Python int too large to convert to C int64 (kiln's ints are 64-bit)");
      return -1;
    }
  return t;
}

/* a + b, a - b (sign 1, -1): Counter.__add__/__sub__, positive counts only. */
static KrObj *counter_arith(KrObj *ao, KrObj *bo, int sign) {
  KrDict *a = KR_DICT(ao), *b = KR_DICT(bo);
  KrObj *out = kr_dict_new_flavored(a->kkind, KR_INT, KR_DF_COUNTER, KR_OBJ, KR_OBJ);
  if (!out)
    return NULL;
  for (int64_t i = 0; i < a->nentries; i++) {
    KrDictEntry *e = &a->entries[i];
    if (e->hash == -1)
      continue;
    KrVal bv;
    int r = kr_dict_lookup(bo, e->key, a->kkind, &bv);
    if (r < 0)
      goto fail;
    int64_t other = r ? (b->vkind == KR_OBJ ? kr_val_unbox(bv.o, KR_INT).i : bv.i) : 0, n;
    if (sign > 0 ? __builtin_add_overflow(count_of(a, e), other, &n) : __builtin_sub_overflow(count_of(a, e), other, &n)) {
      kr_raise(&kr_OverflowError_type, "Python int too large to convert to C int64 (kiln's ints are 64-bit)");
      goto fail;
    }
    if (n > 0 && counter_add(KR_DICT(out), e->key, a->kkind, n) < 0)
      goto fail;
  }
  for (int64_t i = 0; i < b->nentries; i++) {
    KrDictEntry *e = &b->entries[i];
    if (e->hash == -1)
      continue;
    int r = kr_dict_contains(ao, e->key, b->kkind);
    if (r < 0)
      goto fail;
    int64_t n = count_of(b, e);
    if (!r && (sign > 0 ? n > 0 : n < 0) && counter_add(KR_DICT(out), e->key, b->kkind, sign > 0 ? n : -n) < 0)
      goto fail;
  }
  return out;
fail:
  kr_decref(out);
  return NULL;
}

KrObj *kr_counter_add(KrObj *a, KrObj *b) { return counter_arith(a, b, 1); }
KrObj *kr_counter_sub(KrObj *a, KrObj *b) { return counter_arith(a, b, -1); }

/* od.move_to_end(k, last): KeyError(k) when absent. To the front the dict
 * is rebuilt (the compact table only appends). */
int kr_odict_move_to_end(KrObj *o, KrVal k, ValKind kk, bool last) {
  KrDict *d = KR_DICT(o);
  KrVal v = kr_dict_pop(o, k, kk, NULL);
  if (kr_failed())
    return -1;
  KrVal key;
  if (krc_convert(k, kk, d->kkind, &key) < 0) {
    kr_val_decref(v, d->vkind);
    return -1;
  }
  int r;
  if (last) {
    r = kr_dict_setitem(o, key, d->kkind, v);
  } else {
    KrObj *rest = kr_dict_copy(o);
    r = -1;
    if (rest) {
      kr_dict_clear(o);
      r = kr_dict_setitem(o, key, d->kkind, v);
      if (r == 0)
        r = kr_dict_update(o, rest);
      kr_decref(rest);
    }
  }
  kr_val_decref(key, d->kkind);
  kr_val_decref(v, d->vkind);
  return r;
}

/* od.popitem(last): the last or the first (key, value) pair. */
KrObj *kr_odict_popitem(KrObj *o, bool last) {
  KrDict *d = KR_DICT(o);
  if (d->used == 0)
    return kr_raise(&kr_KeyError_type, "dictionary is empty");
  if (last)
    return kr_dict_popitem(o);
  for (int64_t i = 0; i < d->nentries; i++) {
    KrDictEntry *e = &d->entries[i];
    if (e->hash == -1)
      continue;
    KrVal key = e->key;
    kr_val_incref(key, d->kkind);
    KrVal v = kr_dict_pop(o, key, d->kkind, NULL);
    if (kr_failed()) {
      kr_val_decref(key, d->kkind);
      return NULL;
    }
    uint8_t kinds[2] = {(uint8_t)d->kkind, (uint8_t)d->vkind};
    return kr_tuple_pack_steal(2, (KrVal[]){key, v}, kinds);
  }
  return NULL;
}

KrObj *kr_dict_copy_plain(KrObj *o) {
  KrObj *c = kr_dict_copy(o);
  if (c)
    KR_DICT(c)->flavor = KR_DF_DICT;
  return c;
}

KrObj *kr_odict_of(KrObj *src, ValKind kk, ValKind vk) {
  KrObj *d = src->type == &kr_dict_type ? kr_dict_copy_plain(src) : kr_dict_of_pairs(src, kk, vk);
  if (d)
    KR_DICT(d)->flavor = KR_DF_ORDERED;
  return d;
}

static const char *const factory_name[] = {"", "list", "int", "float", "str", "set", "dict"};

KrObj *kr_collections_repr(KrObj *o) {
  KrDict *d = KR_DICT(o);
  KrBuf b;
  kr_buf_init(&b, 32);
  KrObj *inner = NULL;
  if (d->flavor <= KR_DF_DD_DICT) {
    kr_buf_put(&b, "defaultdict(<class '", 20);
    kr_buf_put(&b, factory_name[d->flavor], (int64_t)strlen(factory_name[d->flavor]));
    kr_buf_put(&b, "'>, ", 4);
    inner = kr_dict_repr_plain(o);
  } else if (d->used == 0) {
    const char *s = d->flavor == KR_DF_COUNTER ? "Counter()" : "OrderedDict()";
    kr_buf_discard(&b);
    return kr_str_new(s, (int64_t)strlen(s));
  } else if (d->flavor == KR_DF_COUNTER) {
    kr_buf_put(&b, "Counter(", 8);
    /* dict(self.most_common()) */
    KrObj *mc = kr_counter_most_common_all(o);
    KrObj *tmp = mc ? kr_dict_new(d->kkind, d->vkind) : NULL;
    if (tmp && kr_dict_update(tmp, mc) == 0)
      inner = kr_dict_repr_plain(tmp);
    kr_xdecref(tmp);
    kr_xdecref(mc);
  } else {
    kr_buf_put(&b, "OrderedDict(", 12);
    KrObj *items = kr_dict_items(o);
    KrObj *l = items ? kr_list_from_iter(items, KR_OBJ) : NULL;
    if (l)
      inner = kr_list_repr(l);
    kr_xdecref(l);
    kr_xdecref(items);
  }
  if (!inner) {
    kr_buf_discard(&b);
    return NULL;
  }
  kr_buf_puts(&b, inner);
  kr_decref(inner);
  kr_buf_putc(&b, ')');
  return kr_buf_finish(&b);
}

/* ---------------------------------------------------------------- deque */

static int64_t deque_phys(KrDeque *q, int64_t i) { return (q->head + i) % q->cap; }

static int deque_grow(KrDeque *q) {
  int64_t ncap = q->cap ? q->cap * 2 : 8;
  KrVal *n = kr_alloc((size_t)ncap * sizeof *n);
  if (!n)
    return -1;
  for (int64_t i = 0; i < q->len; i++)
    n[i] = q->items[deque_phys(q, i)];
  kr_free(q->items);
  q->items = n;
  q->cap = ncap;
  q->head = 0;
  return 0;
}

static void deque_dealloc(KrObj *o) {
  KrDeque *q = KR_DEQUE(o);
  for (int64_t i = 0; i < q->len; i++)
    kr_val_decref(q->items[deque_phys(q, i)], q->kind);
  kr_free(q->items);
  kr_free(o);
}

static int64_t deque_len(KrObj *o) { return KR_DEQUE(o)->len; }

static int deque_eq(KrObj *a, KrObj *b) {
  if (b->type != &kr_deque_type)
    return 0;
  KrDeque *x = KR_DEQUE(a), *y = KR_DEQUE(b);
  if (x->len != y->len)
    return 0;
  for (int64_t i = 0; i < x->len && i < y->len; i++) {
    int r = krc_eq(x->items[deque_phys(x, i)], x->kind, y->items[deque_phys(y, i)], y->kind);
    if (r <= 0)
      return r;
  }
  return 1;
}

const KrType kr_deque_type = {
    .name = "deque",
    .size = sizeof(KrDeque),
    .dealloc = deque_dealloc,
    .repr = kr_deque_repr,
    .eq = deque_eq,
    .len = deque_len,
};

static KrObj *deque_make(int64_t maxlen, ValKind kind) {
  KrDeque *q = (KrDeque *)kr_obj_new(&kr_deque_type, sizeof(KrDeque));
  if (!q)
    return NULL;
  q->kind = kind;
  q->maxlen = maxlen;
  return &q->h;
}

KrObj *kr_deque_new_max(int64_t maxlen, ValKind kind) {
  if (maxlen < 0)
    return kr_raise(&kr_ValueError_type, "maxlen must be non-negative");
  return deque_make(maxlen, kind);
}

KrObj *kr_deque_new0(ValKind kind) { return deque_make(-1, kind); }

int kr_deque_append(KrObj *o, KrVal v) {
  KrDeque *q = KR_DEQUE(o);
  if (q->maxlen == 0)
    return 0;
  if (q->len == q->cap && deque_grow(q) < 0)
    return -1;
  kr_val_incref(v, q->kind);
  q->items[deque_phys(q, q->len)] = v;
  q->len++;
  q->state++;
  if (q->maxlen >= 0 && q->len > q->maxlen) { /* drop from the left */
    KrVal old = q->items[q->head];
    q->head = (q->head + 1) % q->cap;
    q->len--;
    kr_val_decref(old, q->kind);
  }
  return 0;
}

int kr_deque_appendleft(KrObj *o, KrVal v) {
  KrDeque *q = KR_DEQUE(o);
  if (q->maxlen == 0)
    return 0;
  if (q->len == q->cap && deque_grow(q) < 0)
    return -1;
  kr_val_incref(v, q->kind);
  q->head = (q->head + q->cap - 1) % q->cap;
  q->items[q->head] = v;
  q->len++;
  q->state++;
  if (q->maxlen >= 0 && q->len > q->maxlen) { /* drop from the right */
    q->len--;
    kr_val_decref(q->items[deque_phys(q, q->len)], q->kind);
  }
  return 0;
}

KrVal kr_deque_pop(KrObj *o) {
  KrDeque *q = KR_DEQUE(o);
  if (q->len == 0) {
    kr_raise(&kr_IndexError_type, "pop from an empty deque");
    return (KrVal){0};
  }
  q->len--;
  q->state++;
  return q->items[deque_phys(q, q->len)];
}

KrVal kr_deque_popleft(KrObj *o) {
  KrDeque *q = KR_DEQUE(o);
  if (q->len == 0) {
    kr_raise(&kr_IndexError_type, "pop from an empty deque");
    return (KrVal){0};
  }
  KrVal v = q->items[q->head];
  q->head = (q->head + 1) % q->cap;
  q->len--;
  q->state++;
  return v;
}

/* extend / extendleft: the items of any iterable, converted to the deque's
 * kind; the iterable may be the deque itself (a list of its items first). */
static int deque_extend(KrObj *o, KrObj *iterable, bool left) {
  KrDeque *q = KR_DEQUE(o);
  KrObj *src = iterable;
  if (iterable == o) {
    src = kr_list_from_iter(iterable, q->kind);
    if (!src)
      return -1;
  }
  KrIter it;
  if (kr_iter_init(&it, src) < 0) {
    if (src != iterable)
      kr_decref(src);
    return -1;
  }
  KrVal v;
  int r;
  while ((r = it.next(&it, &v)) > 0) {
    KrVal c;
    int e = krc_convert(v, it.kind, q->kind, &c);
    kr_val_decref(v, it.kind);
    if (e == 0) {
      e = left ? kr_deque_appendleft(o, c) : kr_deque_append(o, c);
      kr_val_decref(c, q->kind);
    }
    if (e < 0) {
      r = -1;
      break;
    }
  }
  kr_iter_clear(&it);
  if (src != iterable)
    kr_decref(src);
  return r < 0 ? -1 : 0;
}

int kr_deque_extend(KrObj *o, KrObj *iterable) { return deque_extend(o, iterable, false); }
int kr_deque_extendleft(KrObj *o, KrObj *iterable) { return deque_extend(o, iterable, true); }

void kr_deque_rotate(KrObj *o, int64_t n) {
  KrDeque *q = KR_DEQUE(o);
  if (q->len <= 1)
    return;
  int64_t m = n % q->len;
  if (m < 0)
    m += q->len;
  if (!m)
    return;
  q->state++;
  if (q->len < q->cap) { /* make the ring full so rotating is moving the head */
    KrVal *n2 = kr_alloc((size_t)q->len * sizeof *n2);
    if (!n2)
      return;
    for (int64_t i = 0; i < q->len; i++)
      n2[i] = q->items[deque_phys(q, i)];
    kr_free(q->items);
    q->items = n2;
    q->cap = q->len;
    q->head = 0;
  }
  /* rotate right by m: the last m items come first */
  q->head = (q->head + q->len - m) % q->cap;
}

static int64_t deque_index(KrDeque *q, int64_t i) {
  if (i < 0)
    i += q->len;
  if (i < 0 || i >= q->len) {
    kr_raise(&kr_IndexError_type, "deque index out of range");
    return -1;
  }
  return deque_phys(q, i);
}

KrVal kr_deque_getitem(KrObj *o, int64_t i) {
  KrDeque *q = KR_DEQUE(o);
  int64_t p = deque_index(q, i);
  if (p < 0)
    return (KrVal){0};
  kr_val_incref(q->items[p], q->kind);
  return q->items[p];
}

int kr_deque_setitem(KrObj *o, int64_t i, KrVal v) {
  KrDeque *q = KR_DEQUE(o);
  int64_t p = deque_index(q, i);
  if (p < 0)
    return -1;
  kr_val_incref(v, q->kind);
  KrVal old = q->items[p];
  q->items[p] = v;
  kr_val_decref(old, q->kind);
  return 0;
}

void kr_deque_clear(KrObj *o) {
  KrDeque *q = KR_DEQUE(o);
  while (q->len) {
    KrVal v = kr_deque_pop(o);
    kr_val_decref(v, q->kind);
  }
}

int kr_deque_contains(KrObj *o, KrVal v, ValKind k) {
  KrDeque *q = KR_DEQUE(o);
  int64_t state = q->state;
  for (int64_t i = 0; i < q->len; i++) {
    KrVal x = q->items[deque_phys(q, i)];
    kr_val_incref(x, q->kind);
    int r = krc_eq(x, q->kind, v, k);
    kr_val_decref(x, q->kind);
    if (r != 0)
      return r;
    if (state != q->state) {
      kr_raise(&kr_RuntimeError_type, "deque mutated during iteration");
      return -1;
    }
  }
  return 0;
}

int64_t kr_deque_count(KrObj *o, KrVal v, ValKind k) {
  KrDeque *q = KR_DEQUE(o);
  int64_t state = q->state, n = 0;
  for (int64_t i = 0; i < q->len; i++) {
    KrVal x = q->items[deque_phys(q, i)];
    kr_val_incref(x, q->kind);
    int r = krc_eq(x, q->kind, v, k);
    kr_val_decref(x, q->kind);
    if (r < 0)
      return -1;
    n += r;
    if (state != q->state) {
      kr_raise(&kr_RuntimeError_type, "deque mutated during iteration");
      return -1;
    }
  }
  return n;
}

KrObj *kr_deque_repr(KrObj *o) {
  KrDeque *q = KR_DEQUE(o);
  KrcReprFrame f;
  if (krc_repr_enter(&f, o))
    return kr_str_new("[...]", 5);
  KrBuf b;
  kr_buf_init(&b, 8 + 4 * q->len);
  kr_buf_put(&b, "deque([", 7);
  int r = 0;
  for (int64_t i = 0; i < q->len && r == 0; i++) {
    if (i)
      kr_buf_put(&b, ", ", 2);
    KrVal x = q->items[deque_phys(q, i)];
    kr_val_incref(x, q->kind);
    r = krc_buf_put_repr(&b, x, q->kind);
    kr_val_decref(x, q->kind);
  }
  krc_repr_leave(&f);
  if (r < 0) {
    kr_buf_discard(&b);
    return NULL;
  }
  kr_buf_putc(&b, ']');
  if (q->maxlen >= 0) {
    char num[40];
    int n = snprintf(num, sizeof num, ", maxlen=%lld", (long long)q->maxlen);
    kr_buf_put(&b, num, n);
  }
  kr_buf_putc(&b, ')');
  return kr_buf_finish(&b);
}

static KrObj *deque_filled(KrObj *q, KrObj *iterable) {
  if (q && kr_deque_extend(q, iterable) < 0) {
    kr_decref(q);
    return NULL;
  }
  return q;
}

KrObj *kr_deque_from_max(KrObj *iterable, int64_t maxlen, ValKind kind) {
  return deque_filled(kr_deque_new_max(maxlen, kind), iterable);
}

KrObj *kr_deque_from(KrObj *iterable, ValKind kind) { return deque_filled(kr_deque_new0(kind), iterable); }

/* Iteration: it->a is the deque's state when the iterator was made. */
static int deque_iter_next(KrIter *it, KrVal *out) {
  if (!it->src)
    return 0;
  KrDeque *q = KR_DEQUE(it->src);
  if (q->state != it->a) {
    kr_decref(it->src);
    it->src = NULL;
    kr_raise(&kr_RuntimeError_type, "deque mutated during iteration");
    return -1;
  }
  if (it->pos >= q->len || it->pos < 0) {
    kr_decref(it->src);
    it->src = NULL;
    return 0;
  }
  *out = q->items[deque_phys(q, it->b ? q->len - 1 - it->pos : it->pos)];
  it->pos++;
  kr_val_incref(*out, q->kind);
  return 1;
}

int krc_deque_iter_init(KrIter *it, KrObj *o, bool reverse) {
  it->src = o;
  kr_incref(o);
  it->next = deque_iter_next;
  it->kind = KR_DEQUE(o)->kind;
  it->a = KR_DEQUE(o)->state;
  it->b = reverse;
  it->pos = 0;
  return 0;
}
