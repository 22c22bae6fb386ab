# Error path: a sorted-set data structure kept in a list, with assert-based
# invariant checks after every operation; a buggy "fast insert" breaks the
# ordering and the final uncaught AssertionError reports it.
items: list[int] = []


def check(label: str) -> None:
    for i in range(len(items) - 1):
        assert items[i] < items[i + 1], f"{label}: order broken at {i}: {items[i]} >= {items[i + 1]}"
    print(f"  {label}: ok {items}")


def position(x: int) -> int:
    lo = 0
    hi = len(items)
    while lo < hi:
        mid = (lo + hi) // 2
        if items[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def insert(x: int) -> bool:
    i = position(x)
    if i < len(items) and items[i] == x:
        return False
    items.insert(i, x)
    check(f"insert {x}")
    return True


def remove(x: int) -> None:
    i = position(x)
    assert i < len(items) and items[i] == x, f"{x} not present"
    items.pop(i)
    check(f"remove {x}")


def fast_insert(x: int) -> None:
    if items and x > items[-1] - 5:
        items.append(x)
    else:
        insert(x)
    check(f"fast insert {x}")


for x in [50, 20, 80, 20, 65, 5, 95]:
    print("insert", x, "->", insert(x))
remove(20)
remove(95)
try:
    remove(42)
except AssertionError as e:
    print("AssertionError:", e)
try:
    assert len(items) == 99
except AssertionError as e:
    print("bare assert failed:", repr(e))
assert items[0] == 5, "smallest should be 5"
print("size", len(items), "sum", sum(items))
fast_insert(90)
fast_insert(10)
fast_insert(88)
print("unreachable")
