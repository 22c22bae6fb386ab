# error: 2: cannot delete function call
del a, f(), b
