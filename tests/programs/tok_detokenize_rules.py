NO_SPACE_BEFORE = {".", ",", "!", "?", ";", ":", "%", ")", "'s", "n't", "'re"}
NO_SPACE_AFTER = {"(", "$", "#"}


def detokenize(tokens: list[str]) -> str:
    out = ""
    prev = ""
    for i, t in enumerate(tokens):
        if i == 0 or t in NO_SPACE_BEFORE or prev in NO_SPACE_AFTER:
            out += t
        elif t.startswith("##"):
            out += t[2:]
        else:
            out += " " + t
        prev = t
    return out


def capitalize_sentences(s: str) -> str:
    out = []
    cap = True
    for ch in s:
        if cap and ch.isalpha():
            out.append(ch.upper())
            cap = False
        else:
            out.append(ch)
        if ch in ".!?":
            cap = True
    return "".join(out)


def main() -> None:
    cases = [
        ["hello", ",", "world", "!"],
        ["it", "'s", "a", "(", "small", ")", "test", "."],
        ["costs", "$", "5", ",", "or", "20", "%", "off", "."],
        ["un", "##believ", "##able", "!", "we", "do", "n't", "know", "."],
        [],
    ]
    for toks in cases:
        s = detokenize(toks)
        print(repr(s), "->", repr(capitalize_sentences(s)))


main()
