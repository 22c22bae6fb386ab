# error: 2: invalid syntax
print('x', end=)
