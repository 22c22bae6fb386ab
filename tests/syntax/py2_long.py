# error: 2: invalid decimal literal
n = 10L
