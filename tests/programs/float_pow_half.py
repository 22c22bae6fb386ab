# x ** 0.5 is pow(x, 0.5) in CPython, which differs from a correctly rounded
# sqrt in the last bit for about one root in a thousand; kiln takes sqrt only
# where both must agree (ops.h kr_float_pow). Many roots over a wide range of
# magnitudes, summed and spot-printed, must be CPython's to the last bit; and
# the special values keep pow's answers (-0.0 ** 0.5 is 0.0, inf stays inf).
import math


def roots(n: int, scale: float) -> float:
    total = 0.0
    x = 12345
    for i in range(n):
        x = (x * 1103515245 + 12345) % 2147483648
        v = (x / 2147483648.0 + 0.001) * scale
        r = v ** 0.5
        total += r
        if i % 997 == 0:
            print(repr(v), repr(r))
    return total


for scale in [1e-300, 1e-12, 1.0, 3.0, 1e6, 7.5e21, 1e300]:
    print(scale, repr(roots(4000, scale)))
for v in [0.0, -0.0, 1.0, 4.0, 2.0, 0.25, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
          math.inf, math.nan, 1e-310]:
    print(repr(v), repr(v ** 0.5), repr(pow(v, 0.5)))
