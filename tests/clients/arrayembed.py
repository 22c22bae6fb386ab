"""An embedding model that returns an ndarray (float32) and takes the
request's dimensions itself (0: all) (truncated, renormalised, in numpy)."""
import numpy as np


def embed(texts: list[str], dimensions: int = 0) -> np.ndarray:
    rows = []
    for t in texts:
        rows.append([float((ord(c) * (j + 1)) % 17) for j, c in enumerate((t * 8)[:16])] if t else [1.0] * 16)
    a = np.array(rows, dtype=np.float32)
    if dimensions > 0:
        a = a[:, :dimensions]
    return a / np.linalg.norm(a, axis=1, keepdims=True)
