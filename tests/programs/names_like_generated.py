# Python names that spell what the generated C calls its own things
# (kp_line, kp_ret, kp_module, kp_constants, kp_s1, kp_exc_*, a method's
# kp_A_f, a second specialisation's kp_f_2) compile to distinct functions.


class A:
    def f(self) -> int:
        return 1


class E(Exception):
    pass


def line() -> int:
    return 3


def ret(x: int) -> int:
    return x + line()


def module() -> str:
    return "m"


def constants() -> int:
    return ret(1)


def s1(x: int) -> int:
    return x * 7


def exc_E() -> str:
    return "exc"


def A_f() -> int:
    return 2


def init() -> int:
    return 11


def at(i: int) -> int:
    return i + 100


def f(x):
    return x


def f_2() -> str:
    return "f_2"


def m1_loaded() -> bool:
    return True


def out() -> int:
    return 5


def it() -> int:
    return 6


def use_all(d: dict[str, int], xs: list[int]) -> int:
    d["a"] += s1(2)  # a dict slot local kp_s<N> next to a call of s1
    xs[0] = at(xs[0])  # a list slot local kp_at next to a call of at
    return d["a"] + xs[0] + out() + it()


print(line(), ret(2), module(), constants(), s1(3), exc_E(), A_f(), A().f(), init())
print(f(1), f("x"), f(2.5), f_2(), m1_loaded())
print(use_all({"a": 1}, [4]))
try:
    raise E("boom")
except E as e:
    print("caught", e)
