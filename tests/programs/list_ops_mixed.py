# List methods: append, pop(i), insert, remove, extend, reverse, sort(reverse), index, count, +, *, in, equality.
xs = [3, 1, 4, 1, 5, 9, 2, 6]
xs.append(5)
print(xs, len(xs), xs.count(1), xs.count(7), xs.index(5))
print(xs.pop(), xs.pop(0), xs)
xs[2] = 100
print(xs)
xs = xs + [7, 8]
print(xs)
xs.reverse()
print(xs)
xs.sort()
print(xs)
xs.sort()
xs.reverse()
print(xs)
ys = xs + [0, 0]
print(ys, 9 in ys, 42 in ys, not (42 in ys))
print([1, 2] + [3], [1, 2] == [1, 2], [1, 2] == [2, 1])
zs = sorted(ys)
print(zs, ys[0], zs[0], zs[-1])
names = ["pear", "Apple", "fig", "banana"]
print(sorted(names), max(names), min(names))
names.sort()
print(names)
print(sum([1, 2, 3, 4]), sum([0.5, 0.25], 0.0))
