# Slicing tuples: constant bounds keep each item's own type, variable bounds
# give a tuple[T, ...] of a homogeneous tuple.
from typing import Tuple


def tail(t: tuple[int, ...], k: int) -> tuple[int, ...]:
    return t[k:]


def window(t: Tuple[float, float, float, float], lo: int, hi: int) -> tuple[float, ...]:
    return t[lo:hi]


def main() -> None:
    mixed = (1, "two", 3.0, [4], None)
    print(mixed[1:], mixed[::2], mixed[::-1], mixed[-2:], mixed[5:], mixed[1:4:2])
    a, b = mixed[1:3]
    print(a.upper(), b * 2)
    print(mixed[-100:100], mixed[3:1], mixed[:-1][-1][0] + 1)
    nums = (5, 6, 7, 8, 9)
    for k in range(-7, 8):
        print(k, tail(nums, k), nums[:k], nums[k::-1], nums[::k] if k else ())
    print(window((0.5, 1.5, 2.5, 3.5), 1, 3), len(window((0.5, 1.5, 2.5, 3.5), 0, 4)))
    shape = (2, 3, 4)
    rows, *rest = shape
    print(rows, rest, shape[1:] == (3, 4), shape[:2] + shape[2:], sum(shape[1:]))
    try:
        print(nums[::0])
    except ValueError as e:
        print("ValueError:", e)
    step = 0
    try:
        print(nums[::step])
    except ValueError as e:
        print("ValueError:", e)


main()


def concat_and_repeat(n: int) -> None:
    pair = (1, "x")
    print(pair + (2.5,), () + pair, pair * 2, 3 * pair, pair * 0, pair * -1, (0,) * n, n * (1.5, 2.5))
    grown: tuple[int, ...] = ()
    for i in range(n):
        grown = grown + (i,)
    print(grown, grown * 2, (7,) * 20, len((7,) * 40))
    print((1, 2) in [(1, 2)], grown[1:] + grown[:1])


concat_and_repeat(4)
