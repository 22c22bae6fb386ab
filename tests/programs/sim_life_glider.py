def step(live: set[tuple[int, int]]) -> set[tuple[int, int]]:
    counts: dict[tuple[int, int], int] = {}
    for x, y in live:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx or dy:
                    p = (x + dx, y + dy)
                    counts[p] = counts.get(p, 0) + 1
    return {p for p, c in counts.items() if c == 3 or (c == 2 and p in live)}


def show(live: set[tuple[int, int]], w: int, h: int) -> str:
    return "\n".join("".join("#" if (x, y) in live else "." for x in range(w)) for y in range(h))


def main() -> None:
    glider = {(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)}
    g = glider
    for gen in range(5):
        print(f"gen {gen}: {len(g)} cells, bbox x={min(x for x, _ in g)}..{max(x for x, _ in g)}")
        print(show(g, 6, 5))
        g = step(g)
    shifted = {(x + 1, y + 1) for x, y in glider}
    print(step(step(step(step(glider)))) == shifted)


main()
