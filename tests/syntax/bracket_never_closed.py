# error: 2: '[' was never closed
items = [1, 2, 3
