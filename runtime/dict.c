/* dict.c — dict: CPython 3.11's compact, insertion-ordered hash table.
 *
 * Entries (key, value, hash) are appended to an array in insertion order;
 * a separate index table of 2^k int32 slots maps hash positions to entry
 * numbers (-1 empty, -2 deleted) and is probed like CPython's (i = 5i + 1 +
 * perturb). Deleting leaves a hole in the entries (hash -1) that iteration
 * skips; the holes go away when the table is rebuilt.
 *
 * The sizes follow dictobject.c exactly, not just the order: a new dict
 * has no table; the first key makes one of 8 slots (5 usable entries);
 * when the usable entries run out the table is rebuilt for used*3; a
 * literal is presized; update/copy/fromkeys presize, clone or compact as
 * CPython does; and a table whose keys are all str ("unicode") is rebuilt
 * the first time a non-str key is stored. None of that changes iteration
 * order, but it decides which mutation during a loop CPython reports as
 * "dictionary changed size during iteration" and which as "dictionary keys
 * changed during iteration" (the iterator counts entries, not keys), and
 * kiln reports the same.
 *
 * Keys compare as CPython's PyObject_RichCompareBool (identity, then ==):
 * 1, 1.0 and True are one key, and the first one stored stays the key. A
 * str looked up in a "unicode" table takes lookup_str, which compares in
 * place (no == can run code there), with the str's cached hash; a tuple
 * of plain items (numbers, str, None: krc_tuple_plain) is compared item by
 * item in place, with no guard against the dict changing under ==. */
#include "containers_impl.h"
#include "core_impl.h"

#define DKIX_EMPTY (-1)
#define DKIX_DUMMY (-2)
#define DKIX_ERROR (-3)
#define PERTURB_SHIFT 5
#define USABLE_FRACTION(n) (((n) << 1) / 3)
#define LOG2_MINSIZE 3
#define LOG2_MAXSIZE 30

static inline bool is_str_key(KrVal k, ValKind kk) { return kk == KR_OBJ && k.o->type == &kr_str_type; }

static inline int64_t dict_size(const KrDict *d) { return (int64_t)1 << d->log2size; }

/* The smallest 2^k >= minsize (k >= 3). */
static uint8_t calculate_log2_keysize(int64_t minsize) {
  uint64_t m = (uint64_t)((minsize | 8) - 1) | 7;
  return (uint8_t)(64 - __builtin_clzll(m));
}

/* The size that holds n entries without a resize. */
static uint8_t estimate_log2_keysize(int64_t n) { return calculate_log2_keysize((n * 3 + 1) / 2); }

/* A table of 2^log2 slots (indices and entries in one block), empty. */
static int new_table(KrDict *d, uint8_t log2, bool unicode) {
  if (log2 > LOG2_MAXSIZE) {
    kr_raise(&kr_MemoryError_type, "");
    return -1;
  }
  int64_t size = (int64_t)1 << log2, usable = USABLE_FRACTION(size);
  size_t isize = (size_t)size * sizeof(int32_t);
  /* not zeroed: an entry is read only when its hash is not -1 (past
   * nentries, or deleted), and its key and value are written with it */
  char *block = kr_alloc_uninit(isize + (size_t)usable * sizeof(KrDictEntry));
  if (!block)
    return -1;
  d->indices = (int32_t *)block;
  memset(d->indices, 0xff, isize);
  d->entries = (KrDictEntry *)(block + isize);
  for (int64_t i = 0; i < usable; i++)
    d->entries[i].hash = -1;
  d->log2size = log2;
  d->unicode = unicode;
  d->usable = usable;
  d->nentries = 0;
  return 0;
}

static void free_table(KrDict *d) {
  kr_free(d->indices);
  d->indices = NULL;
  d->entries = NULL;
  d->log2size = 0;
  d->unicode = true; /* CPython's shared empty keys count as "unicode" */
  d->usable = 0;
  d->nentries = 0;
}

/* Release the live keys and values of entries[0:n]. */
static void release_entries(KrDictEntry *e, int64_t n, ValKind kk, ValKind vk) {
  if (kk != KR_OBJ && vk != KR_OBJ)
    return;
  for (int64_t i = 0; i < n; i++)
    if (e[i].hash != -1) {
      kr_val_decref(e[i].key, kk);
      kr_val_decref(e[i].value, vk);
    }
}

/* Rebuild the table with 2^log2 slots, the entries compacted in order. */
static int dictresize(KrDict *d, uint8_t log2, bool unicode) {
  int32_t *oldblock = d->indices;
  KrDictEntry *old = d->entries;
  int64_t oldn = d->nentries;
  if (!d->unicode)
    unicode = false;
  if (new_table(d, log2, unicode) < 0) {
    /* new_table only touched d's fields on success */
    return -1;
  }
  int64_t mask = dict_size(d) - 1, j = 0;
  for (int64_t i = 0; i < oldn; i++) {
    if (old[i].hash == -1)
      continue;
    KrDictEntry *e = &d->entries[j];
    *e = old[i];
    uint64_t h = (uint64_t)e->hash, perturb = h;
    uint64_t slot = h & (uint64_t)mask;
    while (d->indices[slot] != DKIX_EMPTY) {
      perturb >>= PERTURB_SHIFT;
      slot = (uint64_t)mask & (slot * 5 + perturb + 1);
    }
    d->indices[slot] = (int32_t)j++;
  }
  d->usable -= j;
  d->nentries = j;
  kr_free(oldblock);
  return 0;
}

