# tolerance: 1e-6
# (float32 exp: numpy's SIMD expf differs from a correctly rounded one in the last bit)
import numpy as np


def softmax(x: np.ndarray, axis: int) -> np.ndarray:
    m = x.max(axis=axis, keepdims=True)
    e = np.exp(x - m)
    return e / e.sum(axis=axis, keepdims=True)


logits = np.array([[2.0, 1.0, 0.1], [1.0, 3.0, 0.2], [-1.0, -1.0, 5.0]], dtype=np.float32)
p = softmax(logits, -1)
print(p, p.dtype)
print(p.sum(axis=-1))
print(softmax(logits, 0))
print(softmax(logits.astype(np.float64), 1))
print(p.argmax(axis=1), np.log(p).sum())
