# A function of heapq that kiln does not provide yet is named at compile time.
# error: 4: error[K0103]: kiln does not provide heapq.merge() yet (it provides part of the module heapq)
import heapq
print(list(heapq.merge([1, 3], [2])))
