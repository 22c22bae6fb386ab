# error: 2: positional argument follows keyword argument
f(a=1, 2)
