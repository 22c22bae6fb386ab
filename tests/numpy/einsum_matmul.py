import numpy as np

a = np.arange(6.0).reshape(2, 3)
b = np.arange(12.0).reshape(3, 4)
print(np.einsum("ij,jk->ik", a, b))
print(np.einsum("ij,jk->ik", a, b) - a @ b)
x = np.arange(24.0).reshape(2, 3, 4)
y = np.arange(40.0).reshape(2, 4, 5)
print(np.einsum("bij,bjk->bik", x, y).shape, np.abs(np.einsum("bij,bjk->bik", x, y) - x @ y).max())
print(np.einsum("ij,kj->ik", a, a), np.einsum("ij,jk->ki", a, b).shape)
print(np.einsum("ij,jk", a, b).shape)
i = np.arange(6).reshape(2, 3)
print(np.einsum("ij,jk->ik", i, np.ones((3, 2), dtype=np.int64)), np.einsum("ij,jk->ik", i, i.T).dtype)
