# error: 2: invalid syntax
f = lambda x: int: x
