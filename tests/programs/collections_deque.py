# collections.deque: both ends, rotate, indexing, maxlen, printing
from collections import deque

q = deque([1, 2, 3])
q.append(4)
q.appendleft(0)
print(q, len(q), q[0], q[-1], q[2])
q.extend([5, 6])
q.extendleft([-1, -2])
print(q)
print(q.pop(), q.popleft(), q)
q.rotate(2)
print(q)
q.rotate(-3)
print(q)
q.rotate()
print(q)
q.rotate(100)
print(q)
q[1] = 42
print(q, 42 in q, 7 in q, 7 not in q, q.count(42))
print(list(q), sum(q), max(q), sorted(q))
print([x * 2 for x in q])
for i, x in enumerate(q):
    if i < 2:
        print(i, x)

last = deque(maxlen=3)
for i in range(6):
    last.append(i)
    print(last)
last.appendleft(-1)
print(last, len(last))
w = deque("abcdef", 4)
print(w)
w.extend("xy")
print(w)
e = deque()
print(e, bool(e), len(e))
e.append(2.5)
print(e, bool(e))
zero = deque([1, 2], maxlen=0)
print(zero)
words = deque(["a", "b"])
words.clear()
print(words)
bfs = deque([(0, 0)])
seen = {(0, 0)}
order = []
while bfs:
    x, y = bfs.popleft()
    order.append((x, y))
    for nx, ny in [(x + 1, y), (x, y + 1)]:
        if nx < 3 and ny < 3 and (nx, ny) not in seen:
            seen.add((nx, ny))
            bfs.append((nx, ny))
print(order)
print(deque([1, 2]) == deque([1, 2]), deque([1]) == deque([2]))
print(list(reversed(deque([1, 2, 3]))))
try:
    deque().pop()
except IndexError as ex:
    print("IndexError", ex)
try:
    print(q[100])
except IndexError as ex:
    print("IndexError", ex)
try:
    for x in q:
        q.append(x)
except RuntimeError as ex:
    print("RuntimeError", ex)
try:
    deque(maxlen=-1)
except ValueError as ex:
    print("ValueError", ex)
