import numpy as np

a = np.zeros(2, dtype=np.int16)
print(a.dtype == np.int16, a.dtype == np.int32, a.dtype != np.float64)
print(np.dtype("int16") == a.dtype, str(a.dtype), repr(a.dtype))
for x in [np.zeros(1), np.zeros(1, dtype=np.float32), np.zeros(1, dtype=bool)]:
    if x.dtype == np.float32:
        print("f32")
    elif x.dtype == np.float64:
        print("f64")
    else:
        print("other", x.dtype)
