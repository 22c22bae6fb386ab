# `for w in s.split():` cuts the pieces as the loop asks for them, with no
# list (emit.c find_split_loop, runtime/loop.c kr_loop_split): the same
# pieces as CPython's for ASCII whitespace (\x1c-\x1f included), Unicode
# whitespace, empty and blank strs, a break, nested loops, and a split
# whose list is also kept.


def words(lines: list[str]) -> list[str]:
    out: list[str] = []
    for line in lines:
        for w in line.split():
            out.append(w)
    return out


def first_long(s: str) -> str:
    found = ""
    for w in s.split():
        if len(w) > 4:
            found = w
            break
    return found


def main() -> None:
    lines = ["the quick  brown\tfox", "", "   ", "\n\x0bjumps\x0cover\r\n", "a\x1cb\x1dc\x1ed\x1fe",
             "  lazy dogs  ", "caf\u00e9 na\u00efve\u3000r\u00e9sum\u00e9\u2003end", "x\u00a0y\u2028z", "one"]
    print(words(lines))
    print(first_long("a bb cccc ddddd eeeeee"), repr(first_long("no big")))
    total = 0
    last = ""
    for line in lines:
        for w in line.split():
            for part in w.upper().split():
                total += len(part)
                last = part
    print(total, last)
    kept = "k1 k2 k3".split()
    for w in "k1 k2 k3".split():
        kept.append(w + "!")
    print(kept)
    n = 0
    text = "alpha beta\ngamma  delta\n\nepsilon"
    for line in text.split("\n"):
        for w in line.split():
            n += 1
    print(n, [len(w) for w in text.split()])


main()
