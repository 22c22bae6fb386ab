# error: 2: expression cannot contain assignment, perhaps you meant "=="?
f(obj.attr=1)
