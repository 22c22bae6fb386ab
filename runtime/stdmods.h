/* stdmods.h — modules of the standard library that kiln provides besides
 * math (heapq.c, and the collections and itertools files): what the op
 * library's "heapq.*", "bisect.*" ... rows (compiler/ops.def) call. Part of
 * the public header: kilnrt.h includes it. Items travel as KrVal of the
 * list's kind, as for the list methods. */
#ifndef KILNRT_STDMODS_H
#define KILNRT_STDMODS_H

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

#endif
