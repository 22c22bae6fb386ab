/* tokmodel.c — the models of tokenizer.json: BPE, WordPiece, Unigram,
 * WordLevel (see tokenizer.h for where they sit in the pipeline).
 *
 * Vocabularies are open-addressing hash tables of byte strings. BPE keeps
 * its merges in a table keyed by the pair of ids (rank and merged id), and
 * merges a piece with a binary heap over adjacent pairs and a doubly linked
 * list of symbols: each step pops the lowest-ranked pair (leftmost among
 * equal ranks), checks it is still current, merges, and pushes the two new
 * neighbouring pairs, so a piece of n bytes costs O(n log n) — a 100 KB
 * string with no spaces (one piece in Gemma's setup) stays fast.
 * Words of up to 24 bytes are remembered in a lock-free cache once merged.
 * WordPiece is greedy longest-match-first with the continuing prefix;
 * Unigram is Viterbi over the scores of every vocabulary piece that starts
 * at each position, found by extending the piece's hash a byte at a time
 * until no vocabulary piece has that prefix. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform.h"
#include "tokenizer.h"

/* ---- string map ---- */

enum { SM_BATCH = 96 }; /* keys per sm_get_batch */

uint32_t tk_hash(const char *s, int32_t len) {
  uint32_t h = 2166136261u; /* FNV-1a */
  for (int32_t i = 0; i < len; i++) h = (h ^ (uint8_t)s[i]) * 16777619u;
  return h;
}

static int sm_grow(StrMap *m) {
  uint32_t nsz = m->mask ? (m->mask + 1) * 2 : 64;
  uint32_t *ns = tk_calloc(nsz, sizeof(uint32_t));
  if (!ns) return -1;
  for (int32_t i = 0; i < m->n; i++) {
    uint32_t j = m->ents[i].hash & (nsz - 1);
    while (ns[j]) j = (j + 1) & (nsz - 1);
    ns[j] = (uint32_t)i + 1;
  }
  free(m->slots);
  m->slots = ns, m->mask = nsz - 1;
  return 0;
}

/* Room for n entries and pool bytes of keys before a bulk load (a
 * vocabulary of known size): no regrowing and rehashing on the way. */
static int sm_reserve(StrMap *m, int32_t n, int64_t pool) {
  while ((uint32_t)n * 2 > m->mask + 1)
    if (sm_grow(m) < 0) return -1;
  if (n > m->cap) {
    void *ne = tk_realloc(m->ents, sizeof(m->ents[0]) * (size_t)n);
    if (!ne) return -1;
    m->ents = ne, m->cap = n;
  }
  if (pool > m->pool_cap) {
    char *np = tk_realloc(m->pool, (size_t)pool);
    if (!np) return -1;
    m->pool = np, m->pool_cap = pool;
  }
  return 0;
}

int sm_put(StrMap *m, const char *s, int32_t len, int32_t val) {
  if ((uint32_t)(m->n + 1) * 2 > m->mask + 1 && sm_grow(m) < 0) return -1;
  uint32_t h = tk_hash(s, len), j = h & m->mask;
  while (m->slots[j]) {
    int32_t e = (int32_t)m->slots[j] - 1;
    if (m->ents[e].hash == h && m->ents[e].len == len && !memcmp(m->pool + m->ents[e].off, s, (size_t)len)) {
      m->ents[e].val = val;
      return 1;
    }
    j = (j + 1) & m->mask;
  }
  if (m->n == m->cap) {
    int32_t nc = m->cap ? m->cap * 2 : 64;
    void *ne = tk_realloc(m->ents, sizeof(m->ents[0]) * (size_t)nc);
    if (!ne) return -1;
    m->ents = ne, m->cap = nc;
  }
  if (m->pool_len + len + 1 > m->pool_cap) {
    int64_t nc = m->pool_cap ? m->pool_cap * 2 : 4096;
    while (nc < m->pool_len + len + 1) nc *= 2;
    char *np = tk_realloc(m->pool, (size_t)nc);
    if (!np) return -1;
    m->pool = np, m->pool_cap = nc;
  }
  memcpy(m->pool + m->pool_len, s, (size_t)len);
  m->pool[m->pool_len + len] = 0;
  m->ents[m->n].hash = h, m->ents[m->n].len = len, m->ents[m->n].val = val, m->ents[m->n].off = m->pool_len;
  m->pool_len += len + 1;
  m->slots[j] = (uint32_t)++m->n;
  return 0;
}

/* Loading a vocabulary puts keys in a table bigger than the caches: the
 * loops hash the key PREFETCH_AHEAD entries on and prefetch its slot, so
 * that sm_put finds it there. */
enum { PREFETCH_AHEAD = 16 };
static void sm_prefetch(const StrMap *m, const char *s, int32_t len) {
  if (m->slots) __builtin_prefetch(&m->slots[tk_hash(s, len) & m->mask], 1);
}

/* sm_get with the key's hash (tk_hash) already known */
static int32_t sm_get_h(const StrMap *m, const char *s, int32_t len, uint32_t h) {
  if (!m->n) return -1;
  uint32_t j = h & m->mask;
  while (m->slots[j]) {
    int32_t e = (int32_t)m->slots[j] - 1;
    if (m->ents[e].hash == h && m->ents[e].len == len && !memcmp(m->pool + m->ents[e].off, s, (size_t)len))
      return m->ents[e].val;
    j = (j + 1) & m->mask;
  }
  return -1;
}

int32_t sm_get(const StrMap *m, const char *s, int32_t len) { return sm_get_h(m, s, len, tk_hash(s, len)); }

/* sm_get of n <= SM_BATCH keys at once, for loading: a big vocabulary's
 * tables are far bigger than the caches, so one lookup is three cache
 * misses in a row (slot, entry, key bytes). Here each stage is prefetched
 * for the whole batch before the next stage reads it, so the batch's
 * misses overlap instead of following one another. */
static void sm_get_batch(const StrMap *m, int32_t n, const char *const *s, const int32_t *len, int32_t *out) {
  uint32_t h[SM_BATCH];
  if (!m->n) {
    for (int32_t i = 0; i < n; i++) out[i] = -1;
    return;
  }
  for (int32_t i = 0; i < n; i++) h[i] = tk_hash(s[i], len[i]), __builtin_prefetch(&m->slots[h[i] & m->mask]);
  for (int32_t i = 0; i < n; i++) {
    uint32_t e = m->slots[h[i] & m->mask];
    if (e) __builtin_prefetch(&m->ents[e - 1]);
  }
  for (int32_t i = 0; i < n; i++) {
    uint32_t e = m->slots[h[i] & m->mask];
    if (e) __builtin_prefetch(m->pool + m->ents[e - 1].off);
  }
  for (int32_t i = 0; i < n; i++) out[i] = sm_get_h(m, s[i], len[i], h[i]);
}

const char *sm_key(const StrMap *m, int32_t i, int32_t *len) {
  *len = m->ents[i].len;
  return m->pool + m->ents[i].off;
}

