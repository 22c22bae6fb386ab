# User iterators: classes with __iter__ returning self (with __next__ raising
# StopIteration) or a generator, used in for loops, list(), sum(), zip(),
# enumerate(), sorted(), join, next() and iter().
from typing import Iterator


class Countdown:
    def __init__(self, start: int) -> None:
        self.n = start

    def __iter__(self) -> "Countdown":
        return self

    def __next__(self) -> int:
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1


class Fib:
    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.a = 0
        self.b = 1

    def __iter__(self):
        return self

    def __next__(self) -> int:
        if self.a > self.limit:
            raise StopIteration()
        value = self.a
        self.a, self.b = self.b, self.a + self.b
        return value


class Words:
    """Iterable (not an iterator): each __iter__ is a fresh generator."""

    def __init__(self, text: str) -> None:
        self.words = text.split()

    def __iter__(self) -> Iterator[str]:
        for w in self.words:
            if w.isalpha():
                yield w.lower()

    def __len__(self) -> int:
        return len(self.words)


class Squares:
    def __init__(self, n: int) -> None:
        self.n = n

    def __iter__(self) -> "SquaresIter":
        return SquaresIter(self.n)


class SquaresIter:
    def __init__(self, n: int) -> None:
        self.i = 0
        self.n = n

    def __iter__(self) -> "SquaresIter":
        return self

    def __next__(self) -> float:
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.i * self.i / 2


class Pairs:
    def __init__(self, items: list[str]) -> None:
        self.items = items
        self.pos = 0

    def __iter__(self) -> "Pairs":
        return self

    def __next__(self) -> tuple[int, str]:
        if self.pos >= len(self.items):
            raise StopIteration
        self.pos += 1
        return self.pos, self.items[self.pos - 1]


class Faulty:
    def __init__(self) -> None:
        self.k = 3

    def __iter__(self) -> "Faulty":
        return self

    def __next__(self) -> int:
        self.k -= 1
        return 10 // self.k


for x in Countdown(3):
    print("countdown", x)
print(list(Countdown(4)), sum(Countdown(5)), sorted(Countdown(3)))
print(list(Fib(50)))
print(max(Fib(100)), min(Countdown(6)), any(x > 4 for x in Countdown(5)))

w = Words("The quick 42 brown Fox jumps")
print(list(w), len(w), "-".join(w))
for i, word in enumerate(w):
    print(i, word)
print(list(zip(Countdown(3), w)))

print(list(Squares(4)), sum(Squares(3)))
sq = Squares(2)
print([v for v in sq], [v for v in sq])

for n, item in Pairs(["a", "b", "c"]):
    print(n, item)
print(dict(Pairs(["x", "y"])))

it = iter(Countdown(3))
print(next(it))
print(next(it), list(it))
c = Countdown(2)
print(next(c), next(c))
try:
    next(c)
except StopIteration:
    print("exhausted")

total = 0
for v in Fib(10):
    if v == 5:
        break
    total += v
print("total", total)


def consume(n: int) -> list[int]:
    out: list[int] = []
    for v in Countdown(n):
        out.append(v * 10)
    return out


print(consume(3))
try:
    for v in Faulty():
        print("faulty", v)
except ZeroDivisionError as e:
    print("error:", e)
print(list(Faulty()))
