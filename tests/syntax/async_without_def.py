# error: 2: invalid syntax
async x = 1
