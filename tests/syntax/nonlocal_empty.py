# error: 3: invalid syntax
def f():
    nonlocal
