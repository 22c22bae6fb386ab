# error: 2: invalid syntax
def class():
    pass
