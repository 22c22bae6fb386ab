# safetensors: save_file and load_file (memory-mapped, read-only views),
# every dtype, metadata, and bad files raising SafetensorError.
import os

import numpy as np
from safetensors import SafetensorError
from safetensors.numpy import load_file, save_file

path = f"/tmp/kiln_st_{os.getpid()}.safetensors"
tensors = {
    "model.embed.weight": np.arange(12, dtype=np.float32).reshape(3, 4) / 4,
    "layers.0.bias": np.array([1.5, -2.0], dtype=np.float64),
    "ids": np.arange(5, dtype=np.int64) - 2,
    "mask": np.array([True, False, True]),
    "small": np.array([250, 3], dtype=np.uint8),
    "half": np.array([0.5, 65504.0, -1.0], dtype=np.float16),
    "i16": np.array([[-300], [7]], dtype=np.int16),
    "scalar": np.array(3.25, dtype=np.float32),
    "empty": np.zeros((0, 3), dtype=np.float32),
}
save_file(tensors, path, metadata={"format": "np"})
back = load_file(path)
for name in sorted(back):
    a = back[name]
    print(name, a.dtype, a.shape, a.tolist())
    print(bool((a == tensors[name]).all()))
w = back["model.embed.weight"]
print(w @ w.T)
print(w[1:, ::2].sum(axis=0))
try:
    w[0, 0] = 1.0
except ValueError as e:
    print("ValueError", e)
size = os.path.getsize(path)
print(size % 8)

# bad files: each refused with SafetensorError naming the file and the problem
bad = path + ".bad"
cases = [
    ("short:", b"\x05\x00", -1),  # -1: the bytes as they are, no length prefix
    ("long header:", b"\xff\xff\xff\x00\x00\x00\x00\x00{}", -1),
    ("truncated:", b'{"x":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}}', 8),
    ("mismatch:", b'{"x":{"dtype":"F32","shape":[3],"data_offsets":[0,16]}}', 16),
    ("dtype:", b'{"x":{"dtype":"F8_E4M3","shape":[1],"data_offsets":[0,1]}}', 1),
    ("json:", b'{"x": nope}', 0),
]
for label, body, pad in cases:
    with open(bad, "wb") as f:
        if pad < 0:
            f.write(body)
        else:
            f.write(len(body).to_bytes(8, "little") + body + b"\x00" * pad)
    try:
        load_file(bad)
    except SafetensorError as e:
        print(label, str(e).replace(bad, "FILE"))
try:
    load_file(path + ".missing")
except FileNotFoundError as e:
    print("missing:", type(e).__name__)
os.remove(bad)
os.remove(path)