static int insertion_resize(KrDict *d, bool unicode) {
  return dictresize(d, calculate_log2_keysize(d->used * 3), unicode);
}

/* lookup() of a str key in a table whose keys are all str: == runs no
 * code, so the probe compares in place (CPython's
 * unicodekeys_lookup_unicode). */
static int64_t lookup_str(const KrDict *d, KrObj *key, int64_t hash) {
  const int32_t *indices = d->indices;
  uint64_t mask = (uint64_t)dict_size(d) - 1, perturb = (uint64_t)hash;
  uint64_t i = (uint64_t)hash & mask;
  for (;;) {
    int64_t ix = indices[i];
    if (ix >= 0) {
      const KrDictEntry *ep = &d->entries[ix];
      if (ep->key.o == key || (ep->hash == hash && kr_str_eq(ep->key.o, key)))
        return ix;
    } else if (ix == DKIX_EMPTY) {
      return DKIX_EMPTY;
    }
    perturb >>= PERTURB_SHIFT;
    i = mask & (i * 5 + perturb + 1);
  }
}

/* The entry index of key (hash given), DKIX_EMPTY, or DKIX_ERROR. */
static __attribute__((noinline)) int64_t lookup_any(KrDict *d, KrVal key, ValKind kk, int64_t hash) {
restart:
  if (d->log2size == 0)
    return DKIX_EMPTY;
  {
    int32_t *indices = d->indices;
    uint64_t mask = (uint64_t)dict_size(d) - 1, perturb = (uint64_t)hash;
    uint64_t i = (uint64_t)hash & mask;
    for (;;) {
      int64_t ix = indices[i];
      if (ix >= 0) {
        KrDictEntry *ep = &d->entries[ix];
        if (ep->hash == hash) {
          if (krc_tuple_plain(key, kk) && krc_tuple_plain(ep->key, d->kkind)) {
            if (ep->key.o == key.o || krc_tuple_eq_plain(ep->key.o, key.o))
              return ix;
          } else if (d->kkind != KR_OBJ || kk != KR_OBJ || is_str_key(key, kk)) {
            int cmp = krc_eq(ep->key, d->kkind, key, kk);
            if (cmp != 0)
              return cmp > 0 ? ix : DKIX_ERROR;
          } else {
            /* == can run code that changes the dict: start over if it did. */
            KrObj *startkey = ep->key.o;
            kr_incref(startkey);
            int cmp = krc_eq(ep->key, KR_OBJ, key, kk);
            bool changed = d->indices != indices || ep->hash != hash || ep->key.o != startkey;
            kr_decref(startkey);
            if (cmp < 0)
              return DKIX_ERROR;
            if (changed)
              goto restart;
            if (cmp > 0)
              return ix;
          }
        }
      } else if (ix == DKIX_EMPTY) {
        return DKIX_EMPTY;
      }
      perturb >>= PERTURB_SHIFT;
      i = mask & (i * 5 + perturb + 1);
    }
  }
}

static inline int64_t lookup(KrDict *d, KrVal key, ValKind kk, int64_t hash) {
  if (d->unicode && d->log2size != 0 && d->kkind == KR_OBJ && is_str_key(key, kk))
    return lookup_str(d, key.o, hash);
  return lookup_any(d, key, kk, hash);
}

/* The index slot that holds entry ix. */
static uint64_t lookdict_index(KrDict *d, int64_t hash, int64_t ix) {
  uint64_t mask = (uint64_t)dict_size(d) - 1, perturb = (uint64_t)hash;
  uint64_t i = (uint64_t)hash & mask;
  while (d->indices[i] != ix) {
    perturb >>= PERTURB_SHIFT;
    i = mask & (i * 5 + perturb + 1);
  }
  return i;
}

/* The first empty or deleted slot for hash. */
static uint64_t find_empty_slot(KrDict *d, int64_t hash) {
  uint64_t mask = (uint64_t)dict_size(d) - 1, perturb = (uint64_t)hash;
  uint64_t i = (uint64_t)hash & mask;
  while (d->indices[i] >= 0) {
    perturb >>= PERTURB_SHIFT;
    i = mask & (i * 5 + perturb + 1);
  }
  return i;
}

/* Append an entry (key and value already owned, of the dict's kinds); the
 * table has room. */
static void append_entry(KrDict *d, KrVal key, int64_t hash, KrVal value) {
  uint64_t slot = find_empty_slot(d, hash);
  d->indices[slot] = (int32_t)d->nentries;
  KrDictEntry *e = &d->entries[d->nentries];
  e->key = key;
  e->value = value;
  e->hash = hash;
  d->used++;
  d->usable--;
  d->nentries++;
}

