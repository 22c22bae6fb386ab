# A function the module heapq does not have is named at compile time.
# error: 4: module 'heapq' has no attribute 'heappeek' (kiln provides CPython 3.11's heapq module, in part)
import heapq
print(heapq.heappeek([1, 2]))
