# error: 2: expression cannot contain assignment, perhaps you meant "=="?
f('name'=2)
