"""kiln.gguf: GGUF model files (v2 and v3), read with numpy.

This module is the definition CPython runs; compiled code gets the same
functions natively (runtime/gguf.c memory-maps the file).

    meta = load_metadata(path)     # {"general.architecture": "llama", ...}
    w = load_tensors(path)         # {"token_embd.weight": array, ...}

A tensor comes in numpy's order (GGUF's ne reversed). F32, F16, BF16 and
the integer types are plain arrays (bfloat16 as float32 here, as kiln's
safetensors stand-in gives it: numpy has no bfloat16). Q8_0 and Q4_K
tensors are uint8 arrays of their raw blocks, (rows, row_bytes), tagged with
their layout: kiln.nn.linear and kiln.nn.get_rows take them as weights,
and dequantize() gives their float32 values. The dequantisation here is
numpy written from the ggml block layouts, separately from the C kernels.
A bad file raises ValueError("PATH: what is wrong").
"""
import struct

import numpy as np

# value types of metadata
_SCALARS = {0: "<u1", 1: "<i1", 2: "<u2", 3: "<i2", 4: "<u4", 5: "<i4", 6: "<f4", 10: "<u8", 11: "<i8", 12: "<f8"}
_MIN_SIZE = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 8: 8, 9: 12, 10: 8, 11: 8, 12: 8}
# ggml tensor types: name, numpy dtype (None: blocks), block values, block bytes
_TYPES = {0: ("F32", "<f4", 1, 4), 1: ("F16", "<f2", 1, 2), 8: ("Q8_0", None, 32, 34),
          2: ("Q4_0", None, 32, 18), 3: ("Q4_1", None, 32, 20),
          12: ("Q4_K", None, 256, 144), 14: ("Q6_K", None, 256, 210), 24: ("I8", "<i1", 1, 1), 25: ("I16", "<i2", 1, 2),
          26: ("I32", "<i4", 1, 4), 27: ("I64", "<i8", 1, 8), 28: ("F64", "<f8", 1, 8),
          30: ("BF16", "<u2", 1, 2)}
_OTHER = {6: "Q5_0", 7: "Q5_1", 9: "Q8_1", 10: "Q2_K", 11: "Q3_K", 13: "Q5_K",
          15: "Q8_K", 16: "IQ2_XXS", 17: "IQ2_XS", 18: "IQ3_XXS", 19: "IQ1_S", 20: "IQ4_NL",
          21: "IQ3_S", 22: "IQ2_S", 23: "IQ4_XS", 29: "IQ1_M", 34: "TQ1_0", 35: "TQ2_0"}
_MAX_DEPTH = 4
_MAX_DIMS = 4


class QuantArray(np.ndarray):
    """A uint8 array of raw Q8_0/Q4_K blocks; ggml_type names the layout.
    A slice or a computed array is plain again (no __array_finalize__), as
    in compiled code."""


class _Reader:
    def __init__(self, path, data):
        self.path = path
        self.data = data
        self.pos = 0

    def fail(self, msg):
        raise ValueError(f"{self.path}: {msg}")

    def need(self, n, what):
        if n > len(self.data) - self.pos:
            self.fail(f"the file ends inside {what} (at byte {self.pos} of {len(self.data)})")

    def uint(self, n, what):
        self.need(n, what)
        v = int.from_bytes(self.data[self.pos:self.pos + n], "little")
        self.pos += n
        return v

    def string(self, what):
        n = self.uint(8, what)
        if n > len(self.data) - self.pos:
            self.fail(f"{what} declares a string of {n} bytes, more than the file holds")
        raw = bytes(self.data[self.pos:self.pos + n])
        self.pos += n
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            self.fail(f"{what} is not valid UTF-8")

    def value(self, t, depth, key):
        if t == 8:
            return self.string("a string value")
        if t == 9:
            it = self.uint(4, "an array's item type")
            n = self.uint(8, "an array's length")
            if it not in _MIN_SIZE:
                self.fail(f"metadata '{key}' is an array of unknown value type {it}")
            if it == 9 and depth >= _MAX_DEPTH:
                self.fail(f"metadata '{key}' nests arrays more than {_MAX_DEPTH} deep")
            if n > (len(self.data) - self.pos) // _MIN_SIZE[it]:
                self.fail(f"metadata '{key}' declares {n} items, more than the file holds")
            return [self.value(it, depth + 1, key) for _ in range(n)]
        if t == 7:
            b = self.uint(1, "a bool value")
            if b > 1:
                self.fail(f"metadata '{key}' has a bool of byte value {b} (not 0 or 1)")
            return b == 1
        if t in _SCALARS:
            dt = np.dtype(_SCALARS[t])
            what = "a float32 value" if t == 6 else "a float64 value" if t == 12 else "an integer value"
            self.need(dt.itemsize, what)
            v = np.frombuffer(self.data, dtype=dt, count=1, offset=self.pos)[0]
            self.pos += dt.itemsize
            if dt.kind == "f":
                return float(v)
            v = int(v)
            if v > 0x7FFFFFFFFFFFFFFF:
                self.fail(f"metadata '{key}' holds {v}, beyond kiln's 64-bit int")
            return v
        self.fail(f"metadata '{key}' has unknown value type {t}")


