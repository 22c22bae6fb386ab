# error: 3: Missing parentheses in call to 'print'. Did you mean print(...)?
if d.has_key('a'):
    print d['a']
