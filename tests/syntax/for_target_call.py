# error: 2: cannot assign to function call
for f() in items:
    pass
