"""kiln.nn: the fused operations transformer code needs, written in numpy.

This module is the definition: CPython runs it as it is, and kiln compiles
each call to a native kernel of the runtime (runtime/nn.c) with the same
semantics. Float32, float16 and bfloat16 inputs compute in float32, float64
inputs in float64; results keep the input's float dtype (integers give
float64).
"""
import numpy as np


def _float(x):
    x = np.asarray(x)
    return x if x.dtype.kind == "f" else x.astype(np.float64)


def softmax(x, axis=-1):
    """exp(x - max) / sum over axis."""
    x = _float(x)
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


def rms_norm(x, weight, eps=1e-6, offset=0.0):
    """x / sqrt(mean(x**2) + eps) * (offset + weight) over the last axis.
    Gemma scales by (1 + weight): offset=1.0."""
    x = _float(x)
    inv = 1.0 / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + np.asarray(eps, x.dtype))
    y = x * inv
    if weight is not None:
        y = y * (np.asarray(offset, x.dtype) + weight.astype(x.dtype))
    return y


def layer_norm(x, weight, bias, eps=1e-5):
    """(x - mean) / sqrt(var + eps) * weight + bias over the last axis."""
    x = _float(x)
    mean = np.mean(x, axis=-1, keepdims=True)
    d = x - mean
    var = np.mean(d * d, axis=-1, keepdims=True)
    y = d / np.sqrt(var + np.asarray(eps, x.dtype))
    if weight is not None:
        y = y * weight.astype(x.dtype)
    if bias is not None:
        y = y + bias.astype(x.dtype)
    return y


def _erf(x):
    import math
    return np.vectorize(math.erf, otypes=[x.dtype])(x)


def gelu(x, approximate="none"):
    """x * Phi(x): the erf form, or approximate="tanh" (GPT-2, Gemma)."""
    x = _float(x)
    if approximate == "tanh":
        c = np.asarray(0.7978845608028654, x.dtype)
        return 0.5 * x * (1.0 + np.tanh(c * (x + np.asarray(0.044715, x.dtype) * x * x * x)))
    if approximate != "none":
        raise ValueError(f"kiln.nn.gelu: approximate must be 'none' or 'tanh', not {approximate!r}")
    return 0.5 * x * (1.0 + _erf(x * np.asarray(0.7071067811865476, x.dtype)))


def silu(x):
    """x * sigmoid(x)."""
    x = _float(x)
    return x / (1.0 + np.exp(-x))


def _round_bf16(a):
    """float32 values rounded to the nearest bfloat16 (ties to even), kept
    as float32: a bfloat16 is the top half of a float32's bits."""
    a = np.ascontiguousarray(a, dtype=np.float32)
    u = a.view(np.uint32)
    r = ((u + np.uint32(0x7FFF) + ((u >> np.uint32(16)) & np.uint32(1))) & np.uint32(0xFFFF0000)).view(np.float32)
    return np.where(np.isnan(a), a, r)


def _round_q8_0(x):
    """float32 x rounded to Q8_0 blocks along its last axis (a multiple of
    32 long), kept as float32: each run of 32 values becomes d * q, with
    d = max|x| / 127 of the run and q = x / d rounded to the nearest
    integer (ties to even), so |q| <= 127 fits an int8. A run whose d is 0
    (all zeros, or too small to divide by) gives zeros; a run holding an
    infinity or NaN gives NaNs. This is what a quantised linear does to its
    activations (the compiled kernel keeps q and d and multiplies in int8)."""
    x = np.ascontiguousarray(x, dtype=np.float32)
    b = x.reshape(-1, 32)
    amax = np.max(np.abs(b), axis=1, keepdims=True)
    d = amax / np.float32(127)
    ok = np.isfinite(d) & (d > 0)
    with np.errstate(invalid="ignore", divide="ignore"):
        q = np.where(ok, np.clip(np.rint(b / np.where(ok, d, np.float32(1))), -127, 127), np.float32(0))
    d = np.where(np.isfinite(amax), d, np.float32(np.nan)).astype(np.float32)
    return (q * d).astype(np.float32).reshape(x.shape)


def linear(x, weight, bias=None, bf16=False):
    """x @ weight.T + bias, weight stored (out, in) as nn.Linear keeps it.
    A quantised GGUF weight (kiln.gguf: Q8_0, Q4_K, Q6_K, Q4_0, Q4_1
    blocks) computes x rounded to Q8_0 blocks (_round_q8_0) against its
    dequantised values, in float32: the arithmetic of llama.cpp's integer
    dot products, which run at the memory's speed. bf16=True: x and weight are
    rounded to bfloat16 first and the (exact) products summed in float32,
    the arithmetic of PyTorch's bfloat16 Linear and of CPUs' bfloat16
    dot-product instructions (twice float32's rate); the result is float32.
    weight may be a list of weights (out_i, in): the result is theirs joined
    along the last axis, and bias the joined bias (q, k and v of a layer in
    one pass over x; quantised weights of different block types too)."""
    if isinstance(weight, list):
        if len(weight) == 0:
            raise ValueError("kiln.nn.linear: the list of weights is empty")
        y = np.concatenate([linear(x, w, None, bf16) for w in weight], axis=-1)
        return y if bias is None else y + bias
    if bf16:
        if getattr(weight, "ggml_type", None) is not None:
            raise ValueError("kiln.nn.linear: bf16=True takes a float weight, not a quantised one")
        y = _round_bf16(x) @ _round_bf16(weight).T
        return y if bias is None else y + bias
    if getattr(weight, "ggml_type", None) is not None:
        from kiln.gguf import dequantize
        w = dequantize(weight)
        x = np.asarray(x)
        if w.ndim != 2 or x.ndim < 1 or x.shape[-1] != w.shape[1]:
            shape = "(" + ",".join(str(n) for n in x.shape) + ("," if x.ndim == 1 else "") + ")"
            raise ValueError(f"kiln.nn.linear: x of shape {shape} and a {weight.ggml_type} weight of "
                             f"{w.shape[0] if w.ndim == 2 else 0} rows of {w.shape[-1]} values (out, in) do not fit")
        y = _round_q8_0(x) @ w.T
        return y if bias is None else y + bias
    y = np.asarray(x) @ np.asarray(weight).T
    if bias is not None:
        y = y + bias
    return y


