# Levenshtein edit distance with the full DP table, an alignment backtrace
# (match / substitute / insert / delete), a printed table for one pair, and
# spelling suggestions ranked by distance then alphabetically.
def table(a: str, b: str) -> list[list[int]]:
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            d[i][j] = min(min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost)
    return d


def align(a: str, b: str) -> tuple[str, str, str]:
    d = table(a, b)
    i = len(a)
    j = len(b)
    top: list[str] = []
    mid: list[str] = []
    bot: list[str] = []
    while i > 0 or j > 0:
        if i > 0 and j > 0 and d[i][j] == d[i - 1][j - 1] + (0 if a[i - 1] == b[j - 1] else 1):
            top.append(a[i - 1])
            bot.append(b[j - 1])
            mid.append("|" if a[i - 1] == b[j - 1] else "*")
            i -= 1
            j -= 1
        elif i > 0 and d[i][j] == d[i - 1][j] + 1:
            top.append(a[i - 1])
            bot.append("-")
            mid.append(" ")
            i -= 1
        else:
            top.append("-")
            bot.append(b[j - 1])
            mid.append(" ")
            j -= 1
    return "".join(reversed(top)), "".join(reversed(mid)), "".join(reversed(bot))


d = table("kitten", "sitting")
print("     " + "  ".join(" sitting"))
for i, row in enumerate(d):
    label = (" " + "kitten")[i]
    print(f"  {label} " + " ".join(f"{v:2d}" for v in row))
pairs = [("kitten", "sitting"), ("flaw", "lawn"), ("intention", "execution"), ("", "abc"),
         ("same", "same"), ("abc", ""), ("gumbo", "gambol"), ("a", "b")]
for a, b in pairs:
    t = table(a, b)
    top, mid, bot = align(a, b)
    subs = mid.count("*")
    gaps = top.count("-") + bot.count("-")
    print(f"{a!r} -> {b!r}: distance {t[len(a)][len(b)]} ({subs} subs, {gaps} indels)")
    print("   ", top)
    print("   ", mid)
    print("   ", bot)
DICTIONARY = ["apple", "apply", "ample", "maple", "angle", "applet", "happy", "pale", "apples"]
for typo in ["appel", "aple", "hapyp", "zzz"]:
    scored = sorted([(table(typo, w)[len(typo)][len(w)], w) for w in DICTIONARY])
    close = [w for dist, w in scored if dist <= 2]
    print(f"{typo}: best {scored[0][1]} ({scored[0][0]}), within 2: {close}")
sym = all(table(a, b)[len(a)][len(b)] == table(b, a)[len(b)][len(a)] for a, b in pairs)
print("symmetric:", sym)
