import numpy as np

a = np.array([[1.0, 2.0, 4.0], [3.0, 9.0, 5.0]])
print(a.var(), a.std(), a.var(axis=0), a.std(axis=1), a.var(ddof=1), np.std(a, axis=0, ddof=1))
print(np.var(a, axis=1, keepdims=True))
i = np.arange(10)
print(i.var(), i.std(), i.var().dtype)
print(np.std(np.array([5.0])), np.var(np.array([1, 1, 1])))
