# error: 4: expected ':'
if x:
    pass
elif y
    pass
