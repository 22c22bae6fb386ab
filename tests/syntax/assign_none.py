# error: 2: cannot assign to None
None = 1
