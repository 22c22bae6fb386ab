import numpy as np

a = np.arange(10) ** 2
print(a[[-1, -2, 0]], a[np.array([-10, 9])])
m = np.arange(12).reshape(3, 4)
print(m[[-1, 0], [-1, 0]], m[-1, [-4, -1]])
m[[-1], [-1]] = 0
print(m)
idx = np.array([[0, -1], [1, -2]])
print(a[idx])
try:
    a[[-11]]
except IndexError as e:
    print(e)
