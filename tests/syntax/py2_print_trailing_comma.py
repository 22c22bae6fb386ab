# error: 3: Missing parentheses in call to 'print'. Did you mean print(...)?
for i in range(3):
    print i,
