# A call with too many arguments gets CPython's message, at compile time.
def f(x: int) -> int:
    return x


# error: 7: error[K0201]: f() takes 1 positional argument but 2 were given
print(f(1, 2))
