"""The library tests/abi/soak.c calls from many threads, from several
copies at once, and 100,000 times in a row (tests/unit/test_soak.py):
strings, lists, dicts, an ndarray, a tokenizer, exceptions raised and
caught inside, and one raised out through the ABI."""
import numpy as np
from tokenizers import Tokenizer


class Odd(Exception):
    pass


def text(s: str, n: int) -> str:
    words = (s + " ") * n
    parts = [w.upper() for w in words.split()]
    return f"{len(parts)}:" + "-".join(parts).replace("L", "l")


def lists(n: int) -> list[int]:
    xs = [(i * 37) % 101 for i in range(n)]
    xs.sort()
    return xs[::7]


def table(words: list[str]) -> dict[str, int]:
    d: dict[str, int] = {}
    for w in words:
        d[w] = d.get(w, 0) + len(w)
    return d


def tensor(n: int) -> float:
    a = np.arange(n * n, dtype=np.float32).reshape(n, n) / float(n * n)
    b = a @ a.T + 1.0
    return round(float(np.linalg.norm(b, axis=-1).sum()), 3)


def tokens(path: str, s: str) -> list[int]:
    tok = Tokenizer.from_file(path)
    return tok.encode(s).ids


def caught(n: int) -> int:
    k = 0
    for i in range(n):
        try:
            if i % 3 == 0:
                raise Odd("three " + str(i))
            k += i
        except Odd as e:
            k += len(str(e))
    return k


def fails(n: int) -> int:
    if n % 2 == 1:
        raise ValueError(f"odd: {n}")
    return n // 2
