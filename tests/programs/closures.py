from typing import Callable


def make_adder(n: int):
    def add(x: int) -> int:
        return x + n
    return add


def counter():
    count = 0

    def inc() -> int:
        nonlocal count
        count += 1
        return count
    return inc


def scaler(k: float) -> Callable[[float], float]:
    return lambda v: v * k


def late_binding() -> int:
    total = 1
    def get() -> int:
        return total
    total = 5
    return get()


def apply_all(fs, x: int) -> list[int]:
    return [f(x) for f in fs]


def outer_fact(n: int) -> int:
    base = 1
    def fact(k: int) -> int:
        return base if k <= 1 else k * fact(k - 1)
    return fact(n)


def unbound() -> int:
    def get() -> int:
        return later
    try:
        return get()
    except NameError as e:
        print("error:", e)
    later = 3
    return get()


add3 = make_adder(3)
print(add3(4), make_adder(10)(-1))
c = counter()
print(c(), c(), c())
c2 = counter()
print(c2(), c())
s = scaler(2.5)
print(s(4.0), scaler(0.5)(3.0))
print(late_binding(), outer_fact(5))
print(apply_all([make_adder(1), make_adder(2)], 10))
print(unbound())
words = ["bb", "a", "ccc"]
prefix = "x"
print(sorted(words, key=lambda w: len(w)), [prefix + w for w in words])
