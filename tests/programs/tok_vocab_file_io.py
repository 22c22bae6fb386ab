PATH = "/tmp/kiln_corpus_tok_vocab_file_io.txt"


def save_vocab(path: str, tokens: list[str]) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for t in tokens:
            f.write(t + "\n")


def load_vocab(path: str) -> dict[str, int]:
    vocab: dict[str, int] = {}
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f):
            tok = line.rstrip("\n")
            if tok in vocab:
                raise ValueError(f"duplicate token {tok!r} on line {i + 1}")
            vocab[tok] = i
    return vocab


def main() -> None:
    toks = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "the", "##s", "ü", "日本", "a b"]
    save_vocab(PATH, toks)
    v = load_vocab(PATH)
    print(len(v), v["the"], v["日本"], v["a b"], "[MASK]" in v)
    inv = {i: t for t, i in v.items()}
    print([inv[i] for i in [2, 4, 5, 3]])
    save_vocab(PATH, ["x", "y", "x"])
    try:
        load_vocab(PATH)
    except ValueError as e:
        print("error:", e)
    with open(PATH) as f:
        print(f.read().split())
    load_vocab("/tmp/kiln_corpus_no_such_dir/vocab.txt")


main()
