# error: 2: invalid syntax
def f(1):
    pass
