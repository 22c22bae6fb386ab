# A wrapper's **kwargs is forwarded only while empty: a keyword argument
# into it is refused where the decorated function is called.
def deco(f):
    def wrapper(*args, **kwargs):
        return f(*args, **kwargs)

    return wrapper


@deco
def scale(x: int, k: int = 2) -> int:
    return x * k


print(scale(3), scale(4, 5))
print(scale(3, k=10))
# error: 16: error[K0303]: kiln does not support keyword arguments into **kwargs yet (wrapper() got 'k')
