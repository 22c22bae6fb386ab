# Unpacking a list: counts checked at run time as CPython does.
a, b = "key:value".split(":")
print(a, b)
xs = [1, 2, 3]
p, q, r = xs
print(p + q + r)
for k, v in [["a", "1"], ["b", "2"]]:
    print(k, v)
for line in ["x=1", "y=2"]:
    name, val = line.split("=")
    print(name, int(val))
try:
    a, b = "novalue".split(":")
except ValueError as e:
    print("ValueError:", e)
try:
    a, b = "a:b:c".split(":")
except ValueError as e:
    print("ValueError:", e)
try:
    for m, n in [[1, 2], [3]]:
        print(m, n)
except ValueError as e:
    print("ValueError:", e)
first, second = [[1, 2], [3, 4]]
print(first, second)
u, w = "ab"
print(u, w)
h, i, j = "h,i,j,k".split(",", 2)
print(h, i, j)
x1, y1 = [1.5, 2.5]
print(x1 * y1)
xs2 = [5, 6]
xs2[1], xs2[0] = xs2
print(xs2)
t = tuple(range(3))
t0, t1, t2 = t
print(t0 + t1 + t2)
grid = [[1, 2, 3], [4, 5, 6]]
for r0, r1, r2 in grid:
    print(r2, r1, r0)
pairs = [line.split("=") for line in ["a=1", "b=2"]]
d = {}
for k2, v2 in pairs:
    d[k2] = int(v2)
print(d)
def split_pair(s: str) -> tuple[str, str]:
    left, right = s.split(",", 1)
    return left, right
print(split_pair("x,y,z"))
try:
    c1, c2 = "abc"
except ValueError as e:
    print("ValueError:", e)
try:
    q1, q2, q3 = [1, 2, 3, 4]
except ValueError as e:
    print("ValueError:", e)
mixed = [1, "two"]
m1, m2 = mixed
print(m1, m2)
a, b = [1]
