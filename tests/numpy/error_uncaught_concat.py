import numpy as np

a = np.ones((2, 2))
print(np.concatenate([a, a]).shape)
print(np.concatenate([a, np.ones(2)]))
