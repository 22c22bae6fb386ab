# error: 2: invalid syntax. Perhaps you forgot a comma?
point = (x y)
