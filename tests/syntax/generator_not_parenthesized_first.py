# error: 2: Generator expression must be parenthesized
f(1, x for x in y)
