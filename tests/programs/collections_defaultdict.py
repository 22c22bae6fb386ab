# collections.defaultdict: d[k] on a missing key inserts factory()
from collections import defaultdict
import collections


def group(words: list[str]) -> dict[int, list[str]]:
    g = defaultdict(list)
    for w in words:
        g[len(w)].append(w)
    return g


words = "the quick brown fox jumps over the lazy dog again".split()
g = group(words)
print(g)
print(sorted(g.keys()), g[3], 99 in g)
print(g[99], 99 in g, len(g))

counts = defaultdict(int)
for ch in "abracadabra":
    counts[ch] += 1
print(counts, counts["z"], counts)

totals = collections.defaultdict(float)
for name, amount in [("ann", 2.5), ("bob", 1.0), ("ann", 0.25)]:
    totals[name] += amount
print(totals)

seen = defaultdict(set)
for a, b in [(1, 2), (1, 3), (2, 3), (1, 2)]:
    seen[a].add(b)
    seen[b].add(a)
print(seen)

nested = defaultdict(dict)
nested["x"]["y"] = 1
nested["x"]["z"] = 2
nested["w"]["y"] = 3
print(nested)

text = defaultdict(str)
text[1] += "a"
text[1] += "b"
text[2] += "c"
print(text, text[3] == "")

empty = defaultdict(list)
print(empty, len(empty), bool(empty))
for k, v in g.items():
    print(k, v)
print(g.get(100), dict(counts) == {"a": 5, "b": 2, "r": 2, "c": 1, "d": 1, "z": 0})
cp = counts.copy()
cp["new"] += 7
print(cp)
print(str(totals), repr(seen))
try:
    del counts["nope"]
except KeyError as e:
    print("KeyError", e)
