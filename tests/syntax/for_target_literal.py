# error: 2: cannot assign to literal
for 1 in items:
    pass
