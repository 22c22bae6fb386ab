# heappop of an empty heap: IndexError, uncaught
import heapq

h = [2, 1]
heapq.heapify(h)
print(heapq.heappop(h), heapq.heappop(h))
print(heapq.heappop(h))
