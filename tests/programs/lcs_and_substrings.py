# Longest common subsequence and longest common substring by dynamic
# programming, plus longest palindromic subsequence and the shortest common
# supersequence built from the LCS table.
def lcs(a: str, b: str) -> str:
    n = len(a)
    m = len(b)
    t = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n):
        for j in range(m):
            if a[i] == b[j]:
                t[i + 1][j + 1] = t[i][j] + 1
            else:
                t[i + 1][j + 1] = max(t[i][j + 1], t[i + 1][j])
    out: list[str] = []
    i = n
    j = m
    while i > 0 and j > 0:
        if a[i - 1] == b[j - 1]:
            out.append(a[i - 1])
            i -= 1
            j -= 1
        elif t[i - 1][j] >= t[i][j - 1]:
            i -= 1
        else:
            j -= 1
    out.reverse()
    return "".join(out)


def longest_substring(a: str, b: str) -> tuple[int, int]:
    best = 0
    end = 0
    prev = [0] * (len(b) + 1)
    for i in range(1, len(a) + 1):
        cur = [0] * (len(b) + 1)
        for j in range(1, len(b) + 1):
            if a[i - 1] == b[j - 1]:
                cur[j] = prev[j - 1] + 1
                if cur[j] > best:
                    best = cur[j]
                    end = i
        prev = cur
    return end - best, best


def supersequence(a: str, b: str) -> str:
    common = lcs(a, b)
    out = ""
    i = 0
    j = 0
    for c in common:
        while a[i] != c:
            out += a[i]
            i += 1
        while b[j] != c:
            out += b[j]
            j += 1
        out += c
        i += 1
        j += 1
    return out + a[i:] + b[j:]


def is_subsequence(s: str, t: str) -> bool:
    k = 0
    for c in t:
        if k < len(s) and s[k] == c:
            k += 1
    return k == len(s)


pairs = [("ABCBDAB", "BDCABA"), ("AGGTAB", "GXTXAYB"), ("programming", "gaming"),
         ("dynamic", "dynamo"), ("abc", "xyz"), ("banana", "ananas"), ("", "empty")]
for a, b in pairs:
    c = lcs(a, b)
    start, length = longest_substring(a, b)
    sup = supersequence(a, b)
    print(f"{a} / {b}")
    print(f"  lcs={c!r} len={len(c)} in both: {is_subsequence(c, a) and is_subsequence(c, b)}")
    print(f"  substring={a[start:start + length]!r} at {start}")
    print(f"  supersequence={sup!r} len={len(sup)} == {len(a) + len(b) - len(c)}:"
          f" {is_subsequence(a, sup) and is_subsequence(b, sup)}")
for word in ["character", "racecar", "bbbab", "abcd", "agbdba"]:
    p = lcs(word, word[::-1])
    print(f"longest palindromic subsequence of {word}: {p} ({len(p)})")
