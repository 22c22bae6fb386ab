# Protocol and Generic bases: the class is a plain class; a function
# annotated with the protocol takes any class that has the methods.
from typing import Generic, Protocol, TypeVar

T = TypeVar("T")


class Scorer(Protocol):
    def score(self, x: float) -> float: ...


class Linear:
    def __init__(self, a: float, b: float) -> None:
        self.a = a
        self.b = b

    def score(self, x: float) -> float:
        return self.a * x + self.b


class Square:
    def score(self, x: float) -> float:
        return x * x


class Box(Generic[T]):
    def __init__(self, item: T) -> None:
        self.item = item

    def get(self) -> T:
        return self.item


def run(s: Scorer, xs: list[float]) -> list[float]:
    return [s.score(x) for x in xs]


print(run(Linear(2.0, 1.0), [0.0, 1.5]), run(Square(), [3.0, -0.5]))
print(Box(3).get() + 1, [Box(n).get() * 2 for n in range(3)])