def get_rows(weight, ids):
    """The rows ids of a 2-d weight as float32 (an embedding lookup),
    shape ids.shape + (columns,); a quantised GGUF weight has only those
    rows dequantised."""
    if np.asarray(weight).ndim != 2:
        raise ValueError(f"kiln.nn.get_rows: the weight must be 2-d (rows, columns), not {np.asarray(weight).ndim}-d")
    ids = np.asarray(ids)
    if ids.dtype.kind not in "iu" and ids.size:
        raise IndexError("arrays used as indices must be of integer (or boolean) type")
    rows = np.asarray(weight)[ids]
    t = getattr(weight, "ggml_type", None)
    if t is not None:
        from kiln.gguf import dequantize_blocks
        return dequantize_blocks(rows, t)
    return rows.astype(np.float32)


def rope(x, positions, theta=10000.0):
    """Rotary position embedding ("rotate half", as Llama and Gemma): x is
    (..., seq, dim); pair (i, i + dim/2) at position p turns by
    p * theta**(-2i/dim)."""
    x = _float(x)
    dim = x.shape[-1]
    half = dim // 2
    inv = 1.0 / np.power(theta, np.arange(0, dim, 2, dtype=np.float64) / dim)
    ang = np.asarray(positions, dtype=np.float64)[:, None] * inv[None, :]
    cos = np.cos(ang).astype(x.dtype)
    sin = np.sin(ang).astype(x.dtype)
    a, b = x[..., :half], x[..., half:]
    return np.concatenate([a * cos - b * sin, b * cos + a * sin], axis=-1)


def apply_rope(x, cos, sin, interleaved=False):
    """Rotary position embedding with the angles given: x is (..., seq,
    dim), cos and sin (seq, dim/2) the cosines and sines of each position's
    angles (a model's table, with its frequency scaling). Pair i is
    (i, i + dim/2), "rotate half" as Hugging Face's Llama and Gemma, or
    (2i, 2i + 1) with interleaved=True (the row order of llama.cpp's q and k
    in a GGUF file)."""
    x = _float(x)
    half = x.shape[-1] // 2
    if x.ndim < 2 or x.shape[-1] % 2:
        raise ValueError("kiln.nn.apply_rope: x must be (..., seq, dim) with an even dim")
    cos = np.asarray(cos).astype(x.dtype)
    sin = np.asarray(sin).astype(x.dtype)
    if cos.shape != (x.shape[-2], half) or sin.shape != (x.shape[-2], half):
        raise ValueError(f"kiln.nn.apply_rope: cos and sin must have shape ({x.shape[-2]}, {half})")
    if interleaved:
        a = x[..., 0::2]
        b = x[..., 1::2]
        return np.stack([a * cos - b * sin, b * cos + a * sin], axis=-1).reshape(x.shape)
    a = x[..., :half]
    b = x[..., half:]
    return np.concatenate([a * cos - b * sin, b * cos + a * sin], axis=-1)


def attention(q, k, v, mask=None, causal=False, window=0, scale=None):
    """softmax(q k^T * scale + mask) v per head.

    q is (..., Hq, Sq, D), k (..., Hkv, Sk, D), v (..., Hkv, Sk, Dv), with Hq
    a multiple of Hkv (grouped-query attention). Query i sits at position
    Sk - Sq + i. causal: keys after the query's position are masked;
    window > 0: keys window or more positions away are masked (only before
    the query when causal); mask: bool (False masks) or additive float,
    broadcast to (..., Hq, Sq, Sk). scale defaults to 1/sqrt(D).
    """
    q, k, v = _float(q), _float(k), _float(v)
    dt = np.result_type(q.dtype, k.dtype, v.dtype)
    q, k, v = q.astype(dt), k.astype(dt), v.astype(dt)
    hq, sq, d = q.shape[-3], q.shape[-2], q.shape[-1]
    hk, sk = k.shape[-3], k.shape[-2]
    group = hq // hk
    if group > 1:
        k = np.repeat(k, group, axis=-3)
        v = np.repeat(v, group, axis=-3)
    if scale is None:
        scale = 1.0 / np.sqrt(d)
    s = (q @ np.swapaxes(k, -1, -2)) * np.asarray(scale, dt)
    qpos = np.arange(sq)[:, None] + (sk - sq)
    kpos = np.arange(sk)[None, :]
    keep = np.ones((sq, sk), dtype=bool)
    if causal:
        keep &= kpos <= qpos
    if window > 0:
        if causal:
            keep &= qpos - kpos < window
        else:
            keep &= np.abs(qpos - kpos) < window
    if mask is not None:
        mask = np.asarray(mask)
        if mask.dtype == bool:
            keep = keep & mask
        else:
            s = s + mask.astype(dt)
    s = np.where(keep, s, np.asarray(-np.inf, dt))
    return softmax(s, axis=-1) @ v
