import numpy as np

a = np.array([[1, 3, 3], [2, 2, 1], [0, 0, 0]])
print(a.argmax(axis=1), a.argmin(axis=1), a.argmax(axis=0), a.argmax())
f = np.array([np.nan, np.nan, 1.0])
print(f.argmax(), f.argmin(), np.array([-np.inf, -np.inf]).argmax())
b = np.array([False, True, True])
print(b.argmax(), b.argmin())
