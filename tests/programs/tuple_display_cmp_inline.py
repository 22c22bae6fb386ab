# Comparisons of two tuple displays whose items pair up as ints, floats,
# bools or strs are written out item by item (emit.c inline_items_cmp), as
# a dataclass's order methods compare its fields: CPython's results for
# every operator, NaN items, equal prefixes, and the dataclass's own
# ordering used by sorted(), min() and max().
from dataclasses import dataclass


@dataclass(order=True)
class Rank:
    score: float
    key: str


@dataclass(order=True)
class Ver:
    major: int
    minor: int
    beta: bool
    tag: str


def table(a: float, b: str, c: float, d: str) -> list[bool]:
    return [(a, b) < (c, d), (a, b) <= (c, d), (a, b) > (c, d), (a, b) >= (c, d), (a, b) == (c, d),
            (a, b) != (c, d)]


def main() -> None:
    # distinct NaN objects: a float kiln keeps unboxed has no identity, so
    # one NaN object compared with itself is not CPython's (a known gap)
    nan = float("nan")
    for a, b, c, d in [(1.0, "a", 1.0, "a"), (1.0, "a", 1.0, "b"), (2.0, "a", 1.0, "b"), (-0.0, "x", 0.0, "w"),
                       (float("nan"), "a", float("nan"), "a"), (nan, "a", 1.0, "a"), (1.0, "", 1.0, "é"), (1.0, "ab", 1.0, "a")]:
        print(a, b, c, d, table(a, b, c, d))
    i, j, k = 3, 3, 4
    print((i, j) < (j, k), (i, j, k) <= (j, i, k), (True, 2) > (False, 9), (i, "z") >= (k, "a"))
    ranks = [Rank(2.5, "b"), Rank(2.5, "a"), Rank(nan, "n"), Rank(-1.0, "z"), Rank(9.0, "c"), Rank(2.5, "a")]
    print([r.key for r in sorted(ranks)])
    print(min(ranks[:2]), max(ranks[3:]), ranks[1] == ranks[5], ranks[1] != ranks[0])
    print(Rank(1.0, "a") < Rank(1.0, "b"), Rank(1.0, "b") <= Rank(1.0, "a"), Rank(float("nan"), "a") < Rank(float("nan"), "b"))
    vs = [Ver(1, 2, False, "rc"), Ver(1, 2, True, "a"), Ver(1, 10, False, ""), Ver(0, 99, True, "z"),
          Ver(1, 2, False, "b")]
    print(sorted(vs))
    print(vs[0] > vs[4], vs[0] >= vs[0], vs[1] < vs[0], vs[2] == Ver(1, 10, False, ""))


main()
