import numpy as np

print(np.array([0.1, 1.0, 100.0]))
print(np.array([1e-5, 1.0]))
print(np.array([1e16, 1.0]))
print(np.array([1.5, np.nan, -np.inf]))
print(np.array([[0.5, -1.25], [100.125, 3.0]]))
print(np.array([1.0, 2.0, 3.0]) / 3)
print(repr(np.array([1.0, 2.0]) / 7))
print(np.array([123456789.0, 0.001]))
print(np.array([-0.0, 0.0]))
print(np.array([1.0e-10, 2.0e-10]))
