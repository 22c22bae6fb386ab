import numpy as np

e = np.zeros((0, 3))
print(e.sum(), e.sum(axis=0), e.sum(axis=1), e.prod(axis=0))
print(e.any(), e.all(), e.max(axis=1), e.cumsum())
try:
    e.max(axis=0)
except ValueError as e2:
    print(e2)
try:
    e.argmin()
except ValueError as e3:
    print(e3)
