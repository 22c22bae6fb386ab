import numpy as np

a = np.arange(12)
for part in np.split(a, 4):
    print(part)
xs = np.split(a, [3, 5, 6, 10])
print(len(xs), [x.tolist() for x in xs])
m = np.arange(12).reshape(3, 4)
l, r = np.split(m, 2, axis=1)
print(l, r)
top = np.split(m, [1], axis=0)
print(top[0], top[1].shape)
print([p.shape for p in np.split(a, [-2, 20])])
try:
    np.split(a, 5)
except ValueError as e:
    print(e)
