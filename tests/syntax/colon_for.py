# error: 2: expected ':'
for i in range(10)
    print(i)
