# string: the constants, and a few programs that use them (a Caesar cipher,
# character classes, a password check).
import string
from string import ascii_lowercase, digits as DIGITS

print(string.ascii_letters)
print(string.ascii_lowercase, string.ascii_uppercase)
print(string.digits, string.hexdigits, string.octdigits)
print(string.punctuation)
print(repr(string.whitespace))
print(repr(string.printable), len(string.printable))


def caesar(s: str, k: int) -> str:
    out = []
    for ch in s:
        if ch in ascii_lowercase:
            out.append(ascii_lowercase[(ascii_lowercase.index(ch) + k) % 26])
        elif ch in string.ascii_uppercase:
            out.append(string.ascii_uppercase[(string.ascii_uppercase.index(ch) + k) % 26])
        else:
            out.append(ch)
    return "".join(out)


def classes(s: str) -> dict[str, int]:
    counts = {"letters": 0, "digits": 0, "punct": 0, "space": 0}
    for ch in s:
        if ch in string.ascii_letters:
            counts["letters"] += 1
        elif ch in DIGITS:
            counts["digits"] += 1
        elif ch in string.punctuation:
            counts["punct"] += 1
        elif ch in string.whitespace:
            counts["space"] += 1
    return counts


print(caesar("Hello, World!", 3), caesar(caesar("Hello, World!", 3), 23))
print(classes("Pa55 word!\tok?"))
print(all(c in string.printable for c in "abc 123"), "é" in string.printable)
print(sorted(set(string.hexdigits.lower())))
