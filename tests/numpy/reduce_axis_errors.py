import numpy as np

a = np.ones((2, 3))
for ax in [2, -3, 5]:
    try:
        print(a.sum(axis=ax))
    except np.AxisError as e:
        print("AxisError:", e)
try:
    a.mean(axis=(0, 0))
except ValueError as e:
    print(e)
try:
    a.argmax(axis=2)
except IndexError as e:
    print("IndexError:", e)
print(a.max(axis=-1))
a.cumsum(axis=2)
