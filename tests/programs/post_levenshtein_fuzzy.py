def lev(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
        prev = cur
    return prev[-1]


def closest(word: str, choices: list[str], max_dist: int) -> list[tuple[int, str]]:
    scored = [(lev(word, c), c) for c in choices]
    return sorted(s for s in scored if s[0] <= max_dist)


def main() -> None:
    labels = ["positive", "negative", "neutral", "mixed", "unknown"]
    for guess in ["positve", "Negative", "nuetral", "mix", "xyz", ""]:
        print(repr(guess), closest(guess.lower(), labels, 3))
    print(lev("kitten", "sitting"), lev("", "abc"), lev("flaw", "lawn"), lev("same", "same"))


main()
