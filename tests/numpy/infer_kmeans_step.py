import numpy as np

pts = np.array([[0.0, 0.0], [0.5, 0.2], [5.0, 5.0], [5.5, 4.5], [0.1, 0.9], [6.0, 5.2]])
cent = np.array([[0.0, 1.0], [5.0, 4.0]])
for it in range(3):
    d = ((pts[:, None, :] - cent[None, :, :]) ** 2).sum(axis=2)
    assign = d.argmin(axis=1)
    print(it, assign)
    for c in range(cent.shape[0]):
        cent[c] = pts[assign == c].mean(axis=0)
    print(np.round(cent, 4))
