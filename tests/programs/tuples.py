# Tuples: displays, printing, multiple return values, unpacking and swaps.
def divmod_floor(a: int, b: int) -> tuple[int, int]:
    return a // b, a % b


def stats(xs: list[float]) -> tuple[float, float, int]:
    lo = xs[0]
    hi = xs[0]
    for x in xs:
        if x < lo:
            lo = x
        if x > hi:
            hi = x
    return lo, hi, len(xs)


q, r = divmod_floor(17, 5)
print(q, r, divmod_floor(-17, 5))
a, b = 1, "two"
a2, b2 = b, a
print(a, b, a2, b2)
x, y = 0, 1
for i in range(10):
    x, y = y, x + y
print(x, y)
lo, hi, n = stats([2.5, -1.0, 7.25])
print(lo, hi, n, (1,), (), (1, 2.5, "s", None, [1]))
[p, s] = (3, 4)
print(p * s)
