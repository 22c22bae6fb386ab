# Lists built by comprehensions passed straight into recursive calls (the
# compiler once specialised forever on them).
def qs(xs: list[int]) -> list[int]:
    if len(xs) <= 1:
        return xs
    return qs([x for x in xs[1:] if x < xs[0]]) + [xs[0]] + qs([x for x in xs[1:] if x >= xs[0]])


def count(xs: list[int]) -> int:
    return len(xs)


print(qs([3, 1, 2, 9, 4, 4, 0]))
print(count([]))
pairs = list(zip([1, 2], [3, 4]))
print(count([a + b for a, b in pairs]))
