# error: 2: invalid syntax
@
def f():
    pass
