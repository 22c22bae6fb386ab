VOCAB = {"<unk>": 0, "<s>": 1, "</s>": 2, "▁the": 3, "▁cat": 4, "▁sat": 5, "▁on": 6, "▁mat": 7, "s": 8, "▁": 9}


def byte_token(b: int) -> str:
    return f"<0x{b:02X}>"


def encode(text: str, vocab: dict[str, int]) -> list[str]:
    out: list[str] = []
    for i, word in enumerate(text.split(" ")):
        piece = "▁" + word
        if piece in vocab:
            out.append(piece)
            continue
        if piece[:-1] in vocab and piece[-1:] in vocab:
            out.append(piece[:-1])
            out.append(piece[-1:])
            continue
        out.append("▁")
        for b in word.encode("utf-8"):
            out.append(byte_token(b))
    return out


def decode(pieces: list[str]) -> str:
    buf = bytearray_like = []
    text = ""
    pending: list[int] = []
    for p in pieces:
        if p.startswith("<0x") and p.endswith(">"):
            pending.append(int(p[3:-1], 16))
            continue
        if pending:
            text += bytes(pending).decode("utf-8")
            pending = []
        text += p.replace("▁", " ")
    if pending:
        text += bytes(pending).decode("utf-8")
    return text.lstrip(" ")


def main() -> None:
    for t in ["the cat sat", "the cats sat on the mat", "the café ☕", "naïve"]:
        pieces = encode(t, VOCAB)
        print(pieces)
        print(repr(decode(pieces)), decode(pieces) == t)
    print([byte_token(b) for b in "é".encode("utf-8")])


main()
