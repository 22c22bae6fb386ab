import math


def dcg(rels: list[int], k: int) -> float:
    total = 0.0
    for i, r in enumerate(rels[:k]):
        total += (2 ** r - 1) / math.log2(i + 2)
    return total


def ndcg(rels: list[int], k: int) -> float:
    ideal = dcg(sorted(rels, reverse=True), k)
    return dcg(rels, k) / ideal if ideal > 0 else 0.0


def mrr(results: list[list[int]]) -> float:
    total = 0.0
    for rels in results:
        for i, r in enumerate(rels):
            if r > 0:
                total += 1.0 / (i + 1)
                break
    return total / len(results)


def recall_at_k(retrieved: list[str], relevant: set[str], k: int) -> float:
    hits = len([d for d in retrieved[:k] if d in relevant])
    return hits / len(relevant) if relevant else 0.0


def main() -> None:
    runs = [[3, 2, 0, 1], [0, 0, 1, 0], [0, 0, 0, 0], [1, 3, 2, 0]]
    for rels in runs:
        print(rels, round(dcg(rels, 3), 4), round(ndcg(rels, 3), 4))
    print("mrr", round(mrr(runs), 4))
    retrieved = ["d3", "d1", "d7", "d2", "d9"]
    relevant = {"d1", "d2", "d4"}
    for k in [1, 2, 4, 5]:
        print(k, round(recall_at_k(retrieved, relevant, k), 4))


main()