/* Store key -> value (both borrowed; key of kind kk, value of the dict's
 * value kind): CPython's insertdict and insert_to_emptydict. */
static int insert(KrDict *d, KrVal key, ValKind kk, int64_t hash, KrVal value) {
  if (d->log2size == 0) {
    KrVal k;
    if (krc_convert(key, kk, d->kkind, &k) < 0)
      return -1;
    if (new_table(d, LOG2_MINSIZE, is_str_key(key, kk)) < 0) {
      kr_val_decref(k, d->kkind);
      return -1;
    }
    kr_val_incref(value, d->vkind);
    d->indices[(uint64_t)hash & 7] = 0;
    d->entries[0] = (KrDictEntry){k, value, hash};
    d->used++;
    d->usable--;
    d->nentries++;
    return 0;
  }
  if (d->unicode && !is_str_key(key, kk) && insertion_resize(d, false) < 0)
    return -1;
  int64_t ix = lookup(d, key, kk, hash);
  if (ix == DKIX_ERROR)
    return -1;
  if (ix == DKIX_EMPTY) {
    KrVal k;
    if (krc_convert(key, kk, d->kkind, &k) < 0)
      return -1;
    if (d->usable <= 0 && insertion_resize(d, true) < 0) {
      kr_val_decref(k, d->kkind);
      return -1;
    }
    kr_val_incref(value, d->vkind);
    append_entry(d, k, hash, value);
    return 0;
  }
  KrVal old = d->entries[ix].value;
  kr_val_incref(value, d->vkind);
  d->entries[ix].value = value;
  kr_val_decref(old, d->vkind);
  return 0;
}

/* Remove entry ix (found for hash); its key and value are released last. */
static void delitem_at(KrDict *d, int64_t hash, int64_t ix) {
  uint64_t slot = lookdict_index(d, hash, ix);
  d->indices[slot] = DKIX_DUMMY;
  KrDictEntry e = d->entries[ix];
  d->entries[ix].hash = -1;
  d->entries[ix].key = (KrVal){0};
  d->entries[ix].value = (KrVal){0};
  d->used--;
  kr_val_decref(e.key, d->kkind);
  kr_val_decref(e.value, d->vkind);
}

/* --------------------------------------------------------------- the type */

static void dict_dealloc(KrObj *self) {
  KrDict *d = KR_DICT(self);
  release_entries(d->entries, d->nentries, d->kkind, d->vkind);
  kr_free(d->indices);
  kr_free(d);
}

static int64_t dict_len_slot(KrObj *self) { return KR_DICT(self)->used; }

static int dict_eq_slot(KrObj *self, KrObj *other) {
  if (other->type != &kr_dict_type)
    return 0;
  return kr_dict_eq(self, other);
}

static int dict_cmp_slot(KrObj *self, KrObj *other, int op) {
  if (other->type != &kr_dict_type)
    return -2;
  if (op == KR_EQ || op == KR_NE) {
    int r = kr_dict_eq(self, other);
    return r < 0 ? -1 : op == KR_EQ ? r : !r;
  }
  return -2;
}

const KrType kr_dict_type = {
    .name = "dict",
    .size = sizeof(KrDict),
    .dealloc = dict_dealloc,
    .repr = kr_dict_repr,
    .eq = dict_eq_slot,
    .cmp = dict_cmp_slot,
    .len = dict_len_slot,
};

KrObj *kr_dict_new(ValKind kkind, ValKind vkind) {
  KrDict *d = (KrDict *)kr_obj_new(&kr_dict_type, sizeof(KrDict));
  if (!d)
    return NULL;
  d->kkind = kkind;
  d->vkind = vkind;
  d->unicode = true;
  return &d->h;
}

KrObj *kr_dict_from_items(ValKind kkind, ValKind vkind, const KrVal *keys, const KrVal *values, int64_t n) {
  KrObj *o = kr_dict_new(kkind, vkind);
  if (!o)
    return NULL;
  KrDict *d = KR_DICT(o);
  /* _PyDict_FromItems: presized unless small, "unicode" if all keys are str */
  if (n > USABLE_FRACTION(8)) {
    bool unicode = true;
    for (int64_t i = 0; i < n && unicode; i++)
      unicode = is_str_key(keys[i], kkind);
    uint8_t log2 = n > USABLE_FRACTION((int64_t)1 << 17) ? 17 : estimate_log2_keysize(n);
    if (new_table(d, log2, unicode) < 0)
      goto fail;
  }
  for (int64_t i = 0; i < n; i++)
    if (kr_dict_setitem(o, keys[i], kkind, values[i]) < 0)
      goto fail;
  return o;
fail:
  kr_decref(o);
  return NULL;
}

int kr_dict_lookup(KrObj *o, KrVal k, ValKind kk, KrVal *value) {
  KrDict *d = KR_DICT(o);
  int64_t hash = krc_hash(k, kk);
  if (hash == -1 && kr_failed())
    return -1;
  int64_t ix = lookup(d, k, kk, hash);
  if (ix == DKIX_ERROR)
    return -1;
  if (ix == DKIX_EMPTY)
    return 0;
  *value = d->entries[ix].value;
  return 1;
}

