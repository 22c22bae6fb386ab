# error: 2: expected ':'
while n > 0
    n -= 1
