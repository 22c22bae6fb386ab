# A decorator is refused at the decorator.
def log(f: int) -> int:
    return f


# error: 7: kiln does not support decorators yet
@log
def g() -> int:
    return 1
