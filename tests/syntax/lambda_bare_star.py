# error: 2: named arguments must follow bare *
f = lambda *: 0
