# ZeroDivisionError from / // % on ints and floats, each with CPython's message.
def try_div(a: int, b: int) -> None:
    try:
        print(a / b)
    except ZeroDivisionError as e:
        print("/ :", e)
    try:
        print(a // b)
    except ZeroDivisionError as e:
        print("//:", e)
    try:
        print(a % b)
    except ZeroDivisionError as e:
        print("% :", e)


def try_fdiv(a: float, b: float) -> None:
    try:
        print(a / b)
    except ZeroDivisionError as e:
        print("f/ :", e)
    try:
        print(a // b)
    except ZeroDivisionError as e:
        print("f//:", e)
    try:
        print(a % b)
    except ZeroDivisionError as e:
        print("f% :", e)


try_div(7, 2)
try_div(7, 0)
try_div(-7, 2)
try_fdiv(7.5, 2.0)
try_fdiv(7.5, 0.0)
try_fdiv(-7.5, 2.0)
try_fdiv(0.0, -0.0)
