def pagerank(links: dict[str, list[str]], d: float, iters: int) -> dict[str, float]:
    nodes = sorted(links)
    n = len(nodes)
    rank = {p: 1.0 / n for p in nodes}
    for _ in range(iters):
        new = {p: (1 - d) / n for p in nodes}
        for p in nodes:
            outs = links[p]
            if not outs:
                for q in nodes:
                    new[q] += d * rank[p] / n
            else:
                for q in outs:
                    new[q] += d * rank[p] / len(outs)
        rank = new
    return rank


def main() -> None:
    links = {"a": ["b", "c"], "b": ["c"], "c": ["a"], "d": ["c"], "e": []}
    r = pagerank(links, 0.85, 50)
    for p, v in sorted(r.items(), key=lambda kv: -kv[1]):
        print(p, f"{v:.6f}")
    total = 0.0
    for v in r.values():
        total += v
    print(round(total, 9))


main()
