# error: 2: cannot assign to True
True = 0
