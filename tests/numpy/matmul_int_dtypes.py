import numpy as np

a = np.arange(6, dtype=np.int8).reshape(2, 3)
b = np.arange(6, dtype=np.int8).reshape(3, 2)
print(a @ b, (a @ b).dtype)
u = np.array([[200, 100]], dtype=np.uint8)
print(u @ u.T, (u @ u.T).dtype)
print(np.array([[True, False]]) @ np.array([[True], [True]]))
print((np.ones((2, 2), dtype=np.int32) @ np.ones((2, 2), dtype=np.int64)).dtype)
print((np.ones((1, 2), dtype=np.float16) @ np.ones((2, 1), dtype=np.float16)).dtype)
