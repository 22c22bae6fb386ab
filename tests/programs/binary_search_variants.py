# Binary search variants: exact match, lower/upper bound, first index where a
# predicate turns true, search in a rotated array, integer square root, peak
# finding, and a float root by bisection; each with probe counts.
probes = 0


def exact(xs: list[int], target: int) -> int:
    global probes
    lo = 0
    hi = len(xs) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        probes += 1
        if xs[mid] == target:
            return mid
        if xs[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


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


def upper_bound(xs: list[int], target: int) -> int:
    lo = 0
    hi = len(xs)
    while lo < hi:
        mid = (lo + hi) // 2
        if xs[mid] <= target:
            lo = mid + 1
        else:
            hi = mid
    return lo


def rotated_search(xs: list[int], target: int) -> int:
    lo = 0
    hi = len(xs) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if xs[mid] == target:
            return mid
        if xs[lo] <= xs[mid]:
            if xs[lo] <= target < xs[mid]:
                hi = mid - 1
            else:
                lo = mid + 1
        else:
            if xs[mid] < target <= xs[hi]:
                lo = mid + 1
            else:
                hi = mid - 1
    return -1


def isqrt(n: int) -> int:
    lo = 0
    hi = min(n, 3037000499) + 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if mid * mid <= n:
            lo = mid
        else:
            hi = mid
    return lo


def peak(xs: list[int]) -> int:
    lo = 0
    hi = len(xs) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if xs[mid] < xs[mid + 1]:
            lo = mid + 1
        else:
            hi = mid
    return lo


def bisect_root(c: float) -> tuple[float, int]:
    lo = 0.0
    hi = max(1.0, c)
    steps = 0
    while hi - lo > 1e-12:
        mid = (lo + hi) / 2
        steps += 1
        if mid * mid * mid < c:
            lo = mid
        else:
            hi = mid
    return lo, steps


data = [1, 3, 3, 3, 7, 9, 12, 12, 15, 21, 30]
for t in [3, 12, 1, 30, 8, 0, 31]:
    probes = 0
    i = exact(data, t)
    lb = lower_bound(data, t)
    ub = upper_bound(data, t)
    print(f"target {t:2d}: exact {i:2d} ({probes} probes) lower {lb:2d} upper {ub:2d} count {ub - lb}")
big = list(range(0, 3000, 3))
probes = 0
print("in 1000 items:", exact(big, 2997), exact(big, 1500), exact(big, 1501), "total probes", probes)
rot = [15, 18, 22, 31, 2, 4, 7, 9, 11]
print("rotated:", [(t, rotated_search(rot, t)) for t in [2, 31, 15, 11, 10, 22]])
print("isqrt:", [(n, isqrt(n)) for n in [0, 1, 15, 16, 17, 99, 10 ** 12, 2 ** 61]])
print("peak:", peak([1, 3, 8, 12, 4, 2]), peak([5, 4, 3]), peak([1, 2, 3]), peak([7]))
for c in [2.0, 27.0, 0.001, 1000.0]:
    r, steps = bisect_root(c)
    print(f"cube root of {c}: {r:.9f} in {steps} steps, error {abs(r * r * r - c):.2e}")
first_bad = lower_bound([0, 0, 0, 0, 1, 1, 1], 1)
print("first bad version:", first_bad + 1)
