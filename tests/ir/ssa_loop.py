# A loop-carried variable gets a phi in the loop head; range() is a counting loop.
# expect: func total(int) -> int
# expect: = phi
# expect: builtin range.more
def total(n):
    s = 0
    for i in range(n):
        s += i * i
    return s


print(total(10))
