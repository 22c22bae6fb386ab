# Reading an attribute no method of the class assigns is an error, named as CPython names it.
class P:
    def __init__(self, x: int) -> None:
        self.x = x


p = P(1)
# error: 9: error[K0104]: 'P' object has no attribute 'z'
print(p.z)
