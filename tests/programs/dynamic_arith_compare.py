# Arithmetic and comparisons on dynamic values: sum() of floats is one (an empty sum is the int 0).
xs = [1.5, 2.5, 3.0]
print(sum(xs) / len(xs))
print(sum(xs) * 2, sum(xs) > 3)
e: list[float] = []
print(sum(e))
n = [1, 2, 4]
print(sum(n) / 3, 7 / sum(n))
v = sum([1.5, 2.0])
print(v >= 3.5, v <= 3, 2 < v, v / 2)
print(sum(e) / 0)
