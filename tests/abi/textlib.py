"""A library of small text and number functions, called through kiln's C ABI."""
from typing import Optional

CALLS = 0
VOWELS = "aeiou"
print("textlib: module code runs once")


def add(a: int, b: int) -> int:
    """Add two ints."""
    return a + b


def scale(xs: list[float], k: float = 2.0) -> list[float]:
    out: list[float] = []
    for x in xs:
        out.append(x * k)
    return out


def count_vowels(text: str) -> int:
    global CALLS
    CALLS += 1
    n = 0
    for i in range(len(text)):
        if text[i] in VOWELS:
            n += 1
    return n


def calls() -> int:
    return CALLS


def word_lengths(words: list[str]) -> dict[str, int]:
    d: dict[str, int] = {}
    for w in words:
        d[w] = len(w)
    return d


def stats(xs: list[int]) -> tuple[int, int, float]:
    if len(xs) == 0:
        raise ValueError("stats() of an empty list")
    return min(xs), max(xs), sum(xs) / len(xs)


def greet(name: str, excited: bool = False, times: int = 1) -> str:
    s = "hello, " + name
    if excited:
        s = s + "!"
    return s * times


def first_long(words: list[str], n: int) -> Optional[str]:
    for w in words:
        if len(w) >= n:
            return w
    return None


def divide(a: int, b: int) -> float:
    return a / b


def nothing(x: int) -> None:
    print("nothing got", x)


def matrix(n: int) -> list[list[int]]:
    rows: list[list[int]] = []
    for i in range(n):
        row: list[int] = []
        for j in range(n):
            row.append(i * n + j)
        rows.append(row)
    return rows


def lookup(d: dict[str, float], key: str) -> float:
    return d[key]


def shout(s: str) -> str:
    return s.upper() + " \u00e9\u4e2d\U0001f600"


def _private(x: int) -> int:
    return x


def unannotated(x):
    return x


def pieces(text: str, n: int):
    """Stream text in pieces of n characters (a generator: items cross the ABI one at a time)."""
    if n <= 0:
        raise ValueError("n must be positive")
    for i in range(0, len(text), n):
        yield text[i:i + n]
