import numpy as np

a = np.array([1.0, 4.0, 9.0])
print(np.add(a, a), np.sqrt(a) == a ** 0.5, np.square(np.arange(4)), np.reciprocal(np.array([2.0, 4.0])))
print(np.exp(np.log(a)), np.log10(np.array([10.0, 1000.0])), np.log2(np.array([8.0])))
print(np.negative(np.arange(3)), np.absolute(np.array([-1, 1])))
print(np.power(np.array([2, 3]), np.array([3, 2])), np.power(2.0, np.arange(3)))
