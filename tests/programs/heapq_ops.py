# heapq: the list after each operation is CPython's (the same sifts)
import heapq
from heapq import heappush, heappop


def lcg(seed: int, n: int) -> list[int]:
    out: list[int] = []
    x = seed
    for _ in range(n):
        x = (x * 1103515245 + 12345) % 2147483648
        out.append(x % 100)
    return out


h = []
for v in lcg(7, 30):
    heappush(h, v)
    print(h)
while h:
    print(heappop(h), h)

xs = lcg(3, 25)
heapq.heapify(xs)
print(xs)
print(heapq.heapreplace(xs, 50), xs)
print(heapq.heappushpop(xs, 1), xs)
print(heapq.heappushpop(xs, 99), xs)
e: list[int] = []
print(heapq.heappushpop(e, 5), e)

fs = [3.5, 1.25, 9.0, -2.0, 0.5]
heapq.heapify(fs)
print(fs)
heapq.heappush(fs, 0.75)
print(fs, heapq.heappop(fs))

# tuples: priority queues
pq: list[tuple[int, str]] = []
for i, w in enumerate(["pear", "fig", "apple", "kiwi", "date", "plum"]):
    heapq.heappush(pq, (len(w), w))
print(pq)
out = []
while pq:
    out.append(heapq.heappop(pq))
print(out)

ws = ["pear", "fig", "apple", "kiwi", "date", "plum"]
heapq.heapify(ws)
print(ws)

data = lcg(11, 40)
print(heapq.nlargest(5, data))
print(heapq.nsmallest(5, data))
print(heapq.nlargest(0, data), heapq.nsmallest(-3, data))
print(heapq.nsmallest(100, data) == sorted(data))
print(heapq.nlargest(3, ws, key=len))
print(heapq.nsmallest(3, ws, key=lambda w: w[-1]))
print(heapq.nlargest(2, [(1, "a"), (3, "b"), (3, "a"), (2, "z")]))
print(heapq.nsmallest(1, [5.5, 2.25, 7.0]))

try:
    heapq.heappop([])
except IndexError as ex:
    print("IndexError", ex)
try:
    heapq.heapreplace(e, 1) if not e else None
except IndexError as ex:
    print("IndexError", ex)
