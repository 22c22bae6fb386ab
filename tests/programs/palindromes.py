# Palindrome checks on cleaned strings and numbers, longest palindromic substring by expansion.
def clean(s: str) -> str:
    out = ""
    for i in range(len(s)):
        c = s[i]
        if c.isalnum():
            out += c.lower()
    return out


def is_pal(s: str) -> bool:
    i = 0
    j = len(s) - 1
    while i < j:
        if s[i] != s[j]:
            return False
        i += 1
        j -= 1
    return True


def longest_pal(s: str) -> str:
    best_lo = 0
    best_len = 0
    for c in range(len(s)):
        for odd in [0, 1]:
            lo = c
            hi = c + odd
            while lo >= 0 and hi < len(s) and s[lo] == s[hi]:
                lo -= 1
                hi += 1
            if hi - lo - 1 > best_len:
                best_len = hi - lo - 1
                best_lo = lo + 1
    r = ""
    for k in range(best_lo, best_lo + best_len):
        r += s[k]
    return r


for s in ["A man, a plan, a canal: Panama", "racecar", "hello", "", "No 'x' in Nixon", "ab"]:
    print(repr(s), is_pal(clean(s)))
for n in [0, 7, 121, 1221, 123, 10]:
    print(n, is_pal(str(n)))
for s in ["babad", "cbbd", "forgeeksskeegfor", "a", "abacdfgdcaba"]:
    print(s, longest_pal(s))
