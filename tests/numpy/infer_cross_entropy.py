# tolerance: 1e-12
# (numpy uses SVML exp/log for float64 on AVX-512 machines: 1-ulp differences from libm)
import numpy as np

logits = np.array([[2.0, 0.5, -1.0], [0.1, 0.2, 3.0], [1.0, 1.0, 1.0]])
y = np.array([0, 2, 1])
m = logits.max(axis=1, keepdims=True)
lse = np.log(np.exp(logits - m).sum(axis=1)) + m[:, 0]
nll = lse - logits[np.arange(3), y]
print(nll, nll.mean())
probs = np.exp(logits - lse[:, None])
grad = probs.copy()
grad[np.arange(3), y] -= 1
print(np.round(grad / 3, 8))
acc = (logits.argmax(axis=1) == y).mean()
print(acc)
