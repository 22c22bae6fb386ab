# Tuple displays compared with each other (the emitter compares their items
# without building the tuples): CPython's lexicographic rules, == with
# identity first, the operator on the first unequal pair, errors, order of
# evaluation.
from dataclasses import dataclass
from typing import Optional


class Noisy:
    def __init__(self, v: int) -> None:
        self.v = v

    def __eq__(self, other: object) -> bool:
        print("eq", self.v)
        return isinstance(other, Noisy) and self.v == other.v

    def __lt__(self, other: "Noisy") -> bool:
        print("lt", self.v, other.v)
        return self.v < other.v


def trace(tag: str, v: int) -> int:
    print("eval", tag)
    return v


def cmp_all(a: float, b: str, c: float, d: str) -> list[bool]:
    return [(a, b) < (c, d), (a, b) <= (c, d), (a, b) > (c, d), (a, b) >= (c, d),
            (a, b) == (c, d), (a, b) != (c, d)]


@dataclass(order=True)
class Rank:
    score: float
    key: str


@dataclass
class Point:
    x: int
    y: int


print(cmp_all(1.0, "a", 1.0, "b"))
print(cmp_all(2.0, "a", 1.0, "b"))
print(cmp_all(1.0, "a", 1.0, "a"))
print((trace("a", 1), trace("b", 2)) < (trace("c", 1), trace("d", 3)))
x, y = Noisy(1), Noisy(2)
print((x, 5) < (x, 6))
print((x, 5) < (Noisy(1), 4))
print((x, 1) < (y, 0))
print((x, 1) == (y, 1))
ranks = [Rank(2.5, "b"), Rank(1.0, "z"), Rank(2.5, "a"), Rank(-1.0, "q")]
print(sorted(ranks))
print(ranks[0] < ranks[2], ranks[0] >= ranks[2], Point(1, 2) == Point(1, 2), Point(1, 2) != Point(2, 1))
n: Optional[int] = None
m: Optional[int] = 3
for v in [1, 2]:
    print((v, "k") < (2, "j"), (v, n) == (v, None), (v, m) <= (v, 3))
try:
    print((1, "a") < (1, 2))
except TypeError as e:
    print("TypeError:", e)
try:
    print((n, 1) < (m, 2))
except TypeError as e:
    print("TypeError:", e)


def gen(k: int):
    for i in range(k):
        yield (i, "x") < (1, "y")


print(list(gen(3)))
print(sorted([(3, "a"), (1, "b")], key=lambda p: (p[1], -p[0])))


def fails(a: int, s: str) -> bool:
    return (a, s) < (a, a)


print(fails(1, "s"))
