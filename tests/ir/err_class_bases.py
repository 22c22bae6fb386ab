# Multiple inheritance is refused at the base it cannot take.
class A:
    pass


class B:
    pass


# error: 11: error[K0301]: kiln does not support multiple inheritance yet (in class 'C')
class C(A, B):
    pass
