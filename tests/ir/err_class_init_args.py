# A constructor call is checked against __init__ like any call, self counted.
class P:
    def __init__(self, x: int, y: int) -> None:
        self.x = x
        self.y = y


# error: 9: error[K0201]: __init__() takes 3 positional arguments but 4 were given
p = P(1, 2, 3)
