ABBREV = {"dr", "mr", "mrs", "e.g", "i.e", "etc"}


def split_sentences(text: str) -> list[str]:
    sents: list[str] = []
    cur: list[str] = []
    for word in text.split():
        cur.append(word)
        if word[-1] in ".!?":
            stem = word[:-1].lower()
            if stem in ABBREV:
                continue
            sents.append(" ".join(cur))
            cur = []
    if cur:
        sents.append(" ".join(cur))
    return sents


def chunk(sents: list[str], max_words: int) -> list[str]:
    chunks: list[str] = []
    buf: list[str] = []
    n = 0
    for s in sents:
        w = len(s.split())
        if buf and n + w > max_words:
            chunks.append(" ".join(buf))
            buf = []
            n = 0
        buf.append(s)
        n += w
    if buf:
        chunks.append(" ".join(buf))
    return chunks


def main() -> None:
    text = ("Dr. Smith went to Washington. He met Mr. Jones there! Did they talk? "
            "Yes, about many things, e.g. taxes etc. and trade. The end")
    sents = split_sentences(text)
    for i, s in enumerate(sents):
        print(i, repr(s))
    for c in chunk(sents, 12):
        print(len(c.split()), c)
    print(split_sentences(""), split_sentences("one"))


main()
