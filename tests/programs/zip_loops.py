# for loops over zip() of lists: stop at the shortest.
names = ["ada", "alan", "grace"]
ages = [36, 41, 85, 99]
for name, age in zip(names, ages):
    print(f"{name:>6} {age:3d}")
xs = [1.0, 2.0, 3.0]
ys = [4.0, 5.0, 6.0]
dot = 0.0
for x, y in zip(xs, ys):
    dot += x * y
print(dot)
for a, b, c in zip([1, 2], ["x", "y"], [True, False]):
    print(a, b, c)
