# l[i] and l[i] = v on lists whose item type is known (emit.c, kr_list_at):
# each item kind, negative indexes, IndexError for reads and writes (caught,
# inside loops, then uncaught with its traceback line), objects replaced in
# their slot (the old one released, the same one stored again), and float
# division by zero beside them.


class Box:
    def __init__(self, v: int) -> None:
        self.v = v

    def __repr__(self) -> str:
        return f"Box({self.v})"


def ints(n: int) -> list[int]:
    xs: list[int] = []
    for i in range(n):
        xs.append(i * i - 7)
    for i in range(n):
        xs[i] = xs[i] + xs[-1 - i]
    xs[-1] = -xs[-1]
    return xs


def floats(n: int) -> list[float]:
    xs: list[float] = [0.5] * n
    for i in range(1, n):
        xs[i] = xs[i - 1] * 1.5 - xs[-i] / 3.0
    return xs


def bools(n: int) -> list[bool]:
    bs = [False] * n
    for i in range(n):
        bs[i] = i % 3 == 0
    bs[-2] = not bs[-2]
    return bs


def strs() -> list[str]:
    ss = ["a", "b", "c"]
    ss[0] = ss[1] + ss[2]
    ss[-1] = ss[0] * 2
    ss[1] = ss[1]
    return ss


def boxes() -> list[Box]:
    bx = [Box(1), Box(2), Box(3)]
    bx[0] = bx[2]
    bx[2] = Box(bx[1].v * 10)
    bx[1] = bx[1]
    return bx


def mixed() -> list[object]:
    ms: list[object] = [1, "two", 3.0]
    ms[0] = 2.5
    ms[-1] = None
    ms[1] = ms[1]
    return ms


def read_at(xs: list[int], i: int) -> int:
    return xs[i]


def write_at(xs: list[float], i: int, v: float) -> None:
    xs[i] = v


def probe() -> None:
    xs = ints(5)
    fs = floats(4)
    for i in [4, -5, 5, -6, 100]:
        try:
            print("read", i, read_at(xs, i))
        except IndexError as e:
            print("read", i, "IndexError:", e)
        try:
            write_at(fs, i, 1.25)
            print("write", i, fs)
        except IndexError as e:
            print("write", i, "IndexError:", e)
    total = 0
    try:
        for i in range(10):
            total += xs[i]
    except IndexError as e:
        print("loop stopped at total", total, e)
    try:
        print(fs[0] / (fs[1] - fs[1]))
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)


def grid(n: int) -> list[list[int]]:
    g = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            g[i][j] = g[i - 1][j] + g[i][j - 1] + 1
    return g


print(ints(6))
print(floats(6))
print(bools(5))
print(strs())
print(boxes())
print(mixed())
probe()
print(grid(4))
empty: list[int] = []
print(empty[len(empty) - 1])
