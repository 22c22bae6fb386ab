def char_ngrams(word: str, n: int) -> list[str]:
    w = "<" + word + ">"
    return [w[i : i + n] for i in range(len(w) - n + 1)]


def hash_bucket(s: str, buckets: int) -> int:
    h = 2166136261
    for ch in s.encode("utf-8"):
        h = (h ^ ch) * 16777619 % 4294967296
    return h % buckets


def featurize(text: str, buckets: int) -> dict[int, int]:
    feats: dict[int, int] = {}
    for word in text.lower().split():
        for n in (3, 4):
            for g in char_ngrams(word, n):
                b = hash_bucket(g, buckets)
                feats[b] = feats.get(b, 0) + 1
    return feats


def jaccard(a: set[str], b: set[str]) -> float:
    if not a and not b:
        return 1.0
    return len(a & b) / len(a | b)


def main() -> None:
    print(char_ngrams("where", 3))
    print(char_ngrams("a", 3), char_ngrams("ab", 4))
    print([hash_bucket(g, 1000) for g in ["<wh", "whe", "her", "é!"]])
    f = featurize("Where is here", 64)
    print(sorted(f.items())[:8], sum(f.values()))
    pairs = [("night", "nacht"), ("context", "contact"), ("abc", "xyz"), ("", "")]
    for a, b in pairs:
        sa = set(char_ngrams(a, 2)) if a else set()
        sb = set(char_ngrams(b, 2)) if b else set()
        print(a, b, round(jaccard(sa, sb), 4))


main()
