/* set.c — set and frozenset: CPython 3.11's setobject.c table.
 *
 * A set iterates in the order of its hash table, so printing {5, 3, 100, 8}
 * shows what CPython shows only if the table is CPython's in every detail:
 * open addressing that first scans LINEAR_PROBES (9) neighbouring slots and
 * then jumps (i = 5i + 1 + perturb), deleted slots kept as dummies and
 * reused by the last dummy seen on the probe path, a resize when fill*5 >=
 * mask*3 to the smallest power of two above used*4 (used*2 past 50000
 * items), at least 8 slots, rebuilding by walking the old table in order.
 * The operations keep CPython's algorithms too, since they decide the
 * result's table: a copy presizes (so it can differ from its original),
 * intersection walks the smaller set, symmetric difference starts from a
 * copy of the other operand, difference copies or rebuilds depending on
 * the sizes, pop() resumes from a finger.
 *
 * A slot's state replaces CPython's NULL/dummy key pointers, since keys may
 * be unboxed; a dummy slot has hash -1 as in CPython (no key hashes to -1).
 * Keys compare as PyObject_RichCompareBool: 1, 1.0 and True are one key. */
#include "containers_impl.h"

#define LINEAR_PROBES 9
#define PERTURB_SHIFT 5
#define SET_MINSIZE 8

enum { UNUSED, ACTIVE, DUMMY };

/* A key that is a set (unhashable) is looked up as a frozenset, as CPython
 * does for `{1} in set_of_frozensets`. */
static KrObj *frozen_key(KrVal *key, ValKind kk);

static KrSetEntry *new_slots(int64_t n) { return kr_alloc((size_t)n * sizeof(KrSetEntry)); }

KrObj *krc_set_make(const KrType *t, ValKind kind) {
  KrSet *so = (KrSet *)kr_obj_new(t, sizeof(KrSet));
  if (!so)
    return NULL;
  so->table = new_slots(SET_MINSIZE);
  if (!so->table) {
    kr_decref(&so->h);
    return NULL;
  }
  so->mask = SET_MINSIZE - 1;
  so->hash = -1;
  so->kind = kind;
  return &so->h;
}

/* The slot holding key, or the unused slot ending its probe sequence; NULL
 * on error. */
