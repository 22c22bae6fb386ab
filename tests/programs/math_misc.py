# math's constants, the forms of import, int and bool arguments promoted to
# float, and the functions of several or iterable arguments: hypot, dist,
# fsum, prod, isclose, frexp, modf, ldexp, isfinite/isinf/isnan.
import math
import math as m
from math import pi, e as E, tau, inf, nan, hypot, fsum, isclose as close

print(math.pi, m.e, pi, E, tau, inf, -inf, nan, math.inf == inf, math.nan != math.nan)
print(pi * 2 == tau, math.degrees(pi), math.radians(180), math.degrees(1), math.radians(1))


def area(r: float) -> float:
    return math.pi * r * r


def norm(x: float, y: float) -> float:
    return hypot(x, y)


print(area(2), area(1.5), norm(3, 4), norm(1e200, 1e200), norm(5e-324, 5e-324))

# int and bool arguments, as CPython converts them
print(math.sqrt(2), math.sqrt(True), math.exp(1), math.log(1024, 2), math.log(100, 10), math.log(1000, 10))
print(math.log(9007199254740993), math.log2(2 ** 62), math.log10(10 ** 15), math.pow(2, 10), math.pow(2, 0.5))
print(math.atan2(1, 1), math.copysign(3, -0.0), math.fmod(7, 3), math.remainder(7, 2), math.ldexp(1, 10))
print(math.isfinite(1), math.isinf(10 ** 18), math.isnan(0), math.fabs(-3), math.ulp(1), math.nextafter(1, 2))
print(math.gamma(5), math.lgamma(10), math.erf(1), math.erfc(1), math.cbrt(27), math.exp2(10), math.expm1(1e-10))

# hypot with any number of arguments
print(hypot(), hypot(-3), hypot(3, 4), hypot(1, 2, 3, 4, 5), hypot(1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5,
      11.5, 12.5, 13.5, 14.5, 15.5, 16.5, 17.5))
print(hypot(inf, nan), hypot(nan, 1), hypot(-inf, 1), hypot(1e308, 1e308), hypot(0.0, -0.0), hypot(1e-310, 2e-310))
print(hypot(0.1, 0.2, 0.3), hypot(1e-300, 1e-300), hypot(3e200, 4e200, 5e200))

# dist over lists and tuples of ints and floats
print(math.dist((0, 0), (3, 4)), math.dist([1.5, 2.5], [-1.0, 7.0]), math.dist([], []), math.dist((1.0,), (5.0,)))
print(math.dist([0.1, 0.2, 0.3], (0.4, 0.5, 0.6)), math.dist((inf, 0.0), (0.0, 0.0)), math.dist((nan, 1.0), (0.0, 0.0)))
try:
    print(math.dist([1.0, 2.0], [1.0]))
except ValueError as ex:
    print("ValueError", ex)

# fsum: exact sums, correctly rounded
print(fsum([]), fsum([0.1] * 10), fsum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50]), fsum([1, 2, 3]))
print(fsum([1e-16, 1.0, 1e16]), fsum([2.0 ** 53, -0.5, -2.0 ** -54]), fsum([1.0, 1e-100, -1.0]), fsum([-0.0, -0.0]))
print(fsum([1e308, 1e308, -1e308]) if False else 0, fsum([inf, 1.0]), fsum([-inf, -inf]), fsum([nan, 1.0]))
print(fsum(x / 7 for x in range(100)), fsum([x * 0.1 for x in range(1000)]), fsum((0.1, 0.2, 0.3)))
for bad in [[1e308, 1e308], [inf, -inf], [1e308, 1e308, -inf]]:
    try:
        print(fsum(bad))
    except OverflowError as ex:
        print("OverflowError", ex)
    except ValueError as ex:
        print("ValueError", ex)

# prod of floats and mixed numbers
xs: list[float] = []
print(math.prod([1.5, 2.0, 4.0]), math.prod(xs), math.prod([0.1] * 5), math.prod([2, 0.5]), math.prod([1.5], start=2))
print(math.prod([1.0, 2.0], start=3.0), math.prod([2, 3], start=0.5), math.prod(x * 0.5 for x in range(1, 6)))
print(math.prod([1e200, 1e200]), math.prod([-0.0, 5.0]))

# isclose and its keywords
print(close(1.0, 1.0 + 1e-9), close(1.0, 1.0 + 1e-8), close(0.0, 1e-10), close(0.0, 1e-10, abs_tol=1e-9))
print(close(inf, inf), close(inf, -inf), close(nan, nan), close(1e10, 1.00001e10, rel_tol=1e-4))
print(close(1, 1.05, rel_tol=0.1, abs_tol=0.0), close(1, 2, abs_tol=1.5, rel_tol=0.0), close(5, 5))
try:
    print(close(1.0, 2.0, rel_tol=-1.0))
except ValueError as ex:
    print("ValueError", ex)
try:
    print(close(1.0, 2.0, abs_tol=-0.5))
except ValueError as ex:
    print("ValueError", ex)

# frexp, modf, ldexp
for fv in [0.0, -0.0, 1.0, -8.5, 0.1, 5e-324, 1.7976931348623157e308, inf, -inf, nan]:
    mant, ex2 = math.frexp(fv)
    print(fv, math.frexp(fv), mant, ex2, math.modf(fv), math.ldexp(mant, ex2))
print(math.frexp(3), math.modf(3), math.frexp(True))
for v, i in [(1.0, 1023), (1.0, -1074), (1.0, -1075), (0.75, -1074), (-2.5, 3), (0.0, 100000), (inf, -5), (1.0, -10 ** 18)]:
    print(v, i, math.ldexp(v, i))
for v, i in [(1.0, 1024), (-1.0, 10 ** 18), (1e308, 1)]:
    try:
        print(math.ldexp(v, i))
    except OverflowError as ex:
        print("OverflowError", ex)
