# error: 5: non-default argument follows default argument
def f(
    self,
    x: int = 0,
    y: int,
):
    pass
