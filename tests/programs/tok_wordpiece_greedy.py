VOCAB = ["[UNK]", "[CLS]", "[SEP]", "un", "##aff", "##able", "aff", "##a", "##b", "play",
         "##ing", "##ed", "the", "run", "##ner", "##s", "a", "b", "##le"]


def wordpiece(word: str, vocab: dict[str, int], max_chars: int = 20) -> list[str]:
    if len(word) > max_chars:
        return ["[UNK]"]
    tokens: list[str] = []
    start = 0
    while start < len(word):
        end = len(word)
        cur = ""
        found = False
        while start < end:
            piece = word[start:end]
            if start > 0:
                piece = "##" + piece
            if piece in vocab:
                cur = piece
                found = True
                break
            end -= 1
        if not found:
            return ["[UNK]"]
        tokens.append(cur)
        start = end
    return tokens


def tokenize(text: str, vocab: dict[str, int]) -> list[str]:
    out = ["[CLS]"]
    for w in text.lower().split():
        out.extend(wordpiece(w, vocab))
    out.append("[SEP]")
    return out


def main() -> None:
    vocab = {t: i for i, t in enumerate(VOCAB)}
    for text in ["unaffable", "the runners played", "playing xyz", "Unable runner"]:
        toks = tokenize(text, vocab)
        ids = [vocab[t] for t in toks]
        print(f"{text!r:24} -> {toks}")
        print(" " * 28, ids)
    print(wordpiece("a" * 25, vocab), wordpiece("ab", vocab, 5))


main()
