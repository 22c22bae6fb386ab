# np.vstack and np.hstack (1-d rows become (1, n), scalars, views) and
# np.count_nonzero (a Python int, or counts along an axis).
import numpy as np

a = np.arange(6, dtype=np.float32).reshape(2, 3)
r = np.array([7.0, 8.0, 9.0], dtype=np.float32)
print(np.vstack([a, r]), np.vstack((r, r[::-1])), np.vstack([a, a.astype(np.int32)]).dtype)
print(np.hstack([r, r]), np.hstack([a, a[:, :1]]), np.hstack([np.array(1), np.array([2, 3])]))
print(np.vstack([np.array(5), np.array(6)]).shape, np.hstack([a.T, a.T]).shape)
try:
    np.vstack([a, np.ones(4)])
except ValueError as e:
    print("ValueError:", e)
m = np.array([[0, 1, 2], [3, 0, 0]])
print(np.count_nonzero(m), type(np.count_nonzero(m)).__name__, np.count_nonzero(m, axis=0), np.count_nonzero(m, axis=1))
print(np.count_nonzero(m > 1), np.count_nonzero(np.array([0.0, np.nan, -0.0])), np.count_nonzero([True, False, True]))
