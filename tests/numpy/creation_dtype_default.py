import numpy as np

print(np.zeros(2).dtype, np.ones(2).dtype, np.empty(2).dtype, np.full(2, 1).dtype, np.full(2, 1.0).dtype, np.full(2, True).dtype)
print(np.arange(3).dtype, np.arange(3.0).dtype, np.linspace(0, 1, 3).dtype, np.eye(2).dtype)
print(np.zeros_like(np.arange(3)).dtype, np.ones_like(np.zeros(2, dtype=np.uint8)).dtype)
print(np.full((2, 2), np.float32(1.5)).dtype, np.array(np.float32(1.5)).dtype)
print(np.full(3, 7, dtype=np.int8), np.full(2, 300, dtype=np.int16))
