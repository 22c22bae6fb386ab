import numpy as np

x = np.float32(3.14159)
y = np.float64(2.0 / 3.0)
i = np.int64(42)
print(f"{x:.3f} {y:.4f} {i:5d} {y:e}")
print("%.2f" % float(x), "{:.1f}".format(float(y)), f"{float(x):8.2f}|")
print(f"{i} {x} {y}")
print(str(np.float32(1) / 3), str(np.float64(1) / 3))
print(round(float(y), 3), round(float(x)))
a = np.array([1.5, 2.5])
print(f"{a}", f"{np.array(2.5):.2f}", f"{np.bool_(True)}", f"{np.uint8(7):03d}")
try:
    print(f"{a:.2f}")
except TypeError as e:
    print("TypeError:", e)
