import numpy as np

labels = np.array([2, 0, 3, 1, 2])
n = 4
oh = np.zeros((labels.shape[0], n), dtype=np.float32)
oh[np.arange(labels.shape[0]), labels] = 1.0
print(oh)
print(oh.argmax(axis=1), oh.sum(axis=0))
eye = np.eye(n, dtype=np.int32)[labels]
print(eye)
print((np.arange(n) == labels[:, None]).astype(np.uint8))
