# functools.reduce (with and without an initial value) and functools.partial
# (positional and keyword arguments bound) over functions and lambdas.
import functools
from functools import partial, reduce


def add(a: int, b: int) -> int:
    return a + b


def power(base: float, exp: int, scale: float = 1.0) -> float:
    return scale * base**exp


def fmt(prefix: str, value: int, width: int = 4, fill: str = " ") -> str:
    return prefix + str(value).rjust(width, fill)


def longest(a: str, b: str) -> str:
    return b if len(b) > len(a) else a


print(reduce(add, [1, 2, 3, 4]))
print(reduce(add, [7]))
print(reduce(lambda a, b: a * b, range(1, 6)))
print(reduce(lambda a, b: a * b, [], 1))
print(reduce(lambda acc, w: acc + len(w), ["ab", "cde", ""], 0))
print(reduce(longest, "the quick brownish fox".split()))
print(functools.reduce(lambda a, b: a if a > b else b, [3, 9, 2, 9, 1]))
print(reduce(lambda s, c: c + s, "kiln", ""))
print(reduce(lambda d, kv: d + kv[0] * kv[1], [(1, 2), (3, 4)], 0))
print(reduce(add, (x * x for x in range(5))))
print(reduce(lambda a, b: a + b, [0.5, 0.25], 1.0))
nested = [[1, 2], [3], [], [4, 5, 6]]
print(reduce(lambda a, b: a + b, nested, []))

try:
    reduce(add, [])
except TypeError as e:
    print("TypeError:", e)

square = partial(power, exp=2)
cube = partial(power, exp=3, scale=0.5)
two_to = partial(power, 2.0)
print(square(3.0), square(1.5), cube(2.0), two_to(10), two_to(3, 2.0), two_to(4, scale=0.25))

inc = partial(add, 1)
print(inc(41), [inc(i) for i in range(3)], list(map(inc, [10, 20])))

label = partial(fmt, "id:")
zero_pad = partial(fmt, "n=", fill="0")
print(label(7), label(42, 6), label(5, fill="."), zero_pad(3), zero_pad(12, width=6))

double = partial(lambda k, x: k * x, 2)
print(double(21), double(1.5), reduce(lambda a, b: double(a) + b, [1, 2, 3]))

words = ["pear", "fig", "banana"]
starts = partial(lambda s, p: s.startswith(p), "banana")
print(starts("ban"), starts("fig"))


def apply_all(x: int) -> list[int]:
    add_x = partial(add, x)
    return [add_x(i) for i in range(4)]


print(apply_all(10))
print(reduce(add, [], 0))
print(reduce(add, []))
