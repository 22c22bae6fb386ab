# Float arithmetic, rounding, int/float conversion, comparisons and printing repr of floats.
xs = [0.1, 0.2, 0.3, 1.5, -2.25, 1e10, 1e-7, 123456789.125]
total = sum(xs, 0.0)
print(total, 0.1 + 0.2, 0.1 + 0.2 == 0.3)
for x in xs:
    print(x, int(x), x * 2, x / 3, -x, abs(x), f"{x:.2f}")
print(7 / 2, 7 // 2, 7.0 // 2, -7.0 // 2, 7.5 % 2, -7.5 % 2, 2 ** 10, 2.0 ** -1)
print(float(3), float("1.5"), int(2.999), int(-2.999), 1 / 3)
print(max(xs), min(xs), max(1.5, 2.5), min(3.0, 2.5))
mean = total / len(xs)
var = 0.0
for x in xs:
    var += (x - mean) * (x - mean)
print(f"{mean:.6f} {var / len(xs):.6e}")
print(1e16, 1e15, 1.0, 100.0, 1.23e-5, 0.0001, float("inf"), -float("inf"))
