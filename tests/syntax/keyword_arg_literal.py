# error: 2: expression cannot contain assignment, perhaps you meant "=="?
f(1=2)
