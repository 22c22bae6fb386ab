import numpy as np

try:
    np.ones(2, dtype=bool) - np.ones(2, dtype=bool)
except TypeError as e:
    print("TypeError:", e)
try:
    np.ones(2, dtype=np.float32) & np.ones(2, dtype=np.float32)
except TypeError as e:
    print("TypeError:", e)
try:
    np.zeros((2, -1))
except ValueError as e:
    print("ValueError:", e)
try:
    np.stack([])
except ValueError as e:
    print("ValueError:", e)
try:
    np.ones((2, 2)).swapaxes(0, 2)
except np.AxisError as e:
    print("AxisError:", e)
try:
    np.expand_dims(np.ones(2), 3)
except np.AxisError as e:
    print("AxisError:", e)
try:
    a = np.ones(3)
    a[0:2] = np.ones(3)
except ValueError as e:
    print("ValueError:", e)
