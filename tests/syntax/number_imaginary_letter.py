# error: 2: invalid imaginary literal
x = 1jk
