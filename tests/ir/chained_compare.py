# a < b < c evaluates b once and stops at the first false comparison.
# expect: func between(int, int, int) -> bool
def between(a, b, c):
    return a < b < c


print(between(1, 2, 3))
