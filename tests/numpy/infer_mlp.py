import numpy as np


def relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0)


def linear(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    return x @ w.T + b


x = np.array([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]])
w1 = np.arange(12.0).reshape(4, 3) / 10 - 0.5
b1 = np.array([0.1, -0.1, 0.0, 0.2])
w2 = np.arange(8.0).reshape(2, 4) / 8 - 0.25
b2 = np.zeros(2)
h = relu(linear(x, w1, b1))
print(h)
y = linear(h, w2, b2)
print(y, y.argmax(axis=1))
