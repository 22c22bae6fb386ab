# error: 4: expected ':'
if x:
    pass
else
    pass
