# Decorators on a nested def (other than functools.wraps) are refused.
def deco(f):
    return f


def main() -> None:
    @deco
    def g() -> int:
        return 1

    print(g())


main()
# error: 7: error[K0301]: kiln does not support decorators on a nested def other than functools.wraps yet
