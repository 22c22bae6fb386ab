# A wrapper taking *args and **kwargs cannot forward them yet: refused where
# the decorated function is called.
def deco(f):
    def wrapper(*args, **kwargs):
        return f(*args, **kwargs)

    return wrapper


@deco
def sq(x: int) -> int:
    return x * x


print(sq(3))
# error: 15: kiln does not support calling a method or a function value with *args or **kwargs yet (wrapper)
