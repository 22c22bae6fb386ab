def smooth(values: list[float], alpha: float) -> list[float]:
    out: list[float] = []
    cur = 0.0
    for i, v in enumerate(values):
        cur = v if i == 0 else alpha * v + (1 - alpha) * cur
        out.append(cur)
    return out


def debias(values: list[float], beta: float) -> list[float]:
    out: list[float] = []
    m = 0.0
    for t, v in enumerate(values, start=1):
        m = beta * m + (1 - beta) * v
        out.append(m / (1 - beta ** t))
    return out


def detect_spikes(values: list[float], window: int, k: float) -> list[int]:
    idx: list[int] = []
    for i in range(window, len(values)):
        w = values[i - window : i]
        mean = sum(w, 0.0) / window
        var = sum([(x - mean) ** 2 for x in w], 0.0) / window
        if abs(values[i] - mean) > k * var ** 0.5 + 1e-12:
            idx.append(i)
    return idx


def main() -> None:
    loss = [2.5, 2.1, 1.9, 1.95, 1.7, 3.9, 1.6, 1.55, 1.5, 1.52, 1.4, 1.41]
    print([round(x, 4) for x in smooth(loss, 0.3)])
    print([round(x, 4) for x in debias(loss, 0.9)])
    print(detect_spikes(loss, 4, 2.0))


main()
