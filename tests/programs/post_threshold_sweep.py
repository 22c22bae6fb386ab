def metrics(scores: list[float], labels: list[int], th: float) -> tuple[int, int, int, int]:
    tp = fp = tn = fn = 0
    for s, y in zip(scores, labels):
        pred = 1 if s >= th else 0
        if pred == 1 and y == 1:
            tp += 1
        elif pred == 1:
            fp += 1
        elif y == 1:
            fn += 1
        else:
            tn += 1
    return tp, fp, tn, fn


def main() -> None:
    scores = [0.95, 0.9, 0.8, 0.75, 0.6, 0.55, 0.4, 0.3, 0.2, 0.1]
    labels = [1, 1, 0, 1, 1, 0, 0, 1, 0, 0]
    best_f1 = -1.0
    best_th = 0.0
    print("th    tp fp tn fn  prec   rec    f1")
    for i in range(1, 10):
        th = i / 10
        tp, fp, tn, fn = metrics(scores, labels, th)
        prec = tp / (tp + fp) if tp + fp > 0 else 1.0
        rec = tp / (tp + fn)
        f1 = 2 * prec * rec / (prec + rec) if prec + rec > 0 else 0.0
        print(f"{th:.1f} {tp:4d}{fp:3d}{tn:3d}{fn:3d} {prec:6.3f} {rec:6.3f} {f1:6.3f}")
        if f1 > best_f1:
            best_f1 = f1
            best_th = th
    print(f"best threshold {best_th} f1={best_f1:.4f}")
    auc_pairs = 0
    total = 0
    for s1, y1 in zip(scores, labels):
        for s2, y2 in zip(scores, labels):
            if y1 == 1 and y2 == 0:
                total += 1
                if s1 > s2:
                    auc_pairs += 1
    print("auc", auc_pairs / total)


main()
