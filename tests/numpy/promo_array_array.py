import numpy as np

names = ["bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "float16", "float32", "float64"]
types = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.float16, np.float32, np.float64]
for i in range(len(types)):
    row = []
    for j in range(len(types)):
        x = np.ones(2, dtype=types[i]) + np.ones(2, dtype=types[j])
        row.append(x.dtype.name)
    print(names[i], " ".join(row))