void sm_free(StrMap *m) {
  free(m->slots), free(m->ents), free(m->pool);
  memset(m, 0, sizeof *m);
}

int tk_toks_push(TkToks *o, int32_t id, int32_t start, int32_t end) {
  if (o->n == o->cap) {
    int32_t nc = o->cap ? o->cap * 2 : 16;
    TkTok *nv = tk_realloc(o->v, sizeof(TkTok) * (size_t)nc);
    if (!nv) return -1;
    o->v = nv, o->cap = nc;
  }
  o->v[o->n++] = (TkTok){id, start, end};
  return 0;
}

/* ---- the model ---- */

/* A merge: the pair (a, b) of ids, its rank, the id of a+b. */
typedef struct { uint64_t key; int32_t rank, id; } Merge;

struct TkModel {
  TkModelKind kind;
  StrMap vocab;          /* token -> id */
  const char **id_str;   /* id -> token (into vocab.pool), NULL for holes */
  int32_t *id_len;
  int32_t nid;           /* max id + 1 */
  int32_t unk_id;        /* -1: none */
  char *unk_token;
  /* BPE */
  Merge *merges;         /* open addressing, key 0 = empty (ids are shifted by one in keys) */
  uint32_t mmask;
  int byte_fallback, fuse_unk, ignore_merges;
  char *cont_prefix, *eow_suffix; /* continuing_subword_prefix, end_of_word_suffix (BPE, WordPiece) */
  int32_t byte_id[256];  /* "<0xHH>" ids, -1 if absent */
  /* WordPiece */
  int32_t max_chars;     /* max_input_chars_per_word */
  /* Unigram */
  double *scores;
  double min_score;
  int32_t max_piece;     /* longest piece in bytes */
  /* Every prefix (ending at a character boundary) of every piece, as a
   * bit at its tk_hash: no bit, no piece starts with those bytes, so
   * Viterbi stops extending there (a false bit costs one lookup). */
  uint64_t *prefix_bits;
  uint32_t prefix_mask;  /* bits - 1 */
  /* BPE over Metaspace-style text ("▁" for spaces, one piece per text): a
   * piece may be cut before a "▁" whose preceding character c is a token of
   * its own and no token contains c followed by "▁" — no merge can then
   * join across the cut, so each part merges alone to the same result, and
   * the heap stays word-sized. glue[] lists the ASCII c that do occur before
   * "▁" in some token; a non-ASCII c never allows a cut unless glue_any is 0. */
  int meta_split;
  uint8_t glue[128];
  int glue_other;        /* some token has a non-ASCII character before "▁" */
  struct WordCache *cache; /* BPE: words already merged (NULL: none) */
  void *map;             /* a model opened from an image: the mapping its tables lie in (else NULL) */
  size_t maplen;
};

/* ---- BPE's word cache ----
 *
 * Prose repeats its words, and merging one costs a dozen hash lookups in
 * big tables, so BPE remembers the tokens of short words: a direct-mapped
 * table of CACHE_SLOTS entries, each a word of up to 24 bytes and its up
 * to 8 tokens (id, start, end). Threads encode with one tokenizer at once
 * and the model is otherwise read-only, so each slot is a seqlock: a
 * writer claims it by moving its sequence number from even to odd
 * (compare-and-swap; a busy slot is simply not written), stores, and makes
 * it even again; a reader copies the slot between two reads of the number
 * and trusts the copy only if both are the same even value. The payload is
 * atomic words (relaxed), so there is no data race for a sanitizer to see. */
enum { CACHE_SLOTS = 4096, CACHE_KEY = 24, CACHE_TOKS = 8 };

typedef struct CacheSlot {
  _Atomic uint32_t seq;
  _Atomic uint64_t meta;              /* key length | token count << 8 | key hash << 32 */
  _Atomic uint64_t key[CACHE_KEY / 8];
  _Atomic uint64_t tok[CACHE_TOKS];   /* id | start << 32 | end << 48 */
} CacheSlot;

struct WordCache { CacheSlot slot[CACHE_SLOTS]; };

static int cache_get(const TkModel *m, const char *s, int32_t len, uint32_t h, TkToks *out) {
  CacheSlot *c = &m->cache->slot[h & (CACHE_SLOTS - 1)];
  uint32_t q = atomic_load_explicit(&c->seq, memory_order_acquire);
  if (q & 1) return 0;
  uint64_t meta = atomic_load_explicit(&c->meta, memory_order_acquire), key[CACHE_KEY / 8], tok[CACHE_TOKS];
  int32_t n = (int32_t)(meta >> 8 & 0xFF);
  if ((meta & 0xFF) != (uint64_t)len || meta >> 32 != h || n < 1 || n > CACHE_TOKS) return 0;
  /* acquire loads: the second read of the number cannot move before them (no fence: TSan has none) */
  for (int k = 0; k < CACHE_KEY / 8; k++) key[k] = atomic_load_explicit(&c->key[k], memory_order_acquire);
  for (int k = 0; k < n; k++) tok[k] = atomic_load_explicit(&c->tok[k], memory_order_acquire);
  if (atomic_load_explicit(&c->seq, memory_order_relaxed) != q || memcmp(key, s, (size_t)len)) return 0;
  for (int k = 0; k < n; k++)
    if (tk_toks_push(out, (int32_t)(uint32_t)tok[k], (int32_t)(tok[k] >> 32 & 0xFFFF), (int32_t)(tok[k] >> 48)) < 0) return -1;
  return 1;
}

static void cache_put(const TkModel *m, const char *s, int32_t len, uint32_t h, const TkTok *t, int32_t n) {
  CacheSlot *c = &m->cache->slot[h & (CACHE_SLOTS - 1)];
  uint32_t q = atomic_load_explicit(&c->seq, memory_order_relaxed);
  if ((q & 1) || !atomic_compare_exchange_strong_explicit(&c->seq, &q, q + 1, memory_order_acquire, memory_order_relaxed))
    return;
  uint64_t key[CACHE_KEY / 8] = {0};
  memcpy(key, s, (size_t)len);
  atomic_store_explicit(&c->meta, (uint64_t)len | (uint64_t)n << 8 | (uint64_t)h << 32, memory_order_relaxed);
  for (int k = 0; k < CACHE_KEY / 8; k++) atomic_store_explicit(&c->key[k], key[k], memory_order_relaxed);
  for (int k = 0; k < n; k++)
    atomic_store_explicit(&c->tok[k], (uint64_t)(uint32_t)t[k].id | (uint64_t)t[k].start << 32 | (uint64_t)t[k].end << 48,
                          memory_order_relaxed);
  atomic_store_explicit(&c->seq, q + 2, memory_order_release);
}

static int utf8_len(uint8_t c) { return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4; }

static uint64_t mkey(int32_t a, int32_t b) { return ((uint64_t)(uint32_t)(a + 1) << 32) | (uint32_t)(b + 1); }

static uint32_t mhash(uint64_t k) {
  k ^= k >> 33, k *= 0xff51afd7ed558ccdULL, k ^= k >> 33;
  return (uint32_t)k;
}

