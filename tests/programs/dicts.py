# Dicts: displays, lookup, assignment, membership, get, len, insertion order
# in repr, int/float keys that are equal, and KeyError with the key.
ages = {"ada": 36, "alan": 41}
ages["grace"] = 85
ages["ada"] += 1
print(ages, len(ages), ages["alan"], "alan" in ages, "bob" in ages, "bob" not in ages)
print(ages.get("bob", -1), ages.get("grace", 0))
counts: dict[str, int] = {}
for w in "the cat and the hat and the bat".split():
    counts[w] = counts.get(w, 0) + 1
print(counts)
squares = {1: 1.0, 2: 4.0}
squares[3] = 9.0
print(squares, squares[2], 2 in squares, True in squares)
nested = {"a": [1, 2], "b": []}
print(nested, {}, {"x": None})
print(ages["nobody"])
