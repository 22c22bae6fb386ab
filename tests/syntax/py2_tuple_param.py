# error: 2: Function parameters cannot be parenthesized
def f(a, (b, c)):
    pass
