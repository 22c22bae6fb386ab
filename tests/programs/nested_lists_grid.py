# Game of life on a small grid of nested int lists, printed as text each generation.
def neighbors(g: list[list[int]], r: int, c: int) -> int:
    n = 0
    for dr in [-1, 0, 1]:
        for dc in [-1, 0, 1]:
            if dr == 0 and dc == 0:
                continue
            rr = r + dr
            cc = c + dc
            if 0 <= rr < len(g) and 0 <= cc < len(g[0]):
                n += g[rr][cc]
    return n


def step(g: list[list[int]]) -> list[list[int]]:
    out: list[list[int]] = []
    for r in range(len(g)):
        row: list[int] = []
        for c in range(len(g[0])):
            k = neighbors(g, r, c)
            if g[r][c] == 1 and (k == 2 or k == 3):
                row.append(1)
            elif g[r][c] == 0 and k == 3:
                row.append(1)
            else:
                row.append(0)
        out.append(row)
    return out


def show(g: list[list[int]]) -> None:
    for row in g:
        line = ""
        for v in row:
            line += "#" if v == 1 else "."
        print(line)
    print()


grid: list[list[int]] = []
for r in range(6):
    row: list[int] = []
    for c in range(6):
        row.append(0)
    grid.append(row)
grid[0][1] = 1
grid[1][2] = 1
grid[2][0] = 1
grid[2][1] = 1
grid[2][2] = 1
for gen in range(4):
    print("gen", gen)
    show(grid)
    grid = step(grid)
total = 0
for row in grid:
    total += sum(row)
print("alive:", total)
