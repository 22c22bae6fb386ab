/* collsmods.h — modules of the standard library that kiln provides besides
 * math (heapq.c, and the collections and itertools files): what the op
 * library's "heapq.*", "bisect.*" ... rows (compiler/ops.def) call. Part of
 * the public header: kilnrt.h includes it. Items travel as KrVal of the
 * list's kind, as for the list methods. */
#ifndef KILNRT_COLLSMODS_H
#define KILNRT_COLLSMODS_H

/* ---- heapq (heapq.c): CPython's _heapq.c; IndexError("index out of range") */
void kr_heapq_heappush(KrObj *heap, KrVal item);
KrVal kr_heapq_heappop(KrObj *heap);                  /* a new reference */
KrVal kr_heapq_heapreplace(KrObj *heap, KrVal item);  /* pop, then push */
KrVal kr_heapq_heappushpop(KrObj *heap, KrVal item);  /* push, then pop */
void kr_heapq_heapify(KrObj *heap);

/* ---- bisect (heapq.c): CPython's _bisect.c. hi == -1 is len(a). */
int64_t kr_bisect(KrObj *a, KrVal x, ValKind xk, int64_t lo, int64_t hi, bool right);
void kr_insort(KrObj *a, KrVal x, int64_t lo, int64_t hi, bool right); /* x of a's kind */
/* The rows' argument layouts: 2 (a, x), 3 (a, x, lo), 4 (a, x, lo, hi),
 * H (a, x, hi=), HL (a, x, hi=, lo=), O (a, x boxed: an int into a list of floats). */
#define KR_BISECT_L2(a, x) kr_bisect((a), (x), KR_LIST(a)->kind, 0, -1, false)
#define KR_BISECT_L3(a, x, lo) kr_bisect((a), (x), KR_LIST(a)->kind, (lo), -1, false)
#define KR_BISECT_L4(a, x, lo, hi) kr_bisect((a), (x), KR_LIST(a)->kind, (lo), (hi), false)
#define KR_BISECT_LH(a, x, hi) kr_bisect((a), (x), KR_LIST(a)->kind, 0, (hi), false)
#define KR_BISECT_LHL(a, x, hi, lo) kr_bisect((a), (x), KR_LIST(a)->kind, (lo), (hi), false)
#define KR_BISECT_LO(a, x) kr_bisect((a), (KrVal){.o = (x)}, KR_OBJ, 0, -1, false)
#define KR_INSORT_L2(a, x) kr_insort((a), (x), 0, -1, false)
#define KR_INSORT_L3(a, x, lo) kr_insort((a), (x), (lo), -1, false)
#define KR_INSORT_L4(a, x, lo, hi) kr_insort((a), (x), (lo), (hi), false)
#define KR_INSORT_LH(a, x, hi) kr_insort((a), (x), 0, (hi), false)
#define KR_INSORT_LHL(a, x, hi, lo) kr_insort((a), (x), (lo), (hi), false)
#define KR_BISECT_R2(a, x) kr_bisect((a), (x), KR_LIST(a)->kind, 0, -1, true)
#define KR_BISECT_R3(a, x, lo) kr_bisect((a), (x), KR_LIST(a)->kind, (lo), -1, true)
#define KR_BISECT_R4(a, x, lo, hi) kr_bisect((a), (x), KR_LIST(a)->kind, (lo), (hi), true)
#define KR_BISECT_RH(a, x, hi) kr_bisect((a), (x), KR_LIST(a)->kind, 0, (hi), true)
#define KR_BISECT_RHL(a, x, hi, lo) kr_bisect((a), (x), KR_LIST(a)->kind, (lo), (hi), true)
#define KR_BISECT_RO(a, x) kr_bisect((a), (KrVal){.o = (x)}, KR_OBJ, 0, -1, true)
#define KR_INSORT_R2(a, x) kr_insort((a), (x), 0, -1, true)
#define KR_INSORT_R3(a, x, lo) kr_insort((a), (x), (lo), -1, true)
#define KR_INSORT_R4(a, x, lo, hi) kr_insort((a), (x), (lo), (hi), true)
#define KR_INSORT_RH(a, x, hi) kr_insort((a), (x), 0, (hi), true)
#define KR_INSORT_RHL(a, x, hi, lo) kr_insort((a), (x), (lo), (hi), true)

