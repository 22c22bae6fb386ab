# The int operators and float division that can raise, each as a checked
# form (ops.def K rows, ops.h *_ck): the result on success, and on failure
# CPython's exception, caught where it is raised and in the caller, inside
# loops. (Overflow past 64 bits is an OverflowError here where CPython's int
# grows, so no case here overflows.)

BIG = 9223372036854775807
SMALL = -BIG - 1


def attempt(name: str, a: int, b: int) -> None:
    try:
        if name == "+":
            r = a + b
        elif name == "-":
            r = a - b
        elif name == "*":
            r = a * b
        elif name == "//":
            r = a // b
        elif name == "%":
            r = a % b
        elif name == "<<":
            r = a << b
        elif name == ">>":
            r = a >> b
        elif name == "neg":
            r = -a
        else:
            r = abs(a)
        print(name, a, b, "=", r)
    except OverflowError:
        print(name, a, b, "OverflowError")
    except ZeroDivisionError as e:
        print(name, a, b, "ZeroDivisionError:", e)
    except ValueError as e:
        print(name, a, b, "ValueError:", e)


def fdiv(a: float, b: float) -> float:
    return a / b


def accumulate(n: int) -> int:
    total = 1
    for i in range(1, n):
        total = total * 3 + i
    return total


for op in ["+", "-", "*", "//", "%", "<<", ">>", "neg", "abs"]:
    for a, b in [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 5), (5, 0), (BIG, 0), (SMALL + 1, 0),
                 (-7, -1), (1, 62), (-1, 63), (2, 61), (5, -1), (0, 70)]:
        attempt(op, a, b)

for p, q in [(1.0, 3.0), (-2.5, 0.5), (1.0, -0.0), (0.0, 0.0)]:
    try:
        print(p, q, fdiv(p, q))
    except ZeroDivisionError as e:
        print(p, q, "ZeroDivisionError:", e)

print(accumulate(30), BIG // 7, SMALL // 7, SMALL % 7, BIG % -7, SMALL >> 3, BIG >> 70)
x = 10
y = 0
print(x % 3, x // 3, x << 3, x >> 1, -x, abs(-x))
print(x // y)
