def get_pairs(word: list[str]) -> dict[tuple[str, str], int]:
    pairs: dict[tuple[str, str], int] = {}
    for i in range(len(word) - 1):
        p = (word[i], word[i + 1])
        pairs[p] = pairs.get(p, 0) + 1
    return pairs


def merge(word: list[str], pair: tuple[str, str]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(word):
        if i < len(word) - 1 and word[i] == pair[0] and word[i + 1] == pair[1]:
            out.append(word[i] + word[i + 1])
            i += 2
        else:
            out.append(word[i])
            i += 1
    return out


def learn(words: dict[str, int], n_merges: int) -> list[tuple[str, str]]:
    splits = {w: list(w) + ["</w>"] for w in words}
    merges: list[tuple[str, str]] = []
    for _ in range(n_merges):
        stats: dict[tuple[str, str], int] = {}
        for w, freq in words.items():
            for p, c in get_pairs(splits[w]).items():
                stats[p] = stats.get(p, 0) + c * freq
        if not stats:
            break
        best = max(stats, key=lambda p: (stats[p], p))
        merges.append(best)
        for w in splits:
            splits[w] = merge(splits[w], best)
    return merges


def apply(word: str, merges: list[tuple[str, str]]) -> list[str]:
    parts = list(word) + ["</w>"]
    ranks = {m: i for i, m in enumerate(merges)}
    while True:
        pairs = get_pairs(parts)
        cands = [p for p in pairs if p in ranks]
        if not cands:
            break
        best = min(cands, key=lambda p: ranks[p])
        parts = merge(parts, best)
    return parts


def main() -> None:
    words = {"low": 5, "lower": 2, "newest": 6, "widest": 3, "new": 4}
    merges = learn(words, 10)
    for i, m in enumerate(merges):
        print(i, m)
    for w in ["lowest", "newer", "wide", "low"]:
        print(w, apply(w, merges))


main()
