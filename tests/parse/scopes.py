# global and nonlocal, nested functions and classes, closures.
counter = 0


def outer():
    global counter, other
    x = 1

    def inner():
        nonlocal x
        x += 1

        def innermost():
            nonlocal x
            global counter
            counter = x
        return innermost

    class Local:
        global counter
        y = x

        def m(self):
            return __class__
    return inner, Local
