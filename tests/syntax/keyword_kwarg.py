# error: 2: invalid syntax
f(pass=1)
