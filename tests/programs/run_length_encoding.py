# Run-length encode/decode strings, parsing digit runs back out with isdigit and int().
def encode(s: str) -> str:
    if s == "":
        return ""
    out: list[str] = []
    prev = s[0]
    n = 1
    for i in range(1, len(s)):
        if s[i] == prev:
            n += 1
        else:
            out.append(str(n) + prev)
            prev = s[i]
            n = 1
    out.append(str(n) + prev)
    return "".join(out)


def decode(s: str) -> str:
    out = ""
    num = ""
    for i in range(len(s)):
        c = s[i]
        if c.isdigit():
            num += c
        else:
            out += c * int(num)
            num = ""
    return out


for s in ["aaabccddddde", "", "x", "abc", "zzzzzzzzzzzz", "aabbaa"]:
    e = encode(s)
    print(repr(s), repr(e), decode(e) == s)
print(decode("10a2b1c"))
