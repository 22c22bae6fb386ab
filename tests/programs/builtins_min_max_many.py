def widest(a: list[int], b: list[int], c: list[int]) -> int:
    return max(len(a), len(b), len(c))


def clamp3(x: int, lo: int, hi: int) -> int:
    return max(lo, min(x, hi, 1000))


def main() -> None:
    print(widest([1], [1, 2, 3], []), max(3, 9, 4, 9, 1), min(5, -2, 8, -2, 0, 7))
    print([clamp3(x, 0, 10) for x in [-5, 3, 11, 10]])
    print(max(1, 2, 3) + min(4, 5, 6), max(-1, -2, -3, -4, -5, -6, -7, -8, -9, -10))
    a, b, c = 7, 3, 5
    print(sorted([a, b, c]) == [min(a, b, c), a + b + c - min(a, b, c) - max(a, b, c), max(a, b, c)])
    print(max(1.5, 2.5), min(2, 1.5), max(2, 1.5), max("b", "a"))
    print(max(True, False), max(False, True, False))


main()
