import numpy as np

x = np.linspace(-3, 3, 7)
sig = 1 / (1 + np.exp(-x))
print(sig)
tanh_gelu = 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x ** 3)))
print(tanh_gelu)
silu = x * sig
print(silu)
print(np.round(np.log(sig / (1 - sig)), 10))