static const Merge *merge_get(const TkModel *m, int32_t a, int32_t b) {
  uint64_t k = mkey(a, b);
  uint32_t j = mhash(k) & m->mmask;
  while (m->merges[j].key) {
    if (m->merges[j].key == k) return &m->merges[j];
    j = (j + 1) & m->mmask;
  }
  return NULL;
}

static char *dupstr(const char *s) {
  if (!s) return NULL;
  size_t n = strlen(s);
  char *d = tk_malloc(n + 1);
  if (d) memcpy(d, s, n + 1);
  return d;
}

static int set_id(TkModel *m, int32_t id, char *err) {
  if (id < 0 || id >= TK_MAX_ID) return snprintf(err, TK_ERRLEN, "model.vocab: id %d out of range", id), -1;
  if (id >= m->nid) m->nid = id + 1;
  return 0;
}

static int finish_vocab(TkModel *m, char *err) {
  m->id_str = tk_calloc((size_t)m->nid + 1, sizeof(char *));
  m->id_len = tk_calloc((size_t)m->nid + 1, sizeof(int32_t));
  if (!m->id_str || !m->id_len) return snprintf(err, TK_ERRLEN, "out of memory"), -1;
  for (int32_t i = 0; i < m->vocab.n; i++) {
    int32_t l, id = m->vocab.ents[i].val;
    const char *k = sm_key(&m->vocab, i, &l);
    if (!m->id_str[id]) m->id_str[id] = k, m->id_len[id] = l;
  }
  return 0;
}

static const char *opt_str(const TjNode *o, const char *key) {
  TjNode *v = tj_get(o, key);
  return v && v->type == TJ_STR ? v->str : NULL;
}
static int opt_bool(const TjNode *o, const char *key, int dflt) {
  TjNode *v = tj_get(o, key);
  return v && v->type == TJ_BOOL ? (int)v->num : dflt;
}

/* model.vocab as {token: id} (BPE, WordPiece, WordLevel), read a window
 * of VOCAB_WINDOW entries at a time (tokjson.c leaves a big one as text) */
enum { VOCAB_WINDOW = 256 };
static int load_vocab_map(TkModel *m, const TjNode *vocab, char *err) {
  if (!vocab || vocab->type != TJ_OBJ) return snprintf(err, TK_ERRLEN, "model.vocab: expected an object"), -1;
  if (sm_reserve(&m->vocab, vocab->len, 16 * (int64_t)vocab->len) < 0) return snprintf(err, TK_ERRLEN, "out of memory"), -1;
  TjItems *w = tj_items(vocab, err);
  if (!w) return -1;
  TjNode **items;
  const char **keys;
  int32_t n, rc = 0;
  while (!rc && (n = tj_items_next(w, VOCAB_WINDOW, &items, &keys, err)) > 0)
    for (int32_t i = 0; i < n; i++) {
      TjNode *v = items[i];
      if (i + PREFETCH_AHEAD < n) sm_prefetch(&m->vocab, keys[i + PREFETCH_AHEAD], (int32_t)strlen(keys[i + PREFETCH_AHEAD]));
      if (v->type != TJ_NUM) { rc = -1, snprintf(err, TK_ERRLEN, "model.vocab[\"%.40s\"]: expected an integer id", keys[i]); break; }
      int32_t id = (int32_t)v->num;
      if (set_id(m, id, err) < 0) { rc = -1; break; }
      if (sm_put(&m->vocab, keys[i], (int32_t)strlen(keys[i]), id) < 0) { rc = -1, snprintf(err, TK_ERRLEN, "out of memory"); break; }
    }
  tj_items_free(w);
  if (rc < 0 || n < 0) return -1;
  return finish_vocab(m, err);
}

