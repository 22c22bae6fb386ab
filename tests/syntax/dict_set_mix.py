# error: 2: invalid syntax
s = {1, 2: 3}
