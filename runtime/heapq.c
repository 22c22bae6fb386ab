/* heapq.c — the modules heapq and bisect that kiln provides (import heapq,
 * import bisect): CPython 3.11's _heapq.c and _bisect.c on kiln's lists.
 *
 * The heap functions follow _heapq.c step for step (siftdown moves the new
 * item up towards the root, siftup moves the smaller child up to a leaf and
 * then sifts down, the comparisons made in the same order, only `<`), so
 * the list after each operation is CPython's. Items are compared as Python
 * compares them (kr_val_cmp on the list's kind); a comparison that raises
 * leaves the list as CPython leaves it. A comparison that runs the
 * program's code (__lt__ of a class) may change the list: as in CPython,
 * that is RuntimeError("list changed size during iteration").
 * nlargest/nsmallest are rewritten by desugar.c as sorted(...)[:n], which
 * gives the same list as Lib/heapq.py for every consistent order.
 *
 * bisect follows _bisect.c: hi = -1 means len(a) (a negative lo is a
 * ValueError), mid = (lo + hi) / 2, and an index past the end (a hi
 * larger than the list) raises IndexError as PySequence_GetItem does. */
#include "kilnrt.h"

/* a < b for two items of the heap; -1 with kr_exc set on error or when the
 * comparison changed the heap's size. */
static int heap_lt(KrList *l, int64_t i, int64_t j) {
  int64_t n = l->len;
  KrVal a = l->items[i], b = l->items[j];
  if (l->kind == KR_INT)
    return a.i < b.i;
  if (l->kind == KR_FLOAT)
    return a.f < b.f;
  if (l->kind == KR_BOOL)
    return a.b < b.b;
  kr_incref(a.o);
  kr_incref(b.o);
  int r = kr_val_cmp(a, KR_OBJ, b, KR_OBJ, KR_LT);
  kr_decref(a.o);
  kr_decref(b.o);
  if (r >= 0 && l->len != n) {
    kr_raise(&kr_RuntimeError_type, "list changed size during iteration");
    return -1;
  }
  return r;
}

static void heap_swap(KrList *l, int64_t i, int64_t j) {
  KrVal t = l->items[i];
  l->items[i] = l->items[j];
  l->items[j] = t;
}

/* Follow the path to the root, moving parents down until the item at pos
 * finds its place. */
static int siftdown(KrList *l, int64_t startpos, int64_t pos) {
  while (pos > startpos) {
    int64_t parentpos = (pos - 1) >> 1;
    int lt = heap_lt(l, pos, parentpos);
    if (lt < 0)
      return -1;
    if (!lt)
      break;
    heap_swap(l, parentpos, pos);
    pos = parentpos;
  }
  return 0;
}

/* Bubble the smaller child up until hitting a leaf, then siftdown. */
static int siftup(KrList *l, int64_t pos) {
  int64_t endpos = l->len, startpos = pos, limit = endpos >> 1;
  while (pos < limit) {
    int64_t childpos = 2 * pos + 1;
    if (childpos + 1 < endpos) {
      int lt = heap_lt(l, childpos, childpos + 1);
      if (lt < 0)
        return -1;
      childpos += lt ^ 1;
      if (endpos != l->len) {
        kr_raise(&kr_RuntimeError_type, "list changed size during iteration");
        return -1;
      }
    }
    heap_swap(l, childpos, pos);
    pos = childpos;
  }
  return siftdown(l, startpos, pos);
}

void kr_heapq_heappush(KrObj *heap, KrVal item) {
  if (kr_list_append(heap, item) < 0)
    return;
  siftdown(KR_LIST(heap), 0, KR_LIST(heap)->len - 1);
}

KrVal kr_heapq_heappop(KrObj *heap) {
  KrList *l = KR_LIST(heap);
  if (l->len == 0) {
    kr_raise(&kr_IndexError_type, "index out of range");
    return (KrVal){0};
  }
  KrVal last = l->items[--l->len]; /* the list's reference, now ours */
  if (l->len == 0)
    return last;
  KrVal ret = l->items[0];
  l->items[0] = last;
  if (siftup(l, 0) < 0) {
    kr_val_decref(ret, l->kind);
    return (KrVal){0};
  }
  return ret;
}

KrVal kr_heapq_heapreplace(KrObj *heap, KrVal item) {
  KrList *l = KR_LIST(heap);
  if (l->len == 0) {
    kr_raise(&kr_IndexError_type, "index out of range");
    return (KrVal){0};
  }
  KrVal ret = l->items[0];
  kr_val_incref(item, l->kind);
  l->items[0] = item;
  if (siftup(l, 0) < 0) {
    kr_val_decref(ret, l->kind);
    return (KrVal){0};
  }
  return ret;
}

KrVal kr_heapq_heappushpop(KrObj *heap, KrVal item) {
  KrList *l = KR_LIST(heap);
  if (l->len == 0) {
    kr_val_incref(item, l->kind);
    return item;
  }
  /* heap[0] < item, compared as a fresh slot would be */
  int lt;
  if (l->kind == KR_INT)
    lt = l->items[0].i < item.i;
  else if (l->kind == KR_FLOAT)
    lt = l->items[0].f < item.f;
  else if (l->kind == KR_BOOL)
    lt = l->items[0].b < item.b;
  else {
    KrVal top = l->items[0];
    kr_incref(top.o);
    lt = kr_val_cmp(top, KR_OBJ, item, KR_OBJ, KR_LT);
    kr_decref(top.o);
  }
  if (lt < 0)
    return (KrVal){0};
  if (!lt) {
    kr_val_incref(item, l->kind);
    return item;
  }
  if (l->len == 0) {
    kr_raise(&kr_IndexError_type, "index out of range");
    return (KrVal){0};
  }
  KrVal ret = l->items[0];
  kr_val_incref(item, l->kind);
  l->items[0] = item;
  if (siftup(l, 0) < 0) {
    kr_val_decref(ret, l->kind);
    return (KrVal){0};
  }
  return ret;
}

void kr_heapq_heapify(KrObj *heap) {
  KrList *l = KR_LIST(heap);
  for (int64_t i = (l->len >> 1) - 1; i >= 0; i--)
    if (siftup(l, i) < 0)
      return;
}

/* ---- bisect */

/* The insertion point of x (of kind xk) in a[lo:hi]; right: after equal items. */
int64_t kr_bisect(KrObj *a, KrVal x, ValKind xk, int64_t lo, int64_t hi, bool right) {
  KrList *l = KR_LIST(a);
  if (lo < 0) {
    kr_raise(&kr_ValueError_type, "lo must be non-negative");
    return -1;
  }
  if (hi == -1)
    hi = l->len;
  while (lo < hi) {
    int64_t mid = ((uint64_t)lo + (uint64_t)hi) / 2;
    if (mid >= l->len) {
      kr_raise(&kr_IndexError_type, "list index out of range");
      return -1;
    }
    KrVal item = l->items[mid];
    kr_val_incref(item, l->kind);
    /* bisect_right: x < a[mid] goes left; bisect_left: a[mid] < x goes right */
    int r = right ? kr_val_cmp(x, xk, item, l->kind, KR_LT) : kr_val_cmp(item, l->kind, x, xk, KR_LT);
    kr_val_decref(item, l->kind);
    if (r < 0)
      return -1;
    if (right ? r : !r)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

void kr_insort(KrObj *a, KrVal x, int64_t lo, int64_t hi, bool right) {
  int64_t i = kr_bisect(a, x, KR_LIST(a)->kind, lo, hi, right);
  if (i >= 0)
    kr_list_insert(a, i, x);
}
