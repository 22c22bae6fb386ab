# Argument types that grow without bound stop specialisation with a diagnostic.
# error: 6: error[K0405]: kiln stops specialising f() at 64 versions
def f(x: int, n: int) -> int:
    if n == 0:
        return 0
    return f([x], n - 1)


print(f(1, 3))
