# Unpacking a tuple of known length into the wrong number of targets.
# error: 5: error[K0403]: too many values to unpack (expected 2, got 3)
def three() -> tuple[int, int, int]:
    return 1, 2, 3
a, b = three()
