# error: 2: cannot delete literal
del 1
