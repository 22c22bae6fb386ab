# error: 2: invalid hexadecimal literal
x = 0xg
