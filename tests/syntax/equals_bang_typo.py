# error: 2: invalid syntax
if x =! 1:
    pass
