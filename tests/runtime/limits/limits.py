"""Huge inputs and resources on every path (tests/runtime/test_limits.py
runs this under CPython and compiled, with `ulimit -n 48 -v 2500000`).

A str, a list or a safetensors tensor larger than memory is an error, not a
crash; a safetensors file whose header lies about its sizes is a
SafetensorError; and 400 failed loads (bad files), 400 good loads of a
4 MiB file and 400 files opened in with-blocks that raise leave no file
descriptor and no mapping behind: with at most 48 descriptors and 2.5 GB
of address space, a leak would turn into an OSError or a MemoryError."""
import json
import os

import numpy as np
from safetensors import SafetensorError
from safetensors.numpy import load_file, save_file
from tokenizers import Tokenizer

TMP = f"/tmp/kiln_limits_{os.getpid()}"


def write(name: str, header: bytes, data: bytes) -> str:
    path = TMP + name
    with open(path, "wb") as f:
        f.write(len(header).to_bytes(8, "little") + header + data)
    return path


def try_load(path: str) -> str:
    try:
        t = load_file(path)
        return "loaded " + str(sorted(t))
    except SafetensorError:
        return "SafetensorError"


def huge() -> None:
    try:
        s = "x" * (1 << 40)
        print(len(s))
    except MemoryError:
        print("str of 1 TiB: MemoryError")
    try:
        xs = [0] * (1 << 40)
        print(len(xs))
    except MemoryError:
        print("list of 2**40 items: MemoryError")
    try:
        b = b"ab" * (1 << 39)
        print(len(b))
    except MemoryError:
        print("bytes of 1 TiB: MemoryError")
    big = json.dumps({"w": {"dtype": "F32", "shape": [1 << 40, 1 << 20], "data_offsets": [0, 16]}}).encode()
    print("a tensor larger than memory:", try_load(write("big", big, b"\x00" * 16)))
    past = json.dumps({"w": {"dtype": "F32", "shape": [1000, 1000], "data_offsets": [0, 4000000]}}).encode()
    print("a tensor past the end of the file:", try_load(write("past", past, b"\x00" * 64)))
    over = json.dumps({"w": {"dtype": "F32", "shape": [1 << 31, 1 << 31, 1 << 31], "data_offsets": [0, 0]}}).encode()
    print("a shape whose size overflows:", try_load(write("over", over, b"")))
    path = TMP + "len"
    with open(path, "wb") as f:
        f.write((1 << 62).to_bytes(8, "little") + b"{}")
    print("a header length past the end of the file:", try_load(path))


def resources() -> None:
    bad = write("bad", b'{"w": {"dtype": "F32", "shape": [2], "data_offsets": [0, 9]}}', b"\x00" * 8)
    errors = 0
    for _ in range(400):
        if try_load(bad) == "SafetensorError":
            errors += 1
    print("400 bad loads:", errors, "errors")
    good = TMP + "good"
    save_file({"w": np.ones((1024, 1024), dtype=np.float32)}, good)
    total = 0.0
    for _ in range(400):
        t = load_file(good)
        total += float(t["w"][1023, 1023])
    print("400 loads of a 4 MiB file:", total)
    tok = TMP + "tok.json"
    with open(tok, "w") as f:
        f.write('{"model": {"type": "WordPiece", "vocab": {"a": 0}}')
    fails = 0
    for _ in range(400):
        try:
            Tokenizer.from_file(tok)
        except Exception:
            fails += 1
    print("400 bad tokenizer.json files:", fails, "errors")
    caught = 0
    for i in range(400):
        try:
            with open(good, "rb") as f:
                head = f.read(8)
                if len(head) == 8:
                    raise ValueError("inside the with block " + str(i))
        except ValueError:
            caught += 1
    print("400 with-blocks that raise:", caught)
    for name in ("big", "past", "over", "len", "bad", "good", "tok.json"):
        os.remove(TMP + name)


huge()
resources()
