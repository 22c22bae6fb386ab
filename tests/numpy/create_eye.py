import numpy as np

print(np.eye(3), np.eye(2, 3), np.eye(3, k=1), np.eye(3, k=-1, dtype=np.int32))
print(np.eye(4, 2, dtype=bool))
i = np.eye(3)
m = np.arange(9.0).reshape(3, 3)
print(m @ i)
print((i * 5).sum(), np.eye(1))
