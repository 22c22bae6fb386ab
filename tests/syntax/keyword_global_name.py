# error: 3: invalid syntax
def f():
    global in
