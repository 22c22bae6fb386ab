import numpy as np

keys = np.array([2, 1, 2, 1, 0, 2, 0, 1])
order = np.argsort(keys, kind="stable")
print(order, keys[order])
m = np.array([[1, 1, 0], [0, 1, 1]])
print(np.argsort(m, axis=1, kind="stable"), np.argsort(m, axis=0, kind="stable"))
names = ["d", "a", "c", "b", "e"]
score = np.array([3.0, 1.0, 3.0, 2.0, 1.0])
print([names[int(i)] for i in np.argsort(-score, kind="stable")])
