# error: 2: Generator expression must be parenthesized
total = sum(x for x in y, 0)
