"""safetensors.numpy for CPython (see __init__.py): load_file, save_file."""
import json
import math
import struct

import numpy as np

from . import SafetensorError

_DTYPES = {
    "F64": np.float64, "F32": np.float32, "F16": np.float16, "I64": np.int64, "I32": np.int32,
    "I16": np.int16, "I8": np.int8, "U64": np.uint64, "U32": np.uint32, "U16": np.uint16,
    "U8": np.uint8, "BOOL": np.bool_,
}
_NAMES = {np.dtype(v): k for k, v in _DTYPES.items()}


def load_file(filename):
    with open(filename, "rb") as f:
        data = f.read()
    if len(data) < 8:
        raise SafetensorError(f"{filename}: file too short for a safetensors header")
    (n,) = struct.unpack("<Q", data[:8])
    if n > len(data) - 8:
        raise SafetensorError(f"{filename}: the header length runs past the end of the file")
    try:
        header = json.loads(data[8:8 + n])
    except ValueError:
        raise SafetensorError(f"{filename}: the header is not valid JSON") from None
    body = data[8 + n:]
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        if info.get("dtype") == "BF16":
            # numpy has no bfloat16: the values come back as float32, exactly
            # (a bfloat16 is the top half of a float32), as kiln's GEMM and
            # norms widen them before computing.
            begin, end = info["data_offsets"]
            shape = tuple(info["shape"])
            if end > len(body) or begin > end or end - begin != math.prod(shape) * 2:
                raise SafetensorError(f"{filename}: tensor '{name}' has data_offsets that do not match its shape and dtype")
            half = np.frombuffer(body, dtype=np.uint16, count=(end - begin) // 2, offset=begin)
            out[name] = (half.astype(np.uint32) << 16).view(np.float32).reshape(shape)
            continue
        dt = _DTYPES.get(info.get("dtype"))
        if dt is None:
            raise SafetensorError(f"{filename}: tensor '{name}' has dtype {info.get('dtype')}, "
                                  "which kiln does not support")
        begin, end = info["data_offsets"]
        shape = tuple(info["shape"])
        if end > len(body) or begin > end:
            raise SafetensorError(f"{filename}: tensor '{name}' has data_offsets outside the file's data")
        if end - begin != math.prod(shape) * np.dtype(dt).itemsize:
            raise SafetensorError(f"{filename}: tensor '{name}' has data_offsets that do not match its shape and dtype")
        out[name] = np.frombuffer(body, dtype=dt, count=(end - begin) // np.dtype(dt).itemsize,
                                  offset=begin).reshape(shape)
    return out


def save_file(tensor_dict, filename, metadata=None):
    header = {}
    if metadata:
        header["__metadata__"] = metadata
    off = 0
    arrays = []
    for name in sorted(tensor_dict):
        a = np.asarray(tensor_dict[name]).copy(order="C")  # ascontiguousarray would make 0-d 1-d
        nb = a.size * a.dtype.itemsize
        header[name] = {"dtype": _NAMES[a.dtype], "shape": list(a.shape), "data_offsets": [off, off + nb]}
        off += nb
        arrays.append(a)
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * (-len(h) % 8)
    with open(filename, "wb") as f:
        f.write(struct.pack("<Q", len(h)))
        f.write(h)
        for a in arrays:
            f.write(a.tobytes())