KrVal kr_dict_getitem(KrObj *o, KrVal k, ValKind kk) {
  KrVal v;
  int r = kr_dict_lookup(o, k, kk, &v);
  if (r <= 0) {
    if (r == 0)
      krc_key_error(k, kk);
    return (KrVal){0};
  }
  kr_val_incref(v, KR_DICT(o)->vkind);
  return v;
}

KrVal kr_dict_get(KrObj *o, KrVal k, ValKind kk, KrVal dflt) {
  KrVal v;
  int r = kr_dict_lookup(o, k, kk, &v);
  if (r < 0)
    return (KrVal){0};
  if (r == 0)
    v = dflt;
  kr_val_incref(v, KR_DICT(o)->vkind);
  return v;
}

KrVal kr_dict_get_opt(KrObj *o, KrVal k, ValKind kk, ValKind want) {
  KrVal v, out = {0};
  int r = kr_dict_lookup(o, k, kk, &v);
  if (r < 0)
    return out;
  if (r == 0)
    return (KrVal){.o = kr_None}; /* want is KR_OBJ: an Optional is boxed */
  krc_convert(v, KR_DICT(o)->vkind, want, &out);
  return out;
}

KrVal *kr_dict_slot(KrObj *o, KrVal k, ValKind kk, const KrVal *dflt) {
  KrDict *d = KR_DICT(o);
  int64_t hash = krc_hash(k, kk);
  if (hash == -1 && kr_failed())
    return NULL;
  int64_t ix = lookup(d, k, kk, hash);
  if (ix == DKIX_ERROR)
    return NULL;
  if (ix == DKIX_EMPTY) {
    KrVal zero = {0}; /* a defaultdict(int) or (float): __missing__ inserts 0 */
    if (dflt) {
      zero = *dflt;
    } else if (d->vkind == KR_OBJ || (d->flavor != KR_DF_DD_INT && d->flavor != KR_DF_DD_FLOAT)) {
      krc_key_error(k, kk);
      return NULL;
    } else if (d->vkind == KR_FLOAT) {
      zero.f = 0.0;
    }
    if (d->vkind == KR_OBJ) { /* (the compiler asks only for unboxed values) */
      krc_key_error(k, kk);
      return NULL;
    }
    if (insert(d, k, kk, hash, zero) < 0)
      return NULL;
    ix = lookup(d, k, kk, hash);
    if (ix < 0)
      return NULL;
  }
  return &d->entries[ix].value;
}

int kr_dict_setitem(KrObj *o, KrVal k, ValKind kk, KrVal v) {
  int64_t hash = krc_hash(k, kk);
  if (hash == -1 && kr_failed())
    return -1;
  return insert(KR_DICT(o), k, kk, hash, v);
}

int kr_dict_delitem(KrObj *o, KrVal k, ValKind kk) {
  KrDict *d = KR_DICT(o);
  int64_t hash = krc_hash(k, kk);
  if (hash == -1 && kr_failed())
    return -1;
  int64_t ix = lookup(d, k, kk, hash);
  if (ix == DKIX_ERROR)
    return -1;
  if (ix == DKIX_EMPTY) {
    krc_key_error(k, kk);
    return -1;
  }
  delitem_at(d, hash, ix);
  return 0;
}

int kr_dict_contains(KrObj *o, KrVal k, ValKind kk) {
  KrVal v;
  return kr_dict_lookup(o, k, kk, &v);
}

KrVal *kr_dict_find(KrObj *o, KrVal k, ValKind kk) {
  KrDict *d = KR_DICT(o);
  int64_t hash = krc_hash(k, kk);
  if (hash == -1 && kr_failed())
    return NULL;
  int64_t ix = lookup(d, k, kk, hash);
  return ix >= 0 ? &d->entries[ix].value : NULL;
}

KrVal kr_dict_pop(KrObj *o, KrVal k, ValKind kk, const KrVal *dflt) {
  KrDict *d = KR_DICT(o);
  int64_t ix = DKIX_EMPTY, hash = 0;
  if (d->used > 0) {
    hash = krc_hash(k, kk);
    if (hash == -1 && kr_failed())
      return (KrVal){0};
    ix = lookup(d, k, kk, hash);
    if (ix == DKIX_ERROR)
      return (KrVal){0};
  }
  if (ix == DKIX_EMPTY) {
    if (dflt) {
      kr_val_incref(*dflt, d->vkind);
      return *dflt;
    }
    krc_key_error(k, kk);
    return (KrVal){0};
  }
  KrVal v = d->entries[ix].value;
  kr_val_incref(v, d->vkind);
  delitem_at(d, hash, ix);
  return v;
}

/* d.pop(k, None): the value as kind want (an Optional is boxed), or None. */
KrVal kr_dict_pop_opt(KrObj *o, KrVal k, ValKind kk, ValKind want) {
  KrVal v, out = {0};
  int r = kr_dict_lookup(o, k, kk, &v);
  if (r < 0)
    return out;
  if (r == 0)
    return (KrVal){.o = kr_None};
  ValKind vk = KR_DICT(o)->vkind;
  v = kr_dict_pop(o, k, kk, NULL);
  if (kr_failed())
    return out;
  krc_convert(v, vk, want, &out);
  kr_val_decref(v, vk);
  return out;
}