static int load_bpe(TkModel *m, const TjNode *j, char *err) {
  TjNode *vocab = tj_get(j, "vocab"), *merges = tj_get(j, "merges");
  if (load_vocab_map(m, vocab, err) < 0) return -1;
  m->byte_fallback = opt_bool(j, "byte_fallback", 0);
  m->fuse_unk = opt_bool(j, "fuse_unk", 0);
  m->ignore_merges = opt_bool(j, "ignore_merges", 0);
  m->cont_prefix = dupstr(opt_str(j, "continuing_subword_prefix"));
  m->eow_suffix = dupstr(opt_str(j, "end_of_word_suffix"));
  const char *unk = opt_str(j, "unk_token");
  if (unk) {
    m->unk_token = dupstr(unk);
    m->unk_id = sm_get(&m->vocab, unk, (int32_t)strlen(unk));
  }
  for (int b = 0; b < 256; b++) {
    char name[8];
    snprintf(name, sizeof name, "<0x%02X>", b);
    m->byte_id[b] = sm_get(&m->vocab, name, 6);
  }
  /* may pieces be cut before "▁"? (see meta_split) */
  if (!m->ignore_merges && !m->cont_prefix && !m->eow_suffix && sm_get(&m->vocab, "\xe2\x96\x81", 3) >= 0) {
    m->meta_split = 1;
    for (int32_t i = 0; i < m->vocab.n; i++) {
      int32_t l;
      const char *k = sm_key(&m->vocab, i, &l);
      for (int32_t x = 1; x + 3 <= l; x++) {
        if (memcmp(k + x, "\xe2\x96\x81", 3)) continue;
        int32_t b = x - 1;
        while (b > 0 && ((uint8_t)k[b] & 0xC0) == 0x80) b--;
        if (b + 3 == x && !memcmp(k + b, "\xe2\x96\x81", 3)) continue; /* "▁▁": a run of spaces, never cut */
        if ((uint8_t)k[b] < 0x80) m->glue[(uint8_t)k[b]] = 1;
        else m->glue_other = 1;
      }
    }
  }
  int32_t nm = merges && merges->type == TJ_ARR ? merges->len : 0;
  if (merges && merges->type != TJ_ARR) return snprintf(err, TK_ERRLEN, "model.merges: expected a list"), -1;
  uint32_t sz = 16;
  while (sz < (uint32_t)nm * 2 + 2) sz *= 2;
  m->merges = tk_calloc(sz, sizeof(Merge));
  if (!m->merges) return snprintf(err, TK_ERRLEN, "out of memory"), -1;
  m->mmask = sz - 1;
  int32_t plen = m->cont_prefix ? (int32_t)strlen(m->cont_prefix) : 0;
  /* Merges are resolved MERGE_BATCH at a time (sm_get_batch): for each, the
   * ids of a, b and of the merged token a+b (b without the continuing
   * prefix), then its slot in the merge table, each stage prefetched for
   * the whole batch. Entries are still checked and inserted in rank order,
   * so the first bad one is the one reported and a repeated pair keeps its
   * first rank. */
  enum { MERGE_BATCH = SM_BATCH / 3 };
  const char *key[SM_BATCH];
  int32_t klen[SM_BATCH], id[SM_BATCH];
  uint32_t slot[MERGE_BATCH];
  char *buf = NULL;
  size_t bufcap = 0;
  TjItems *w = nm ? tj_items(merges, err) : NULL;
  if (nm && !w) return -1;
  TjNode **win = NULL;
  const char **unused;
  int32_t wn = 0, w0 = 0; /* the window: items w0 .. w0 + wn - 1 */
  for (int32_t r0 = 0; r0 < nm; ) {
    if (r0 == w0 + wn) { /* the window's items are all resolved: the next window */
      w0 = r0;
      if ((wn = tj_items_next(w, MERGE_BATCH, &win, &unused, err)) <= 0) { free(buf), tj_items_free(w); return -1; }
    }
    /* the batch's pairs, up to the first malformed entry (reported when it comes first) */
    int32_t n = 0;
    size_t need = 0;
    for (; n < MERGE_BATCH && r0 + n < w0 + wn; n++) {
      TjNode *e = win[r0 - w0 + n];
      const char *a, *b;
      int32_t al, bl;
      if (e->type == TJ_ARR && e->len == 2 && e->items[0]->type == TJ_STR && e->items[1]->type == TJ_STR) {
        a = e->items[0]->str, al = e->items[0]->len, b = e->items[1]->str, bl = e->items[1]->len;
      } else if (e->type == TJ_STR && strchr(e->str, ' ') && strchr(e->str, ' ') != e->str) {
        const char *sp = strchr(e->str, ' ');
        a = e->str, al = (int32_t)(sp - e->str), b = sp + 1, bl = e->len - al - 1;
      } else if (n) {
        break;
      } else {
        free(buf), tj_items_free(w);
        if (e->type == TJ_STR) return snprintf(err, TK_ERRLEN, "model.merges[%d]: expected \"a b\"", r0), -1;
        return snprintf(err, TK_ERRLEN, "model.merges[%d]: expected a pair of strings", r0), -1;
      }
      key[3 * n] = a, klen[3 * n] = al, key[3 * n + 1] = b, klen[3 * n + 1] = bl;
      if (plen && bl >= plen && !memcmp(b, m->cont_prefix, (size_t)plen)) b += plen, bl -= plen;
      key[3 * n + 2] = b, klen[3 * n + 2] = al + bl; /* the merged token, written below */
      need += (size_t)(al + bl);
    }
    if (need > bufcap) {
      bufcap = need * 2 + 64;
      char *nb = tk_realloc(buf, bufcap);
      if (!nb) { free(buf), tj_items_free(w); return snprintf(err, TK_ERRLEN, "out of memory"), -1; }
      buf = nb;
    }
    char *o = buf;
    for (int32_t i = 0; i < n; i++) {
      int32_t al = klen[3 * i], b2l = klen[3 * i + 2] - al;
      memcpy(o, key[3 * i], (size_t)al), memcpy(o + al, key[3 * i + 2], (size_t)b2l);
      key[3 * i + 2] = o, o += al + b2l;
    }
    sm_get_batch(&m->vocab, 3 * n, key, klen, id);
    for (int32_t i = 0; i < n; i++) {
      int32_t r = r0 + i, ia = id[3 * i], ib = id[3 * i + 1];
      if (ia < 0 || ib < 0) {
        int32_t bad = ia < 0 ? 3 * i : 3 * i + 1;
        snprintf(err, TK_ERRLEN, "model.merges[%d]: token \"%.*s\" is not in the vocabulary", r,
                 (int)(klen[bad] > 40 ? 40 : klen[bad]), key[bad]);
        free(buf), tj_items_free(w);
        return -1;
      }
      if (id[3 * i + 2] < 0) {
        int32_t need2 = klen[3 * i + 2];
        snprintf(err, TK_ERRLEN, "model.merges[%d]: merged token \"%.*s\" is not in the vocabulary", r,
                 (int)(need2 > 40 ? 40 : need2), key[3 * i]);
        free(buf), tj_items_free(w);
        return -1;
      }
      slot[i] = mhash(mkey(ia, ib)) & m->mmask;
      __builtin_prefetch(&m->merges[slot[i]], 1);
    }
    for (int32_t i = 0; i < n; i++) {
      uint64_t k = mkey(id[3 * i], id[3 * i + 1]);
      uint32_t jx = slot[i];
      while (m->merges[jx].key && m->merges[jx].key != k) jx = (jx + 1) & m->mmask;
      if (!m->merges[jx].key) m->merges[jx] = (Merge){k, r0 + i, id[3 * i + 2]}; /* the first rank of a repeated pair wins */
    }
    r0 += n;
  }
  free(buf), tj_items_free(w);
  m->cache = tk_calloc(1, sizeof *m->cache); /* none if this fails: merging works without */
  return 0;
}

static int load_wordpiece(TkModel *m, const TjNode *j, char *err) {
  if (load_vocab_map(m, tj_get(j, "vocab"), err) < 0) return -1;
  const char *unk = opt_str(j, "unk_token");
  m->unk_token = dupstr(unk ? unk : "[UNK]");
  m->unk_id = sm_get(&m->vocab, m->unk_token, (int32_t)strlen(m->unk_token));
  if (m->unk_id < 0) return snprintf(err, TK_ERRLEN, "model.unk_token \"%.40s\" is not in the vocabulary", m->unk_token), -1;
  const char *p = opt_str(j, "continuing_subword_prefix");
  m->cont_prefix = dupstr(p ? p : "##");
  TjNode *mc = tj_get(j, "max_input_chars_per_word");
  m->max_chars = mc && mc->type == TJ_NUM ? (int32_t)mc->num : 100;
  return 0;
}

static int load_wordlevel(TkModel *m, const TjNode *j, char *err) {
  if (load_wordpiece(m, j, err) < 0) return -1;
  return 0;
}

