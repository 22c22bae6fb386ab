# error: 2: cannot assign to literal
with open(p) as 'f':
    pass
