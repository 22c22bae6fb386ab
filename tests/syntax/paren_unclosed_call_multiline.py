# error: 2: '(' was never closed
result = compute(
    a,
    b
print(result)
