# a Counter reads 0 for a missing key, but a plain dict made from it raises KeyError
from collections import Counter

c = Counter(["x", "y", "x"])
print(c["z"], c)
d = dict(c)
print(d["x"])
print(d["z"])