static int load_unigram(TkModel *m, const TjNode *j, char *err) {
  TjNode *vocab = tj_get(j, "vocab");
  if (!vocab || vocab->type != TJ_ARR) return snprintf(err, TK_ERRLEN, "model.vocab: expected a list of [piece, score]"), -1;
  m->scores = tk_malloc(sizeof(double) * (size_t)(vocab->len + 1));
  if (!m->scores) return snprintf(err, TK_ERRLEN, "out of memory"), -1;
  m->min_score = 0;
  if (sm_reserve(&m->vocab, vocab->len, 16 * (int64_t)vocab->len) < 0) return snprintf(err, TK_ERRLEN, "out of memory"), -1;
  TjItems *w = tj_items(vocab, err);
  if (!w) return -1;
  TjNode **items;
  const char **unused;
  int32_t n, rc = 0;
  for (int32_t i0 = 0; !rc && (n = tj_items_next(w, VOCAB_WINDOW, &items, &unused, err)) > 0; i0 += n)
    for (int32_t q = 0; q < n; q++) {
      int32_t i = i0 + q;
      TjNode *e = items[q], *ahead = q + PREFETCH_AHEAD < n ? items[q + PREFETCH_AHEAD] : NULL;
      if (ahead && ahead->type == TJ_ARR && ahead->len == 2 && ahead->items[0]->type == TJ_STR)
        sm_prefetch(&m->vocab, ahead->items[0]->str, ahead->items[0]->len);
      if (e->type != TJ_ARR || e->len != 2 || e->items[0]->type != TJ_STR || e->items[1]->type != TJ_NUM) {
        rc = -1, snprintf(err, TK_ERRLEN, "model.vocab[%d]: expected [piece, score]", i);
        break;
      }
      if (sm_put(&m->vocab, e->items[0]->str, e->items[0]->len, i) < 0) { rc = -1, snprintf(err, TK_ERRLEN, "out of memory"); break; }
      m->scores[i] = e->items[1]->num;
      if (e->items[1]->num < m->min_score) m->min_score = e->items[1]->num;
      if (e->items[0]->len > m->max_piece) m->max_piece = e->items[0]->len;
    }
  tj_items_free(w);
  if (rc < 0 || n < 0) return -1;
  m->nid = vocab->len;
  if (finish_vocab(m, err) < 0) return -1;
  int64_t nbytes = 0;
  for (int32_t i = 0; i < m->vocab.n; i++) nbytes += m->vocab.ents[i].len;
  uint32_t nbits = 1024;
  while (nbits < (uint64_t)nbytes * 8 && nbits < (1u << 30)) nbits *= 2;
  m->prefix_bits = tk_calloc(nbits / 64, sizeof(uint64_t));
  if (!m->prefix_bits) return snprintf(err, TK_ERRLEN, "out of memory"), -1;
  m->prefix_mask = nbits - 1;
  for (int32_t i = 0; i < m->vocab.n; i++) {
    int32_t l;
    const char *k = sm_key(&m->vocab, i, &l);
    uint32_t h = 2166136261u;
    for (int32_t x = 0; x < l; x++) {
      h = (h ^ (uint8_t)k[x]) * 16777619u; /* tk_hash, a byte at a time */
      if (x + 1 == l || ((uint8_t)k[x + 1] & 0xC0) != 0x80) m->prefix_bits[(h & m->prefix_mask) >> 6] |= 1ull << (h & 63);
    }
  }
  TjNode *u = tj_get(j, "unk_id");
  m->unk_id = u && u->type == TJ_NUM ? (int32_t)u->num : -1;
  if (m->unk_id >= m->nid) return snprintf(err, TK_ERRLEN, "model.unk_id %d out of range", m->unk_id), -1;
  m->byte_fallback = opt_bool(j, "byte_fallback", 0);
  for (int b = 0; b < 256; b++) {
    char name[8];
    snprintf(name, sizeof name, "<0x%02X>", b);
    m->byte_id[b] = sm_get(&m->vocab, name, 6);
  }
  return 0;
}

TkModel *tm_load(const TjNode *j, char *err) {
  if (!j || j->type != TJ_OBJ) return snprintf(err, TK_ERRLEN, "\"model\": expected an object"), NULL;
  TkModel *m = tk_calloc(1, sizeof *m);
  if (!m) return snprintf(err, TK_ERRLEN, "out of memory"), NULL;
  m->unk_id = -1;
  const char *type = opt_str(j, "type");
  int rc;
  if (!type) type = tj_get(j, "merges") ? "BPE" : "";
  if (!strcmp(type, "BPE")) m->kind = TM_BPE, rc = load_bpe(m, j, err);
  else if (!strcmp(type, "WordPiece")) m->kind = TM_WORDPIECE, rc = load_wordpiece(m, j, err);
  else if (!strcmp(type, "Unigram")) m->kind = TM_UNIGRAM, rc = load_unigram(m, j, err);
  else if (!strcmp(type, "WordLevel")) m->kind = TM_WORDLEVEL, rc = load_wordlevel(m, j, err);
  else rc = -1, snprintf(err, TK_ERRLEN, "model.type \"%.40s\" is not supported", type);
  if (rc < 0) { tm_free(m); return NULL; }
  return m;
}

void tm_free(TkModel *m) {
  if (!m) return;
  free(m->id_str), free(m->id_len), free(m->cache);
  if (m->map) { /* the tables and strings lie in the image */
    kr_plat_unmap(m->map, m->maplen);
    free(m);
    return;
  }
  sm_free(&m->vocab);
  free(m->unk_token), free(m->merges);
  free(m->cont_prefix), free(m->eow_suffix), free(m->scores), free(m->prefix_bits);
  free(m);
}

/* ---- the model as an image ----
 *
 * A TmImage header, then its sections at the offsets it gives, each 8-byte
 * aligned: the vocabulary's slots, entries and key pool, the merge table,
 * Unigram's scores and prefix bits, and three strings (NUL-terminated; an
 * absent one has length -1). A model opened from an image points into it
 * (a private mapping, so nothing is written back), and rebuilds only the
 * id -> token arrays and BPE's word cache. */
enum { IM_SLOTS, IM_ENTS, IM_POOL, IM_MERGES, IM_SCORES, IM_PREFIX, IM_UNK, IM_PREFIXSTR, IM_SUFFIX, IM_NSEC };

typedef struct TmImage {
  int32_t kind, nid, unk_id, byte_fallback, fuse_unk, ignore_merges, max_chars, max_piece, meta_split, glue_other;
  int32_t vocab_n;
  uint32_t vocab_mask, mmask, prefix_mask;
  double min_score;
  int32_t byte_id[256];
  uint8_t glue[128];
  int64_t off[IM_NSEC], len[IM_NSEC];
} TmImage;

static void image_sections(const TkModel *m, const void *sec[IM_NSEC], int64_t len[IM_NSEC]) {
  sec[IM_SLOTS] = m->vocab.slots, len[IM_SLOTS] = m->vocab.n ? (int64_t)(m->vocab.mask + 1) * 4 : 0;
  sec[IM_ENTS] = m->vocab.ents, len[IM_ENTS] = (int64_t)m->vocab.n * (int64_t)sizeof m->vocab.ents[0];
  sec[IM_POOL] = m->vocab.pool, len[IM_POOL] = m->vocab.pool_len;
  sec[IM_MERGES] = m->merges, len[IM_MERGES] = m->merges ? (int64_t)(m->mmask + 1) * (int64_t)sizeof(Merge) : 0;
  sec[IM_SCORES] = m->scores, len[IM_SCORES] = m->scores ? (int64_t)m->nid * 8 : 0;
  sec[IM_PREFIX] = m->prefix_bits, len[IM_PREFIX] = m->prefix_bits ? (int64_t)(m->prefix_mask + 1) / 8 : 0;
  const char *str[3] = {m->unk_token, m->cont_prefix, m->eow_suffix};
  for (int i = 0; i < 3; i++) sec[IM_UNK + i] = str[i], len[IM_UNK + i] = str[i] ? (int64_t)strlen(str[i]) + 1 : -1;
}

static int64_t align8(int64_t n) { return (n + 7) & ~(int64_t)7; }

size_t tm_image_size(const TkModel *m) {
  const void *sec[IM_NSEC];
  int64_t len[IM_NSEC], n = align8(sizeof(TmImage));
  image_sections(m, sec, len);
  for (int i = 0; i < IM_NSEC; i++) n += len[i] > 0 ? align8(len[i]) : 0;
  return (size_t)n;
}

