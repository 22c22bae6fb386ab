# A sudoku checker and solver step with sets and comprehensions: rows,
# columns and boxes as sets, candidates by set difference, naked singles.
puzzle = [
    "53..7....",
    "6..195...",
    ".98....6.",
    "8...6...3",
    "4..8.3..1",
    "7...2...6",
    ".6....28.",
    "...419..5",
    "....8..79",
]
grid = [[0 if ch == "." else int(ch) for ch in row] for row in puzzle]
digits = set(range(1, 10))


def row_vals(g, r):
    return {v for v in g[r] if v}


def col_vals(g, c):
    return {g[r][c] for r in range(9) if g[r][c]}


def box_vals(g, r, c):
    br, bc = r // 3 * 3, c // 3 * 3
    return {g[i][j] for i in range(br, br + 3) for j in range(bc, bc + 3) if g[i][j]}


def candidates(g, r, c):
    return digits - row_vals(g, r) - col_vals(g, c) - box_vals(g, r, c)


empty = [(r, c) for r in range(9) for c in range(9) if not grid[r][c]]
print(len(empty), empty[:4])
print(sorted(candidates(grid, 0, 2)), sorted(candidates(grid, 4, 4)))
rounds = 0
while True:
    singles = {(r, c): min(candidates(grid, r, c)) for r, c in empty if len(candidates(grid, r, c)) == 1}
    if not singles:
        break
    rounds += 1
    for (r, c), v in sorted(singles.items()):
        grid[r][c] = v
    empty = [(r, c) for r, c in empty if (r, c) not in singles]
print(rounds, len(empty))
for row in grid:
    print("".join(str(v) if v else "." for v in row))
valid = all(row_vals(grid, i) == digits and col_vals(grid, i) == digits for i in range(9))
boxes_ok = all(box_vals(grid, r, c) == digits for r in range(0, 9, 3) for c in range(0, 9, 3))
print(valid, boxes_ok)
