# error: 2: cannot delete expression
del a + b
