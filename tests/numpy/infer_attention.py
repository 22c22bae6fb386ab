import numpy as np


def softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


T, D = 4, 3
q = np.arange(T * D, dtype=np.float64).reshape(T, D) / 10
k = q[::-1] * 0.5
v = np.arange(T * D, dtype=np.float64).reshape(T, D)
scores = q @ k.T / np.sqrt(D)
mask = np.arange(T)[:, None] >= np.arange(T)[None, :]
scores = np.where(mask, scores, -np.inf)
attn = softmax(scores)
print(np.round(attn, 6))
out = attn @ v
print(np.round(out, 6))
heads = np.stack([q, k])
print((heads @ heads.transpose(0, 2, 1)).shape)
