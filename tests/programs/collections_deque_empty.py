# popleft of an empty deque: IndexError, uncaught
from collections import deque

q = deque([1])
print(q.popleft())
q.popleft()
