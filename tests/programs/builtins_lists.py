# min, max, sum, sorted, list.sort/reverse/index/count, in, + on lists.
xs = [5, 3, 9, 1, 7]
print(min(xs), max(xs), sum(xs), sum(xs, 10), sorted(xs), xs)
xs.sort()
print(xs, 9 in xs, 4 in xs, xs.index(7), xs.count(3))
xs.reverse()
print(xs, min(3, 8), max(3, 8), min(2.5, -1.0), max("kiln", "clay"))
fs = [0.5, 0.25, 2.0]
print(sum(fs, 0.0), min(fs), max(fs), sorted(fs))
words = ["pear", "apple", "fig"]
print(sorted(words), min(words), max(words), words + ["kiwi"], [1, 2] + [3])
print(max([]))
