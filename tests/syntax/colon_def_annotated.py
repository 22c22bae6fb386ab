# error: 2: expected ':'
def area(w: int, h: int) -> int
    return w * h
