# error: 2: cannot assign to True
f(True=1)
