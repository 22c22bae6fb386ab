# error: 2: cannot assign to literal
x = 1 = 2
