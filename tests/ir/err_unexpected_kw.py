# An unknown keyword argument gets CPython's message.
def f(x: int) -> int:
    return x


# error: 7: error[K0201]: f() got an unexpected keyword argument 'y'
print(f(1, y=2))
