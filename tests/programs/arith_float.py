# Floats print as CPython's shortest round-trip repr.
x = 0.1
y = 0.2
print(x + y, x * 3, 1 / 3, 2 / 3, 1e16, 1e-5, 123456789.0 * 1000, -0.0)
print(7.5 // 2, -7.5 // 2, 7.5 % 2, -7.5 % 2, 2.0 ** 0.5, 2 ** -1)
total = 0.0
for i in range(1, 11):
    total += 1.0 / i
print(total, float(3), int(2.9), int(-2.9), abs(-1.5), abs(-3))