int kr_dict_popitem2(KrObj *o, KrVal *k, KrVal *v) {
  KrDict *d = KR_DICT(o);
  if (d->used == 0) {
    kr_raise(&kr_KeyError_type, "popitem(): dictionary is empty");
    return -1;
  }
  int64_t i = d->nentries - 1;
  while (i >= 0 && d->entries[i].hash == -1)
    i--;
  KrDictEntry *e = &d->entries[i];
  *k = e->key;
  *v = e->value;
  uint64_t slot = lookdict_index(d, e->hash, i);
  d->indices[slot] = DKIX_DUMMY;
  e->hash = -1;
  e->key = e->value = (KrVal){0};
  d->nentries = i; /* CPython cannot give back the usable entry: a slot is now a dummy */
  d->used--;
  return 0;
}

KrObj *kr_dict_popitem(KrObj *o) {
  KrDict *d = KR_DICT(o);
  KrVal kv[2];
  if (kr_dict_popitem2(o, &kv[0], &kv[1]) < 0)
    return NULL;
  uint8_t kinds[2] = {(uint8_t)d->kkind, (uint8_t)d->vkind};
  return kr_tuple_pack_steal(2, kv, kinds);
}

KrVal kr_dict_setdefault(KrObj *o, KrVal k, ValKind kk, KrVal dflt) {
  KrDict *d = KR_DICT(o);
  int64_t hash = krc_hash(k, kk);
  if (hash == -1 && kr_failed())
    return (KrVal){0};
  KrVal value = dflt;
  if (d->log2size == 0) {
    if (insert(d, k, kk, hash, dflt) < 0)
      return (KrVal){0};
  } else {
    if (d->unicode && !is_str_key(k, kk) && insertion_resize(d, false) < 0)
      return (KrVal){0};
    int64_t ix = lookup(d, k, kk, hash);
    if (ix == DKIX_ERROR)
      return (KrVal){0};
    if (ix == DKIX_EMPTY) {
      KrVal key;
      if (krc_convert(k, kk, d->kkind, &key) < 0)
        return (KrVal){0};
      if (d->usable <= 0 && insertion_resize(d, true) < 0) {
        kr_val_decref(key, d->kkind);
        return (KrVal){0};
      }
      kr_val_incref(dflt, d->vkind);
      append_entry(d, key, hash, dflt);
    } else {
      value = d->entries[ix].value;
    }
  }
  kr_val_incref(value, d->vkind);
  return value;
}

/* Make d's table a copy of other's (same slots, holes and sizes), values
 * converted to d's kinds: CPython's clone_combined_dict_keys. */
static int clone_table(KrDict *d, KrDict *other) {
  if (new_table(d, other->log2size, other->unicode) < 0)
    return -1;
  memcpy(d->indices, other->indices, (size_t)dict_size(d) * sizeof(int32_t));
  for (int64_t i = 0; i < other->nentries; i++) {
    KrDictEntry *s = &other->entries[i], *t = &d->entries[i];
    if (s->hash == -1)
      continue;
    if (krc_convert(s->key, other->kkind, d->kkind, &t->key) < 0)
      goto fail;
    if (krc_convert(s->value, other->vkind, d->vkind, &t->value) < 0) {
      kr_val_decref(t->key, d->kkind);
      goto fail;
    }
    t->hash = s->hash;
    d->nentries = i + 1;
    d->used++;
  }
  d->nentries = other->nentries;
  d->usable = other->usable;
  return 0;
fail:
  release_entries(d->entries, other->nentries, d->kkind, d->vkind);
  free_table(d);
  d->used = 0;
  return -1;
}

/* dict_merge(d, other, override=1): CPython's dict.update(dict). */
static int merge(KrDict *d, KrDict *other) {
  if (other == d || other->used == 0)
    return 0;
  if (d->used == 0 && other->used == other->nentries &&
      (other->log2size == LOG2_MINSIZE || USABLE_FRACTION(dict_size(other) / 2) < other->used)) {
    free_table(d); /* empty: holes at most */
    return clone_table(d, other);
  }
  if (USABLE_FRACTION(dict_size(d)) < other->used &&
      dictresize(d, estimate_log2_keysize(d->used + other->used), other->unicode) < 0)
    return -1;
  int64_t orig_size = other->nentries;
  for (int64_t i = 0; i < other->nentries; i++) {
    KrDictEntry *e = &other->entries[i];
    if (e->hash == -1)
      continue;
    KrVal key = e->key, value;
    kr_val_incref(key, other->kkind);
    if (krc_convert(e->value, other->vkind, d->vkind, &value) < 0) {
      kr_val_decref(key, other->kkind);
      return -1;
    }
    int r = insert(d, key, other->kkind, e->hash, value);
    kr_val_decref(key, other->kkind);
    kr_val_decref(value, d->vkind);
    if (r < 0)
      return -1;
    if (orig_size != other->nentries) {
      kr_raise(&kr_RuntimeError_type, "dict mutated during update");
      return -1;
    }
  }
  return 0;
}

