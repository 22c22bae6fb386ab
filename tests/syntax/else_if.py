# error: 4: expected ':'
if x:
    pass
else if y:
    pass
