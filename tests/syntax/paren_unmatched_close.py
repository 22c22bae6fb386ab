# error: 2: unmatched ')'
print('done'))