void tm_image_write(const TkModel *m, char *out) {
  const void *sec[IM_NSEC];
  TmImage h;
  memset(&h, 0, sizeof h);
  h.kind = (int32_t)m->kind, h.nid = m->nid, h.unk_id = m->unk_id, h.byte_fallback = m->byte_fallback;
  h.fuse_unk = m->fuse_unk, h.ignore_merges = m->ignore_merges, h.max_chars = m->max_chars, h.max_piece = m->max_piece;
  h.meta_split = m->meta_split, h.glue_other = m->glue_other, h.vocab_n = m->vocab.n, h.vocab_mask = m->vocab.mask;
  h.mmask = m->mmask, h.prefix_mask = m->prefix_mask, h.min_score = m->min_score;
  memcpy(h.byte_id, m->byte_id, sizeof h.byte_id), memcpy(h.glue, m->glue, sizeof h.glue);
  image_sections(m, sec, h.len);
  int64_t at = align8(sizeof h);
  memset(out, 0, tm_image_size(m));
  for (int i = 0; i < IM_NSEC; i++) {
    h.off[i] = at;
    if (h.len[i] > 0) memcpy(out + at, sec[i], (size_t)h.len[i]), at += align8(h.len[i]);
  }
  memcpy(out, &h, sizeof h);
}

TkModel *tm_image_open(char *img, size_t n, void *base, size_t maplen, char *err) {
  TmImage h;
  if (n < sizeof h) return snprintf(err, TK_ERRLEN, "model image: truncated"), NULL;
  memcpy(&h, img, sizeof h);
  /* each section inside the image, of the size its counts say (the bytes
   * themselves were checked by the caller's checksum) */
  int ok = h.kind >= TM_BPE && h.kind <= TM_WORDLEVEL && h.nid >= 0 && h.nid <= TK_MAX_ID && h.vocab_n >= 0 &&
           h.unk_id >= -1 && h.unk_id < (h.nid > 0 ? h.nid : 1);
  int64_t want[IM_NSEC] = {
    h.vocab_n ? (int64_t)h.vocab_mask + 1 : 0, (int64_t)h.vocab_n * (int64_t)sizeof(((StrMap *)0)->ents[0]), -2, h.len[IM_MERGES] ? ((int64_t)h.mmask + 1) * 16 : 0,
    h.len[IM_SCORES] ? (int64_t)h.nid * 8 : 0, h.len[IM_PREFIX] ? ((int64_t)h.prefix_mask + 1) / 8 : 0, -2, -2, -2};
  want[IM_SLOTS] *= 4;
  for (int i = 0; ok && i < IM_NSEC; i++) {
    ok = h.off[i] >= (int64_t)sizeof h && h.off[i] % 8 == 0 && h.off[i] <= (int64_t)n && h.len[i] >= -1 &&
         h.len[i] <= (int64_t)n - h.off[i] && (want[i] == -2 || h.len[i] == want[i]);
    if (ok && i >= IM_UNK && h.len[i] >= 0) ok = h.len[i] > 0 && img[h.off[i] + h.len[i] - 1] == 0;
  }
  if (ok && h.vocab_n && ((h.vocab_mask + 1) & h.vocab_mask)) ok = 0;
  if (ok && h.len[IM_MERGES] && ((h.mmask + 1) & h.mmask)) ok = 0;
  if (ok && h.len[IM_PREFIX] && (h.prefix_mask < 63 || ((h.prefix_mask + 1) & h.prefix_mask))) ok = 0;
  if (!ok) return snprintf(err, TK_ERRLEN, "model image: inconsistent header"), NULL;
  TkModel *m = tk_calloc(1, sizeof *m);
  if (!m) return snprintf(err, TK_ERRLEN, "out of memory"), NULL;
  m->kind = (TkModelKind)h.kind, m->nid = h.nid, m->unk_id = h.unk_id, m->byte_fallback = h.byte_fallback;
  m->fuse_unk = h.fuse_unk, m->ignore_merges = h.ignore_merges, m->max_chars = h.max_chars, m->max_piece = h.max_piece;
  m->meta_split = h.meta_split, m->glue_other = h.glue_other, m->min_score = h.min_score;
  memcpy(m->byte_id, h.byte_id, sizeof h.byte_id), memcpy(m->glue, h.glue, sizeof h.glue);
  char *sec[IM_NSEC];
  for (int i = 0; i < IM_NSEC; i++) sec[i] = h.len[i] > 0 ? img + h.off[i] : NULL;
  m->vocab.slots = (uint32_t *)sec[IM_SLOTS], m->vocab.mask = h.vocab_n ? h.vocab_mask : 0;
  m->vocab.ents = (void *)sec[IM_ENTS], m->vocab.n = m->vocab.cap = h.vocab_n;
  m->vocab.pool = sec[IM_POOL], m->vocab.pool_len = m->vocab.pool_cap = h.len[IM_POOL] > 0 ? h.len[IM_POOL] : 0;
  m->merges = (Merge *)sec[IM_MERGES], m->mmask = h.mmask;
  m->scores = (double *)sec[IM_SCORES];
  m->prefix_bits = (uint64_t *)sec[IM_PREFIX], m->prefix_mask = h.prefix_mask;
  m->unk_token = sec[IM_UNK], m->cont_prefix = sec[IM_PREFIXSTR], m->eow_suffix = sec[IM_SUFFIX];
  m->map = base, m->maplen = maplen;
  if (finish_vocab(m, err) < 0) { free(m->id_str), free(m->id_len), free(m); return NULL; } /* the caller unmaps */
  if (m->kind == TM_BPE) m->cache = tk_calloc(1, sizeof *m->cache);
  return m;
}

TkModelKind tm_kind(const TkModel *m) { return m->kind; }
int32_t tm_token_to_id(const TkModel *m, const char *s, int32_t len) { return sm_get(&m->vocab, s, len); }
const char *tm_id_to_token(const TkModel *m, int32_t id, int32_t *len) {
  if (id < 0 || id >= m->nid || !m->id_str[id]) return NULL;
  *len = m->id_len[id];
  return m->id_str[id];
}
int32_t tm_vocab_size(const TkModel *m) { return m->vocab.n; }
int32_t tm_nid(const TkModel *m) { return m->nid; }
const char *tm_unk_token(const TkModel *m) { return m->unk_token; }
const char *tm_subword_prefix(const TkModel *m) { return m->kind == TM_WORDPIECE ? m->cont_prefix : NULL; }

/* ---- BPE ---- */

typedef struct { int32_t id, start, end, prev, next; } Sym;
typedef struct { int32_t rank, left, right, lid, rid, nid; } Cand;

static int cand_less(const Cand *a, const Cand *b) {
  return a->rank != b->rank ? a->rank < b->rank : a->left < b->left;
}

/* v starts as a caller's buffer (owned 0) and moves to malloc'd memory when it fills. */
typedef struct { Cand *v; int32_t n, cap; int owned; } Heap;

