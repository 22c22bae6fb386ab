# Sorting tuples and sorting by tuple keys: floats (NaN included), ints, strs and mixed numbers
# decide at the first differing item, shorter tuples first on a common prefix, stability, reverse,
# a user class's __lt__ inside a tuple, and a TypeError from items that do not compare.
from dataclasses import dataclass

pairs = [(2.5, "b"), (1.0, "z"), (2.5, "a"), (-0.0, "m"), (0.0, "k"), (1.0, "a"), (-3.25, "q")]
print(sorted(pairs))
print(sorted(pairs, reverse=True))
print(min(pairs), max(pairs))

ints = [(3, 1), (1, 2), (3, 0), (1, 2, 0), (1,), (2, -5), (1, 2)]
print(sorted(ints))
mixed = [(1, "x"), (0.5, "y"), (True, "a"), (1.0, "b"), (2, "c")]
print(sorted(mixed))
strs = [("b", "a"), ("a", "c"), ("ab", "a"), ("a", "b"), ("", "z"), ("caf\u00e9", "x"), ("cafe", "y")]
print(sorted(strs))
print(sorted(strs, key=lambda t: (t[1], t[0])))

nan = float("nan")
with_nan = [(1.0, "a"), (nan, "b"), (0.5, "c"), (nan, "d"), (-1.0, "e")]
print([t[1] for t in sorted(with_nan)])
print((1.0, nan) < (1.0, 2.0), (nan, 1) < (2.0, 0), (0.5, "a") < (0.5, "b") < (0.75, ""))

words = ["pear", "fig", "apple", "kiwi", "plum", "date", "lime", "banana", "cherry"]
print(sorted(words, key=lambda w: (len(w), w)))
print(sorted(words, key=lambda w: (-len(w), w[::-1])))
scores = {"a": 2.5, "b": 1.5, "c": 2.5, "d": 0.25, "e": 1.5}
print(sorted(scores, key=lambda k: (-scores[k], k)))
ranked = [(-scores[k], k) for k in scores]
ranked.sort()
print(ranked)
big = [((i * 7919) % 101 / 4.0, str((i * 31) % 17), i) for i in range(300)]
big.sort()
print(big[:5], big[-3:])
check = 0
for t in big:
    check = (check * 31 + t[2]) % 1000003
print(check)


class Version:
    def __init__(self, n: int) -> None:
        self.n = n

    def __lt__(self, other: "Version") -> bool:
        print("lt", self.n, other.n)
        return self.n < other.n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Version) and self.n == other.n

    def __repr__(self) -> str:
        return f"V{self.n}"


print(sorted([(1, Version(3)), (0, Version(9)), (1, Version(2))]))


@dataclass(order=True)
class Rank:
    score: float
    key: str


ranks = [Rank(2.0, "b"), Rank(1.5, "z"), Rank(2.0, "a"), Rank(-1.0, "q")]
print(sorted(ranks))
print(Rank(1.0, "a") < Rank(1.0, "b"), Rank(2.0, "a") <= Rank(1.0, "b"), max(ranks))

try:
    print(sorted([(1, "a"), (1, 2)]))
except TypeError as e:
    print("TypeError:", e)
