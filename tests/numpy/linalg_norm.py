import numpy as np

v = np.array([3.0, 4.0])
print(np.linalg.norm(v), np.linalg.norm(np.array([1, 2, 2])))
m = np.array([[1.0, 2.0], [3.0, 4.0]])
print(np.linalg.norm(m), np.linalg.norm(m, axis=0), np.linalg.norm(m, axis=1), np.linalg.norm(m, axis=1, keepdims=True))
print(np.linalg.norm(np.zeros(3)), np.linalg.norm(np.array([-2.0])))
f = np.array([3, 4], dtype=np.float32)
print(np.linalg.norm(f), np.linalg.norm(f).dtype)
