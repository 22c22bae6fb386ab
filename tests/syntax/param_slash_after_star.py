# error: 2: / must be ahead of *
def f(*args, /):
    pass
