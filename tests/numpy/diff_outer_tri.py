# np.diff (n, axis, bool), np.outer and np.triu/np.tril (k, batches, 1-d),
# as numpy computes them.
import numpy as np

x = np.array([1, 4, 9, 16, 25, 36])
print(np.diff(x), np.diff(x, n=2), np.diff(x, 3), np.diff(x, n=0), np.diff(x, n=9))
m = np.arange(12, dtype=np.float32).reshape(3, 4) ** 2
print(np.diff(m), np.diff(m, axis=0), np.diff(m, n=2, axis=1), np.diff(m.T, axis=-1))
print(np.diff(np.array([True, False, False, True])), np.diff(np.array([0.5, 0.25], dtype=np.float16)).dtype)
print(np.diff(np.arange(5, dtype=np.uint8)[::-1]))
try:
    np.diff(x, n=-1)
except ValueError as e:
    print("ValueError:", e)
try:
    np.diff(m, axis=2)
except Exception as e:
    print(type(e).__name__ + ":", e)

print(np.outer(np.arange(1, 4), np.arange(1, 5)))
print(np.outer(np.array([0.5, 2.0], dtype=np.float32), np.ones((2, 2))), np.outer([1, 2], [3.5]).dtype)
print(np.outer(m[:, 1], m[0, ::2]))

sq = np.arange(1, 17).reshape(4, 4)
print(np.triu(sq), np.tril(sq), np.triu(sq, 1), np.tril(sq, -1), np.triu(sq, k=-2), np.tril(sq, k=5))
print(np.triu(np.ones((2, 3, 4), dtype=np.float32), 1), np.tril(np.arange(1, 4)))
# a causal mask the way decoder code builds one
n = 5
mask = np.triu(np.ones((n, n), dtype=bool), k=1)
scores = np.where(mask, -np.inf, np.arange(n * n, dtype=np.float32).reshape(n, n) / 10)
print(mask, scores)
print(np.tril(np.ones((3, 5)), 2).dtype, np.triu(np.ones((4, 2), dtype=np.int8), -1))
