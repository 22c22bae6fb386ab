"""A module the ir tests import."""


def helper(x: int) -> int:
    return x + 1
