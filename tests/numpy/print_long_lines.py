import numpy as np

print(np.arange(40) * 1000)
print(np.linspace(-1, 1, 30))
print(repr(np.linspace(-1, 1, 12).astype(np.float32)))
print(np.arange(60).reshape(3, 20))
print(repr(np.arange(30, dtype=np.int8)))
