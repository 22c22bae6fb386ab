import math


def apply_repetition_penalty(logits: list[float], seen: set[int], penalty: float) -> list[float]:
    out = logits[:]
    for t in seen:
        out[t] = out[t] / penalty if out[t] > 0 else out[t] * penalty
    return out


def top_k_filter(logits: list[float], k: int) -> list[float]:
    if k <= 0 or k >= len(logits):
        return logits[:]
    kth = sorted(logits, reverse=True)[k - 1]
    return [x if x >= kth else -math.inf for x in logits]


def top_p_filter(probs: list[float], p: float) -> list[float]:
    order = sorted(range(len(probs)), key=lambda i: -probs[i])
    keep: set[int] = set()
    total = 0.0
    for i in order:
        keep.add(i)
        total += probs[i]
        if total >= p:
            break
    z = sum([probs[i] for i in keep], 0.0)
    return [probs[i] / z if i in keep else 0.0 for i in range(len(probs))]


def softmax(xs: list[float], temp: float) -> list[float]:
    m = max(xs)
    es = [math.exp((x - m) / temp) if x != -math.inf else 0.0 for x in xs]
    s = sum(es, 0.0)
    return [e / s for e in es]


def main() -> None:
    logits = [2.0, 1.5, -0.5, 0.3, 3.1, 0.0]
    pen = apply_repetition_penalty(logits, {0, 2, 4}, 1.3)
    print([round(x, 4) for x in pen])
    filt = top_k_filter(pen, 3)
    print(filt)
    probs = softmax(filt, 0.8)
    print([round(p, 4) for p in probs])
    print([round(p, 4) for p in top_p_filter(softmax(logits, 1.0), 0.9)])
    greedy = max(range(len(probs)), key=lambda i: probs[i])
    print("greedy", greedy)


main()
