# Decorators defined in the program: wrappers with the decorated function's
# signature, decorators with arguments, stacked ones, functools.wraps, a
# registering decorator that returns the function itself, and closures over
# variables two functions out.
import functools
from functools import wraps

calls: list[str] = []
registered: list[str] = []


def logged(f):
    @functools.wraps(f)
    def wrapper(x: int) -> int:
        calls.append(f"in {x}")
        r = f(x)
        calls.append(f"out {r}")
        return r

    return wrapper


def twice(f):
    @wraps(f)
    def w(x: int) -> int:
        return f(f(x))

    return w


def repeat(n: int, sep: str = ""):
    def deco(f):
        def w(s: str) -> str:
            parts: list[str] = []
            for i in range(n):
                parts.append(f(s))
            return sep.join(parts)

        return w

    return deco


def register(name: str):
    def deco(f):
        registered.append(name)
        return f

    return deco


def counted(f):
    count = 0

    def w(a: float, b: float) -> float:
        nonlocal count
        count += 1
        print(f"call #{count}")
        return f(a, b)

    return w


def traced(f):
    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        calls.append(f"traced {args} {kwargs}")
        return f(*args, **kwargs)

    return wrapper


def timed(label: str):
    def deco(f):
        def w(*args):
            r = f(*args)
            print(label, args, "->", r)
            return r

        return w

    return deco


@traced
def scale(x: int, k: int = 2) -> int:
    return x * k


@timed("join")
@traced
def join3(a: str, b: str, c: str) -> str:
    return a + b + c


@traced
def nothing() -> None:
    print("nothing here")


@logged
def sq(x: int) -> int:
    return x * x


@twice
@logged
def inc(x: int) -> int:
    return x + 1


@repeat(3)
def shout(s: str) -> str:
    return s.upper() + "!"


@repeat(2, sep=" / ")
def echo(s: str) -> str:
    return s


@register("area")
def area(w: float, h: float) -> float:
    return w * h


@counted
def hyp(a: float, b: float) -> float:
    return (a * a + b * b) ** 0.5


@logged
def fact(n: int) -> int:
    return 1 if n <= 1 else n * fact(n - 1)


print(sq(4), calls)
calls.clear()
print(inc(1), calls)
print(shout("hi"), echo("ho"))
print(area(2.0, 3.5), registered)
print(hyp(3.0, 4.0), hyp(5.0, 12.0))
calls.clear()
print(fact(4), len(calls), calls[:3])
print([sq(i) for i in range(4)], len(calls))


calls.clear()
print(scale(3), scale(4, 5), join3("a", "b", "c"), nothing(), calls)


def main() -> None:
    print(inc(10), shout("x"), hyp(1.0, 1.0))


main()


def a(n: int) -> int:
    def b() -> int:
        def c() -> int:
            return n * 10

        return c() + 1

    return b()


print(a(4))


@logged
def boom(x: int) -> int:
    return 10 // x


print(boom(5))
print(boom(0))
