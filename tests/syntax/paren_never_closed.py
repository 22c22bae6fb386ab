# error: 2: '(' was never closed
print('hello'
