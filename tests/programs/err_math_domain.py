# Error path: a small statistics helper over math. Domain and range errors
# that are caught print their type and message; the standard deviation of a
# list whose "variance" went negative (a bug in the one-pass formula with
# cancellation) is the uncaught ValueError: math domain error at the end.
import math


def safe(label: str, x: float) -> None:
    try:
        print(label, math.log(x), math.sqrt(x))
    except ValueError as e:
        print(label, "ValueError:", e)


def growth(rate: float, years: float) -> float:
    return math.exp(rate * years)


def stdev_one_pass(xs: list[float]) -> float:
    n = len(xs)
    s = math.fsum(xs)
    sq = math.fsum([x * x for x in xs])
    var = (sq - s * s / n) / n
    print("variance", var)
    return math.sqrt(var)


for x in [4.0, 1.0, 0.0, -1.0]:
    safe(f"x={x}", x)
for years in [10.0, 100.0, 1000.0]:
    try:
        print("growth", years, growth(0.7, years))
    except OverflowError as e:
        print("growth", years, "OverflowError:", e)
try:
    print(math.factorial(-3))
except ValueError as e:
    print("ValueError:", e)
try:
    print(math.log(5.0, 1.0))
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(math.pow(0.0, -1.0))
except ValueError as e:
    print("ValueError:", e)
try:
    print(math.pow(10.0, 400.0))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(math.pow(-8.0, 1.0 / 3.0))
except ValueError as e:
    print("ValueError:", e)
print(stdev_one_pass([1.0, 2.0, 3.0, 4.0]))
print(stdev_one_pass([0.1, 0.1, 0.1]))
