# A small backtracking regex matcher (literals, ., *, +, ?, ^, $, character
# classes [a-z] and [^...]) checked on a table of patterns and subjects.
def class_match(cls: str, c: str) -> bool:
    negate = cls.startswith("^")
    body = cls[1:] if negate else cls
    found = False
    i = 0
    while i < len(body):
        if i + 2 < len(body) and body[i + 1] == "-":
            if body[i] <= c <= body[i + 2]:
                found = True
            i += 3
        else:
            if body[i] == c:
                found = True
            i += 1
    return found != negate


def atom_len(pat: str, i: int) -> int:
    if pat[i] == "[":
        j = pat[i + 1:].find("]")
        if j < 0:
            raise ValueError(f"unterminated class at {i}")
        return j + 2
    if pat[i] == "\\":
        return 2
    return 1


def atom_match(atom: str, c: str) -> bool:
    if atom == ".":
        return c != "\n"
    if atom[0] == "[":
        return class_match(atom[1:-1], c)
    if atom[0] == "\\":
        if atom[1] == "d":
            return c.isdigit()
        if atom[1] == "w":
            return c.isalnum() or c == "_"
        return c == atom[1]
    return atom == c


def match_here(pat: str, pi: int, s: str, si: int) -> int:
    """End index of a match of pat[pi:] at s[si:], or -1."""
    if pi == len(pat):
        return si
    if pat[pi] == "$" and pi + 1 == len(pat):
        return si if si == len(s) else -1
    n = atom_len(pat, pi)
    atom = pat[pi:pi + n]
    q = pat[pi + n] if pi + n < len(pat) else ""
    if q in ("*", "+", "?"):
        lo = 1 if q == "+" else 0
        hi = 1 if q == "?" else len(s) - si
        count = 0
        while count < hi and si + count < len(s) and atom_match(atom, s[si + count]):
            count += 1
        while count >= lo:
            end = match_here(pat, pi + n + 1, s, si + count)
            if end >= 0:
                return end
            count -= 1
        return -1
    if si < len(s) and atom_match(atom, s[si]):
        return match_here(pat, pi + n, s, si + 1)
    return -1


def search(pat: str, s: str) -> str:
    if pat.startswith("^"):
        end = match_here(pat, 1, s, 0)
        return s[:end] if end >= 0 else "<none>"
    for start in range(len(s) + 1):
        end = match_here(pat, 0, s, start)
        if end >= 0:
            return s[start:end]
    return "<none>"


cases = [
    ("abc", "xxabcxx"), ("a.c", "a-c abc"), ("ab*c", "ac abbbc"), ("ab+c", "ac abbbc"),
    ("colou?r", "my colour"), ("^hello", "hello world"), ("^world", "hello world"),
    ("end$", "the end"), ("[0-9]+", "order 66 shipped"), ("[^ ]+$", "last word"),
    ("\\d+\\.\\d+", "pi is 3.14159!"), ("\\w+@\\w+", "mail bob@example now"),
    (".*", "greedy"), ("a*a*a*b", "aaaaaaaac"), ("x?y?z?", ""), ("[a-c]*d", "abcabcd"),
    ("[unclosed", "text"),
]
for pat, s in cases:
    try:
        print(f"{pat!r:<14} {s!r:<22} -> {search(pat, s)!r}")
    except ValueError as e:
        print(f"{pat!r:<14} error: {e}")
print([class_match("a-z", c) for c in "aZm-"], [class_match("^0-9", c) for c in "5x"])
words = "cat car cart scar card".split()
for pat in ["^car", "ar$", "^c.r", "a[rt]+"]:
    print(pat, [w for w in words if search(pat, w) != "<none>"])
