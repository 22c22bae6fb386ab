import numpy as np


def topk(scores: np.ndarray, k: int) -> list[int]:
    s = scores.astype(np.float64).copy()
    out: list[int] = []
    for _ in range(k):
        i = int(s.argmax())
        out.append(i)
        s[i] = -np.inf
    return out


scores = np.array([0.1, 0.7, 0.3, 0.9, 0.5, 0.05], dtype=np.float32)
print(topk(scores, 3))
print(scores[topk(scores, 2)])
batch = np.array([[3, 1, 2], [9, 8, 7]])
for row in batch:
    print(topk(row, 2))
