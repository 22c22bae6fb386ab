# xs += ys extends the list in place: every name for it sees the change, as
# in CPython; xs = xs + ys makes a new list.
a = [1, 2]
b = a
a += [3]
print(a, b, a is b)
a = a + [4]
print(a, b, a is b)
c = ["x"]
d = c
c += "yz"
c += ("t",)
print(c, d)
grid = [[0], [1]]
row = grid[0]
grid[0] += [5]
print(grid, row)
s = "ab"
t = s
s += "c"
print(s, t)
n = 1
n += 2
n *= 3
print(n)
f = 1.5
f += 1
print(f)
