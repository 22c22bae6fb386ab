# error: 2: arguments cannot follow var-keyword argument
f = lambda **kw, *args: 0
