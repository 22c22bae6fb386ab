# error: 6: invalid syntax
if a:
    pass
else:
    pass
elif b:
    pass