/* ---- collections (collections.c): the dicts with a flavour (KR_DF_*) */
KrObj *kr_dict_new_flavored(ValKind kk, ValKind vk, int flavor, ValKind f1, ValKind f2); /* f1, f2: a factory's item kinds */
KrVal kr_dict_getitem_missing(KrObj *d, KrVal k, ValKind kk); /* d[k]: __missing__ for a missing key */
#define KR_DICT_GETITEM_MISSING(d, k) kr_dict_getitem_missing((d), (k), KR_DICT(d)->kkind)
KrObj *kr_collections_repr(KrObj *d);                 /* defaultdict(<class 'list'>, {...}), Counter(...), OrderedDict(...) */
KrObj *kr_counter_from(KrObj *iterable, ValKind kk);  /* Counter(x) */
int kr_counter_update(KrObj *c, KrObj *iterable);     /* c.update(x): a dict's counts, or x's items counted */
KrObj *kr_counter_most_common(KrObj *c, int64_t n);   /* a list of (key, count) tuples */
KrObj *kr_counter_most_common_all(KrObj *c);
KrObj *kr_counter_elements(KrObj *c);                 /* an iterator */
int64_t kr_counter_total(KrObj *c);
KrObj *kr_counter_add(KrObj *a, KrObj *b);            /* a + b: positive counts */
KrObj *kr_counter_sub(KrObj *a, KrObj *b);            /* a - b: positive counts */
int kr_odict_move_to_end(KrObj *d, KrVal k, ValKind kk, bool last); /* KeyError(k) */
KrObj *kr_odict_popitem(KrObj *d, bool last);         /* KeyError: 'dictionary is empty' */
#define KR_ODICT_POPITEM(d) kr_odict_popitem((d), true)
KrObj *kr_odict_of(KrObj *src, ValKind kk, ValKind vk); /* OrderedDict(d), OrderedDict(pairs) */
KrObj *kr_dict_copy_plain(KrObj *d);                  /* dict(d): a dict, whatever d's flavour */
#define KR_ODICT_MOVE_TO_END(d, k) kr_odict_move_to_end((d), (k), KR_DICT(d)->kkind, true)
#define KR_ODICT_MOVE_TO_END2(d, k, last) kr_odict_move_to_end((d), (k), KR_DICT(d)->kkind, (last))

/* ---- collections.deque: a ring buffer of KrVal slots of one kind.
 * state counts mutations, so that an iteration can raise CPython's
 * RuntimeError("deque mutated during iteration"). maxlen -1: unbounded. */
typedef struct KrDeque {
  KrObj h;
  int64_t len, cap, head, maxlen, state;
  ValKind kind;
  KrVal *items;
} KrDeque;
extern const KrType kr_deque_type;
#define KR_DEQUE(o) ((KrDeque *)(o))
KrObj *kr_deque_new0(ValKind kind);                          /* deque() */
KrObj *kr_deque_new_max(int64_t maxlen, ValKind kind);       /* deque(maxlen=n); ValueError */
KrObj *kr_deque_from(KrObj *iterable, ValKind kind);         /* deque(x) */
KrObj *kr_deque_from_max(KrObj *iterable, int64_t maxlen, ValKind kind); /* deque(x, n) */
int kr_deque_append(KrObj *q, KrVal v);
int kr_deque_appendleft(KrObj *q, KrVal v);
KrVal kr_deque_pop(KrObj *q);                                /* IndexError: pop from an empty deque */
KrVal kr_deque_popleft(KrObj *q);
int kr_deque_extend(KrObj *q, KrObj *iterable);
int kr_deque_extendleft(KrObj *q, KrObj *iterable);
void kr_deque_rotate(KrObj *q, int64_t n);
KrVal kr_deque_getitem(KrObj *q, int64_t i);                 /* IndexError: deque index out of range */
int kr_deque_setitem(KrObj *q, int64_t i, KrVal v);
void kr_deque_clear(KrObj *q);
int kr_deque_contains(KrObj *q, KrVal v, ValKind k);
int64_t kr_deque_count(KrObj *q, KrVal v, ValKind k);
KrObj *kr_deque_repr(KrObj *q);                              /* deque([1, 2]), deque([1], maxlen=2) */
#define KR_DEQUE_LEN(q) (KR_DEQUE(q)->len)
#define KR_DEQUE_TRUTH(q) (KR_DEQUE(q)->len != 0)
#define KR_DEQUE_ROTATE1(q) kr_deque_rotate((q), 1)
#define KR_DEQUE_IN(v, q) (kr_deque_contains((q), (v), KR_DEQUE(q)->kind) > 0)
#define KR_DEQUE_NOT_IN(v, q) (kr_deque_contains((q), (v), KR_DEQUE(q)->kind) == 0)
#define KR_DEQUE_COUNT(q, v) kr_deque_count((q), (v), KR_DEQUE(q)->kind)

/* ---- itertools (itertools.c): iterator objects; kind (or kinds, nk of
 * them) is what the static type says each item (each tuple item) is. */
