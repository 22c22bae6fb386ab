# error: 2: invalid syntax
raise ValueError, "bad value"
