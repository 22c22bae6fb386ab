# error: 2: invalid syntax
@cache def f():
    pass
