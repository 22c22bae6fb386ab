# error: 2: invalid syntax
f(, a)
