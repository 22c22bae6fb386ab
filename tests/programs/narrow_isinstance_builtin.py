# isinstance with builtin classes narrows the tested variable: a side no
# value can reach is dead code (not type-checked), a variant tested for
# str is a str, an Optional tested for its value's class is that value.
import json
from typing import Optional


def describe(v: int | str) -> str:
    if isinstance(v, str):
        return v.upper() + "!"
    return str(v + 1)


def widen(v: int | float | str) -> float:
    if isinstance(v, str):
        return float(len(v.strip()))
    elif isinstance(v, (int, float)):
        return v * 2.5
    return -1.0


def total(items: list[int | str | float]) -> float:
    t = 0.0
    for x in items:
        if isinstance(x, str):
            t += len(x.split(","))
        elif isinstance(x, (int, float)):
            t += x * 2
    return t


def shout(s: Optional[str]) -> str:
    if isinstance(s, str):
        return s.upper()
    return "nothing"


def keys_of(v: dict[str, int] | list[str]) -> list[str]:
    if isinstance(v, dict):
        return sorted(v.keys())
    else:
        return [k.lower() for k in v]


def walk(node: object, depth: int) -> int:
    """json.loads values: the test decides what each is."""
    if isinstance(node, str):
        print("  " * depth + "str " + node.title())
        return 1
    n = 0
    if isinstance(node, list):
        for item in node:
            n += walk(item, depth + 1)
    elif isinstance(node, dict):
        for k in node:
            n += walk(node[k], depth + 1)
    else:
        print("  " * depth + "other " + str(node))
        n += 1
    return n


def not_text(v: int | bytes) -> int:
    if isinstance(v, bytes):
        return len(v.decode())
    return v


print(describe("ab"), describe(41))
print(widen("  abc "), widen(4), widen(1.5))
print(total([1, "a,b,c", 2.5, "x"]))
print(shout("hi"), shout(None))
print(keys_of({"b": 1, "a": 2}), keys_of(["X", "Y"]))
print(walk(json.loads('{"a": ["hello world", 3, {"b": "two words"}], "c": null}'), 0))
print(not_text(b"abc"), not_text(7))
