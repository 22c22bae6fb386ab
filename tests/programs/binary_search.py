# Iterative and recursive binary search, plus lower-bound insertion points.
def bsearch(xs: list[int], target: int) -> int:
    lo = 0
    hi = len(xs) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if xs[mid] == target:
            return mid
        elif xs[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


def bsearch_rec(xs: list[int], target: int, lo: int, hi: int) -> int:
    if lo > hi:
        return -1
    mid = (lo + hi) // 2
    if xs[mid] == target:
        return mid
    if xs[mid] < target:
        return bsearch_rec(xs, target, mid + 1, hi)
    return bsearch_rec(xs, target, lo, mid - 1)


def lower_bound(xs: list[int], target: int) -> int:
    lo = 0
    hi = len(xs)
    while lo < hi:
        mid = (lo + hi) // 2
        if xs[mid] < target:
            lo = mid + 1
        else:
            hi = mid
    return lo


xs: list[int] = []
for i in range(0, 60, 3):
    xs.append(i)
for t in [0, 3, 27, 57, 58, -1, 100, 30]:
    print(t, bsearch(xs, t), bsearch_rec(xs, t, 0, len(xs) - 1), lower_bound(xs, t))
