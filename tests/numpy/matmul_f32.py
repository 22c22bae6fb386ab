# tolerance: 1e-6
# (float32 matmul: summation order of the BLAS kernels differs)
import numpy as np

x = (np.arange(48, dtype=np.float32).reshape(6, 8) - 20) / 7
w = (np.arange(40, dtype=np.float32).reshape(8, 5) - 13) / 11
y = x @ w
print(y, y.dtype)
print(x @ x.T)
print((x[:, :4] @ w[::2]).sum(axis=0))
