import numpy as np

scores = np.array([[0.1, 0.9, 0.3, 0.7], [0.8, 0.2, 0.6, 0.4]], dtype=np.float32)
order = np.argsort(-scores, axis=1)
print(order[:, :2])
top = scores[np.arange(2)[:, None], order[:, :2]]
print(top)
ranks = np.argsort(np.argsort(scores[0]))
print(ranks)
words = ["a", "b", "c", "d"]
print([words[int(i)] for i in np.argsort(scores[1])[::-1]])
