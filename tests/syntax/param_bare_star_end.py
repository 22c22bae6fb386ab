# error: 2: named arguments must follow bare *
def f(a, *):
    pass
