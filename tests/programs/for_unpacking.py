# for loops that unpack: tuples from a list, enumerate with and without start.
pairs = [(1, "one"), (2, "two"), (3, "three")]
for n, name in pairs:
    print(n, name.upper())
total = 0
for i, w in enumerate(["a", "bb", "ccc"]):
    total += i * len(w)
    print(i, w)
for i, x in enumerate([10.5, 20.25], 1):
    print(f"{i}: {x:.1f}")
grid = [[1, 2], [3, 4]]
for r, row in enumerate(grid):
    for c, v in enumerate(row):
        grid[r][c] = v * 10 + r + c
print(total, grid)
for a, b in [(1, 2), (3, 4)]:
    a, b = b, a
    print(a, b)
