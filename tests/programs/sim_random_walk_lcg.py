class LCG:
    def __init__(self, seed: int) -> None:
        self.state = seed

    def next_int(self) -> int:
        self.state = (self.state * 1103515245 + 12345) % 2147483648
        return self.state >> 1

    def uniform(self) -> float:
        return self.next_int() / 1073741824.0

    def choice(self, xs: list[str]) -> str:
        return xs[self.next_int() % len(xs)]


def walk(rng: LCG, steps: int) -> tuple[int, int, int]:
    x = y = 0
    far = 0
    for _ in range(steps):
        d = rng.choice(["N", "S", "E", "W"])
        if d == "N":
            y += 1
        elif d == "S":
            y -= 1
        elif d == "E":
            x += 1
        else:
            x -= 1
        far = max(far, abs(x) + abs(y))
    return x, y, far


def main() -> None:
    rng = LCG(2024)
    print([rng.next_int() % 100 for _ in range(8)])
    print([round(rng.uniform(), 4) for _ in range(4)])
    for seed in [1, 2, 3]:
        print(seed, walk(LCG(seed), 200))
    hits = 0
    r = LCG(7)
    n = 2000
    for _ in range(n):
        a = r.uniform()
        b = r.uniform()
        if a * a + b * b <= 1.0:
            hits += 1
    print("pi ~", 4 * hits / n)


main()
