# error: 2: cannot assign to comparison
a < b = 1
