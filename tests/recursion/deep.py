"""A library for tests/unit/test_recursion.py: recursion through the C ABI."""


def depth(n: int) -> int:
    if n == 0:
        return 0
    return depth(n - 1) + 1


def probe(n: int) -> int:
    try:
        return probe(n + 1)
    except RecursionError:
        return n
