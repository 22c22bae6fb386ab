import numpy as np

a = np.ones((2, 3))
for b in [np.ones((2, 3)), np.ones(2), np.ones((4, 2))]:
    try:
        print((a @ b).shape)
    except ValueError as e:
        print("ValueError:", e)
try:
    np.dot(np.ones(3), np.ones(4))
except ValueError as e:
    print(e)
print((a @ np.ones(3)).shape)
