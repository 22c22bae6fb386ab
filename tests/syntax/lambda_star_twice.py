# error: 2: * argument may appear only once
f = lambda *a, *b: 0
