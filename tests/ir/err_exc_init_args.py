# BaseException.__new__ keeps the positional arguments as e.args even when
# __init__ does not call super().__init__(); kiln sets them again before
# __init__, so an argument that would be evaluated twice is refused.
class Failure(Exception):
    def __init__(self, n: int) -> None:
        self.n = n


def count() -> int:
    return 3


print(str(Failure(count())))
# error: 13: error[K0301]: kiln does not support arguments other than names and constants to an exception class whose __init__ does not call super().__init__() yet
