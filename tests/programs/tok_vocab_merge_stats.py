def pair_counts(words: dict[tuple[str, ...], int]) -> dict[tuple[str, str], int]:
    counts: dict[tuple[str, str], int] = {}
    for w, f in words.items():
        for i in range(len(w) - 1):
            p = (w[i], w[i + 1])
            counts[p] = counts.get(p, 0) + f
    return counts


def apply_merge(words: dict[tuple[str, ...], int], pair: tuple[str, str]) -> dict[tuple[str, ...], int]:
    out: dict[tuple[str, ...], int] = {}
    for w, f in words.items():
        syms: list[str] = []
        i = 0
        while i < len(w):
            if i + 1 < len(w) and (w[i], w[i + 1]) == pair:
                syms.append(w[i] + w[i + 1])
                i += 2
            else:
                syms.append(w[i])
                i += 1
        out[tuple(syms)] = f
    return out


def main() -> None:
    corpus = "hug hug pug pun bun hugs hug pun"
    words: dict[tuple[str, ...], int] = {}
    for w in corpus.split():
        key = tuple(w)
        words[key] = words.get(key, 0) + 1
    print(words)
    for step in range(4):
        counts = pair_counts(words)
        best = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
        words = apply_merge(words, best[0])
        print(step, best, sorted(words.items()))


main()
