# any() and all() stop at the first item that decides, as CPython does: the
# side effects of the generator show it.
calls = []


def check(n):
    calls.append(n)
    return n > 2


print(any(check(n) for n in [1, 2, 3, 4, 5]))
print(calls)
calls.clear()
print(all(check(n) for n in [5, 4, 1, 6]))
print(calls)
calls.clear()
print(any(check(n) for n in []), calls)
print(all(check(n) for n in [3, 4]), calls)


def first_negative(xs):
    seen = []
    found = any(seen.append(x) or x < 0 for x in xs)
    return found, seen


print(first_negative([3, 1, -4, 1, -5]))
print(first_negative([1, 2]))
