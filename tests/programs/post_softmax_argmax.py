import math


def softmax(xs: list[float]) -> list[float]:
    m = max(xs)
    exps = [math.exp(x - m) for x in xs]
    s = sum(exps)
    return [e / s for e in exps]


def log_softmax(xs: list[float]) -> list[float]:
    m = max(xs)
    lse = m + math.log(sum(math.exp(x - m) for x in xs))
    return [x - lse for x in xs]


def argmax(xs: list[float]) -> int:
    best = 0
    for i in range(1, len(xs)):
        if xs[i] > xs[best]:
            best = i
    return best


def l2_normalize(xs: list[float]) -> list[float]:
    n = math.sqrt(sum(x * x for x in xs))
    if n == 0.0:
        return xs[:]
    return [x / n for x in xs]


def temperature(xs: list[float], t: float) -> list[float]:
    return [x / t for x in xs]


def main() -> None:
    logits = [2.0, 1.0, 0.1, -1.5, 3.2]
    p = softmax(logits)
    print([round(x, 6) for x in p])
    print("sum", round(sum(p), 12), "argmax", argmax(logits), argmax(p))
    print([f"{x:.4f}" for x in log_softmax(logits)])
    for t in [0.5, 1.0, 2.0]:
        q = softmax(temperature(logits, t))
        ent = -sum(x * math.log(x) for x in q)
        print(f"t={t} max={max(q):.5f} entropy={ent:.5f}")
    v = l2_normalize([3.0, 4.0])
    print(v, l2_normalize([0.0, 0.0]))
    print(softmax([1000.0, 1000.0]))


main()
