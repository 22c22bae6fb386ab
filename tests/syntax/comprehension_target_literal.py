# error: 2: cannot assign to literal
squares = [x for 1 in y]
