# error: 2: cannot delete starred
del *a, b
