# error: 2: '(' was never closed
x = (1,
