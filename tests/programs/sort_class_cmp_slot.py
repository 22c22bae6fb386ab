# Sorting instances of one class goes through the class's comparison slot
# (runtime/sort.c CMP_SLOT): __lt__ alone, __gt__ alone (the reflected
# operation), a dataclass(order=True), and a class without an ordering
# (CPython's TypeError).
from dataclasses import dataclass


class Lt:
    def __init__(self, v: int) -> None:
        self.v = v

    def __lt__(self, other: "Lt") -> bool:
        return self.v < other.v

    def __repr__(self) -> str:
        return f"Lt({self.v})"


class Gt:
    def __init__(self, v: int) -> None:
        self.v = v

    def __gt__(self, other: "Gt") -> bool:
        return self.v > other.v

    def __repr__(self) -> str:
        return f"Gt({self.v})"


class Plain:
    def __init__(self, v: int) -> None:
        self.v = v


@dataclass(order=True)
class P:
    x: int
    y: str


def main() -> None:
    vals = [5, 3, 9, 1, 3, 7, 0, 8, 2, 6, 4, 11, -2, 3]
    print(sorted([Lt(v) for v in vals]))
    print(sorted([Gt(v) for v in vals], reverse=True))
    ls = [Lt(v) for v in vals]
    ls.sort()
    print(ls[0], ls[-1], min(ls), max(ls))
    print(sorted([P(v % 3, str(v)) for v in vals]))
    try:
        sorted([Plain(1), Plain(2)])
    except TypeError as e:
        print("TypeError:", e)


main()
