# Functions are static values: a container holding different ones is a dynamic value, which kiln cannot call yet.
# error: 12: error[K0402]: kiln does not support calling a value of type object yet
def f(x: int) -> int:
    return x


def g(x: int) -> int:
    return -x


fs = [f, g]
print(fs[0](2))
