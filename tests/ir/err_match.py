# Positional sub-patterns need __match_args__: kiln takes a dataclass's fields; a plain class is refused.
# error: 10: error[K0301]: kiln does not support positional patterns for a class that is not a dataclass yet
class P:
    def __init__(self, x: int) -> None:
        self.x = x


def f(p: P) -> int:
    match p:
        case P(x):
            return x
    return 0


print(f(P(1)))
