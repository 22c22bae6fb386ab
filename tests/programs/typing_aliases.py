# Type aliases at module level (Vec = list[float], Literal, Optional,
# Union, X | None, TypeAlias), Final and Final[T] annotations: annotations
# that name them type the values as the aliased type.
from typing import Final, Literal, Optional, TypeAlias, Union

Vec = list[float]
Matrix = list[Vec]
Mode = Literal["greedy", "sample"]
Level = Literal[1, 2, 3]
MaybeName = Optional[str]
Score = Union[float, None]
Pair: TypeAlias = tuple[str, int]
Lookup = dict[str, list[int]]
MAX_LEN: Final = 8
EPS: Final[float] = 1e-6


def dot(a: Vec, b: Vec) -> float:
    return sum(x * y for x, y in zip(a, b))


def matvec(m: Matrix, v: Vec) -> Vec:
    return [dot(row, v) for row in m]


def decode(mode: Mode, level: Level) -> str:
    return f"{mode}:{level * 2}"


def greet(name: MaybeName = None) -> str:
    return "hello " + (name if name is not None else "world")


def best(scores: list[Score]) -> float:
    return max(s for s in scores if s is not None)


def index(pairs: list[Pair]) -> Lookup:
    out: Lookup = {}
    for word, pos in pairs:
        out.setdefault(word, []).append(pos)
    return out


print(matvec([[1.0, 2.0], [3.0, 4.5]], [0.5, -1.0]), MAX_LEN + 1, EPS)
print(decode("greedy", 3), decode("sample", 1), greet(), greet("kiln"))
print(best([0.5, None, 2.5]), index([("a", 1), ("b", 2), ("a", 3)]))
