# error: 3: invalid syntax
x = 1
else:
    pass
