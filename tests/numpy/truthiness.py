import numpy as np

print(bool(np.array([5])), bool(np.array([0.0])), bool(np.float32(0.5)), bool(np.array(0)))
x = np.array([1.0, 2.0]).sum()
if x > 2.5:
    print("big", x)
n = 0
for v in np.array([0, 3, 0, 4]):
    if v:
        n += 1
print(n)
try:
    bool(np.array([1, 2]))
except ValueError as e:
    print(e)
