# error: 2: Missing parentheses in call to 'print'. Did you mean print(...)?
print "hello"
