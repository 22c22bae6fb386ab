# error: 2: invalid syntax
f = lambda in: 0
