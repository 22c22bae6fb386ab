def confusion(gold: list[str], pred: list[str], labels: list[str]) -> list[list[int]]:
    idx = {l: i for i, l in enumerate(labels)}
    m = [[0] * len(labels) for _ in labels]
    for g, p in zip(gold, pred):
        m[idx[g]][idx[p]] += 1
    return m


def prf(m: list[list[int]], i: int) -> tuple[float, float, float]:
    tp = m[i][i]
    fp = sum(m[r][i] for r in range(len(m))) - tp
    fn = sum(m[i]) - tp
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def main() -> None:
    labels = ["cat", "dog", "fox"]
    gold = ["cat", "dog", "fox", "cat", "dog", "dog", "fox", "cat", "cat", "fox"]
    pred = ["cat", "dog", "dog", "cat", "cat", "dog", "fox", "fox", "cat", "dog"]
    m = confusion(gold, pred, labels)
    print("      " + " ".join(f"{l:>4}" for l in labels))
    for l, row in zip(labels, m):
        print(f"{l:>5} " + " ".join(f"{c:4d}" for c in row))
    f1s = []
    for i, l in enumerate(labels):
        p, r, f = prf(m, i)
        f1s.append(f)
        print(f"{l}: p={p:.3f} r={r:.3f} f1={f:.3f}")
    print(f"macro-f1 {sum(f1s) / len(f1s):.4f}")
    acc = sum(m[i][i] for i in range(len(m))) / len(gold)
    print(f"accuracy {acc:.1%}")


main()
