# error: 2: '(' was never closed
print('a'
print('b')
