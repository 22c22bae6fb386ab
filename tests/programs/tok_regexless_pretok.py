def char_class(ch: str) -> str:
    if ch.isalpha():
        return "L"
    if ch.isdigit():
        return "N"
    if ch.isspace():
        return "S"
    return "P"


def pretokenize(text: str) -> list[str]:
    pieces: list[str] = []
    cur = ""
    cur_cls = ""
    for ch in text:
        c = char_class(ch)
        if c == "S":
            if cur:
                pieces.append(cur)
            cur = ""
            cur_cls = ""
            continue
        if c == "P" or c != cur_cls:
            if cur:
                pieces.append(cur)
            cur = ch
            cur_cls = c
        else:
            cur += ch
    if cur:
        pieces.append(cur)
    return pieces


def split_digits(pieces: list[str], group: int) -> list[str]:
    out: list[str] = []
    for p in pieces:
        if p.isdigit() and len(p) > group:
            for i in range(0, len(p), group):
                out.append(p[i : i + group])
        else:
            out.append(p)
    return out


def main() -> None:
    texts = ["Hello, world!!", "It's 2024-06-01: price=$1234567.89", "  don't  stop  ", "x1y22z333"]
    for t in texts:
        p = pretokenize(t)
        print(p)
        print(split_digits(p, 3))
    print([char_class(c) for c in "a1 ?é٣"])


main()
