# Caesar cipher and ROT13 with ord/chr, built character by character.
def shift_char(c: str, k: int) -> str:
    if "a" <= c <= "z":
        return chr((ord(c) - ord("a") + k) % 26 + ord("a"))
    if "A" <= c <= "Z":
        return chr((ord(c) - ord("A") + k) % 26 + ord("A"))
    return c


def caesar(s: str, k: int) -> str:
    out: list[str] = []
    for i in range(len(s)):
        out.append(shift_char(s[i], k))
    return "".join(out)


msg = "Hello, World! Attack at dawn."
enc = caesar(msg, 3)
print(enc)
print(caesar(enc, -3))
print(caesar(msg, 13))
print(caesar(caesar(msg, 13), 13) == msg)
for k in [0, 1, 25, 26, 27, -1]:
    print(k, caesar("xyzXYZ abc", k))
