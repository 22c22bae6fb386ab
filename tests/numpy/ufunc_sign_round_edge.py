import numpy as np

print(np.sign(np.array([np.nan, -np.inf, np.inf, -0.0])))
print(np.round(np.array([0.5, 1.5, 2.5, -0.5, -1.5])), np.round(np.array([2.675]), 2))
print(np.round(np.float64(1.005), 2), np.round(np.array([1e20]), 2))
print(np.floor(np.array([-0.5])), np.ceil(np.array([-0.5])), np.trunc(np.array([-1.7, 1.7])))
print(np.rint(np.array([0.5, 1.5], dtype=np.float32)), np.round(np.array([12345], dtype=np.int32), -2))
