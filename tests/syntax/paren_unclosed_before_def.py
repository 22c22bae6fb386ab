# error: 2: '(' was never closed
x = foo(1,

def g():
    pass
