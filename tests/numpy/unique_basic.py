import numpy as np

print(np.unique(np.array([3, 1, 2, 3, 1, 1])))
print(np.unique(np.array([[1.5, 0.5], [1.5, -2.0]])))
print(np.unique(np.array([True, False, True])), np.unique(np.array([], dtype=np.float32)))
print(np.unique(np.array([np.nan, 1.0, np.nan, 0.0])))
print(np.unique(np.array([7, 7, 7], dtype=np.uint8)), np.unique(np.array([7, 7], dtype=np.uint8)).dtype)
labels = np.array([2, 0, 2, 1, 0])
classes = np.unique(labels)
print(classes, len(classes), [(int(c), int((labels == c).sum())) for c in classes])
print(np.unique([3, 2, 3]))
