import numpy as np

x = np.array([1.0, 3.0, 2.0, 5.0, 4.0, 6.0, 8.0, 7.0])
w = 3
c = np.cumsum(np.concatenate([np.zeros(1), x]))
ma = (c[w:] - c[:-w]) / w
print(ma)
ema = np.zeros_like(x)
alpha = 0.5
ema[0] = x[0]
for i in range(1, x.shape[0]):
    ema[i] = alpha * x[i] + (1 - alpha) * ema[i - 1]
print(ema)
k = np.ones(w) / w
conv = np.array([float((x[i:i + w] * k).sum()) for i in range(x.shape[0] - w + 1)])
print(np.round(conv - ma, 12))