static KrSetEntry *set_lookkey(KrSet *so, KrVal key, ValKind kk, int64_t hash) {
restart:;
  uint64_t mask = (uint64_t)so->mask, perturb = (uint64_t)hash;
  uint64_t i = (uint64_t)hash & mask;
  for (;;) {
    KrSetEntry *entry = &so->table[i];
    int probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
    do {
      if (entry->state == UNUSED)
        return entry;
      if (entry->hash == hash) {
        if (so->kind != KR_OBJ || kk != KR_OBJ) {
          int cmp = krc_eq(entry->key, so->kind, key, kk);
          if (cmp < 0)
            return NULL;
          if (cmp > 0)
            return entry;
        } else {
          KrSetEntry *table = so->table;
          KrObj *startkey = entry->key.o;
          if (startkey == key.o)
            return entry;
          kr_incref(startkey);
          int cmp = krc_eq(entry->key, KR_OBJ, key, kk);
          bool changed = table != so->table || entry->key.o != startkey;
          kr_decref(startkey);
          if (cmp < 0)
            return NULL;
          if (changed)
            goto restart;
          if (cmp > 0)
            return entry;
          mask = (uint64_t)so->mask;
        }
      }
      entry++;
    } while (probes--);
    perturb >>= PERTURB_SHIFT;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

/* Insert a key known to be absent into a table without dummies (no
 * comparisons). key is owned. */
static void set_insert_clean(KrSetEntry *table, uint64_t mask, KrVal key, int64_t hash) {
  uint64_t perturb = (uint64_t)hash, i = (uint64_t)hash & mask;
  for (;;) {
    KrSetEntry *entry = &table[i];
    if (entry->state == UNUSED)
      goto found;
    if (i + LINEAR_PROBES <= mask) {
      for (int j = 0; j < LINEAR_PROBES; j++) {
        entry++;
        if (entry->state == UNUSED)
          goto found;
      }
    }
    perturb >>= PERTURB_SHIFT;
    i = (i * 5 + 1 + perturb) & mask;
    continue;
  found:
    entry->key = key;
    entry->hash = hash;
    entry->state = ACTIVE;
    return;
  }
}

/* Rebuild the table with the smallest power of 2 above minused slots. */
static int set_table_resize(KrSet *so, int64_t minused) {
  int64_t newsize = SET_MINSIZE;
  while (newsize <= minused)
    newsize <<= 1;
  if (newsize == SET_MINSIZE && so->mask == SET_MINSIZE - 1 && so->fill == so->used)
    return 0; /* CPython's small table without dummies: nothing to do */
  KrSetEntry *newtable = new_slots(newsize);
  if (!newtable)
    return -1;
  KrSetEntry *oldtable = so->table;
  int64_t oldmask = so->mask;
  so->table = newtable;
  so->mask = newsize - 1;
  if (so->fill != so->used)
    so->fill = so->used;
  for (int64_t i = 0; i <= oldmask; i++)
    if (oldtable[i].state == ACTIVE)
      set_insert_clean(newtable, (uint64_t)so->mask, oldtable[i].key, oldtable[i].hash);
  kr_free(oldtable);
  return 0;
}

/* Add key (borrowed, of kind kk; converted to the set's kind when stored):
 * CPython's set_add_entry. */
static int set_add_entry(KrSet *so, KrVal key, ValKind kk, int64_t hash) {
  KrSetEntry *freeslot, *entry;
  uint64_t mask, perturb, i;
restart:
  mask = (uint64_t)so->mask;
  i = (uint64_t)hash & mask;
  freeslot = NULL;
  perturb = (uint64_t)hash;
  for (;;) {
    entry = &so->table[i];
    int probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
    do {
      if (entry->state == UNUSED)
        goto found_unused_or_dummy;
      if (entry->hash == hash) {
        if (so->kind != KR_OBJ || kk != KR_OBJ) {
          int cmp = krc_eq(entry->key, so->kind, key, kk);
          if (cmp > 0)
            return 0;
          if (cmp < 0)
            return -1;
        } else {
          KrObj *startkey = entry->key.o;
          if (startkey == key.o)
            return 0;
          KrSetEntry *table = so->table;
          kr_incref(startkey);
          int cmp = krc_eq(entry->key, KR_OBJ, key, kk);
          bool changed = table != so->table || entry->key.o != startkey;
          kr_decref(startkey);
          if (cmp > 0)
            return 0;
          if (cmp < 0)
            return -1;
          if (changed)
            goto restart;
          mask = (uint64_t)so->mask;
        }
      } else if (entry->state == DUMMY) {
        freeslot = entry;
      }
      entry++;
    } while (probes--);
    perturb >>= PERTURB_SHIFT;
    i = (i * 5 + 1 + perturb) & mask;
  }

found_unused_or_dummy:;
  KrVal stored;
  if (krc_convert(key, kk, so->kind, &stored) < 0)
    return -1;
  if (freeslot) {
    so->used++;
    *freeslot = (KrSetEntry){stored, hash, ACTIVE};
    return 0;
  }
  so->fill++;
  so->used++;
  *entry = (KrSetEntry){stored, hash, ACTIVE};
  if ((uint64_t)so->fill * 5 < mask * 3)
    return 0;
  return set_table_resize(so, so->used > 50000 ? so->used * 2 : so->used * 4);
}

/* Hash a key; a set key is replaced by a frozenset (*tmp, to release). */
static int64_t key_hash(KrVal *key, ValKind *kk, KrObj **tmp) {
  *tmp = NULL;
  int64_t h = krc_hash(*key, *kk);
  if (h != -1 || !kr_failed())
    return h;
  if (*kk != KR_OBJ || key->o->type != &kr_set_type || !kr_exc_matches(&kr_TypeError_type))
    return -1;
  kr_exc_clear();
  *tmp = frozen_key(key, *kk);
  if (!*tmp)
    return -1;
  key->o = *tmp;
  return kr_frozenset_hash(*tmp);
}

static int set_contains_entry(KrSet *so, KrVal key, ValKind kk, int64_t hash) {
  KrSetEntry *e = set_lookkey(so, key, kk, hash);
  return e ? e->state == ACTIVE : -1;
}

/* 1 found and removed, 0 absent, -1 error. */
static int set_discard_entry(KrSet *so, KrVal key, ValKind kk, int64_t hash) {
  KrSetEntry *e = set_lookkey(so, key, kk, hash);
  if (!e)
    return -1;
  if (e->state != ACTIVE)
    return 0;
  KrVal old = e->key;
  e->key = (KrVal){0};
  e->hash = -1;
  e->state = DUMMY;
  so->used--;
  kr_val_decref(old, so->kind);
  return 1;
}

static int set_add_key(KrSet *so, KrVal key, ValKind kk) {
  int64_t hash = krc_hash(key, kk);
  if (hash == -1 && kr_failed())
    return -1;
  return set_add_entry(so, key, kk, hash);
}

/* Release the active keys of table[0..mask]. */
static void release_table(KrSetEntry *table, int64_t mask, ValKind kind) {
  if (kind == KR_OBJ)
    for (int64_t i = 0; i <= mask; i++)
      if (table[i].state == ACTIVE)
        kr_decref(table[i].key.o);
}

/* set_clear_internal: back to an empty table of 8 (the finger stays). */
static int set_clear_internal(KrSet *so) {
  KrSetEntry *fresh = new_slots(SET_MINSIZE);
  if (!fresh)
    return -1;
  KrSetEntry *old = so->table;
  int64_t oldmask = so->mask;
  so->table = fresh;
  so->mask = SET_MINSIZE - 1;
  so->fill = so->used = 0;
  so->hash = -1;
  release_table(old, oldmask, so->kind);
  kr_free(old);
  return 0;
}

/* set_merge: add every key of another set. */
static int set_merge(KrSet *so, KrSet *other) {
  if (other == so || other->used == 0)
    return 0;
  /* One big resize at the start, expecting few overlapping keys. */
  if ((so->fill + other->used) * 5 >= so->mask * 3 && set_table_resize(so, (so->used + other->used) * 2) < 0)
    return -1;
  if (so->fill == 0 && so->mask == other->mask && other->fill == other->used) {
    /* Same size, no dummies: copy slot for slot. */
    for (int64_t i = 0; i <= other->mask; i++) {
      KrSetEntry *e = &other->table[i];
      if (e->state != ACTIVE)
        continue;
      KrVal k;
      if (krc_convert(e->key, other->kind, so->kind, &k) < 0)
        return -1;
      so->table[i] = (KrSetEntry){k, e->hash, ACTIVE};
      so->fill++;
      so->used++;
    }
    return 0;
  }
  if (so->fill == 0) {
    /* Our table is empty: insert without comparisons. */
    for (int64_t i = 0; i <= other->mask; i++) {
      KrSetEntry *e = &other->table[i];
      if (e->state != ACTIVE)
        continue;
      KrVal k;
      if (krc_convert(e->key, other->kind, so->kind, &k) < 0)
        return -1;
      set_insert_clean(so->table, (uint64_t)so->mask, k, e->hash);
      so->fill++;
      so->used++;
    }
    return 0;
  }
  for (int64_t i = 0; i <= other->mask; i++) {
    KrSetEntry *e = &other->table[i];
    if (e->state == ACTIVE && set_add_entry(so, e->key, other->kind, e->hash) < 0)
      return -1;
  }
  return 0;
}

/* set_update_internal: add the items of any iterable. */
static int set_update_internal(KrSet *so, KrObj *other) {
  if (kr_is_anyset(other))
    return set_merge(so, KR_SET(other));
  if (other->type == &kr_dict_type) {
    KrDict *d = KR_DICT(other);
    if ((so->fill + d->used) * 5 >= so->mask * 3 && set_table_resize(so, (so->used + d->used) * 2) < 0)
      return -1;
    for (int64_t i = 0; i < d->nentries; i++) {
      KrDictEntry *e = &d->entries[i];
      if (e->hash != -1 && set_add_entry(so, e->key, d->kkind, e->hash) < 0)
        return -1;
    }
    return 0;
  }
  KrcWalk w;
  if (krc_walk_init(&w, other) < 0)
    return -1;
  KrVal key;
  ValKind kk;
  int r;
  while ((r = krc_walk_next(&w, &key, &kk)) > 0) {
    r = set_add_key(so, key, kk);
    kr_val_decref(key, kk);
    if (r < 0)
      break;
  }
  krc_walk_clear(&w);
  return r < 0 ? -1 : 0;
}

/* make_new_set: a set or frozenset of `kind` holding other's items. */
static KrObj *make_new_set(const KrType *t, ValKind kind, KrObj *iterable) {
  KrObj *s = krc_set_make(t, kind);
  if (s && iterable && set_update_internal(KR_SET(s), iterable) < 0) {
    kr_decref(s);
    return NULL;
  }
  return s;
}

/* set_copy: always a new object, of so's type. */
static KrObj *set_copy(KrSet *so, ValKind kind) { return make_new_set(so->h.type, kind, &so->h); }

static KrObj *frozen_key(KrVal *key, ValKind kk) {
  return make_new_set(&kr_frozenset_type, KR_SET(key->o)->kind, key->o);
}

/* The kind of a result holding items of s and of other. */
static ValKind join_kind(KrSet *so, KrObj *other) {
  ValKind ok = kr_is_anyset(other) ? KR_SET(other)->kind : kr_iterable_kind(other);
  return ok == so->kind ? so->kind : KR_OBJ;
}

/* ------------------------------------------------------------------- public */

static void set_dealloc(KrObj *self) {
  KrSet *so = KR_SET(self);
  if (so->table)
    release_table(so->table, so->mask, so->kind);
  kr_free(so->table);
  kr_free(so);
}

static int64_t set_len_slot(KrObj *self) { return KR_SET(self)->used; }

static int set_eq_slot(KrObj *self, KrObj *other) {
  if (!kr_is_anyset(other))
    return 0;
  return kr_set_eq(self, other);
}

static int set_cmp_slot(KrObj *self, KrObj *other, int op) {
  if (!kr_is_anyset(other))
    return -2;
  return kr_set_cmp(self, other, op);
}

const KrType kr_set_type = {
    .name = "set",
    .size = sizeof(KrSet),
    .dealloc = set_dealloc,
    .repr = kr_set_repr,
    .eq = set_eq_slot,
    .cmp = set_cmp_slot,
    .len = set_len_slot,
};

const KrType kr_frozenset_type = {
    .name = "frozenset",
    .size = sizeof(KrSet),
    .dealloc = set_dealloc,
    .repr = kr_set_repr,
    .hash = kr_frozenset_hash,
    .eq = set_eq_slot,
    .cmp = set_cmp_slot,
    .len = set_len_slot,
};

KrObj *kr_set_new(ValKind kind) { return krc_set_make(&kr_set_type, kind); }

KrObj *kr_frozenset_new(ValKind kind) { return krc_set_make(&kr_frozenset_type, kind); }

KrObj *kr_set_from(ValKind kind, const KrVal *items, int64_t n) {
  KrObj *s = krc_set_make(&kr_set_type, kind);
  if (!s)
    return NULL;
  for (int64_t i = 0; i < n; i++)
    if (set_add_key(KR_SET(s), items[i], kind) < 0) {
      kr_decref(s);
      return NULL;
    }
  return s;
}

KrObj *kr_set_from_iter(KrObj *iterable, ValKind kind, bool frozen) {
  if (frozen && iterable->type == &kr_frozenset_type && KR_SET(iterable)->kind == kind) {
    kr_incref(iterable); /* frozenset(f) is f */
    return iterable;
  }
  return make_new_set(frozen ? &kr_frozenset_type : &kr_set_type, kind, iterable);
}

int kr_set_add(KrObj *s, KrVal v, ValKind k) { return set_add_key(KR_SET(s), v, k); }

int kr_set_contains(KrObj *s, KrVal v, ValKind k) {
  KrObj *tmp;
  int64_t hash = key_hash(&v, &k, &tmp);
  if (hash == -1 && kr_failed())
    return -1;
  int r = set_contains_entry(KR_SET(s), v, k, hash);
  kr_xdecref(tmp);
  return r;
}

int kr_set_discard(KrObj *s, KrVal v, ValKind k) {
  KrObj *tmp;
  int64_t hash = key_hash(&v, &k, &tmp);
  if (hash == -1 && kr_failed())
    return -1;
  int r = set_discard_entry(KR_SET(s), v, k, hash);
  kr_xdecref(tmp);
  return r;
}

int kr_set_remove(KrObj *s, KrVal v, ValKind k) {
  KrVal orig = v;
  ValKind ok = k;
  int r = kr_set_discard(s, v, k);
  if (r == 0) {
    krc_key_error(orig, ok);
    return -1;
  }
  return r < 0 ? -1 : 0;
}

KrVal kr_set_pop(KrObj *s) {
  KrSet *so = KR_SET(s);
  if (so->used == 0) {
    kr_raise(&kr_KeyError_type, "pop from an empty set");
    return (KrVal){0};
  }
  KrSetEntry *entry = so->table + (so->finger & so->mask), *limit = so->table + so->mask;
  while (entry->state != ACTIVE) {
    entry++;
    if (entry > limit)
      entry = so->table;
  }
  KrVal key = entry->key;
  entry->key = (KrVal){0};
  entry->hash = -1;
  entry->state = DUMMY;
  so->used--;
  so->finger = entry - so->table + 1;
  return key;
}

void kr_set_clear(KrObj *s) {
  if (set_clear_internal(KR_SET(s)) < 0)
    kr_exc_clear(); /* keeping the old table is not possible: leave it as it was */
}

KrObj *kr_set_copy(KrObj *s) {
  if (s->type == &kr_frozenset_type) {
    kr_incref(s);
    return s;
  }
  return set_copy(KR_SET(s), KR_SET(s)->kind);
}

int kr_set_update(KrObj *s, KrObj *other) { return set_update_internal(KR_SET(s), other); }

KrObj *kr_set_union(KrObj *s, KrObj *other) {
  KrSet *so = KR_SET(s);
  KrObj *result = set_copy(so, join_kind(so, other));
  if (!result || other == s)
    return result;
  if (set_update_internal(KR_SET(result), other) < 0) {
    kr_decref(result);
    return NULL;
  }
  return result;
}

/* set_intersection, the result of type(s) and the given kind. */
static KrObj *set_intersection(KrSet *so, KrObj *other, ValKind kind) {
  if (&so->h == other)
    return set_copy(so, kind);
  KrObj *result = krc_set_make(so->h.type, kind);
  if (!result)
    return NULL;
  KrSet *rs = KR_SET(result);
  if (kr_is_anyset(other)) {
    KrSet *os = KR_SET(other);
    if (os->used > so->used) { /* walk the smaller set */
      KrSet *t = so;
      so = os;
      os = t;
    }
    for (int64_t i = 0; i <= os->mask; i++) {
      KrSetEntry *e = &os->table[i];
      if (e->state != ACTIVE)
        continue;
      KrVal key = e->key;
      kr_val_incref(key, os->kind);
      int rv = set_contains_entry(so, key, os->kind, e->hash);
      if (rv > 0)
        rv = set_add_entry(rs, key, os->kind, e->hash);
      kr_val_decref(key, os->kind);
      if (rv < 0) {
        kr_decref(result);
        return NULL;
      }
    }
    return result;
  }
  KrcWalk w;
  if (krc_walk_init(&w, other) < 0) {
    kr_decref(result);
    return NULL;
  }
  KrVal key;
  ValKind kk;
  int r;
  while ((r = krc_walk_next(&w, &key, &kk)) > 0) {
    int64_t hash = krc_hash(key, kk);
    int rv = hash == -1 && kr_failed() ? -1 : set_contains_entry(so, key, kk, hash);
    if (rv > 0)
      rv = set_add_entry(rs, key, kk, hash);
    kr_val_decref(key, kk);
    if (rv < 0) {
      r = -1;
      break;
    }
    if (rs->used >= so->used)
      break;
  }
  krc_walk_clear(&w);
  if (r < 0) {
    kr_decref(result);
    return NULL;
  }
  return result;
}

KrObj *kr_set_intersection(KrObj *s, KrObj *other) {
  return set_intersection(KR_SET(s), other, join_kind(KR_SET(s), other));
}

/* set_swap_bodies: a takes b's table (the finger stays with each set). */
static void set_swap_bodies(KrSet *a, KrSet *b) {
  int64_t t;
  t = a->fill, a->fill = b->fill, b->fill = t;
  t = a->used, a->used = b->used, b->used = t;
  t = a->mask, a->mask = b->mask, b->mask = t;
  KrSetEntry *u = a->table;
  a->table = b->table;
  b->table = u;
  if (a->h.type == &kr_frozenset_type && b->h.type == &kr_frozenset_type) {
    t = a->hash, a->hash = b->hash, b->hash = t;
  } else {
    a->hash = b->hash = -1;
  }
}

int kr_set_intersection_update(KrObj *s, KrObj *other) {
  KrObj *tmp = set_intersection(KR_SET(s), other, KR_SET(s)->kind);
  if (!tmp)
    return -1;
  set_swap_bodies(KR_SET(s), KR_SET(tmp));
  kr_decref(tmp);
  return 0;
}

/* set_difference_update_internal */
static int set_difference_update_internal(KrSet *so, KrObj *other) {
  if (&so->h == other)
    return set_clear_internal(so);
  if (kr_is_anyset(other)) {
    /* When the other set is more than 8 times larger, walk the
     * intersection instead. */
    KrObj *o;
    if ((KR_SET(other)->used >> 3) > so->used) {
      o = set_intersection(so, other, so->kind);
      if (!o)
        return -1;
    } else {
      o = other;
      kr_incref(o);
    }
    KrSet *os = KR_SET(o);
    for (int64_t i = 0; i <= os->mask; i++) {
      KrSetEntry *e = &os->table[i];
      if (e->state != ACTIVE)
        continue;
      KrVal key = e->key;
      kr_val_incref(key, os->kind);
      int rv = set_discard_entry(so, key, os->kind, e->hash);
      kr_val_decref(key, os->kind);
      if (rv < 0) {
        kr_decref(o);
        return -1;
      }
    }
    kr_decref(o);
  } else {
    KrcWalk w;
    if (krc_walk_init(&w, other) < 0)
      return -1;
    KrVal key;
    ValKind kk;
    int r;
    while ((r = krc_walk_next(&w, &key, &kk)) > 0) {
      KrObj *tmp;
      KrVal k2 = key;
      ValKind kk2 = kk;
      int64_t hash = key_hash(&k2, &kk2, &tmp);
      r = hash == -1 && kr_failed() ? -1 : set_discard_entry(so, k2, kk2, hash);
      kr_xdecref(tmp);
      kr_val_decref(key, kk);
      if (r < 0)
        break;
    }
    krc_walk_clear(&w);
    if (r < 0)
      return -1;
  }
  /* More than a quarter dummies: resize them away. */
  if (so->fill - so->used <= so->mask / 4)
    return 0;
  return set_table_resize(so, so->used > 50000 ? so->used * 2 : so->used * 4);
}

int kr_set_difference_update(KrObj *s, KrObj *other) { return set_difference_update_internal(KR_SET(s), other); }

static KrObj *set_copy_and_difference(KrSet *so, KrObj *other) {
  KrObj *result = set_copy(so, so->kind);
  if (result && set_difference_update_internal(KR_SET(result), other) < 0) {
    kr_decref(result);
    return NULL;
  }
  return result;
}

KrObj *kr_set_difference(KrObj *s, KrObj *other) {
  KrSet *so = KR_SET(s);
  int64_t other_size;
  if (kr_is_anyset(other))
    other_size = KR_SET(other)->used;
  else if (other->type == &kr_dict_type)
    other_size = KR_DICT(other)->used;
  else
    return set_copy_and_difference(so, other);
  /* When s is much larger than other, copy s and remove other's items. */
  if ((so->used >> 2) > other_size)
    return set_copy_and_difference(so, other);
  KrObj *result = krc_set_make(s->type, so->kind);
  if (!result)
    return NULL;
  for (int64_t i = 0; i <= so->mask; i++) {
    KrSetEntry *e = &so->table[i];
    if (e->state != ACTIVE)
      continue;
    KrVal key = e->key;
    kr_val_incref(key, so->kind);
    int rv;
    if (other->type == &kr_dict_type) {
      KrVal dummy;
      rv = kr_dict_lookup(other, key, so->kind, &dummy);
    } else {
      rv = set_contains_entry(KR_SET(other), key, so->kind, e->hash);
    }
    if (rv == 0)
      rv = set_add_entry(KR_SET(result), key, so->kind, e->hash);
    kr_val_decref(key, so->kind);
    if (rv < 0) {
      kr_decref(result);
      return NULL;
    }
  }
  return result;
}

int kr_set_symmetric_difference_update(KrObj *s, KrObj *other) {
  KrSet *so = KR_SET(s);
  if (s == other)
    return set_clear_internal(so);
  if (other->type == &kr_dict_type) {
    KrDict *d = KR_DICT(other);
    for (int64_t i = 0; i < d->nentries; i++) {
      KrDictEntry *e = &d->entries[i];
      if (e->hash == -1)
        continue;
      KrVal key = e->key;
      kr_val_incref(key, d->kkind);
      int rv = set_discard_entry(so, key, d->kkind, e->hash);
      if (rv == 0)
        rv = set_add_entry(so, key, d->kkind, e->hash);
      kr_val_decref(key, d->kkind);
      if (rv < 0)
        return -1;
    }
    return 0;
  }
  KrObj *o;
  if (kr_is_anyset(other)) {
    o = other;
    kr_incref(o);
  } else {
    o = make_new_set(s->type, kr_iterable_kind(other), other);
    if (!o)
      return -1;
  }
  KrSet *os = KR_SET(o);
  for (int64_t i = 0; i <= os->mask; i++) {
    KrSetEntry *e = &os->table[i];
    if (e->state != ACTIVE)
      continue;
    KrVal key = e->key;
    kr_val_incref(key, os->kind);
    int rv = set_discard_entry(so, key, os->kind, e->hash);
    if (rv == 0)
      rv = set_add_entry(so, key, os->kind, e->hash);
    kr_val_decref(key, os->kind);
    if (rv < 0) {
      kr_decref(o);
      return -1;
    }
  }
  kr_decref(o);
  return 0;
}

KrObj *kr_set_symmetric_difference(KrObj *s, KrObj *other) {
  KrSet *so = KR_SET(s);
  /* A new set of s's type holding other's items, updated with s. */
  KrObj *result = make_new_set(s->type, join_kind(so, other), other);
  if (!result)
    return NULL;
  if (kr_set_symmetric_difference_update(result, s) < 0) {
    kr_decref(result);
    return NULL;
  }
  return result;
}

int kr_set_issubset(KrObj *s, KrObj *other) {
  KrSet *so = KR_SET(s);
  if (!kr_is_anyset(other)) {
    KrObj *tmp = set_intersection(so, other, so->kind);
    if (!tmp)
      return -1;
    int r = KR_SET(tmp)->used == so->used;
    kr_decref(tmp);
    return r;
  }
  KrSet *os = KR_SET(other);
  if (so->used > os->used)
    return 0;
  for (int64_t i = 0; i <= so->mask; i++) {
    KrSetEntry *e = &so->table[i];
    if (e->state != ACTIVE)
      continue;
    KrVal key = e->key;
    kr_val_incref(key, so->kind);
    int rv = set_contains_entry(os, key, so->kind, e->hash);
    kr_val_decref(key, so->kind);
    if (rv <= 0)
      return rv;
  }
  return 1;
}

int kr_set_issuperset(KrObj *s, KrObj *other) {
  if (kr_is_anyset(other))
    return kr_set_issubset(other, s);
  KrcWalk w;
  if (krc_walk_init(&w, other) < 0)
    return -1;
  KrVal key;
  ValKind kk;
  int r, result = 1;
  while ((r = krc_walk_next(&w, &key, &kk)) > 0) {
    int rv = kr_set_contains(s, key, kk);
    kr_val_decref(key, kk);
    if (rv <= 0) {
      result = rv;
      break;
    }
  }
  krc_walk_clear(&w);
  return r < 0 ? -1 : result;
}

int kr_set_isdisjoint(KrObj *s, KrObj *other) {
  KrSet *so = KR_SET(s);
  if (s == other)
    return so->used == 0;
  if (kr_is_anyset(other)) {
    KrSet *os = KR_SET(other);
    if (os->used > so->used) {
      KrSet *t = so;
      so = os;
      os = t;
    }
    for (int64_t i = 0; i <= os->mask; i++) {
      KrSetEntry *e = &os->table[i];
      if (e->state != ACTIVE)
        continue;
      KrVal key = e->key;
      kr_val_incref(key, os->kind);
      int rv = set_contains_entry(so, key, os->kind, e->hash);
      kr_val_decref(key, os->kind);
      if (rv != 0)
        return rv < 0 ? -1 : 0;
    }
    return 1;
  }
  KrcWalk w;
  if (krc_walk_init(&w, other) < 0)
    return -1;
  KrVal key;
  ValKind kk;
  int r, result = 1;
  while ((r = krc_walk_next(&w, &key, &kk)) > 0) {
    int rv = kr_set_contains(s, key, kk);
    kr_val_decref(key, kk);
    if (rv != 0) {
      result = rv < 0 ? -1 : 0;
      break;
    }
  }
  krc_walk_clear(&w);
  return r < 0 ? -1 : result;
}

int kr_set_eq(KrObj *a, KrObj *b) {
  KrSet *v = KR_SET(a), *w = KR_SET(b);
  if (v->used != w->used)
    return 0;
  if (v->hash != -1 && w->hash != -1 && v->hash != w->hash)
    return 0;
  return kr_set_issubset(a, b);
}

int kr_set_cmp(KrObj *a, KrObj *b, int op) {
  KrSet *v = KR_SET(a), *w = KR_SET(b);
  switch (op) {
  case KR_EQ: return kr_set_eq(a, b);
  case KR_NE: {
    int r = kr_set_eq(a, b);
    return r < 0 ? -1 : !r;
  }
  case KR_LE: return kr_set_issubset(a, b);
  case KR_GE: return kr_set_issuperset(a, b);
  case KR_LT: return v->used >= w->used ? 0 : kr_set_issubset(a, b);
  default: return v->used <= w->used ? 0 : kr_set_issuperset(a, b);
  }
}

static uint64_t shuffle_bits(uint64_t h) { return ((h ^ 89869747UL) ^ (h << 16)) * 3644798167UL; }

int64_t kr_frozenset_hash(KrObj *s) {
  KrSet *so = KR_SET(s);
  if (so->hash != -1)
    return so->hash;
  /* xor of the shuffled hashes of the active slots (CPython xors every slot
   * and cancels the unused and dummy ones; the result is the same) */
  uint64_t hash = 0;
  for (int64_t i = 0; i <= so->mask; i++)
    if (so->table[i].state == ACTIVE)
      hash ^= shuffle_bits((uint64_t)so->table[i].hash);
  hash ^= ((uint64_t)so->used + 1) * 1927868237UL;
  hash ^= (hash >> 11) ^ (hash >> 25);
  hash = hash * 69069U + 907133923UL;
  if (hash == (uint64_t)-1)
    hash = 590923713UL;
  so->hash = (int64_t)hash;
  return so->hash;
}

KrObj *kr_set_repr(KrObj *s) {
  KrSet *so = KR_SET(s);
  const char *name = s->type->name;
  KrcReprFrame f;
  if (krc_repr_enter(&f, s)) {
    KrBuf b;
    kr_buf_init(&b, 16);
    kr_buf_printf(&b, "%s(...)", name);
    return kr_buf_finish(&b);
  }
  KrBuf b;
  kr_buf_init(&b, 16 + 3 * so->used);
  bool frozen = s->type == &kr_frozenset_type;
  if (so->used == 0) {
    kr_buf_printf(&b, "%s()", name);
  } else {
    if (frozen)
      kr_buf_printf(&b, "%s(", name);
    kr_buf_putc(&b, '{');
    /* CPython reprs list(s): take the keys first, then repr them. */
    KrObj *keys = krc_to_list(s, so->kind);
    if (!keys) {
      kr_buf_discard(&b);
    } else {
      KrList *kl = KR_LIST(keys);
      for (int64_t i = 0; i < kl->len; i++) {
        if (i > 0)
          kr_buf_put(&b, ", ", 2);
        if (krc_buf_put_repr(&b, kl->items[i], kl->kind) < 0)
          break;
      }
      kr_decref(keys);
    }
    kr_buf_putc(&b, '}');
    if (frozen)
      kr_buf_putc(&b, ')');
  }
  krc_repr_leave(&f);
  return kr_buf_finish(&b);
}

/* ----------------------------------------------------------------- iterator */

static int set_iter_next(KrIter *it, KrVal *out) {
  if (!it->src)
    return 0;
  KrSet *so = KR_SET(it->src);
  if (it->a != so->used) {
    kr_raise(&kr_RuntimeError_type, "Set changed size during iteration");
    it->a = -1;
    return -1;
  }
  int64_t i = it->pos;
  while (i <= so->mask && so->table[i].state != ACTIVE)
    i++;
  it->pos = i + 1;
  if (i > so->mask) {
    kr_decref(it->src);
    it->src = NULL;
    return 0;
  }
  it->b--;
  *out = so->table[i].key;
  kr_val_incref(*out, so->kind);
  return 1;
}

int krc_set_iter_init(KrIter *it, KrObj *set) {
  it->next = set_iter_next;
  it->src = set;
  kr_incref(set);
  it->pos = 0;
  it->a = KR_SET(set)->used;
  it->b = KR_SET(set)->used;
  it->kind = KR_SET(set)->kind;
  return 0;
}
