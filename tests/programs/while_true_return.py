# Code after `while True:` without a break is unreachable: no implicit None.
def first_even(xs: list[int]) -> int:
    i = 0
    while True:
        if xs[i] % 2 == 0:
            return xs[i]
        i += 1

def parse(s: str) -> str:
    n = 0
    while True:
        n += 1
        if n > 3:
            return s * n

def loop_with_break(k: int) -> int:
    t = 0
    while True:
        t += k
        if t > 10:
            break
    return t

def nested(n: int) -> int:
    while True:
        for i in range(n):
            if i * i > n:
                return i
        n += 1

def forever_else(n: int) -> int:
    while 1:
        n += 1
        if n > 5:
            break
    else:
        n = -1
    return n

def server(limit: int) -> str:
    count = 0
    while True:
        count += 1
        try:
            if count == limit:
                raise ValueError("done")
        except ValueError as e:
            return f"{e} after {count}"

print(forever_else(1), server(4))

print(first_even([1, 3, 4, 5]) + 1)
print(parse("ab").upper())
print(loop_with_break(3))
print(nested(10) * 2)
print(first_even([1, 3]))
