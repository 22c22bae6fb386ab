# A bound method used as a value is refused where it is taken.
class P:
    def m(self) -> int:
        return 1


p = P()
# error: 9: error[K0303]: kiln does not support methods as values yet (call P.m(...))
f = p.m
