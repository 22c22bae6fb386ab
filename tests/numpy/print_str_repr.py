import numpy as np

a = np.array([[1.5, 2.0], [3.25, -4.0]], dtype=np.float32)
s = str(a)
r = repr(a)
print(len(s), len(r))
print(s)
print(r)
print([str(np.float32(1.5)), repr(np.arange(3))])
print("value: " + str(a.sum()))
print(str(np.array(5)), repr(np.array(5.5)), repr(np.array(True)))
