# Attributes are the ones the class's methods assign; adding one from outside is refused.
class P:
    def __init__(self, x: int) -> None:
        self.x = x


p = P(1)
# error: 9: error[K0104]: kiln does not support adding attribute 'y' to a 'P' object outside its class's methods yet
p.y = 2
