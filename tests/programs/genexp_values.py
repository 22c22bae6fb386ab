# Generator expressions as values: passed to program functions, stored and
# iterated later, advanced with next(), closing over the enclosing function.
from typing import Iterator


def total(items: Iterator[int]) -> int:
    s = 0
    for x in items:
        s += x
    return s


def first_two(items: Iterator[str]) -> list[str]:
    return [next(items), next(items)]


def scaled(xs: list[float], k: float) -> Iterator[float]:
    return (x * k for x in xs if x > 0)


def pairs(n: int) -> list[tuple[int, int]]:
    g = ((i, j) for i in range(n) for j in range(i) if (i + j) % 2 == 1)
    return list(g)


def lazy_side_effects() -> None:
    seen: list[int] = []

    def note(x: int) -> int:
        seen.append(x)
        return x * 10

    g = (note(x) for x in range(5))
    print("made, seen:", seen)
    print(next(g), seen)
    print(next(g), seen)
    rest = [y for y in g]
    print(rest, seen)
    print(list(g), next(g, -1))


def late_binding() -> None:
    k = 2
    g = (x * k for x in range(3))
    k = 100
    print(list(g))


def first_iterable_now() -> None:
    xs = [1, 2, 3]
    g = (x + 1 for x in xs)
    xs = [7, 8]
    print(list(g), xs)


print(total(x * x for x in range(5)))
print(total(len(w) for w in "a bb ccc".split()))
print(first_two(w.upper() for w in ["ab", "cd", "ef"]))
print(list(scaled([1.5, -2.0, 3.0], 2.0)))
print(pairs(5))
lazy_side_effects()
late_binding()
first_iterable_now()

evens = (n for n in range(10) if n % 2 == 0)
print(next(evens), next(evens))
for e in evens:
    print("even", e)
print(sum(evens), list(evens))

words = ["kiln", "python", "c", "compiler"]
lengths = (len(w) for w in words)
print(max(lengths), list(lengths))

squares = (i * i for i in range(4))
print(dict(zip(["a", "b", "c", "d"], squares)))

nested = (sum(1 for c in w if c in "aeiou") for w in words)
print(list(nested))

mapped = map(lambda w: w[::-1], words)
print(list(mapped))

g = (10 // d for d in [5, 2, 0, 1])
print(next(g), next(g))
print(next(g))
