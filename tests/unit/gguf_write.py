"""A GGUF v3 writer and the Q8_0/Q4_K quantisers for the tests, written from
the GGUF specification and ggml's block layouts (numpy only; shares no code
with kiln's readers, python/kiln/gguf.py and runtime/gguf.c).

    write_gguf(path, [(key, type, value), ...], {name: (array, "Q8_0")})

Metadata value types are GGUF's names ("u32", "f32", "str", "bool",
"arr:str", ...). A tensor is a float32 array in numpy's order, written as
F32, F16, BF16, Q8_0, Q4_K or Q6_K.
"""
import struct

import numpy as np

VTYPE = {"u8": 0, "i8": 1, "u16": 2, "i16": 3, "u32": 4, "i32": 5, "f32": 6, "bool": 7, "str": 8, "arr": 9,
         "u64": 10, "i64": 11, "f64": 12}
PACK = {"u8": "<B", "i8": "<b", "u16": "<H", "i16": "<h", "u32": "<I", "i32": "<i", "f32": "<f", "u64": "<Q",
        "i64": "<q", "f64": "<d", "bool": "<?"}
TTYPE = {"F32": 0, "F16": 1, "Q4_0": 2, "Q4_1": 3, "Q8_0": 8, "Q4_K": 12, "Q6_K": 14, "BF16": 30}


def gstr(s):
    b = s.encode("utf-8")
    return struct.pack("<Q", len(b)) + b


def value(t, v):
    if t == "str":
        return gstr(v)
    if t.startswith("arr:"):
        it = t[4:]
        out = struct.pack("<IQ", VTYPE["arr"] if it.startswith("arr:") else VTYPE[it], len(v))
        return out + b"".join(value(it, x) for x in v)
    return struct.pack(PACK[t], v)


def kv_bytes(key, t, v):
    tid = VTYPE["arr"] if t.startswith("arr:") else VTYPE[t]
    return gstr(key) + struct.pack("<I", tid) + value(t, v)


def quant_q8_0(x):
    """(rows, k) float32 -> (rows, k/32*34) uint8: per 32 values an f16
    scale amax/127 and int8 round(x/d)."""
    rows = x.shape[0]
    b = x.astype(np.float32).reshape(-1, 32)
    d = np.abs(b).max(axis=1) / 127.0
    inv = np.where(d > 0, 1.0 / np.where(d > 0, d, 1), 0.0)
    q = np.clip(np.rint(b * inv[:, None]), -127, 127).astype(np.int8)
    out = np.empty((b.shape[0], 34), dtype=np.uint8)
    out[:, 0:2] = d.astype(np.float16).reshape(-1, 1).view(np.uint8).reshape(-1, 2)
    out[:, 2:] = q.view(np.uint8)
    return out.reshape(rows, -1)


def quant_q4_k(x):
    """(rows, k) float32 -> (rows, k/256*144) uint8. Per sub-block of 32: a
    range [lo, hi] (lo <= 0) mapped to 4 bits; the eight scales and mins as
    6-bit multiples of the super-block's f16 d and dmin."""
    rows = x.shape[0]
    b = x.astype(np.float32).reshape(-1, 8, 32)
    lo = np.minimum(b.min(axis=2), 0.0)
    hi = b.max(axis=2)
    scale = (hi - lo) / 15.0
    d = (scale.max(axis=1) / 63.0).astype(np.float16).astype(np.float32)
    dmin = ((-lo).max(axis=1) / 63.0).astype(np.float16).astype(np.float32)
    sd = np.where(d > 0, d, 1)[:, None]
    md = np.where(dmin > 0, dmin, 1)[:, None]
    sc = np.clip(np.rint(scale / sd), 0, 63).astype(np.int32)
    mn = np.clip(np.rint(-lo / md), 0, 63).astype(np.int32)
    step = d[:, None] * sc
    off = dmin[:, None] * mn
    q = np.clip(np.rint((b + off[:, :, None]) / np.where(step > 0, step, 1)[:, :, None]), 0, 15).astype(np.uint8)
    s = np.zeros((b.shape[0], 12), dtype=np.int32)
    s[:, 0:4] = sc[:, 0:4] | ((sc[:, 4:8] >> 4) << 6)
    s[:, 4:8] = mn[:, 0:4] | ((mn[:, 4:8] >> 4) << 6)
    s[:, 8:12] = (sc[:, 4:8] & 15) | ((mn[:, 4:8] & 15) << 4)
    qs = q.reshape(-1, 4, 2, 32)
    packed = (qs[:, :, 0, :] | (qs[:, :, 1, :] << 4)).reshape(-1, 128)
    out = np.empty((b.shape[0], 144), dtype=np.uint8)
    out[:, 0:2] = d.astype(np.float16).reshape(-1, 1).view(np.uint8).reshape(-1, 2)
    out[:, 2:4] = dmin.astype(np.float16).reshape(-1, 1).view(np.uint8).reshape(-1, 2)
    out[:, 4:16] = s.astype(np.uint8)
    out[:, 16:] = packed
    return out.reshape(rows, -1)


