# error: 2: Lambda expression parameters cannot be parenthesized
f = lambda (x, y): x + y
