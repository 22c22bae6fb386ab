# error: 2: invalid decimal literal
x = 1e+
