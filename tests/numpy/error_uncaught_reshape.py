import numpy as np

x = np.arange(10)
y = x.reshape(2, 5)
print(y)
z = y.reshape(3, 3)
print(z)
