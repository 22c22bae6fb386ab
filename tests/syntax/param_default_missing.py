# error: 2: expected default value expression
def f(x: int = ):
    pass
