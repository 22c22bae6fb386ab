def pieces_of(word: str, vocab: set[str]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(word):
        j = len(word)
        while j > i and word[i:j] not in vocab:
            j -= 1
        if j == i:
            out.append(word[i])
            i += 1
        else:
            out.append(word[i:j])
            i = j
    return out


def encode(text: str, vocab: set[str]) -> list[str]:
    out: list[str] = []
    for w in text.split(" "):
        out.extend(pieces_of("▁" + w, vocab))
    return out


def decode(pieces: list[str]) -> str:
    return "".join(pieces).replace("▁", " ").lstrip()


def main() -> None:
    vocab = {"▁the", "▁th", "▁a", "▁an", "▁and", "ing", "▁play", "▁run", "er", "s", "▁", "n", "ed"}
    for text in ["the players and the runners", "a band", "playing", "xyz the"]:
        p = encode(text, vocab)
        print(p, len(p), decode(p) == text)
    print(sorted(vocab, key=lambda s: (-len(s), s))[:5])


main()
