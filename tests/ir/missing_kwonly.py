# A call that misses a keyword-only argument is refused with CPython's words.
def f(a: int, *, b: int) -> int:
    return a + b


# error: 7: error[K0201]: f() missing 1 required keyword-only argument: 'b'
print(f(1))
