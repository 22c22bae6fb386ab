# Deep recursion raises RecursionError at CPython's depth (limit 1000), never a
# stack overflow: caught, the depth reached is CPython's; uncaught, the program
# ends with CPython's last line and exit status 1.
def probe(n: int) -> int:
    try:
        return probe(n + 1)
    except RecursionError:
        return n


def ping(n: int) -> int:
    return pong(n + 1) + 1


def pong(n: int) -> int:
    return ping(n + 1) + 1


class Node:
    def __init__(self, depth: int) -> None:
        self.depth = depth

    def walk(self) -> int:
        return Node(self.depth + 1).walk()


print(probe(0))
print(probe(0))
try:
    ping(0)
except RecursionError as e:
    print("mutual:", e)
try:
    Node(0).walk()
except RecursionError as e:
    print("method:", type(e).__name__, e)
print(probe(0))


def down(n: int) -> int:
    return down(n + 1)


down(0)