static int heap_push(Heap *h, Cand c) {
  if (h->n == h->cap) {
    int32_t nc = h->cap ? h->cap * 2 : 64;
    Cand *nv = h->owned ? tk_realloc(h->v, sizeof(Cand) * (size_t)nc) : tk_malloc(sizeof(Cand) * (size_t)nc);
    if (!nv) return -1;
    if (!h->owned) memcpy(nv, h->v, sizeof(Cand) * (size_t)h->n);
    h->v = nv, h->cap = nc, h->owned = 1;
  }
  int32_t i = h->n++;
  while (i > 0) {
    int32_t p = (i - 1) / 2;
    if (!cand_less(&c, &h->v[p])) break;
    h->v[i] = h->v[p], i = p;
  }
  h->v[i] = c;
  return 0;
}

static Cand heap_pop(Heap *h) {
  Cand top = h->v[0], last = h->v[--h->n];
  int32_t i = 0;
  for (;;) {
    int32_t c = 2 * i + 1;
    if (c >= h->n) break;
    if (c + 1 < h->n && cand_less(&h->v[c + 1], &h->v[c])) c++;
    if (!cand_less(&h->v[c], &last)) break;
    h->v[i] = h->v[c], i = c;
  }
  if (h->n) h->v[i] = last;
  return top;
}

static int push_pair(const TkModel *m, Heap *h, const Sym *s, int32_t l) {
  int32_t r = s[l].next;
  if (l < 0 || r < 0) return 0;
  const Merge *mg = merge_get(m, s[l].id, s[r].id);
  if (!mg) return 0;
  return heap_push(h, (Cand){mg->rank, l, r, s[l].id, s[r].id, mg->id});
}

/* word (a piece) -> symbols: one per character, or its bytes' <0xHH> tokens, or unk */
static int bpe_word(const TkModel *m, const char *s, int32_t len, TkToks *out) {
  if (m->ignore_merges) {
    int32_t id = sm_get(&m->vocab, s, len);
    if (id >= 0) return tk_toks_push(out, id, 0, len);
  }
  /* a word's symbols and candidate pairs live on the stack unless it is long */
  Sym sbuf[64], *sym = len <= 64 ? sbuf : tk_malloc(sizeof(Sym) * (size_t)len);
  Cand hbuf[128];
  if (!sym) return -1;
  int32_t ns = 0;
  int32_t plen = m->cont_prefix ? (int32_t)strlen(m->cont_prefix) : 0;
  int32_t slen = m->eow_suffix ? (int32_t)strlen(m->eow_suffix) : 0;
  char tmp[64];
  for (int32_t i = 0; i < len;) {
    int32_t cl = utf8_len((uint8_t)s[i]);
    if (i + cl > len) cl = len - i;
    int32_t id;
    if (plen || slen) {
      int32_t k = 0;
      if (i > 0 && plen) memcpy(tmp, m->cont_prefix, (size_t)(plen < 32 ? plen : 32)), k = plen < 32 ? plen : 32;
      memcpy(tmp + k, s + i, (size_t)cl), k += cl;
      if (i + cl == len && slen && k + slen < 64) memcpy(tmp + k, m->eow_suffix, (size_t)slen), k += slen;
      id = sm_get(&m->vocab, tmp, k);
    } else {
      id = sm_get(&m->vocab, s + i, cl);
    }
    if (id >= 0) {
      sym[ns++] = (Sym){id, i, i + cl, 0, 0};
    } else if (m->byte_fallback && m->byte_id[(uint8_t)s[i]] >= 0) {
      int ok = 1;
      for (int32_t b = 0; b < cl; b++) ok &= m->byte_id[(uint8_t)s[i + b]] >= 0;
      if (ok) {
        for (int32_t b = 0; b < cl; b++) sym[ns++] = (Sym){m->byte_id[(uint8_t)s[i + b]], i, i + cl, 0, 0};
      } else goto unk;
    } else {
    unk:
      if (m->unk_id >= 0) {
        if (m->fuse_unk && ns > 0 && sym[ns - 1].id == m->unk_id) sym[ns - 1].end = i + cl;
        else sym[ns++] = (Sym){m->unk_id, i, i + cl, 0, 0};
      }
    }
    i += cl;
  }
  for (int32_t i = 0; i < ns; i++) sym[i].prev = i - 1, sym[i].next = i + 1 < ns ? i + 1 : -1;
  Heap h = {hbuf, 0, (int32_t)(sizeof hbuf / sizeof *hbuf), 0};
  for (int32_t i = 0; i + 1 < ns; i++)
    if (push_pair(m, &h, sym, i) < 0) goto oom;
  while (h.n) {
    Cand c = heap_pop(&h);
    Sym *l = &sym[c.left];
    if (l->id != c.lid || l->next != c.right || sym[c.right].id != c.rid) continue; /* stale */
    Sym *r = &sym[c.right];
    l->id = c.nid, l->end = r->end, l->next = r->next;
    if (r->next >= 0) sym[r->next].prev = c.left;
    r->id = -1;
    if (l->prev >= 0 && push_pair(m, &h, sym, l->prev) < 0) goto oom;
    if (push_pair(m, &h, sym, c.left) < 0) goto oom;
  }
  if (h.owned) free(h.v);
  int rc = 0;
  for (int32_t i = ns ? 0 : -1; i >= 0 && rc == 0; i = sym[i].next) rc = tk_toks_push(out, sym[i].id, sym[i].start, sym[i].end);
  if (sym != sbuf) free(sym);
  return rc;
oom:
  if (h.owned) free(h.v);
  if (sym != sbuf) free(sym);
  return -1;
}

/* bpe_word through the word cache (words of up to CACHE_KEY bytes). */
static int bpe_word_cached(const TkModel *m, const char *s, int32_t len, TkToks *out) {
  if (!m->cache || len > CACHE_KEY) return bpe_word(m, s, len, out);
  uint32_t h = tk_hash(s, len);
  if (m->ignore_merges) { /* a word in the vocabulary is its own token */
    int32_t id = sm_get_h(&m->vocab, s, len, h);
    if (id >= 0) return tk_toks_push(out, id, 0, len);
  }
  int hit = cache_get(m, s, len, h, out);
  if (hit) return hit < 0 ? -1 : 0;
  int32_t n0 = out->n;
  if (bpe_word(m, s, len, out) < 0) return -1;
  if (out->n - n0 >= 1 && out->n - n0 <= CACHE_TOKS) cache_put(m, s, len, h, out->v + n0, out->n - n0);
  return 0;
}

/* ---- WordPiece ---- */