extern const KrType kr_itertools_type;
KrObj *kr_itl_count(int64_t start, int64_t step);
#define KR_ITL_COUNT0() kr_itl_count(0, 1)
#define KR_ITL_COUNT1(start) kr_itl_count((start), 1)
#define KR_ITL_COUNT_STEP(step) kr_itl_count(0, (step))
KrObj *kr_itl_repeat(KrObj *x, int64_t n, ValKind kind);      /* n -1: forever */
KrObj *kr_itl_repeat_n(KrObj *x, int64_t n, ValKind kind);
#define KR_ITL_REPEAT(x, kind) kr_itl_repeat((x), -1, (kind))
KrObj *kr_itl_chain(int64_t n, KrObj *const *iterables, ValKind kind);
#define KR_ITL_CHAIN1(a, k) kr_itl_chain(1, (KrObj *const[]){(a)}, (k))
#define KR_ITL_CHAIN2(a, b, k) kr_itl_chain(2, (KrObj *const[]){(a), (b)}, (k))
#define KR_ITL_CHAIN3(a, b, c, k) kr_itl_chain(3, (KrObj *const[]){(a), (b), (c)}, (k))
#define KR_ITL_CHAIN4(a, b, c, d, k) kr_itl_chain(4, (KrObj *const[]){(a), (b), (c), (d)}, (k))
KrObj *kr_itl_chain_from_iterable(KrObj *iterable, ValKind kind);
KrObj *kr_itl_islice(KrObj *it, int64_t start, int64_t stop, int64_t step, ValKind kind); /* stop -1: None */
KrObj *kr_itl_islice1(KrObj *it, int64_t stop, ValKind k);
KrObj *kr_itl_islice2(KrObj *it, int64_t start, int64_t stop, ValKind k);
KrObj *kr_itl_islice3(KrObj *it, int64_t start, int64_t stop, int64_t step, ValKind k);
/* the None arguments (n) are passed too, and ignored */
#define KR_ITL_ISLICE_NONE(it, n, k) kr_itl_islice((it), 0, -1, 1, (k))
#define KR_ITL_ISLICE_NSTOP(it, n, stop, k) kr_itl_islice1((it), (stop), (k))
#define KR_ITL_ISLICE_FROM(it, start, n, k) kr_itl_islice((it), (start), -1, 1, (k))
#define KR_ITL_ISLICE_FROM_STEP(it, start, n, step, k) kr_itl_islice((it), (start), -1, (step), (k))
KrObj *kr_itl_cycle(KrObj *iterable, ValKind kind);
KrObj *kr_itl_accumulate(KrObj *iterable, ValKind kind);
KrObj *kr_itl_product(int64_t n, KrObj *const *iterables, int64_t rep, const uint8_t *kinds, int64_t nk);
KrObj *kr_itl_product1(KrObj *a, const uint8_t *kinds, int64_t nk);
KrObj *kr_itl_product2(KrObj *a, KrObj *b, const uint8_t *kinds, int64_t nk);
KrObj *kr_itl_product3(KrObj *a, KrObj *b, KrObj *c, const uint8_t *kinds, int64_t nk);
KrObj *kr_itl_product_rep(KrObj *a, int64_t rep, const uint8_t *kinds, int64_t nk);
KrObj *kr_itl_product2_rep(KrObj *a, KrObj *b, int64_t rep, const uint8_t *kinds, int64_t nk);
KrObj *kr_itl_permutations(KrObj *x, ValKind k);
KrObj *kr_itl_permutations_r(KrObj *x, int64_t r, ValKind k);
KrObj *kr_itl_combinations(KrObj *x, int64_t r, ValKind k);
KrObj *kr_itl_cwr(KrObj *x, int64_t r, ValKind k);           /* combinations_with_replacement */
KrObj *kr_itl_pairwise(KrObj *iterable, ValKind kind);
KrObj *kr_itl_zip_longest(int64_t n, KrObj *const *iterables, KrObj *fill, const uint8_t *kinds, int64_t nk);
KrObj *kr_itl_zip_longest2(KrObj *a, KrObj *b, const uint8_t *kinds, int64_t nk);
KrObj *kr_itl_zip_longest3(KrObj *a, KrObj *b, KrObj *c, const uint8_t *kinds, int64_t nk);
KrObj *kr_itl_zip_longest2f(KrObj *a, KrObj *b, KrObj *f, const uint8_t *kinds, int64_t nk);
KrObj *kr_itl_zip_longest3f(KrObj *a, KrObj *b, KrObj *c, KrObj *f, const uint8_t *kinds, int64_t nk);
KrObj *kr_itl_groupby(KrObj *iterable, ValKind kk, ValKind vk);  /* (key, group) tuples */
KrObj *kr_itl_groupby_pairs(KrObj *pairs, bool unused, ValKind kk, ValKind vk); /* over (key, item) pairs */

#endif
