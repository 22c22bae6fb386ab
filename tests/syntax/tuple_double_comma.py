# error: 2: invalid syntax
t = (1,, 2)
