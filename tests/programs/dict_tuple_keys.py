# Tuples as dict and set keys: equal tuples of equal numbers are one key, tuples whose items
# hash alike still differ, nested tuples, and a user class's __hash__ and __eq__ inside a tuple
# run every time, as in CPython.
counts: dict[tuple[str, str], int] = {}
words = ["lower", "lowest", "newer", "wider", "low", "new"]
for w in words:
    for i in range(len(w) - 1):
        pair = (w[i], w[i + 1])
        if pair in counts:
            counts[pair] += 1
        else:
            counts[pair] = 1
print(counts)
print(counts[("e", "r")], ("w", "e") in counts, ("x", "y") in counts, len(counts))
joined = "lo" + "w"
print(counts.get(("l", "o"), -1), (joined[0], joined[1]) in counts)

# hash(-1) == hash(-2): (-1, x) and (-2, x) collide and must stay two keys
collide: dict[tuple[int, str], str] = {(-1, "a"): "minus one", (-2, "a"): "minus two"}
print(collide[(-1, "a")], collide[(-2, "a")], len(collide), hash((-1, "a")) == hash((-2, "a")))
collide[(-2, "a")] = "changed"
print(collide)

# 1, 1.0 and True are one key inside tuples too; the first one stored stays
mixed: dict[tuple[object, str], int] = {}
mixed[(1, "x")] = 1
mixed[(1.0, "x")] = 2
mixed[(True, "x")] = 3
mixed[(None, "x")] = 4
mixed[((1, 2), "x")] = 5
mixed[((1.0, 2.0), "x")] = 6
print(mixed)
nan = float("nan")
key = (nan, "n")
mixed[key] = 7
print(mixed[key], (float("nan"), "n") in mixed, len(mixed))

nested: dict[tuple[tuple[str, int], tuple[str, int]], int] = {}
for a in range(3):
    for b in range(3):
        nested[(("a", a), ("b", b))] = a * 10 + b
print(nested[(("a", 2), ("b", 1))], (("a", 2), ("b", 3)) in nested, len(nested))
print(sorted(set((w[0], len(w)) for w in words)))


class Noisy:
    def __init__(self, v: int) -> None:
        self.v = v

    def __hash__(self) -> int:
        print("hash", self.v)
        return self.v % 2

    def __eq__(self, other: object) -> bool:
        print("eq", self.v)
        return isinstance(other, Noisy) and self.v == other.v


table: dict[tuple[Noisy, int], str] = {}
n1 = (Noisy(1), 1)
n3 = (Noisy(3), 1)
table[n1] = "one"
table[n3] = "three"
print(table[n1], table[n3])
print(n1 in table, (Noisy(3), 1) in table, (Noisy(5), 1) in table)
h1 = hash(n1)
print(h1 == hash(n1))
