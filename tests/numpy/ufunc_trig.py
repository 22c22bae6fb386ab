import numpy as np

t = np.linspace(0, np.pi, 5)
print(np.sin(t), np.cos(t), np.tan(t[:2]))
print(np.arcsin(np.array([0.0, 0.5, 1.0])), np.arccos(np.array([1.0, 0.0])), np.arctan(np.array([0.0, 1.0])))
print(np.sinh(np.array([0.0, 1.0])), np.cosh(np.array([0.0, 1.0])), np.tanh(np.array([-20.0, 0.0, 0.5])))
print(np.arctan2(np.array([1.0, -1.0]), np.array([-1.0, -1.0])), np.hypot(3.0, np.array([4.0, 0.0])))
print(np.sin(np.pi / 2), np.cos(0.0))
