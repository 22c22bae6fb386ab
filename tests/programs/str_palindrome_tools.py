def clean(s: str) -> str:
    return "".join(ch.lower() for ch in s if ch.isalnum())


def is_pal(s: str) -> bool:
    c = clean(s)
    return c == c[::-1]


def longest_pal(s: str) -> str:
    best = ""
    for center in range(2 * len(s) - 1):
        lo = center // 2
        hi = lo + center % 2
        while lo >= 0 and hi < len(s) and s[lo] == s[hi]:
            lo -= 1
            hi += 1
        cand = s[lo + 1 : hi]
        if len(cand) > len(best):
            best = cand
    return best


def main() -> None:
    for s in ["A man, a plan, a canal: Panama", "No lemon, no melon", "kiln", "", "Was it a car or a cat I saw?"]:
        print(repr(s), is_pal(s))
    for s in ["babad", "forgeeksskeegfor", "abacdfgdcaba", "x", "aaaa"]:
        print(s, longest_pal(s))


main()
