import numpy as np

print(np.array([np.nan, 1.0]), np.array([np.inf, -np.inf, 2.5]))
print(np.array([np.nan], dtype=np.float32), repr(np.array([np.inf])))
print(np.array([0.0, -0.0, 1.0]), np.array([-0.0]))
print(np.array([1e-300, 1e300]), np.array([5e-324]))
print(np.float64(np.inf), np.float32(-np.inf), np.float16(np.nan))
