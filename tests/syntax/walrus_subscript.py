# error: 2: cannot use assignment expressions with subscript
if (d['k'] := 1):
    pass
