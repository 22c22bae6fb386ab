class Vocab:
    def __init__(self, specials: list[str]) -> None:
        self.tok2id: dict[str, int] = {}
        self.id2tok: list[str] = []
        for s in specials:
            self.add(s)
        self.unk = self.tok2id.get("<unk>", -1)

    def add(self, tok: str) -> int:
        if tok not in self.tok2id:
            self.tok2id[tok] = len(self.id2tok)
            self.id2tok.append(tok)
        return self.tok2id[tok]

    def __len__(self) -> int:
        return len(self.id2tok)

    def __contains__(self, tok: str) -> bool:
        return tok in self.tok2id

    def __getitem__(self, tok: str) -> int:
        return self.tok2id.get(tok, self.unk)

    def encode(self, text: str) -> list[int]:
        return [self[t] for t in text.split()]

    def decode(self, ids: list[int]) -> str:
        return " ".join(self.id2tok[i] for i in ids)

    def __repr__(self) -> str:
        return f"Vocab(size={len(self)})"


def main() -> None:
    v = Vocab(["<pad>", "<unk>", "<bos>"])
    for w in "the quick brown fox jumps over the lazy dog".split():
        v.add(w)
    print(v, len(v), "fox" in v, "cat" in v)
    ids = v.encode("the lazy cat jumps")
    print(ids, v.decode(ids))
    print(v["the"], v["zebra"], v.id2tok[:5])
    print(sorted(v.tok2id, key=lambda t: -len(t))[:3])


main()
