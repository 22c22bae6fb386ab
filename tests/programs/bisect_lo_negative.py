# insort with a negative lo: ValueError, uncaught
import bisect

xs = [1, 3, 5]
bisect.insort(xs, 4, 1)
print(xs)
bisect.insort_left(xs, 2, -2)
