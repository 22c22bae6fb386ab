# Decorators defined in the program are not compiled yet: refused at the decorator.
# error: 8: kiln does not support decorators yet
def trace(fn):
    return fn


def main() -> None:
    @trace
    def inner() -> int:
        return 1

    print(inner())


main()
