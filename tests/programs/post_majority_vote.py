def majority(votes: list[str]) -> tuple[str, float]:
    counts: dict[str, int] = {}
    first_seen: dict[str, int] = {}
    for i, v in enumerate(votes):
        counts[v] = counts.get(v, 0) + 1
        if v not in first_seen:
            first_seen[v] = i
    winner = min(counts, key=lambda k: (-counts[k], first_seen[k]))
    return winner, counts[winner] / len(votes)


def weighted(votes: list[tuple[str, float]]) -> str:
    totals: dict[str, float] = {}
    for label, w in votes:
        totals[label] = totals.get(label, 0.0) + w
    return max(sorted(totals), key=lambda k: totals[k])


def main() -> None:
    samples = [["A", "B", "A", "C", "A"], ["x", "y", "y", "x"], ["only"], ["3", "4", "4", "3", "5", "5"]]
    for s in samples:
        w, agree = majority(s)
        print(s, "->", w, f"{agree:.2f}")
    print(weighted([("pos", 0.9), ("neg", 0.6), ("neg", 0.5), ("pos", 0.1)]))


main()
