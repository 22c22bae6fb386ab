def ece(confs: list[float], correct: list[bool], bins: int) -> tuple[float, list[tuple[int, float, float]]]:
    table: list[tuple[int, float, float]] = []
    total = 0.0
    n = len(confs)
    for b in range(bins):
        lo = b / bins
        hi = (b + 1) / bins
        idx = [i for i, c in enumerate(confs) if lo < c <= hi or (b == 0 and c == 0.0)]
        if not idx:
            continue
        acc = sum(1 for i in idx if correct[i]) / len(idx)
        conf = sum([confs[i] for i in idx], 0.0) / len(idx)
        table.append((len(idx), acc, conf))
        total += len(idx) / n * abs(acc - conf)
    return total, table


def main() -> None:
    confs = [0.95, 0.9, 0.85, 0.8, 0.72, 0.65, 0.6, 0.55, 0.4, 0.3, 0.99, 0.51]
    correct = [True, True, False, True, True, False, True, False, False, True, True, False]
    e, table = ece(confs, correct, 5)
    for n, acc, conf in table:
        print(f"n={n} acc={acc:.3f} conf={conf:.3f} gap={abs(acc - conf):.3f}")
    print(f"ECE={e:.4f}")


main()
