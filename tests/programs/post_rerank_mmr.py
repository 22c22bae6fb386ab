def dot(a: list[float], b: list[float]) -> float:
    total = 0.0
    for x, y in zip(a, b):
        total += x * y
    return total


def mmr(query: list[float], docs: list[list[float]], k: int, lam: float) -> list[int]:
    selected: list[int] = []
    candidates = list(range(len(docs)))
    while candidates and len(selected) < k:
        best = -1
        best_score = -1e9
        for i in candidates:
            rel = dot(query, docs[i])
            red = max([dot(docs[i], docs[j]) for j in selected], default=0.0)
            score = lam * rel - (1 - lam) * red
            if score > best_score:
                best_score = score
                best = i
        selected.append(best)
        candidates.remove(best)
        print(f"  pick {best} score={best_score:.4f}")
    return selected


def main() -> None:
    q = [1.0, 0.0, 0.5]
    docs = [
        [0.9, 0.1, 0.4],
        [0.88, 0.12, 0.41],
        [0.1, 0.9, 0.2],
        [0.5, 0.0, 0.9],
        [0.0, 0.2, 0.1],
    ]
    print([round(dot(q, d), 3) for d in docs])
    for lam in [1.0, 0.7, 0.3]:
        print("lambda", lam)
        print(mmr(q, docs, 3, lam))


main()
