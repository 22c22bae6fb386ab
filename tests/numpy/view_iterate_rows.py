import numpy as np

m = np.arange(12, dtype=np.float64).reshape(4, 3)
for r in m:
    r *= 2
print(m)
total = 0.0
for r in m:
    for x in r:
        total += float(x)
print(total)
for i in range(m.shape[0]):
    m[i] = m[i] - m[i].mean()
print(m)