def _read(path, want_tensors):
    with open(path, "rb") as f:
        data = f.read()
    r = _Reader(path, data)
    magic = r.uint(4, "the header")
    if magic != 0x46554747:
        r.fail("not a GGUF file (bad magic)")
    version = r.uint(4, "the header")
    if version not in (2, 3):
        r.fail(f"GGUF version {version} is not supported (2 and 3 are)")
    n_tensors = r.uint(8, "the header")
    n_kv = r.uint(8, "the header")
    rest = len(data) - r.pos
    if n_kv > rest // 13 or n_tensors > rest // 24:
        r.fail(f"the header declares {n_tensors} tensors and {n_kv} metadata entries, more than the file holds")
    meta = {}
    alignment = 32
    for _ in range(n_kv):
        key = r.string("a metadata key")
        t = r.uint(4, "a metadata value type")
        v = r.value(t, 0, key)
        if key == "general.alignment":
            if t != 4 or v <= 0 or v & (v - 1):
                r.fail("general.alignment must be a uint32 power of two")
            alignment = v
        meta[key] = v
    if not want_tensors:
        return meta, None
    infos = []
    for _ in range(n_tensors):
        name = r.string("a tensor name")
        short = name[:128]
        nd = r.uint(4, "a tensor's dimension count")
        if nd < 1 or nd > _MAX_DIMS:
            r.fail(f"tensor '{short}' has {nd} dimensions (1 to {_MAX_DIMS} are allowed)")
        ne = []
        count = span = 1  # span: the nonzero dimensions' product, bounded even when a zero makes count 0
        for _ in range(nd):
            d = r.uint(8, "a tensor's shape")
            if d > 0x7FFFFFFFFFFFFFFF or (d and span > 0x7FFFFFFFFFFFFFFF // 16 // d):
                r.fail(f"tensor '{short}' declares a shape too large to exist")
            count *= d
            span *= d or 1
            ne.append(d)
        t = r.uint(4, "a tensor's type")
        off = r.uint(8, "a tensor's offset")
        if t not in _TYPES:
            if t in _OTHER:
                r.fail(f"tensor '{short}' has ggml type {_OTHER[t]}, which kiln does not read "
                       "(F32, F16, BF16, Q8_0, Q4_0, Q4_1, Q4_K, Q6_K do)")
            r.fail(f"tensor '{short}' has unknown ggml type {t}")
        tname, dt, be, bb = _TYPES[t]
        if ne[0] % be:
            r.fail(f"tensor '{short}' is {tname} with rows of {ne[0]} values, not a multiple of its block of {be}")
        if off % alignment:
            r.fail(f"tensor '{short}' has offset {off}, not a multiple of the alignment {alignment}")
        infos.append((name, ne, t, off, count // be * bb))
    start = (r.pos + alignment - 1) // alignment * alignment
    if start > len(data) and n_tensors:
        r.fail("the file ends before its tensor data")
    tensors = {}
    for name, ne, t, off, nbytes in infos:
        tname, dt, be, bb = _TYPES[t]
        if off > len(data) - start or nbytes > len(data) - start - off:
            r.fail(f"tensor '{name[:128]}' ({nbytes} bytes at offset {off}) runs past the end of the file")
        shape = tuple(reversed(ne))
        if dt is None:
            shape = shape[:-1] + (ne[0] // be * bb,)
            a = np.frombuffer(data, dtype=np.uint8, count=nbytes, offset=start + off).reshape(shape).view(QuantArray)
            a.ggml_type = tname
        elif tname == "BF16":
            half = np.frombuffer(data, dtype=np.uint16, count=nbytes // 2, offset=start + off)
            a = (half.astype(np.uint32) << 16).view(np.float32).reshape(shape)
        else:
            a = np.frombuffer(data, dtype=np.dtype(dt), count=nbytes // np.dtype(dt).itemsize,
                              offset=start + off).reshape(shape)
        if name in tensors:
            r.fail(f"tensor '{name[:128]}' appears twice")
        tensors[name] = a
    return meta, tensors


def load_metadata(path):
    """Every key/value pair of the file's metadata, in file order."""
    return _read(path, False)[0]


def load_tensors(path):
    """Every tensor of the file, by name."""
    return _read(path, True)[1]


def _f16(b, at):
    return b[:, at:at + 2].copy().view("<f2").astype(np.float32)


def dequantize_blocks(raw, ggml_type):
    """The float32 values of raw blocks, (rows, row_bytes) -> (rows, values)."""
    raw = np.asarray(raw, dtype=np.uint8)
    lead = raw.shape[:-1]
    if ggml_type == "Q8_0":
        b = raw.reshape(-1, 34)
        d = _f16(b, 0)                                    # (blocks, 1)
        q = b[:, 2:].view(np.int8).astype(np.float32)     # (blocks, 32)
        return (d * q).reshape(lead + (-1,))
    if ggml_type == "Q4_0" or ggml_type == "Q4_1":
        one = ggml_type == "Q4_1"
        b = raw.reshape(-1, 20 if one else 18)
        d = _f16(b, 0)
        qs = b[:, 4:] if one else b[:, 2:]                # (blocks, 16)
        q = np.concatenate([qs & 15, qs >> 4], axis=1).astype(np.float32)  # low nibbles, then high
        if one:
            return (d * q + _f16(b, 2)).reshape(lead + (-1,))
        return (d * (q - 8.0)).reshape(lead + (-1,))
    if ggml_type == "Q4_K":
        b = raw.reshape(-1, 144)
        d = _f16(b, 0)
        dmin = _f16(b, 2)
        s = b[:, 4:16].astype(np.int32)
        # eight 6-bit scales and mins: j < 4 low 6 bits of s[j], s[j+4];
        # j >= 4 a nibble of s[j+4] and the top 2 bits of s[j-4], s[j]
        sc = np.concatenate([s[:, 0:4] & 63, (s[:, 8:12] & 15) | ((s[:, 0:4] >> 6) << 4)], axis=1)
        mn = np.concatenate([s[:, 4:8] & 63, (s[:, 8:12] >> 4) | ((s[:, 4:8] >> 6) << 4)], axis=1)
        qs = b[:, 16:].reshape(-1, 4, 32)
        q = np.stack([qs & 15, qs >> 4], axis=2).reshape(-1, 8, 32).astype(np.float32)  # sub-block 2c, 2c+1
        v = (d * sc.astype(np.float32))[:, :, None] * q - (dmin * mn.astype(np.float32))[:, :, None]
        return v.reshape(lead + (-1,))
    if ggml_type == "Q6_K":
        b = raw.reshape(-1, 210)
        ql = b[:, :128].reshape(-1, 2, 64).astype(np.int32)
        qh = b[:, 128:192].reshape(-1, 2, 32).astype(np.int32)
        sc = b[:, 192:208].view(np.int8).astype(np.float32)  # (blocks, 16): one per 16 values
        d = _f16(b, 208)
        lo, hi = ql[:, :, :32], ql[:, :, 32:]
        # the four quarters of each half: low/high nibble of ql's two 32-byte runs, 2 bits of qh each
        q = np.stack([(lo & 15) | (qh & 3) << 4, (hi & 15) | (qh >> 2 & 3) << 4,
                      (lo >> 4) | (qh >> 4 & 3) << 4, (hi >> 4) | (qh >> 6 & 3) << 4], axis=2)
        q = q.reshape(-1, 256).astype(np.float32) - 32.0
        return (d * np.repeat(sc, 16, axis=1) * q).reshape(lead + (-1,))
    raise ValueError(f"kiln.gguf: cannot dequantize ggml type {ggml_type}")


def dequantize(a):
    """A tensor's values as float32: a quantised tensor's blocks decoded."""
    t = getattr(a, "ggml_type", None)
    if t is None:
        return np.asarray(a).astype(np.float32)
    return dequantize_blocks(np.asarray(a), t)


def tensor_type(a):
    """"Q8_0", "Q4_K", or the array's dtype name."""
    t = getattr(a, "ggml_type", None)
    return str(np.asarray(a).dtype) if t is None else t
