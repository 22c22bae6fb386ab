# error: 2: '(' was never closed
total = sum(
    values,
    start=0,

