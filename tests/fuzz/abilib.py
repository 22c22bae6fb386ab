"""The library tests/fuzz/fuzz_abi.c calls through kiln_call_json: one
function per kind of parameter the ABI's JSON argument decoder converts to
(ints, floats, strs, bools, nested lists, dicts, tuples, Optional, defaults,
an ndarray), each cheap whatever it is given."""
from typing import Optional

import numpy as np


def ints(xs: list[int], k: int = 1) -> int:
    return len(xs) * k


def floats(xs: list[float]) -> float:
    t = 0.0
    for x in xs:
        t += x
    return t


def text(s: str, n: int) -> str:
    return s[: n % 8]


def flag(b: bool, x: float) -> float:
    return x if b else -x


def table(d: dict[str, float]) -> list[str]:
    return sorted(d)


def grid(rows: list[list[int]]) -> int:
    n = 0
    for r in rows:
        n += len(r)
    return n


def pair(t: tuple[int, str]) -> str:
    return t[1] + str(t[0])


def maybe(x: Optional[str] = None) -> str:
    if x is None:
        return "none"
    return x


def counts(d: dict[str, list[int]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for k in d:
        out[k] = len(d[k])
    return out


def shape(a: np.ndarray) -> list[int]:
    return list(a.shape)


def raises(n: int) -> int:
    if n < 0:
        raise ValueError("negative")
    return n
