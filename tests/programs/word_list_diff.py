# A diff of two word lists via the LCS table: unified-style +/- output,
# change statistics, and a patch applied back to check it round-trips.
def lcs_table(a: list[str], b: list[str]) -> list[list[int]]:
    t = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        for j in range(len(b) - 1, -1, -1):
            if a[i] == b[j]:
                t[i][j] = t[i + 1][j + 1] + 1
            else:
                t[i][j] = max(t[i + 1][j], t[i][j + 1])
    return t


def diff(a: list[str], b: list[str]) -> list[tuple[str, str]]:
    t = lcs_table(a, b)
    out: list[tuple[str, str]] = []
    i = 0
    j = 0
    while i < len(a) and j < len(b):
        if a[i] == b[j]:
            out.append((" ", a[i]))
            i += 1
            j += 1
        elif t[i + 1][j] >= t[i][j + 1]:
            out.append(("-", a[i]))
            i += 1
        else:
            out.append(("+", b[j]))
            j += 1
    while i < len(a):
        out.append(("-", a[i]))
        i += 1
    while j < len(b):
        out.append(("+", b[j]))
        j += 1
    return out


def apply_patch(a: list[str], ops: list[tuple[str, str]]) -> list[str]:
    result: list[str] = []
    pos = 0
    for tag, word in ops:
        if tag == " ":
            assert a[pos] == word, "context mismatch"
            result.append(word)
            pos += 1
        elif tag == "-":
            assert a[pos] == word, "delete mismatch"
            pos += 1
        else:
            result.append(word)
    return result


pairs = [
    ("the quick brown fox jumps over the lazy dog", "the quick red fox jumped over the very lazy dog"),
    ("a b c d e f", "a c d x f g"),
    ("one two three", "one two three"),
    ("", "new words only"),
    ("all gone now", ""),
    ("apple banana cherry date", "date cherry banana apple"),
]
for left, right in pairs:
    a = left.split()
    b = right.split()
    t = lcs_table(a, b)
    ops = diff(a, b)
    print(f"--- {left!r}")
    print(f"+++ {right!r}")
    for tag, word in ops:
        print(f"{tag}{word}")
    added = sum(1 for tag, w in ops if tag == "+")
    removed = sum(1 for tag, w in ops if tag == "-")
    same = len(ops) - added - removed
    ratio = 2 * same / (len(a) + len(b)) if a or b else 1.0
    print(f"lcs={t[0][0]} +{added} -{removed} ={same} similarity={ratio:.3f}")
    back = apply_patch(a, ops)
    print("round trip:", back == b, " ".join(back))
    compact = "".join(tag if tag != " " else "." for tag, w in ops)
    print("shape:", compact)
