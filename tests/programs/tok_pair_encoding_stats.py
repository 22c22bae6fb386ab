def tokenize(text: str) -> list[str]:
    return text.lower().replace(",", " ,").replace(".", " .").split()


def type_token_ratio(tokens: list[str]) -> float:
    return len(set(tokens)) / len(tokens) if tokens else 0.0


def oov_rate(tokens: list[str], vocab: set[str]) -> float:
    return sum(1 for t in tokens if t not in vocab) / len(tokens)


def main() -> None:
    train = "The model reads text. The model writes text, and the model learns."
    test = "The model reads code, and writes tests."
    tr = tokenize(train)
    te = tokenize(test)
    vocab = set(tr)
    print(tr)
    print(len(tr), len(vocab), round(type_token_ratio(tr), 4))
    print(te, f"oov={oov_rate(te, vocab):.3f}")
    print(sorted(t for t in set(te) if t not in vocab))
    lengths: dict[int, int] = {}
    for t in tr:
        lengths[len(t)] = lengths.get(len(t), 0) + 1
    print(sorted(lengths.items()))


main()
