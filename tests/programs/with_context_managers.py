class Timer:
    def __init__(self, name: str) -> None:
        self.name = name
        self.log: list[str] = []

    def __enter__(self) -> "Timer":
        print("enter", self.name)
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        print("exit", self.name)


def work(n: int) -> int:
    with Timer("w") as t:
        if n < 0:
            raise ValueError("negative")
        if n == 0:
            return -1
        t.log.append("ok")
    return n * 2


print(work(3), work(0))
try:
    work(-1)
except ValueError as e:
    print("caught", e)
with Timer("a") as a, Timer("b") as b:
    print(a.name, b.name)
for i in range(3):
    with Timer(str(i)):
        if i == 1:
            continue
        print("body", i)