/* PyDict_MergeFromSeq2: an iterable of (key, value) pairs. */
static int merge_pairs(KrDict *d, KrObj *seq) {
  KrIter it;
  if (kr_iter_init(&it, seq) < 0)
    return -1;
  KrVal item;
  int r;
  for (int64_t i = 0; (r = it.next(&it, &item)) > 0; i++) {
    KrObj *p = it.kind == KR_OBJ ? item.o : NULL;
    int64_t n = -1;
    if (p && p->type == &kr_tuple_type)
      n = KR_TUPLE(p)->len;
    else if (p && p->type == &kr_list_type)
      n = KR_LIST(p)->len;
    if (n < 0) {
      krc_raisef(&kr_TypeError_type, "cannot convert dictionary update sequence element #%lld to a sequence",
                 (long long)i);
    } else if (n != 2) {
      krc_raisef(&kr_ValueError_type, "dictionary update sequence element #%lld has length %lld; 2 is required",
                 (long long)i, (long long)n);
    } else {
      KrVal k, v, vv;
      ValKind kk, vk;
      if (p->type == &kr_tuple_type) {
        k = KR_TUPLE(p)->items[0], kk = (ValKind)KR_TUPLE(p)->kinds[0];
        v = KR_TUPLE(p)->items[1], vk = (ValKind)KR_TUPLE(p)->kinds[1];
      } else {
        k = KR_LIST(p)->items[0], v = KR_LIST(p)->items[1];
        kk = vk = KR_LIST(p)->kind;
      }
      kr_val_incref(k, kk);
      if (krc_convert(v, vk, d->vkind, &vv) == 0) {
        kr_dict_setitem(&d->h, k, kk, vv);
        kr_val_decref(vv, d->vkind);
      }
      kr_val_decref(k, kk);
    }
    kr_val_decref(item, it.kind);
    if (kr_failed()) {
      r = -1;
      break;
    }
  }
  kr_iter_clear(&it);
  return r < 0 ? -1 : 0;
}

int kr_dict_update(KrObj *o, KrObj *other) {
  if (other->type == &kr_dict_type)
    return merge(KR_DICT(o), KR_DICT(other));
  return merge_pairs(KR_DICT(o), other);
}

KrObj *kr_dict_copy(KrObj *o) {
  KrDict *d = KR_DICT(o);
  KrObj *c = kr_dict_new(d->kkind, d->vkind);
  if (!c)
    return c;
  KR_DICT(c)->flavor = d->flavor;
  KR_DICT(c)->fkind1 = d->fkind1;
  KR_DICT(c)->fkind2 = d->fkind2;
  if (d->used == 0)
    return c;
  int r;
  if (d->used >= (d->nentries * 2) / 3)
    r = clone_table(KR_DICT(c), d);
  else
    r = merge(KR_DICT(c), d);
  if (r < 0) {
    kr_decref(c);
    return NULL;
  }
  return c;
}

void kr_dict_clear(KrObj *o) {
  KrDict *d = KR_DICT(o);
  if (d->log2size == 0)
    return;
  KrDictEntry *e = d->entries;
  int64_t n = d->nentries;
  int32_t *block = d->indices;
  d->indices = NULL;
  free_table(d);
  d->used = 0;
  release_entries(e, n, d->kkind, d->vkind);
  kr_free(block);
}

KrObj *kr_dict_fromkeys(KrObj *iterable, ValKind kkind, KrVal v, ValKind vkind) {
  KrObj *o = kr_dict_new(kkind, vkind);
  if (!o)
    return NULL;
  KrDict *d = KR_DICT(o);
  if (iterable->type == &kr_dict_type) {
    KrDict *src = KR_DICT(iterable);
    if (dictresize(d, estimate_log2_keysize(src->used), src->unicode) < 0)
      goto fail;
    for (int64_t i = 0; i < src->nentries; i++)
      if (src->entries[i].hash != -1 &&
          insert(d, src->entries[i].key, src->kkind, src->entries[i].hash, v) < 0)
        goto fail;
    return o;
  }
  if (kr_is_anyset(iterable)) {
    KrSet *s = KR_SET(iterable);
    if (dictresize(d, estimate_log2_keysize(s->used), false) < 0)
      goto fail;
    for (int64_t i = 0; i <= s->mask; i++)
      if (s->table[i].state == 1 && insert(d, s->table[i].key, s->kind, s->table[i].hash, v) < 0)
        goto fail;
    return o;
  }
  KrIter it;
  if (kr_iter_init(&it, iterable) < 0)
    goto fail;
  KrVal k;
  int r;
  while ((r = it.next(&it, &k)) > 0) {
    r = kr_dict_setitem(o, k, it.kind, v);
    kr_val_decref(k, it.kind);
    if (r < 0)
      break;
  }
  kr_iter_clear(&it);
  if (r < 0)
    goto fail;
  return o;
fail:
  kr_decref(o);
  return NULL;
}

