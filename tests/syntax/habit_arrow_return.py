# error: 2: expected ':'
def f() => int:
    return 1
