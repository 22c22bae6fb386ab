# Exceptions propagating through function frames, else clauses, handlers choosing by type, and re-raise.
def level3(k: int) -> int:
    if k == 1:
        raise ValueError("bad value at 3")
    if k == 2:
        xs = [1]
        return xs[k]
    if k == 3:
        d: dict[str, int] = {}
        return d["missing"]
    if k == 4:
        return k // 0
    return k * 100


def level2(k: int) -> int:
    try:
        return level3(k) + 1
    except IndexError:
        print("  level2 handled IndexError")
        return -2


def level1(k: int) -> str:
    try:
        v = level2(k)
    except ValueError as e:
        return f"ValueError({e})"
    except KeyError as e:
        return f"KeyError({e})"
    else:
        return f"value {v}"


for k in range(5):
    try:
        print(k, level1(k))
    except ZeroDivisionError as e:
        print(k, "escaped:", e)
n = 0
while n < 3:
    try:
        n += 1
        if n == 2:
            continue
        print("loop", n)
    except ValueError:
        print("never")
try:
    try:
        level3(3)
    except KeyError:
        print("re-raising KeyError")
        raise
except LookupError as e:
    print("caught as LookupError:", e)