KrObj *kr_dict_or(KrObj *a, KrObj *b) {
  KrObj *c = kr_dict_copy(a);
  if (!c)
    return NULL;
  if (kr_dict_update(c, b) < 0) {
    kr_decref(c);
    return NULL;
  }
  return c;
}

int kr_dict_eq(KrObj *ao, KrObj *bo) {
  KrDict *a = KR_DICT(ao), *b = KR_DICT(bo);
  if (a->used != b->used)
    return 0;
  for (int64_t i = 0; i < a->nentries; i++) {
    KrDictEntry *e = &a->entries[i];
    if (e->hash == -1)
      continue;
    KrVal key = e->key, aval = e->value;
    kr_val_incref(key, a->kkind);
    kr_val_incref(aval, a->vkind);
    int64_t ix = lookup(b, key, a->kkind, e->hash);
    int cmp;
    if (ix < 0) {
      cmp = ix == DKIX_ERROR ? -1 : 0;
    } else {
      KrVal bval = b->entries[ix].value;
      kr_val_incref(bval, b->vkind);
      cmp = krc_eq(aval, a->vkind, bval, b->vkind);
      kr_val_decref(bval, b->vkind);
    }
    kr_val_decref(key, a->kkind);
    kr_val_decref(aval, a->vkind);
    if (cmp <= 0)
      return cmp;
  }
  return 1;
}

KrObj *kr_dict_repr(KrObj *o) {
  if (KR_DICT(o)->flavor != KR_DF_DICT)
    return kr_collections_repr(o); /* defaultdict(...), Counter(...), OrderedDict(...) */
  return kr_dict_repr_plain(o);
}

KrObj *kr_dict_repr_plain(KrObj *o) {
  KrDict *d = KR_DICT(o);
  KrcReprFrame f;
  if (krc_repr_enter(&f, o))
    return kr_str_new("{...}", 5);
  if (d->used == 0) {
    krc_repr_leave(&f);
    return kr_str_new("{}", 2);
  }
  KrBuf b;
  kr_buf_init(&b, 2 + 6 * d->used);
  kr_buf_putc(&b, '{');
  bool first = true;
  /* A repr can change the dict: walk by position, re-reading the table. */
  for (int64_t i = 0; i < d->nentries; i++) {
    KrDictEntry *e = &d->entries[i];
    if (e->hash == -1)
      continue;
    KrVal key = e->key, value = e->value;
    kr_val_incref(key, d->kkind);
    kr_val_incref(value, d->vkind);
    if (!first)
      kr_buf_put(&b, ", ", 2);
    first = false;
    int r = krc_buf_put_repr(&b, key, d->kkind);
    if (r == 0) {
      kr_buf_put(&b, ": ", 2);
      r = krc_buf_put_repr(&b, value, d->vkind);
    }
    kr_val_decref(key, d->kkind);
    kr_val_decref(value, d->vkind);
    if (r < 0)
      break;
  }
  kr_buf_putc(&b, '}');
  krc_repr_leave(&f);
  return kr_buf_finish(&b);
}

/* ---------------------------------------------------------------- iterators */

enum { IT_KEYS, IT_VALUES, IT_ITEMS };

/* The next live entry for a forward iterator: CPython's dictiter_iternext*
 * checks, in its order. it->a: ma_used when the iterator was made; it->b:
 * entries left to yield. NULL at the end (it->src dropped) or on error. */
static KrDictEntry *dict_iter_step(KrIter *it, int *err) {
  *err = 0;
  if (!it->src)
    return NULL;
  KrDict *d = KR_DICT(it->src);
  if (it->a != d->used) {
    kr_raise(&kr_RuntimeError_type, "dictionary changed size during iteration");
    it->a = -1; /* sticky */
    *err = 1;
    return NULL;
  }
  int64_t i = it->pos, n = d->nentries;
  while (i < n && d->entries[i].hash == -1)
    i++;
  if (i >= n)
    goto fail;
  if (it->b == 0) {
    kr_raise(&kr_RuntimeError_type, "dictionary keys changed during iteration");
    *err = 1;
    goto fail;
  }
  it->pos = i + 1;
  it->b--;
  return &d->entries[i];
fail:
  kr_decref(it->src);
  it->src = NULL;
  return NULL;
}

/* The same backwards (dictreviter_iternext); it->pos counts down. */
static KrDictEntry *dict_reviter_step(KrIter *it, int *err) {
  *err = 0;
  if (!it->src)
    return NULL;
  KrDict *d = KR_DICT(it->src);
  if (it->a != d->used) {
    kr_raise(&kr_RuntimeError_type, "dictionary changed size during iteration");
    it->a = -1;
    *err = 1;
    return NULL;
  }
  int64_t i = it->pos;
  if (i >= d->nentries) /* entries past the end are empty slots in CPython */
    i = d->nentries - 1;
  while (i >= 0 && d->entries[i].hash == -1)
    i--;
  if (i < 0) {
    kr_decref(it->src);
    it->src = NULL;
    return NULL;
  }
  it->pos = i - 1;
  it->b--;
  return &d->entries[i];
}

