# error: 2: invalid digit '2' in binary literal
x = 0b12
