PUNCT = ".,!?;:"


def split_punct(text: str) -> list[str]:
    tokens: list[str] = []
    for word in text.split():
        start = 0
        buf = ""
        for ch in word:
            if ch in PUNCT:
                if buf:
                    tokens.append(buf)
                    buf = ""
                tokens.append(ch)
            else:
                buf += ch
        if buf:
            tokens.append(buf)
    return tokens


def build_vocab(corpus: list[str], min_count: int) -> dict[str, int]:
    counts: dict[str, int] = {}
    for line in corpus:
        for t in split_punct(line.lower()):
            counts[t] = counts.get(t, 0) + 1
    vocab = {"[PAD]": 0, "[UNK]": 1}
    for tok, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        if n >= min_count:
            vocab[tok] = len(vocab)
    return vocab


def encode(text: str, vocab: dict[str, int]) -> list[int]:
    return [vocab.get(t, vocab["[UNK]"]) for t in split_punct(text.lower())]


def decode(ids: list[int], vocab: dict[str, int]) -> str:
    inv = {v: k for k, v in vocab.items()}
    return " ".join(inv[i] for i in ids)


def main() -> None:
    corpus = [
        "Hello, world! Hello again.",
        "The world is big; the sky is blue.",
        "Is the sky big? Yes!",
    ]
    vocab = build_vocab(corpus, 2)
    print(len(vocab), vocab)
    ids = encode("Hello sky, is the world blue?", vocab)
    print(ids)
    print(decode(ids, vocab))
    padded = ids + [0] * (10 - len(ids))
    mask = [1 if i != 0 else 0 for i in padded]
    print(padded, mask, sum(mask))


main()