def quant_q6_k(x):
    """(rows, k) float32 -> (rows, k/256*210) uint8. Per 16 values a scale
    amax/31 (q in -32..31), kept as an int8 multiple of the super-block's
    f16 d = max scale/127; q + 32 split into 4 low bits (ql) and 2 high (qh)."""
    rows = x.shape[0]
    b = x.astype(np.float32).reshape(-1, 16, 16)
    s = np.abs(b).max(axis=2) / 31.0
    d = (s.max(axis=1) / 127.0).astype(np.float16).astype(np.float32)
    sc = np.clip(np.rint(s / np.where(d > 0, d, 1)[:, None]), 0, 127).astype(np.int32)
    step = d[:, None] * sc
    q = np.clip(np.rint(b / np.where(step > 0, step, 1)[:, :, None]), -32, 31).astype(np.int32) + 32
    q = q.reshape(-1, 256)
    out = np.zeros((b.shape[0], 210), dtype=np.uint8)
    for v in range(256):
        h, k, l = v // 128, v % 128 // 32, v % 32
        qi = 64 * h + l + 32 * (k % 2)
        out[:, qi] |= ((q[:, v] & 15) << (4 if k >= 2 else 0)).astype(np.uint8)
        out[:, 128 + 32 * h + l] |= ((q[:, v] >> 4) << (2 * k)).astype(np.uint8)
    out[:, 192:208] = sc.astype(np.int8).view(np.uint8)
    out[:, 208:210] = d.astype(np.float16).reshape(-1, 1).view(np.uint8).reshape(-1, 2)
    return out.reshape(rows, -1)


def quant_q4_0(x):
    """(rows, k) -> (rows, k/32*18): per 32 values an f16 d with the value
    of largest magnitude at -8 (ggml's choice: d = max / -8), q = round(x/d)
    + 8 clipped to 0..15; values l and 16 + l share byte l (low, high)."""
    rows = x.shape[0]
    b = x.astype(np.float32).reshape(-1, 32)
    idx = np.abs(b).argmax(axis=1)
    mx = b[np.arange(b.shape[0]), idx]
    d = (mx / -8.0).astype(np.float32)
    inv = np.where(d != 0, 1.0 / np.where(d != 0, d, 1), 0.0)
    q = np.clip(np.floor(b * inv[:, None] + 8.5), 0, 15).astype(np.uint8)
    out = np.empty((b.shape[0], 18), dtype=np.uint8)
    out[:, 0:2] = d.astype("<f2").reshape(-1, 1).view(np.uint8)
    out[:, 2:] = q[:, :16] | (q[:, 16:] << 4)
    return out.reshape(rows, -1)


def quant_q4_1(x):
    """(rows, k) -> (rows, k/32*20): per 32 values f16 d = (max - min)/15
    and f16 m = min, q = round((x - m)/d) clipped to 0..15."""
    rows = x.shape[0]
    b = x.astype(np.float32).reshape(-1, 32)
    lo, hi = b.min(axis=1), b.max(axis=1)
    d = ((hi - lo) / 15.0).astype(np.float32)
    inv = np.where(d > 0, 1.0 / np.where(d > 0, d, 1), 0.0)
    q = np.clip(np.floor((b - lo[:, None]) * inv[:, None] + 0.5), 0, 15).astype(np.uint8)
    out = np.empty((b.shape[0], 20), dtype=np.uint8)
    out[:, 0:2] = d.astype("<f2").reshape(-1, 1).view(np.uint8)
    out[:, 2:4] = lo.astype("<f2").reshape(-1, 1).view(np.uint8)
    out[:, 4:] = q[:, :16] | (q[:, 16:] << 4)
    return out.reshape(rows, -1)


