# error: 2: / may appear only once
def f(a, /, b, /):
    pass
