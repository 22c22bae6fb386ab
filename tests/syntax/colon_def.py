# error: 2: expected ':'
def area(w, h)
    return w * h
