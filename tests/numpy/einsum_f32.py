# tolerance: 1e-6
# (float32 einsum: numpy's sum-of-products loops use SIMD partial sums)
import numpy as np

a = (np.arange(20, dtype=np.float32).reshape(4, 5) - 7) / 3
b = (np.arange(15, dtype=np.float32).reshape(5, 3) - 4) / 7
r = np.einsum("ij,jk->ik", a, b)
print(r, r.dtype)
print(np.einsum("ij,ij->i", a, a), np.einsum("ij->j", a))
