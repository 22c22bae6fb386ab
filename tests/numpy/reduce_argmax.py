import numpy as np

a = np.array([[3, 9, -2, 9], [7, 1, 8, 0]])
print(a.argmax(), a.argmin(), a.argmax(axis=0), a.argmax(axis=1), np.argmin(a, axis=0))
print(np.argmax(a, axis=-1), a.argmax().dtype)
f = np.array([1.0, np.nan, 5.0])
print(f.argmax(), f.argmin())
print(np.argmax(np.array([2, 2, 2])), np.argmin(np.array([False, True])))
try:
    np.zeros(0).argmax()
except ValueError as e:
    print(e)
logits = np.array([[0.1, 2.3, 0.5], [1.2, -0.3, 4.4]], dtype=np.float32)
print(logits.argmax(axis=-1).tolist())
