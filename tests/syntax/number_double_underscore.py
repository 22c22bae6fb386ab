# error: 2: invalid decimal literal
x = 1__000
