# tolerance: 1e-6
# (float32 var/std: numpy's pairwise float32 sums differ from kiln's in the last bits)
import numpy as np

x = np.linspace(-3, 7, 50).astype(np.float32).reshape(5, 10)
print(x.var(), x.std(), x.var().dtype)
print(x.var(axis=0), x.std(axis=1))
print(np.std(x, axis=1, keepdims=True).shape)
