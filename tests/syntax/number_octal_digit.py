# error: 2: invalid digit '8' in octal literal
x = 0o8
