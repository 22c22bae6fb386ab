# Classic sorting algorithms written out by hand — merge sort, quicksort
# (Lomuto, in place), heap sort, counting sort, shell sort — with comparison
# counts, checked against sorted() on LCG-generated inputs.
seed = 2024
comparisons = 0


def rand(n: int) -> int:
    global seed
    seed = (seed * 48271) % 2147483647
    return seed % n


def less(a: int, b: int) -> bool:
    global comparisons
    comparisons += 1
    return a < b


def merge_sort(xs: list[int]) -> list[int]:
    if len(xs) <= 1:
        return xs[:]
    mid = len(xs) // 2
    left = merge_sort(xs[:mid])
    right = merge_sort(xs[mid:])
    out: list[int] = []
    i = 0
    j = 0
    while i < len(left) and j < len(right):
        if less(right[j], left[i]):
            out.append(right[j])
            j += 1
        else:
            out.append(left[i])
            i += 1
    return out + left[i:] + right[j:]


def quick_sort(xs: list[int], lo: int, hi: int) -> None:
    if lo >= hi:
        return
    pivot = xs[hi]
    i = lo
    for j in range(lo, hi):
        if less(xs[j], pivot):
            xs[i], xs[j] = xs[j], xs[i]
            i += 1
    xs[i], xs[hi] = xs[hi], xs[i]
    quick_sort(xs, lo, i - 1)
    quick_sort(xs, i + 1, hi)


def sift(xs: list[int], start: int, end: int) -> None:
    root = start
    while 2 * root + 1 <= end:
        child = 2 * root + 1
        if child + 1 <= end and less(xs[child], xs[child + 1]):
            child += 1
        if less(xs[root], xs[child]):
            xs[root], xs[child] = xs[child], xs[root]
            root = child
        else:
            return


def heap_sort(xs: list[int]) -> None:
    for start in range(len(xs) // 2 - 1, -1, -1):
        sift(xs, start, len(xs) - 1)
    for end in range(len(xs) - 1, 0, -1):
        xs[0], xs[end] = xs[end], xs[0]
        sift(xs, 0, end - 1)


def counting_sort(xs: list[int], top: int) -> list[int]:
    counts = [0] * (top + 1)
    for x in xs:
        counts[x] += 1
    out: list[int] = []
    for v, c in enumerate(counts):
        out.extend([v] * c)
    return out


def shell_sort(xs: list[int]) -> None:
    gap = len(xs) // 2
    while gap > 0:
        for i in range(gap, len(xs)):
            tmp = xs[i]
            j = i
            while j >= gap and less(tmp, xs[j - gap]):
                xs[j] = xs[j - gap]
                j -= gap
            xs[j] = tmp
        gap //= 2


for size in [0, 1, 8, 40, 200]:
    data = [rand(100) for _ in range(size)]
    want = sorted(data)
    print(f"n={size}: sample {data[:8]}")
    comparisons = 0
    r1 = merge_sort(data)
    c_merge = comparisons
    comparisons = 0
    r2 = data[:]
    quick_sort(r2, 0, len(r2) - 1)
    c_quick = comparisons
    comparisons = 0
    r3 = data[:]
    heap_sort(r3)
    c_heap = comparisons
    comparisons = 0
    r4 = data[:]
    shell_sort(r4)
    c_shell = comparisons
    r5 = counting_sort(data, 99)
    print(f"  ok: merge={r1 == want} quick={r2 == want} heap={r3 == want} shell={r4 == want} counting={r5 == want}")
    print(f"  comparisons: merge {c_merge}, quick {c_quick}, heap {c_heap}, shell {c_shell}")
    if size:
        print(f"  min {want[0]} median {want[size // 2]} max {want[-1]} distinct {len(set(data))}")
words = ["pear", "Apple", "fig", "banana", "apple", "Fig"]
print(sorted(words), sorted(words, reverse=True), sorted([w.lower() for w in words]))
