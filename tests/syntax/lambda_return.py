# error: 2: invalid syntax
f = lambda: return 1
