def merge(a: list[tuple[float, str]], b: list[tuple[float, str]]) -> list[tuple[float, str]]:
    out: list[tuple[float, str]] = []
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i][0] >= b[j][0]:
            out.append(a[i])
            i += 1
        else:
            out.append(b[j])
            j += 1
    out.extend(a[i:])
    out.extend(b[j:])
    return out


def reciprocal_rank_fusion(rankings: list[list[str]], k: int) -> list[tuple[str, float]]:
    scores: dict[str, float] = {}
    for ranking in rankings:
        for r, doc in enumerate(ranking):
            scores[doc] = scores.get(doc, 0.0) + 1.0 / (k + r + 1)
    return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))


def main() -> None:
    shard1 = [(0.97, "d3"), (0.81, "d9"), (0.40, "d1")]
    shard2 = [(0.99, "d7"), (0.81, "d2"), (0.12, "d5"), (0.05, "d8")]
    merged = merge(shard1, shard2)
    print(merged)
    print([d for _, d in merged[:4]])
    bm25 = ["d1", "d2", "d3", "d4"]
    dense = ["d3", "d1", "d5"]
    colbert = ["d3", "d4", "d1", "d2"]
    for doc, s in reciprocal_rank_fusion([bm25, dense, colbert], 60):
        print(doc, f"{s:.5f}")


main()
