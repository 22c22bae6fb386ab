def slugify(title: str) -> str:
    out: list[str] = []
    prev_dash = False
    for ch in title.lower():
        if ch.isalnum():
            out.append(ch)
            prev_dash = False
        elif not prev_dash and out:
            out.append("-")
            prev_dash = True
    return "".join(out).strip("-")


def wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    cur = ""
    for word in text.split():
        if not cur:
            cur = word
        elif len(cur) + 1 + len(word) <= width:
            cur += " " + word
        else:
            lines.append(cur)
            cur = word
    if cur:
        lines.append(cur)
    return lines


def title_case(s: str) -> str:
    small = {"a", "an", "the", "of", "and", "in"}
    words = s.split()
    res = []
    for i, w in enumerate(words):
        if i > 0 and w.lower() in small:
            res.append(w.lower())
        else:
            res.append(w.capitalize())
    return " ".join(res)


def main() -> None:
    for t in ["Hello, World!", "  Kiln: a Python->C compiler  ", "100% of THE tests"]:
        print(repr(slugify(t)))
    text = "The quick brown fox jumps over the lazy dog and keeps running far away"
    for line in wrap(text, 20):
        print(f"|{line:<20}|")
    print(title_case("the lord of the rings and a hobbit"))
    print("abc".center(9, "*"), "x".rjust(4, "0"), "-".join("abc"))
    print("a,b,,c".split(","), "a b  c".split(), "k=v=w".split("=", 1))
    print(" pad ".strip(), "xxhixx".strip("x"), "hello".replace("l", "L", 1))


main()
