# List, set and dict comprehensions: several for and if clauses, nesting,
# tuple targets, over every kind of iterable.
nums = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]
print([n * n for n in nums])
print([n for n in nums if n % 2 == 1 if n > 1])
print([(a, b) for a in range(3) for b in range(a)])
print([x + y for x in "ab" for y in "xyz" if y != "y"])
print({n % 4 for n in nums})
print({n: n * n for n in nums if n > 4})
words = ["apple", "bob", "kayak", "stats", "python"]
print([w for w in words if w == w[::-1]])
print({w: len(w) for w in words})
print({len(w) for w in words})
grid = [[r * 3 + c for c in range(3)] for r in range(3)]
print(grid)
print([row[i] for i, row in enumerate(grid)])
print([[row[c] for row in grid] for c in range(3)])
flat = [v for row in grid for v in row if v % 2 == 0]
print(flat)
d = {"x": 1, "y": 2, "z": 3}
print({v: k for k, v in d.items()})
print([k.upper() for k in d])
print(sorted({c for c in "mississippi"}))
print([(i, c) for i, c in enumerate("abc", 1)])
print([a * b for a, b in zip([1, 2, 3], [4, 5, 6])])
print([t for t in (1, 2, 3)])
print([ch for ch in "hello" if ch not in "aeiou"])
print({i: [j for j in range(i)] for i in range(4)})
pairs = [(1, "one"), (2, "two")]
print({num: name for num, name in pairs})
print([x for x in range(10) if x % 3 == 0 if x > 0])
print([[c for c in w] for w in ["ab", "cd"]])
nested = [[1, 2], [3], [], [4, 5, 6]]
print([len(n) for n in nested], sum(len(n) for n in nested))
print([n for sub in nested for n in sub])
print({x for x in []})
print([y for y in range(0)])
floats = [x / 2 for x in range(5)]
print(floats)
print([str(f) for f in floats])
