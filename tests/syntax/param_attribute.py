# error: 2: invalid syntax
def f(self.x):
    pass
