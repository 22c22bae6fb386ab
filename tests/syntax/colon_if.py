# error: 2: expected ':'
if x > 1
    print(x)