def dequant_ref(raw, kind):
    """Decode blocks back, per value in a plain loop over the layout (the
    tests' own reading of the spec, for the roundtrip check)."""
    rows = raw.shape[0]
    out = []
    for r in range(rows):
        row = raw[r].tobytes()
        vals = []
        if kind == "Q6_K":
            for o in range(0, len(row), 210):
                ql, qh = row[o:o + 128], row[o + 128:o + 192]
                sc = np.frombuffer(row[o + 192:o + 208], dtype=np.int8)
                d = float(np.frombuffer(row[o + 208:o + 210], dtype="<f2")[0])
                block = [0.0] * 256
                for h in range(2):
                    for l in range(32):
                        a, c, e = ql[64 * h + l], ql[64 * h + l + 32], qh[32 * h + l]
                        qs = [(a & 15) | (e & 3) << 4, (c & 15) | (e >> 2 & 3) << 4,
                              (a >> 4) | (e >> 4 & 3) << 4, (c >> 4) | (e >> 6 & 3) << 4]
                        for k in range(4):
                            v = 128 * h + 32 * k + l
                            block[v] = d * sc[v // 16] * (qs[k] - 32)
                vals += block
        elif kind == "Q4_0" or kind == "Q4_1":
            size = 18 if kind == "Q4_0" else 20
            for o in range(0, len(row), size):
                d = float(np.frombuffer(row[o:o + 2], dtype="<f2")[0])
                m = float(np.frombuffer(row[o + 2:o + 4], dtype="<f2")[0]) if kind == "Q4_1" else 0.0
                qs = row[o + size - 16:o + size]
                nib = [v & 15 for v in qs] + [v >> 4 for v in qs]
                vals += [d * q + m for q in nib] if kind == "Q4_1" else [d * (q - 8) for q in nib]
        elif kind == "Q8_0":
            for o in range(0, len(row), 34):
                d = float(np.frombuffer(row[o:o + 2], dtype="<f2")[0])
                vals += [d * v for v in np.frombuffer(row[o + 2:o + 34], dtype=np.int8)]
        else:
            for o in range(0, len(row), 144):
                d = float(np.frombuffer(row[o:o + 2], dtype="<f2")[0])
                dm = float(np.frombuffer(row[o + 2:o + 4], dtype="<f2")[0])
                s = row[o + 4:o + 16]
                qs = row[o + 16:o + 144]
                for j in range(8):
                    if j < 4:
                        sc, m = s[j] & 63, s[j + 4] & 63
                    else:
                        sc = (s[j + 4] & 15) | ((s[j - 4] >> 6) << 4)
                        m = (s[j + 4] >> 4) | ((s[j] >> 6) << 4)
                    c = j // 2
                    for l in range(32):
                        q = qs[32 * c + l] & 15 if j % 2 == 0 else qs[32 * c + l] >> 4
                        vals.append(d * sc * q - dm * m)
        out.append(vals)
    return np.array(out, dtype=np.float32)


def tensor_bytes(a, kind):
    a = np.asarray(a, dtype=np.float32)
    if kind == "F32":
        return a.astype("<f4").tobytes()
    if kind == "F16":
        return a.astype("<f2").tobytes()
    if kind == "BF16":
        u = a.view(np.uint32).astype(np.uint64)
        return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype("<u2").tobytes()
    flat = a.reshape(-1, a.shape[-1])
    return {"Q8_0": quant_q8_0, "Q4_0": quant_q4_0, "Q4_1": quant_q4_1, "Q4_K": quant_q4_k,
            "Q6_K": quant_q6_k}[kind](flat).tobytes()


def write_gguf(path, kvs, tensors, alignment=32, version=3):
    """kvs: [(key, type, value)]; tensors: {name: (float32 array, kind)}."""
    head = b"GGUF" + struct.pack("<IQQ", version, len(tensors), len(kvs))
    head += b"".join(kv_bytes(k, t, v) for k, t, v in kvs)
    infos, blobs, off = b"", [], 0
    for name, (a, kind) in tensors.items():
        data = tensor_bytes(a, kind)
        ne = list(reversed(np.asarray(a).shape))
        infos += gstr(name) + struct.pack("<I", len(ne)) + b"".join(struct.pack("<Q", n) for n in ne)
        infos += struct.pack("<IQ", TTYPE[kind], off)
        pad = -len(data) % alignment
        blobs.append(data + b"\0" * pad)
        off += len(data) + pad
    body = head + infos
    body += b"\0" * (-len(body) % alignment)
    with open(path, "wb") as f:
        f.write(body)
        for b in blobs:
            f.write(b)
