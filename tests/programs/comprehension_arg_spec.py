# A comprehension passed to an unannotated helper that already has a version
# for another type: the comprehension's items decide its type (float here),
# not the version the call happened to meet first; recursion with fresh
# comprehensions still settles.
def get(xs: list[float]) -> list[float]:
    return xs


def mean(vals):
    return sum(vals) / len(vals)


def total(vals):
    t = 0
    for v in vals:
        t += v
    return t


def depth(xs, n: int) -> int:
    if n == 0 or not xs:
        return len(xs)
    return depth([x * 2 for x in xs if x > 0], n - 1) + 1


def ping(xs, n: int) -> int:
    if n == 0:
        return len(xs)
    return pong([x + 1 for x in xs], n - 1)


def pong(ys, n: int) -> int:
    if n == 0:
        return sum(ys)
    return ping([y * 2 for y in ys if y != 3], n - 1)


def names(words: list[str]) -> list[str]:
    return words


print(mean([1, 2]), mean([v for v in get([1.5, 4.0])]))
print(total([1, 2, 3]), total([w.upper() for w in names(["a", "b"])] and [0.5, 0.25]))
print(total([len(w) for w in names(["abc", "de"])]), total([v * 2 for v in get([0.25])]))
print(depth([3, -1, 2], 3), depth([0.5, -2.0], 2))
print(ping([1, 2, 3], 5), pong([1.5], 4))
