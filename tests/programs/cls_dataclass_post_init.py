from dataclasses import dataclass, field


@dataclass
class Span:
    start: int
    end: int
    text: str = ""
    length: int = field(default=0)

    def __post_init__(self) -> None:
        if self.end < self.start:
            raise ValueError(f"bad span {self.start}..{self.end}")
        self.length = self.end - self.start

    def overlaps(self, other: "Span") -> bool:
        return self.start < other.end and other.start < self.end


@dataclass
class Document:
    text: str
    spans: list[Span] = field(default_factory=list)

    def annotate(self, word: str) -> int:
        n = 0
        i = self.text.find(word)
        while i >= 0:
            self.spans.append(Span(i, i + len(word), word))
            n += 1
            i = self.text.find(word, i + 1)
        return n


def main() -> None:
    d = Document("the cat and the other cat sat")
    print(d.annotate("cat"), d.annotate("the"), d.annotate("dog"))
    for s in sorted(d.spans, key=lambda s: s.start):
        print(s)
    a = Span(0, 5)
    print(a, a.overlaps(Span(4, 9)), a.overlaps(Span(5, 9)))
    print(Span(2, 2).length, Span(1, 4) == Span(1, 4, "", 3))
    Span(5, 1)


main()
