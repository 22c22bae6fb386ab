# error: 2: cannot assign to lambda
f = lambda x: y = x
