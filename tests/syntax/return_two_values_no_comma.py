# error: 3: invalid syntax
def f():
    return x y
