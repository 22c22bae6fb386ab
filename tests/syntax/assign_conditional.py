# error: 2: cannot assign to conditional expression
a if b else c = 1
