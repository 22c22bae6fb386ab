def step(cells: list[int], rule: int) -> list[int]:
    n = len(cells)
    out = [0] * n
    for i in range(n):
        left = cells[(i - 1) % n]
        right = cells[(i + 1) % n]
        idx = (left << 2) | (cells[i] << 1) | right
        out[i] = (rule >> idx) & 1
    return out


def render(cells: list[int]) -> str:
    return "".join("#" if c else "." for c in cells)


def run(rule: int, width: int, gens: int) -> int:
    cells = [0] * width
    cells[width // 2] = 1
    seen: dict[str, int] = {}
    for g in range(gens):
        key = render(cells)
        if key in seen:
            print(f"rule {rule}: cycle at gen {g} back to {seen[key]}")
            return g
        seen[key] = g
        print(key)
        cells = step(cells, rule)
    return gens


def main() -> None:
    print(run(90, 15, 8))
    print(run(30, 11, 6))
    print(run(4, 9, 5))
    print(bin(110), format(30, "08b"), int("01011010", 2))


main()
