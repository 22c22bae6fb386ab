import numpy as np

a = np.array([[1.75, -2.5]])
print(float(a[0, 0]), int(a[0, 1]), a[0, 0].item(), a.max().item())
print(float(np.float32(0.1)), np.float32(0.1).item())
print(int(np.int8(-3)), int(np.uint8(250)) + 10, np.int64(2**40).item())
print(np.array([7]).item(), np.array([[2.5]]).item(), float(np.array([3])))
x = float(a.sum()) + 1
print(x, int(np.array(9.99)))
print(bool(np.array([1])[0]), bool(np.float32(0.0)))
try:
    np.array([1, 2]).item()
except ValueError as e:
    print(e)
