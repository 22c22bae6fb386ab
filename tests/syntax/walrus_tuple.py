# error: 3: cannot use assignment expressions with tuple
(a, b := 1, 2)
if (a, b) := (1, 2):
    pass
