import numpy as np

a = np.ones((2, 3))
for shape in [(3, 2), (2,), (4, 3), (2, 3, 2)]:
    try:
        b = a + np.ones(shape)
        print(b.shape)
    except ValueError as e:
        print("ValueError:", e)
try:
    np.ones((2, 3)) * np.ones((3, 3))
except ValueError as e:
    print(e)
try:
    np.maximum(np.ones(4), np.ones(5))
except ValueError as e:
    print(e)
try:
    np.where(np.ones(3) > 0, np.ones(2), 0.0)
except ValueError as e:
    print(e)
