import numpy as np

a = np.array([-3.5, -1.0, 0.0, 2.5, 7.0])
b = np.array([2.0, -2.0, 1.0, 0.5, 3.0])
print(a + b, a - b, a * b, a / b)
print(a // b, a % b, np.mod(a, b), np.remainder(a, b), np.fmod(a, b))
print(np.add(a, 1), np.subtract(1, a), np.multiply(a, a), np.divide(a, 4))
print(np.floor_divide(a, 2), np.true_divide(7, b))
i = np.array([-7, -3, 0, 3, 7])
print(i // 2, i % 3, i // -2, i % -3, np.fmod(i, 3))
