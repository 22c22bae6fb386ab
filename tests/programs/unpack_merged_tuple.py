# A tuple whose item types merge during inference (0, then a float): unpacked at run time.
def stats(xs: list[float]) -> tuple[int, float]:
    total = 0
    for x in xs:
        total += x
    return len(xs), total
n, t = stats([1.5, 2.0])
print(n, t)
