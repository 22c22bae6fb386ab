import numpy as np

m = np.array([[9, 2, 7], [1, 8, 3], [5, 4, 6]])
print(np.sort(m), np.sort(m, axis=0), np.sort(m, axis=-1), np.sort(m, axis=None))
t = np.arange(24)[::-1].reshape(2, 3, 4) % 7
print(np.sort(t, axis=1))
print(np.sort(m.T, axis=1), np.sort(m[:, ::2], axis=0))
try:
    np.sort(m, axis=2)
except np.AxisError as e:
    print(e)
try:
    np.sort(m, kind="bogus")
except ValueError as e:
    print(e)
