import numpy as np

a = np.arange(1, 7).reshape(2, 3)
print(a.prod(), a.prod(axis=0), a.prod(axis=1), np.prod(a, axis=1, keepdims=True))
print(np.ones(3, dtype=np.int8).prod().dtype, np.prod(np.array([0.5, 4.0, 3.0])))
print(np.prod(np.array([], dtype=np.float64)), np.array([True, True]).prod(), np.array([True, True]).prod().dtype)
print(np.arange(1, 21).prod())
