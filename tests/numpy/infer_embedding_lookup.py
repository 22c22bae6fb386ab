import numpy as np

vocab = np.arange(20, dtype=np.float32).reshape(5, 4) / 10
tokens = np.array([[1, 3, 3], [0, 4, 2]])
emb = vocab[tokens]
print(emb.shape, emb.dtype)
print(emb[1])
pooled = emb.mean(axis=1)
print(pooled)
pos = np.arange(3, dtype=np.float32)[:, None] * 0.01
print((emb + pos)[0])
