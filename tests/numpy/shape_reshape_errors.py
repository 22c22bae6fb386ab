import numpy as np

a = np.arange(12)
for s in [(5, 2), (-1, 5), (3, -1, -1), (13,)]:
    try:
        print(a.reshape(s).shape)
    except ValueError as e:
        print("ValueError:", e)
a.reshape(7, 2)
