# error: 2: invalid syntax
s = ub'x'
