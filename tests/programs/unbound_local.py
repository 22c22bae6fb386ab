# A local read before it is assigned on this path raises UnboundLocalError.
def f(flag: bool) -> int:
    if flag:
        v = 1
    return v


print(f(True))
print(f(False))
