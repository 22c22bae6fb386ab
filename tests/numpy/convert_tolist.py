import numpy as np

a = np.arange(6).reshape(2, 3)
l = a.tolist()
print(l, type(l).__name__, l[1][2] + 1)
f = np.array([0.5, 1.25], dtype=np.float32).tolist()
print(f, f[0] * 2)
print(np.array([True, False]).tolist(), np.array(3.5).tolist(), np.zeros((2, 0)).tolist())
print(np.array([1, 2], dtype=np.uint8).tolist(), np.array([0.1], dtype=np.float16).tolist())
rows = np.eye(2).tolist()
for r in rows:
    print(sum(r))
