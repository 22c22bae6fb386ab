import numpy as np

print(np.arange(2000))
print(np.arange(3000).reshape(1000, 3))
print(repr(np.zeros(1001)))
print(np.linspace(0, 1, 1200))
print(np.arange(1000))
