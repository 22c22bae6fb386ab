class Tokenizer:
    default_lower = True

    def __init__(self, vocab: dict[str, int], lower: bool) -> None:
        self.vocab = vocab
        self.lower = lower

    @classmethod
    def from_words(cls, words: list[str]) -> "Tokenizer":
        vocab = {"[UNK]": 0}
        for w in words:
            if w not in vocab:
                vocab[w] = len(vocab)
        return cls(vocab, cls.default_lower)

    @classmethod
    def from_text(cls, text: str) -> "Tokenizer":
        return cls.from_words(text.lower().split())

    @staticmethod
    def clean(s: str) -> str:
        return "".join(ch for ch in s if ch.isalnum() or ch.isspace())

    def encode(self, s: str) -> list[int]:
        s = Tokenizer.clean(s)
        if self.lower:
            s = s.lower()
        return [self.vocab.get(w, 0) for w in s.split()]

    def __len__(self) -> int:
        return len(self.vocab)


class CaseTokenizer(Tokenizer):
    default_lower = False

    def encode(self, s: str) -> list[int]:
        return [i * 10 for i in super().encode(s)]


def main() -> None:
    t = Tokenizer.from_text("The cat and the hat")
    print(len(t), t.vocab)
    print(t.encode("the HAT, the bat!"))
    c = CaseTokenizer.from_words(["The", "cat"])
    print(len(c), c.lower, c.encode("The cat the"))
    print(Tokenizer.clean("a-b c!d"), Tokenizer.default_lower, CaseTokenizer.default_lower)


main()
