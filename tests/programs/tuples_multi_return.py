# Functions returning tuples, swaps, nested tuple unpacking, tuple comparison and indexing.
def min_max(xs: list[int]) -> tuple[int, int]:
    lo = xs[0]
    hi = xs[0]
    for x in xs:
        if x < lo:
            lo = x
        if x > hi:
            hi = x
    return lo, hi


def divmod_pos(a: int, b: int) -> tuple[int, int]:
    return a // b, a % b


lo, hi = min_max([5, -3, 12, 7, 0])
print(lo, hi)
q, r = divmod_pos(47, 5)
print(q, r, divmod_pos(-47, 5))
a, b, c = 1, 2, 3
a, b, c = c, a, b
print(a, b, c)
t = (1, 2, 3)
print(t)
p = ((1, 2), (3, 4))
(x1, y1), (x2, y2) = p
print(x1 + x2, y1 + y2)
print((1, 2) == (1, 2), (1, 2) == (2, 1), (5,))
