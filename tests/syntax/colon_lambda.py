# error: 2: invalid syntax
f = lambda x x + 1
