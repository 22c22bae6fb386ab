# error: 2: invalid syntax
del
