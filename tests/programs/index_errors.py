# IndexError from list reads/writes/pop and str indexing, with CPython's messages.
xs = [10, 20, 30]
for i in [0, 2, 3, -1, -3, -4, 100]:
    try:
        print(i, xs[i])
    except IndexError as e:
        print(i, "IndexError:", e)
try:
    xs[5] = 1
except IndexError as e:
    print("store:", e)
empty: list[int] = []
try:
    empty.pop()
except IndexError as e:
    print("pop:", e)
s = "abc"
try:
    print(s[3])
except IndexError as e:
    print("str:", e)
print(s[-1], xs.pop(), xs)
grid = [[1, 2], [3, 4]]
try:
    print(grid[1][2])
except IndexError as e:
    print("nested:", e)
