import numpy as np

q = np.arange(24.0).reshape(2, 3, 4) / 10
k = np.arange(24.0).reshape(2, 3, 4)[:, ::-1] / 10
s = np.einsum("bqd,bkd->bqk", q, k)
print(np.round(s, 6))
print(np.abs(s - q @ k.transpose(0, 2, 1)).max() < 1e-9)
w = np.exp(s - s.max(axis=-1, keepdims=True))
w = w / w.sum(axis=-1, keepdims=True)
print(np.round(np.einsum("bqk,bkd->bqd", w, k), 6).shape)
print(np.einsum("bij->bji", q).shape, np.einsum("bij->b", q))
