# error: 2: expected '('
def f:
    pass
