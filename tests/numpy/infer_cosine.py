import numpy as np


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


emb = np.array([[1.0, 0.0, 1.0], [0.5, 0.5, 0.0], [-1.0, 0.0, -1.0], [0.2, 0.9, 0.1]])
q = np.array([1.0, 0.2, 0.8])
for i in range(emb.shape[0]):
    print(i, round(cosine(emb[i], q), 6))
normed = emb / np.linalg.norm(emb, axis=1, keepdims=True)
sims = normed @ normed.T
print(np.round(sims, 4))
print(sims.argmax(axis=1), (sims - np.eye(4) * 2).argmax(axis=1))
