# error: 2: non-default argument follows default argument
f = lambda a=1, b: 0
