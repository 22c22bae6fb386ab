# A helper called with ints and with floats becomes two specialisations.
# expect: func mean(int, int) -> float
# expect: func mean(float, float) -> float
# expect: func <module>() -> None
def mean(a, b):
    return (a + b) / 2


print(mean(1, 2), mean(1.5, 2.5))
