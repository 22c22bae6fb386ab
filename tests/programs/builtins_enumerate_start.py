def numbered(lines: list[str], first: int) -> list[str]:
    return [f"{i:>3}: {line}" for i, line in enumerate(lines, start=first)]


def main() -> None:
    words = ["alpha", "beta", "gamma"]
    for i, w in enumerate(words, start=1):
        print(i, w)
    print(numbered(words, 10))
    print({i: w for i, w in enumerate(words, start=-1)})
    print(sum(i * len(w) for i, w in enumerate(words, start=2)))
    print(list(enumerate("ab", start=5)), list(enumerate(words, 3)))
    for n, (a, b) in enumerate(zip(words, words[1:]), start=100):
        print(n, a, b)


main()
