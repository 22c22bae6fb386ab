# Functions as values are refused where the value is called.
def f(x: int) -> int:
    return x


g = f
# error: 8: kiln does not support calling a value of type function f yet
print(g(2))
