def running_mean(xs: list[float]):
    total = 0.0
    for i, x in enumerate(xs):
        total += x
        yield total / (i + 1)


def ema(xs: list[float], alpha: float):
    cur = xs[0]
    for x in xs:
        cur = alpha * x + (1 - alpha) * cur
        yield cur


def pairs(xs: list[float]):
    for i in range(1, len(xs)):
        yield xs[i - 1], xs[i]


def diffs(xs: list[float]):
    for a, b in pairs(xs):
        yield b - a


def main() -> None:
    xs = [1.0, 2.0, 4.0, 3.0, 5.0, 8.0, 6.0]
    print([round(m, 3) for m in running_mean(xs)])
    print([round(e, 4) for e in ema(xs, 0.5)])
    print(list(diffs(xs)))
    ups = sum(1 for d in diffs(xs) if d > 0)
    print("ups", ups, "max jump", max(diffs(xs)))
    it = running_mean([10.0, 20.0])
    print(next(it), next(it), next(it, -1.0))


main()
