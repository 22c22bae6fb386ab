def top_k(scores: list[float], k: int) -> list[int]:
    idx = list(range(len(scores)))
    idx.sort(key=lambda i: scores[i], reverse=True)
    return idx[:k]


def top_k_pairs(labels: list[str], scores: list[float], k: int) -> list[tuple[str, float]]:
    pairs = list(zip(labels, scores))
    pairs.sort(key=lambda p: (-p[1], p[0]))
    return pairs[:k]


def main() -> None:
    labels = ["cat", "dog", "bird", "fish", "horse", "cow", "ant"]
    scores = [0.12, 0.55, 0.07, 0.55, 0.9, 0.01, 0.3]
    print(top_k(scores, 3))
    for name, s in top_k_pairs(labels, scores, 4):
        print(f"{name:<6}{s:.3f}")
    best = max(range(len(scores)), key=lambda i: scores[i])
    worst = min(range(len(scores)), key=lambda i: scores[i])
    print("best:", labels[best], "worst:", labels[worst])
    ranked = sorted(zip(scores, labels), reverse=True)
    print(ranked)
    threshold = 0.25
    kept = [l for l, s in zip(labels, scores) if s >= threshold]
    print("kept:", kept)
    print("ranks:", {l: r + 1 for r, (s, l) in enumerate(ranked)})


main()
