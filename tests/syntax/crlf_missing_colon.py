# error: 4: expected ':'
def f():
    x = 1
    if x
        pass
