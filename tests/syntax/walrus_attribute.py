# error: 2: cannot use assignment expressions with attribute
if (self.x := 1):
    pass
