# error: 2: unexpected EOF while parsing
x = 1 + \