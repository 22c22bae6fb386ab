# error: 2: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers
x = 007
