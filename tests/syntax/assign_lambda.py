# error: 2: cannot assign to lambda
lambda: 1 = f
