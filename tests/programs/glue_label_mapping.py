import json

CFG = '{"id2label": {"0": "negative", "1": "neutral", "2": "positive"}, "threshold": 0.4}'


def load_labels(text: str) -> dict[int, str]:
    cfg = json.loads(text)
    out: dict[int, str] = {}
    for k, v in cfg["id2label"].items():
        out[int(k)] = str(v)
    return out


def classify(logits: list[list[float]], labels: dict[int, str], threshold: float) -> list[str]:
    res: list[str] = []
    for row in logits:
        best = 0
        for i in range(1, len(row)):
            if row[i] > row[best]:
                best = i
        if row[best] < threshold:
            res.append("uncertain")
        else:
            res.append(labels[best])
    return res


def main() -> None:
    labels = load_labels(CFG)
    print(labels)
    label2id = {v: k for k, v in labels.items()}
    print(label2id)
    th = float(json.loads(CFG)["threshold"])
    batch = [[0.1, 0.2, 0.7], [0.35, 0.33, 0.32], [0.8, 0.1, 0.1], [0.2, 0.5, 0.3]]
    preds = classify(batch, labels, th)
    for row, p in zip(batch, preds):
        print(f"{str(row):<20} -> {p}")
    hist: dict[str, int] = {}
    for p in preds:
        hist[p] = hist.get(p, 0) + 1
    print(sorted(hist.items()))
    gold = ["positive", "negative", "negative", "neutral"]
    correct = sum(1 for p, g in zip(preds, gold) if p == g)
    print(f"accuracy {correct}/{len(gold)} = {correct / len(gold):.2%}")


main()