static int wordpiece_word(const TkModel *m, const char *s, int32_t len, TkToks *out) {
  if (len <= m->max_chars) { /* the commonest case: a whole word of the vocabulary (bytes >= characters) */
    int32_t id = sm_get(&m->vocab, s, len);
    if (id >= 0) return tk_toks_push(out, id, 0, len);
  }
  int32_t nchars = 0;
  for (int32_t i = 0; i < len; i++) nchars += ((uint8_t)s[i] & 0xC0) != 0x80;
  if (nchars > m->max_chars) return tk_toks_push(out, m->unk_id, 0, len);
  int32_t plen = (int32_t)strlen(m->cont_prefix), first = out->n;
  char stackbuf[256], *buf = len + plen <= (int32_t)sizeof stackbuf ? stackbuf : tk_malloc((size_t)(len + plen));
  if (!buf) return -1;
  memcpy(buf, m->cont_prefix, (size_t)plen);
  int32_t start = 0;
  while (start < len) {
    int32_t end = len, found = -1;
    while (end > start) {
      int32_t id;
      if (start > 0) memcpy(buf + plen, s + start, (size_t)(end - start)), id = sm_get(&m->vocab, buf, plen + end - start);
      else id = sm_get(&m->vocab, s, end);
      if (id >= 0) { found = id; break; }
      end--;
      while (end > start && ((uint8_t)s[end] & 0xC0) == 0x80) end--;
    }
    if (found < 0) {
      out->n = first;
      if (buf != stackbuf) free(buf);
      return tk_toks_push(out, m->unk_id, 0, len);
    }
    if (tk_toks_push(out, found, start, end) < 0) { if (buf != stackbuf) free(buf); return -1; }
    start = end;
  }
  if (buf != stackbuf) free(buf);
  return 0;
}

static int wordlevel_word(const TkModel *m, const char *s, int32_t len, TkToks *out) {
  int32_t id = sm_get(&m->vocab, s, len);
  return tk_toks_push(out, id >= 0 ? id : m->unk_id, 0, len);
}

/* ---- Unigram: Viterbi ---- */

static int unigram_word(const TkModel *m, const char *s, int32_t len, TkToks *out) {
  /* best[i]: best score of s[0..i); from[i]: start of its last piece; fid: its id
   * (on the stack for a word of up to 127 bytes) */
  enum { SMALL = 128 };
  double sbest[SMALL];
  int32_t sfrom[SMALL], sfid[SMALL], sst[SMALL];
  int small = len < SMALL;
  double *best = small ? sbest : tk_malloc(sizeof(double) * (size_t)(len + 1));
  int32_t *from = small ? sfrom : tk_malloc(sizeof(int32_t) * (size_t)(len + 1));
  int32_t *fid = small ? sfid : tk_malloc(sizeof(int32_t) * (size_t)(len + 1));
  if (!best || !from || !fid) {
    if (!small) free(best), free(from), free(fid);
    return -1;
  }
  double unk_score = m->min_score - 10.0;
  best[0] = 0;
  for (int32_t i = 1; i <= len; i++) best[i] = -1e300, from[i] = -1, fid[i] = -1;
  for (int32_t i = 0; i < len;) {
    int32_t cl = utf8_len((uint8_t)s[i]);
    if (i + cl > len) cl = len - i;
    if (best[i] > -1e299) {
      int has_single = 0;
      uint32_t h = 2166136261u; /* tk_hash of s[i..e), one byte at a time */
      for (int32_t e = i + 1; e <= len && e - i <= m->max_piece; e++) {
        h = (h ^ (uint8_t)s[e - 1]) * 16777619u;
        if (e < len && ((uint8_t)s[e] & 0xC0) == 0x80) continue;
        if (!(m->prefix_bits[(h & m->prefix_mask) >> 6] >> (h & 63) & 1)) break; /* no piece starts so */
        int32_t id = sm_get_h(&m->vocab, s + i, e - i, h);
        if (id < 0) continue;
        if (e == i + cl) has_single = 1;
        double sc = best[i] + m->scores[id];
        if (sc > best[e]) best[e] = sc, from[e] = i, fid[e] = id;
      }
      if (!has_single) {
        double sc = best[i] + unk_score;
        if (sc > best[i + cl]) best[i + cl] = sc, from[i + cl] = i, fid[i + cl] = -1;
      }
    }
    i += cl;
  }
  /* walk back */
  int32_t n = 0;
  for (int32_t e = len; e > 0; e = from[e]) n++;
  int32_t *st = small ? sst : tk_malloc(sizeof(int32_t) * (size_t)(n ? n : 1)), k = n;
  if (!st) { free(best), free(from), free(fid); return -1; }
  for (int32_t e = len; e > 0; e = from[e]) st[--k] = e;
  /* consecutive unknown characters fuse into one piece; it takes its id if
   * the vocabulary has it, else its bytes' <0xHH> tokens (byte_fallback,
   * each with the whole piece's range), else unk */
  int rc = 0;
  for (int32_t q = 0; q < n && rc == 0; q++) {
    int32_t e = st[q], b = from[e], id = fid[e];
    if (id >= 0) { rc = tk_toks_push(out, id, b, e); continue; }
    while (q + 1 < n && fid[st[q + 1]] < 0) e = st[++q];
    id = sm_get(&m->vocab, s + b, e - b);
    if (id >= 0) { rc = tk_toks_push(out, id, b, e); continue; }
    int bytes_ok = m->byte_fallback;
    for (int32_t x = b; x < e && bytes_ok; x++) bytes_ok = m->byte_id[(uint8_t)s[x]] >= 0;
    if (bytes_ok)
      for (int32_t x = b; x < e && rc == 0; x++) rc = tk_toks_push(out, m->byte_id[(uint8_t)s[x]], b, e);
    else
      rc = tk_toks_push(out, m->unk_id, b, e);
  }
  if (!small) free(st), free(best), free(from), free(fid);
  return rc;
}

int tm_tokenize(const TkModel *m, const char *s, int32_t len, TkToks *out) {
  if (len <= 0) return 0;
  switch (m->kind) {
  case TM_BPE: {
    if (!m->meta_split) return bpe_word_cached(m, s, len, out);
    int32_t start = 0;
    for (int32_t i = 1; i + 3 <= len; i++) {
      if (memcmp(s + i, "\xe2\x96\x81", 3)) continue;
      int32_t b = i - 1;
      while (b > start && ((uint8_t)s[b] & 0xC0) == 0x80) b--;
      if (b + 3 == i && !memcmp(s + b, "\xe2\x96\x81", 3)) continue;
      uint8_t c = (uint8_t)s[b];
      if (c < 0x80 ? m->glue[c] : m->glue_other) continue;
      if (sm_get(&m->vocab, s + b, i - b) < 0) continue; /* byte fallback or unk before: never cut */
      int32_t n0 = out->n;
      if (bpe_word_cached(m, s + start, i - start, out) < 0) return -1;
      for (int32_t k = n0; k < out->n; k++) out->v[k].start += start, out->v[k].end += start;
      start = i;
    }
    int32_t n0 = out->n;
    if (bpe_word_cached(m, s + start, len - start, out) < 0) return -1;
    for (int32_t k = n0; k < out->n; k++) out->v[k].start += start, out->v[k].end += start;
    return 0;
  }
  case TM_WORDPIECE: return wordpiece_word(m, s, len, out);
  case TM_WORDLEVEL: return wordlevel_word(m, s, len, out);
  case TM_UNIGRAM: return unigram_word(m, s, len, out);
  }
  return 0;
}
