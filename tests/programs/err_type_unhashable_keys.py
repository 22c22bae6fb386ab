# Error path: grouping records by keys, where tuples work as dict keys and
# set members but lists do not; several TypeErrors are caught, and the last
# one (a list used as a dict key) is uncaught.
rows = [("red", 3), ("blue", 5), ("red", 1), ("green", 2), ("blue", 7), ("red", 4)]
by_colour: dict[str, list[int]] = {}
for colour, n in rows:
    by_colour.setdefault(colour, []).append(n)
print(by_colour)
pair_count: dict[tuple[str, int], int] = {}
for colour, n in rows:
    key = (colour, n % 2)
    pair_count[key] = pair_count.get(key, 0) + 1
print(sorted(pair_count.items()))
seen: set[tuple[int, int]] = set()
for a in range(3):
    for b in range(3):
        seen.add((min(a, b), max(a, b)))
print(len(seen), sorted(seen))
print(hash((1, 2)) == hash((1, 2)), hash("kiln") == hash("kiln"), hash(3) == hash(3.0))
for bad in [[1, 2], [3]]:
    try:
        print(hash(bad))
    except TypeError as e:
        print("TypeError:", e)
buckets: set[frozenset[int]] = set()
buckets.add(frozenset([1, 2]))
buckets.add(frozenset([2, 1]))
print(len(buckets), frozenset([3, 1]) in {frozenset([1, 3])})
try:
    print({1, 2} in [{1, 2}])
    print(hash({1, 2}))
except TypeError as e:
    print("TypeError:", e)
try:
    print(hash({"a": 1}))
except TypeError as e:
    print("TypeError:", e)
try:
    print("%d items" % "three")
except TypeError as e:
    print("TypeError:", e)
try:
    print("%s and %s" % ("one",))
except TypeError as e:
    print("TypeError:", e)
totals = {colour: sum(ns) for colour, ns in by_colour.items()}
print(totals, max(totals.values()))
index: dict[list[int], str] = {}
index[by_colour["red"]] = "red"
print(index)
