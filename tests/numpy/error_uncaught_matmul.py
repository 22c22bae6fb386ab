import numpy as np

w = np.ones((4, 3))
x = np.ones((2, 4))
print(x @ w)
print(w @ x)
