import numpy as np

a = np.arange(6).reshape(2, 3)
tests = 0
try:
    print(a[2])
except IndexError as e:
    print("IndexError:", e)
try:
    print(a[0, 3])
except IndexError as e:
    print("IndexError:", e)
try:
    print(a[-3])
except IndexError as e:
    print("IndexError:", e)
try:
    print(a[0, 0, 0])
except IndexError as e:
    print("IndexError:", e)
try:
    print(a[[0, 5]])
except IndexError as e:
    print("IndexError:", e)
try:
    a[5] = 1
except IndexError as e:
    print("IndexError:", e)
try:
    print(a[np.array([True, False, True])])
except IndexError as e:
    print("IndexError:", e)
