class Rng:
    def __init__(self, seed: int) -> None:
        self.s = seed

    def roll(self, sides: int) -> int:
        self.s = (self.s * 48271) % 2147483647
        return self.s % sides + 1


def main() -> None:
    rng = Rng(12345)
    counts = [0] * 13
    n = 6000
    for _ in range(n):
        counts[rng.roll(6) + rng.roll(6)] += 1
    for total in range(2, 13):
        expected = (6 - abs(total - 7)) / 36
        observed = counts[total] / n
        bar = "*" * (counts[total] // 40)
        print(f"{total:2d} {counts[total]:5d} {observed:.3f} (exp {expected:.3f}) {bar}")
    chi = 0.0
    for total in range(2, 13):
        e = n * (6 - abs(total - 7)) / 36
        chi += (counts[total] - e) ** 2 / e
    print(f"chi2={chi:.3f}", "ok" if chi < 18.3 else "suspicious")
    streak = best = 0
    prev = 0
    for _ in range(500):
        r = rng.roll(2)
        streak = streak + 1 if r == prev else 1
        prev = r
        best = max(best, streak)
    print("longest streak", best)


main()
