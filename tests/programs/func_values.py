from typing import Callable


def square(x: int) -> int:
    return x * x


def apply(f: Callable[[int], int], xs: list[int]) -> list[int]:
    return [f(x) for x in xs]


def compose_twice(f, x):
    return f(f(x))


def outer(n: int) -> int:
    def fact(k: int) -> int:
        return 1 if k <= 1 else k * fact(k - 1)

    def helper(a: int, b: int = 10) -> int:
        return a + b

    return fact(n) + helper(1) + helper(1, b=2)


g = square
print(g(7), apply(square, [1, 2, 3]), apply(lambda v: v + 100, [1, 2]))
print(compose_twice(square, 3), compose_twice(lambda s: s + "!", "hi"))
print(outer(5))
double = lambda x: x * 2
print(double(21), double("ab"))
ops = {"sq": 1}
pairs = sorted([(3, "c"), (1, "a"), (2, "b")], key=lambda p: -p[0])
print(pairs)
