# error: 2: unmatched '}'
x = 1}
