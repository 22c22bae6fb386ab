# Roman numerals: conversion both ways with strict validation (canonical form
# only), arithmetic through integers, and a table of interesting values.
class RomanError(ValueError):
    pass


VALUES = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
          (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
SYMBOL = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def to_roman(n: int) -> str:
    if not 0 < n < 4000:
        raise RomanError(f"{n} is out of range 1..3999")
    out = ""
    for value, sym in VALUES:
        while n >= value:
            out += sym
            n -= value
    return out


def from_roman(s: str) -> int:
    if not s:
        raise RomanError("empty numeral")
    total = 0
    for i, ch in enumerate(s):
        if ch not in SYMBOL:
            raise RomanError(f"bad symbol {ch!r} at {i}")
        v = SYMBOL[ch]
        if i + 1 < len(s) and SYMBOL.get(s[i + 1], 0) > v:
            total -= v
        else:
            total += v
    if to_roman(total) != s:
        raise RomanError(f"{s} is not canonical (did you mean {to_roman(total)}?)")
    return total


for n in [1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999, 444, 1888]:
    r = to_roman(n)
    print(f"{n:5d} -> {r:<16} -> {from_roman(r)}")
for s in ["MCMXC", "IIII", "IC", "MMXXV", "XLII", "ABC", "", "VX", "CCCC", "mcm"]:
    try:
        print(f"{s!r}: {from_roman(s)}")
    except RomanError as e:
        print(f"{s!r}: error: {e}")
for n in [0, 4000, -5]:
    try:
        to_roman(n)
    except ValueError as e:
        print("ValueError:", e)
a = from_roman("XLIX")
b = from_roman("LXXVII")
print(f"XLIX + LXXVII = {to_roman(a + b)} ({a + b}); product {to_roman(a * b)}")
lengths = {n: len(to_roman(n)) for n in range(1, 4000)}
longest = max(lengths.values())
print("longest numeral:", longest, "chars, for", [n for n in lengths if lengths[n] == longest])
print("all round trip:", all(from_roman(to_roman(n)) == n for n in range(1, 4000)))
counts: dict[str, int] = {}
for n in range(1, 101):
    for ch in to_roman(n):
        counts[ch] = counts.get(ch, 0) + 1
print("symbol use 1..100:", counts)
