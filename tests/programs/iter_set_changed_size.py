# Adding to a set while iterating over it raises CPython's RuntimeError.
s = {1, 2, 3}
n = 0
for x in s:
    n += 1
    print(x)
    s.add(x * 100)
print(n)
