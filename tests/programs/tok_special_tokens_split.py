SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<pad>"]


def split_specials(text: str, specials: list[str]) -> list[tuple[str, bool]]:
    out: list[tuple[str, bool]] = []
    i = 0
    buf = ""
    ordered = sorted(specials, key=lambda s: -len(s))
    while i < len(text):
        matched = ""
        for s in ordered:
            if text.startswith(s, i):
                matched = s
                break
        if matched:
            if buf:
                out.append((buf, False))
                buf = ""
            out.append((matched, True))
            i += len(matched)
        else:
            buf += text[i]
            i += 1
    if buf:
        out.append((buf, False))
    return out


def main() -> None:
    texts = [
        "<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n",
        "plain text only",
        "<pad><pad>x<|endoftext|>",
        "almost <|im_sta special",
    ]
    for t in texts:
        parts = split_specials(t, SPECIALS)
        print([(p if s else p.replace("\n", "\\n"), s) for p, s in parts])
        print(" specials:", sum(1 for _, s in parts if s), "text chars:", sum(len(p) for p, s in parts if not s))


main()
