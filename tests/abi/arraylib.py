"""Functions over numpy arrays, called through kiln's C ABI with arrays
crossing as memory (kiln_array, kiln_array_data)."""
import numpy as np

KEPT: list[np.ndarray] = []


def normalize(x: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length."""
    return x / np.linalg.norm(x, axis=-1, keepdims=True)


def tail(x: np.ndarray) -> np.ndarray:
    """A view of x without its first row: shares x's memory."""
    return x[1:]


def scale_inplace(x: np.ndarray, k: float) -> None:
    x *= k


def total(x: np.ndarray) -> float:
    return float(x.sum())


def embed(texts: list[str], dim: int) -> list[list[float]]:
    """A deterministic vector per text (an embedding function's shape)."""
    out: list[list[float]] = []
    for t in texts:
        row: list[float] = []
        for j in range(dim):
            row.append(float((len(t) * 31 + j * 7 + sum(ord(c) for c in t)) % 97) / 97.0 - 0.5)
        out.append(row)
    return out


def embed_array(texts: list[str], dim: int) -> np.ndarray:
    return np.array(embed(texts, dim), dtype=np.float32)


def mean_rows(rows: list[list[float]]) -> list[float]:
    n = len(rows)
    out = [0.0] * len(rows[0])
    for r in rows:
        for j in range(len(r)):
            out[j] += r[j] / n
    return out


def keep(x: np.ndarray) -> int:
    """The module keeps a reference: the caller's memory must outlive the call."""
    KEPT.append(x)
    return len(KEPT)


def forget() -> int:
    n = len(KEPT)
    KEPT.clear()
    return n


def cast_sum(x: np.ndarray) -> float:
    return float(x.astype(np.float64).sum())
