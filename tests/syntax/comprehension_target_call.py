# error: 2: cannot assign to function call
squares = {f() for f() in y}
