# error: 2: invalid syntax
x := 1
