# math's integer functions: gcd, lcm (any number of arguments), factorial,
# comb, perm, isqrt, floor/ceil/trunc of ints and floats, prod of ints; exact
# results and CPython's errors.
import math
from math import gcd, lcm, factorial as fact, comb, perm, isqrt

print(gcd(), gcd(0), gcd(-12), gcd(12, 18), gcd(-12, 18), gcd(0, 0), gcd(0, -7), gcd(12, 18, 27), gcd(2 ** 62, 2 ** 40))
print(gcd(True, 4), gcd(9223372036854775807, 7), gcd(-9223372036854775807, 9223372036854775806))
print(lcm(), lcm(0), lcm(-5), lcm(4, 6), lcm(-4, 6), lcm(0, 5), lcm(5, 0, 3), lcm(2, 3, 4, 5, 6, 7, 8, 9, 10))
for n in range(21):
    print(n, fact(n), math.perm(n), math.isqrt(n), isqrt(n * n), isqrt(n * n - 1) if n > 0 else 0)
for n in range(0, 68, 3):
    for k in range(0, n + 2, 5):
        print("comb", n, k, comb(n, k), "perm", n, k, perm(n, k) if k < 12 else -1)
print(comb(1000000, 2), comb(100, 10), comb(62, 31), comb(66, 33), comb(5, 7), perm(5, 7), perm(20, 20))
print(isqrt(9223372036854775807), isqrt(10 ** 18), isqrt(10 ** 18 - 1), isqrt(4503599761588224), isqrt(4503599761588223))
print(isqrt(2 ** 62), isqrt(2 ** 62 - 1), isqrt(9223372030926249001), isqrt(9223372030926249000))
for v in [0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 1e15 + 0.5, -1e18, 9.2e18, 4.999999999999999]:
    print(v, math.floor(v), math.ceil(v), math.trunc(v))
for i in [0, 1, -1, 7, -7, 9223372036854775807]:
    print(i, math.floor(i), math.ceil(i), math.trunc(i), math.floor(True), math.fabs(i))
print(math.prod([1, 2, 3, 4, 5]), math.prod(range(1, 11)), math.prod([]), math.prod([True, True]),
      math.prod([2, 3], start=5), math.prod((-1, -2, -3)), math.prod({3}))

for bad in [-1, -10]:
    try:
        print(fact(bad))
    except ValueError as e:
        print("ValueError", e)
    try:
        print(isqrt(bad))
    except ValueError as e:
        print("ValueError", e)
    try:
        print(comb(bad, 1))
    except ValueError as e:
        print("ValueError", e)
    try:
        print(comb(5, bad))
    except ValueError as e:
        print("ValueError", e)
    try:
        print(perm(bad, 2))
    except ValueError as e:
        print("ValueError", e)
    try:
        print(perm(3, bad))
    except ValueError as e:
        print("ValueError", e)
for f in [float("inf"), float("-inf"), float("nan")]:
    try:
        print(math.floor(f))
    except OverflowError as e:
        print("OverflowError", e)
    except ValueError as e:
        print("ValueError", e)
    try:
        print(math.ceil(f))
    except OverflowError as e:
        print("OverflowError", e)
    except ValueError as e:
        print("ValueError", e)
    try:
        print(math.trunc(f))
    except OverflowError as e:
        print("OverflowError", e)
    except ValueError as e:
        print("ValueError", e)
