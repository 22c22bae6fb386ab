import numpy as np

a = np.zeros((3, 4))
a[0:2] = np.ones((1, 1, 4))
print(a)
a[1:] = np.array([[[5.0]]])
print(a)
for v in [np.ones(3), np.ones((3, 4)), np.ones((2, 1, 4))]:
    try:
        a[0:2] = v
    except ValueError as e:
        print("ValueError:", e)
try:
    a[[0, 2]] = np.ones(3)
except ValueError as e:
    print("ValueError:", e)
try:
    a[a > 0] = np.ones(2)
except ValueError as e:
    print("ValueError:", e)
a[[0, 2]] = np.array([[7.0], [8.0]])
print(a)
