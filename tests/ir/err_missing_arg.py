# A missing argument gets CPython's message.
def area(w: int, h: int) -> int:
    return w * h


# error: 7: error[K0201]: area() missing 1 required positional argument: 'h'
print(area(3))
