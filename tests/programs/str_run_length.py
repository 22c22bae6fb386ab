def rle_encode(s: str) -> str:
    if not s:
        return ""
    out: list[str] = []
    prev = s[0]
    n = 1
    for ch in s[1:]:
        if ch == prev:
            n += 1
        else:
            out.append(f"{n}{prev}" if n > 1 else prev)
            prev = ch
            n = 1
    out.append(f"{n}{prev}" if n > 1 else prev)
    return "".join(out)


def rle_decode(s: str) -> str:
    out: list[str] = []
    num = ""
    for ch in s:
        if ch.isdigit():
            num += ch
        else:
            out.append(ch * (int(num) if num else 1))
            num = ""
    if num:
        raise ValueError(f"dangling count {num!r}")
    return "".join(out)


def main() -> None:
    for s in ["aaabccddddde", "abc", "", "zzzzzzzzzzzz", "aabbaa"]:
        e = rle_encode(s)
        print(repr(s), repr(e), rle_decode(e) == s)
    print(rle_decode("3x2y1z"), rle_decode("10-"))
    rle_decode("ab12")


main()
