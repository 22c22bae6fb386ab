# error: 3: invalid syntax
def f():
    global x = 1
