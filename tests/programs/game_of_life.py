# Conway's Game of Life on a small wrapping grid (lists of strings and a set
# of live cells): a glider, a blinker and a block, generation statistics,
# period detection by remembering seen states.
W = 12
H = 8


def parse(rows: list[str], dx: int, dy: int) -> set[tuple[int, int]]:
    cells: set[tuple[int, int]] = set()
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "#":
                cells.add(((x + dx) % W, (y + dy) % H))
    return cells


def step(live: set[tuple[int, int]]) -> set[tuple[int, int]]:
    counts: dict[tuple[int, int], int] = {}
    for x, y in live:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx or dy:
                    key = ((x + dx) % W, (y + dy) % H)
                    counts[key] = counts.get(key, 0) + 1
    return {c for c, n in counts.items() if n == 3 or (n == 2 and c in live)}


def render(live: set[tuple[int, int]]) -> list[str]:
    return ["".join("#" if (x, y) in live else "." for x in range(W)) for y in range(H)]


def key(live: set[tuple[int, int]]) -> str:
    return ",".join(f"{x}:{y}" for x, y in sorted(live))


world = parse([".#.", "..#", "###"], 1, 1) | parse(["###"], 7, 1) | parse(["##", "##"], 8, 5)
print("start:", len(world), "cells")
for line in render(world):
    print("  " + line)
for g in range(10):
    world = step(world)
    print(f"mixed gen {g + 1}: {len(world)} alive, key {key(world)[:40]}")
for line in render(world):
    print("  " + line)
world = parse([".#.", "..#", "###"], 0, 0)
seen: dict[str, int] = {}
gen = 0
while gen < 120:
    k = key(world)
    if k in seen:
        print(f"generation {gen} repeats generation {seen[k]}: period {gen - seen[k]}")
        break
    seen[k] = gen
    xs = [x for x, y in world]
    ys = [y for x, y in world]
    if gen < 4 or gen % 16 == 0:
        print(f"gen {gen:2d}: {len(world):2d} alive, x {min(xs)}..{max(xs)}, y {min(ys)}..{max(ys)}")
    world = step(world)
    gen += 1
print("after", gen, "generations:")
for line in render(world):
    print("  " + line)
blinker = parse(["###"], 4, 4)
b1 = step(blinker)
print("blinker period 2:", step(b1) == blinker, "vertical:", sorted(b1))
block = parse(["##", "##"], 0, 0)
print("block still:", step(block) == block)
print("empty stays empty:", step(set()) == set())
