# A list filled from calls whose result type settles late: dot() sums a
# generator (int 0 when empty, float otherwise), so its result is int |
# float, and the comprehension's list and the appended list hold both.
def dot(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b))


def total(xs: list[float]) -> float:
    t = 0
    for x in xs:
        t = t + x
    return t


rows = [[1.0, 2.0], [], [0.5]]
print([dot(r, [2.0, 1.0]) for r in rows], {total(r) for r in rows})


def totals(rows: list[list[float]]) -> list[float]:
    acc = []
    for r in rows:
        if r:
            acc.append(total(r))
    return acc


out = totals(rows)
print(out, [type(v).__name__ for v in out], totals([[], [1.5]]))