static int dict_yield(KrIter *it, KrDictEntry *e, int err, KrVal *out) {
  if (!e)
    return err ? -1 : 0;
  KrDict *d = KR_DICT(it->src);
  switch (it->end) {
  case IT_KEYS:
    *out = e->key;
    kr_val_incref(*out, d->kkind);
    return 1;
  case IT_VALUES:
    *out = e->value;
    kr_val_incref(*out, d->vkind);
    return 1;
  default:
    out->o = kr_tuple_pair(e->key, d->kkind, e->value, d->vkind);
    return out->o ? 1 : -1;
  }
}

static int dict_iter_next(KrIter *it, KrVal *out) {
  int err;
  KrDictEntry *e = dict_iter_step(it, &err);
  return dict_yield(it, e, err, out);
}

static int dict_reviter_next(KrIter *it, KrVal *out) {
  int err;
  KrDictEntry *e = dict_reviter_step(it, &err);
  return dict_yield(it, e, err, out);
}

int kr_dict_iter_next2(KrIter *it, KrVal *key, KrVal *value) {
  int err;
  KrDictEntry *e = it->next == dict_reviter_next ? dict_reviter_step(it, &err) : dict_iter_step(it, &err);
  if (!e)
    return err ? -1 : 0;
  KrDict *d = KR_DICT(it->src);
  *key = e->key;
  *value = e->value;
  kr_val_incref(*key, d->kkind);
  kr_val_incref(*value, d->vkind);
  return 1;
}

static KrObj *dict_of(KrObj *o, int *which) {
  if (o->type == &kr_dict_type) {
    *which = IT_KEYS;
    return o;
  }
  *which = o->type == &kr_dict_keys_type ? IT_KEYS : o->type == &kr_dict_values_type ? IT_VALUES : IT_ITEMS;
  return ((KrDictView *)o)->dict;
}

static void dict_iter_setup(KrIter *it, KrObj *o, int which) {
  KrDict *d = KR_DICT(o);
  it->src = o;
  kr_incref(o);
  it->end = which;
  it->a = d->used;
  it->b = d->used;
  it->kind = which == IT_KEYS ? d->kkind : which == IT_VALUES ? d->vkind : KR_OBJ;
}

int krc_dict_iter_init(KrIter *it, KrObj *o) {
  int which;
  KrObj *d = dict_of(o, &which);
  dict_iter_setup(it, d, which);
  it->next = dict_iter_next;
  it->pos = 0;
  return 0;
}

int krc_dict_reviter_init(KrIter *it, KrObj *o) {
  int which;
  KrObj *d = dict_of(o, &which);
  dict_iter_setup(it, d, which);
  it->next = dict_reviter_next;
  it->pos = KR_DICT(d)->nentries - 1;
  return 0;
}

/* -------------------------------------------------------------------- views */

static void view_dealloc(KrObj *self) {
  kr_decref(((KrDictView *)self)->dict);
  kr_free(self);
}

static int64_t view_len(KrObj *self) { return KR_DICT(((KrDictView *)self)->dict)->used; }

KrObj *krc_dict_view_repr(KrObj *self) {
  KrcReprFrame f;
  if (krc_repr_enter(&f, self))
    return kr_str_new("...", 3);
  KrObj *l = krc_to_list(self, kr_iterable_kind(self));
  KrObj *r = NULL;
  if (l) {
    KrObj *lr = kr_list_repr(l);
    kr_decref(l);
    if (lr) {
      KrBuf b;
      kr_buf_init(&b, kr_str_bytes(lr) + 16);
      kr_buf_put(&b, self->type->name, (int64_t)strlen(self->type->name));
      kr_buf_putc(&b, '(');
      kr_buf_puts(&b, lr);
      kr_buf_putc(&b, ')');
      kr_decref(lr);
      r = kr_buf_finish(&b);
    }
  }
  krc_repr_leave(&f);
  return r;
}

const KrType kr_dict_keys_type = {
    .name = "dict_keys",
    .size = sizeof(KrDictView),
    .dealloc = view_dealloc,
    .repr = krc_dict_view_repr,
    .len = view_len,
};
const KrType kr_dict_values_type = {
    .name = "dict_values",
    .size = sizeof(KrDictView),
    .dealloc = view_dealloc,
    .repr = krc_dict_view_repr,
    .len = view_len,
};
const KrType kr_dict_items_type = {
    .name = "dict_items",
    .size = sizeof(KrDictView),
    .dealloc = view_dealloc,
    .repr = krc_dict_view_repr,
    .len = view_len,
};

static KrObj *view_new(KrObj *d, const KrType *t) {
  KrDictView *v = (KrDictView *)kr_obj_new(t, sizeof(KrDictView));
  if (!v)
    return NULL;
  v->dict = d;
  kr_incref(d);
  return &v->h;
}

KrObj *kr_dict_keys(KrObj *d) { return view_new(d, &kr_dict_keys_type); }
KrObj *kr_dict_values(KrObj *d) { return view_new(d, &kr_dict_values_type); }
KrObj *kr_dict_items(KrObj *d) { return view_new(d, &kr_dict_items_type); }
