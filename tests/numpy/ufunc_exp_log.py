import numpy as np

x = np.array([0.0, 0.5, 1.0, 2.0, 10.0])
print(np.exp(x), np.log(x + 1), np.log2(x + 1), np.log10(x + 1))
print(np.expm1(x), np.log1p(x), np.exp2(x))
print(np.sqrt(x), np.cbrt(x - 1), np.square(x), np.reciprocal(x + 1))
print(np.exp(np.array([1, 2, 3])).dtype, np.sqrt(np.array([4, 9], dtype=np.int8)).dtype)
print(np.log(np.array([1, 4], dtype=np.uint16)).dtype)
print(np.sqrt(np.array([16, 25], dtype=np.int32)))
