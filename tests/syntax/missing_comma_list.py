# error: 2: invalid syntax. Perhaps you forgot a comma?
xs = [1 2 3]
