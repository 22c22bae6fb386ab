# A method called through an instance binds its arguments as Python does.
class P:
    def scale(self, k: int, *, clamp: bool = False) -> int:
        return k


p = P()
# error: 9: error[K0201]: scale() got an unexpected keyword argument 'clip'
print(p.scale(2, clip=True))
