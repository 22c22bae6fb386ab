# np.take_along_axis: the top-k and gather idiom (argsort/argpartition
# indices taken back out of the scores), along each axis, negative indices,
# broadcasting of length-1 axes, axis=None, and numpy's errors.
import numpy as np

scores = np.array([[0.1, 0.9, 0.3, 0.7], [0.8, 0.2, 0.6, 0.4], [0.5, 0.5, 0.0, 1.0]], dtype=np.float32)
idx = np.argsort(-scores, axis=1)[:, :2]
print(idx, np.take_along_axis(scores, idx, axis=1))
print(np.take_along_axis(scores, np.argmax(scores, axis=1)[:, None], axis=1).ravel())
print(np.take_along_axis(scores, np.argmin(scores, axis=0)[None, :], axis=0))
print(np.take_along_axis(scores, np.array([[-1], [0], [-4]]), axis=-1))
print(np.take_along_axis(scores.T, np.array([[2, 0, 1]]), axis=1))
print(np.take_along_axis(np.arange(10) * 3, np.array([9, 0, 4]), axis=None))
a3 = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
print(np.take_along_axis(a3, np.argsort(-a3, axis=2), axis=2))
print(np.take_along_axis(a3, np.zeros((1, 2, 1), dtype=np.int64), axis=1))
print(np.take_along_axis(a3, np.array([[[1]], [[0]]], dtype=np.uint8), axis=0).shape)

for bad in [np.array([1, 2]), np.array([[4]]), np.array([[0.5]])]:
    try:
        print(np.take_along_axis(scores, bad, axis=1))
    except (ValueError, IndexError) as e:
        print(type(e).__name__ + ":", e)
for ix, ax in [(np.zeros((2, 2), dtype=np.int64), 1), (np.zeros((4, 1), dtype=np.int64), 1),
               (np.zeros((2, 2), dtype=np.int64), None), (np.ones(3, dtype=np.int64), 2)]:
    try:
        print(np.take_along_axis(scores, ix, axis=ax))
    except Exception as e:
        print(type(e).__name__ + ":", e)
