# error: 2: * argument may appear only once
def f(*a, *b):
    pass
