#!/usr/bin/env python3
"""tests/runtime/test_ndprint.py — libkilnrt's repr()/str() of arrays against numpy 1.24.

Generates arrays with numpy — every dtype kiln has, shapes of 0 to 4
dimensions (0-d, empty, long rows that wrap, more than 1000 items so that
numpy summarises), values from small ints to floats across 1e-10..1e10 and
beyond, negative, nan, inf, -0.0, values on the edges of numpy's switch to
scientific notation, float32 values such as 0.1 whose shortest digits are
not float64's, non-contiguous views (transposed, reversed, strided) and
numpy scalars (np.float32(0.1)) — writes each one's buffer, dtype, shape
and strides to a file, runs tests/runtime/ndprint_driver.c (linked with
build/libkilnrt.a) over them and compares its repr and str of each with
numpy's, byte for byte.

numpy has no bfloat16: a bfloat16 array must print as numpy prints its
values as float32, with dtype=bfloat16.

    python3 tests/runtime/test_ndprint.py              the default count (-n 1500)
    python3 tests/runtime/test_ndprint.py -n 200 --seed 3 -v

numpy is the oracle, and the python3 the test runner uses has none: the
script runs itself again with /usr/bin/python3 (Debian's, with
python3-numpy 1.24) and skips, saying so, only when no python has numpy.

The last line is 'N passed, N failed'; the exit status is 1 on any failure.
"""
import os
import sys

SYSTEM_PYTHON = "/usr/bin/python3"

try:
    import numpy as np
except ImportError:
    if os.path.realpath(sys.executable) != os.path.realpath(SYSTEM_PYTHON) and os.path.exists(SYSTEM_PYTHON):
        os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON] + sys.argv)
    print("test_ndprint.py: skipped: numpy is not installed (apt-get install python3-numpy)")
    print("0 passed, 0 failed")
    sys.exit(0)

import argparse
import fcntl
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))

# KrDtype's order (runtime/ndarray.h)
DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "bfloat16", "float32", "float64"]
CODE = {name: i for i, name in enumerate(DTYPES)}
SCALAR = 1  # KR_ARR_SCALAR


# ---------------------------------------------------------------- values

def bf16_round(x32):
    """float32 values rounded to bfloat16 (nearest even), as uint16 bits and as float32."""
    u = x32.astype(np.float32).view(np.uint32).astype(np.uint64)
    nan = np.isnan(x32)
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    r = np.where(nan, np.uint16(0x7FC0), r)
    return r, (r.astype(np.uint32) << 16).view(np.float32)


SPECIAL = [0.0, -0.0, np.nan, np.inf, -np.inf]


def float_values(rng, n, dt):
    """n float64 values of one 'style' (so arrays exercise each printing mode)."""
    style = rng.integers(0, 12)
    if style == 0:  # small integers as floats
        v = rng.integers(-20, 20, n).astype(np.float64)
    elif style == 1:  # a few decimal digits
        v = np.round(rng.uniform(-100, 100, n), rng.integers(0, 5))
    elif style == 2:  # one magnitude
        v = rng.uniform(-1, 1, n) * 10.0 ** rng.integers(-10, 11)
    elif style == 3:  # across magnitudes 1e-10..1e10
        v = rng.choice([-1, 1], n) * 10.0 ** rng.uniform(-10, 10, n)
    elif style == 4:  # short decimals like 0.1, 0.25, 1e-05
        v = rng.choice([0.1, 0.2, 0.3, 0.25, 1.5, 2.5, 1e-5, 1e-4, 1e8, 1e7, 99999999.0, 123456.789, 0.5,
                        1e-3, 1000.0, 3.14159, -0.1, 1e16, 1e-16, 0.0001, 0.00011, 12345678.9], n)
    elif style == 5:  # around the switch to scientific: max >= 1e8, min < 1e-4, ratio > 1000
        base = rng.choice([1e8, 1e-4, 1.0, 1000.0, 0.001])
        v = base * rng.choice([1.0, 1 - 1e-12, 1 + 1e-12, 0.999, 1.001, 0.5, 2.0], n)
        if rng.random() < 0.5 and n > 0:
            v[0] = 1.0
    elif style == 6:  # extremes
        v = rng.choice([1e300, -1e-300, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 1e-320,
                        6e-8, 65504.0, 1e-38, 3.4e38, 1.4e-45], n)
    elif style == 7:  # random bits
        if dt == "float16":
            v = rng.integers(0, 1 << 16, n, dtype=np.uint64).astype(np.uint16).view(np.float16).astype(np.float64)
        elif dt in ("float32", "bfloat16"):
            v = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32).view(np.float32).astype(np.float64)
        else:
            v = rng.integers(0, 1 << 63, n, dtype=np.uint64).view(np.float64) * rng.choice([1, -1], n)
    elif style == 8:  # large, still positional (< 1e8), with fractions
        v = rng.uniform(0, 1e8, n) * rng.choice([1, -1], n)
        if n > 0:
            v[0] = 1.0  # max/min > 1000 at times, not always
    elif style == 9:  # ratio just around 1000
        v = rng.uniform(1, 1000.5, n)
    elif style == 10:  # exactly representable, many digits
        v = rng.integers(0, 1 << 20, n) / 2.0 ** rng.integers(0, 20)
    else:  # values in [0, 1)
        v = rng.random(n)
    v = np.asarray(v, dtype=np.float64)
    if rng.random() < 0.3 and n > 0:  # sprinkle nan, inf, -inf, zeros
        k = rng.integers(1, max(2, n // 3))
        idx = rng.integers(0, n, k)
        v[idx] = rng.choice(SPECIAL, k)
    return v


def int_values(rng, n, dt):
    info = np.iinfo(dt)
    style = rng.integers(0, 4)
    if style == 0:
        lo, hi = max(info.min, -20), min(info.max, 20)
    elif style == 1:
        lo, hi = max(info.min, -1000), min(info.max, 1000)
    elif style == 2:
        lo, hi = info.min, info.max
    else:
        lo, hi = 0, min(info.max, 9)
    if dt == "uint64" and style == 2:
        return rng.integers(0, 1 << 64, n, dtype=np.uint64)
    v = rng.integers(lo, hi, n, endpoint=True, dtype=np.int64 if dt != "uint64" else np.uint64)
    if style == 2 and n > 2:
        v[0], v[1] = lo, hi
    return v.astype(dt)


def make_values(rng, n, dt):
    """(numpy array to print with numpy, array whose bytes the driver gets): the same but for bfloat16."""
    if dt == "bool":
        a = rng.random(n) < 0.5
        return a, a
    if dt.startswith(("int", "uint")):
        a = int_values(rng, n, dt)
        return a, a
    v = float_values(rng, n, dt)
    with np.errstate(over="ignore", invalid="ignore"):
        if dt == "bfloat16":
            bits, as32 = bf16_round(v.astype(np.float32))
            return as32, bits
        a = v.astype(dt)
    return a, a


def rand_shape(rng):
    k = rng.random()
    if k < 0.07:
        return ()
    if k < 0.12:  # empty
        nd = rng.integers(1, 4)
        s = list(rng.integers(0, 4, nd))
        s[rng.integers(0, nd)] = 0
        return tuple(int(x) for x in s)
    if k < 0.22:  # summarised
        return [(1001,), (2000,), (40, 30), (3, 500), (1000, 2), (11, 10, 10), (5, 6, 7, 8), (2, 2, 300), (7, 150),
                (1, 1001)][rng.integers(0, 10)]
    if k < 0.5:
        return (int(rng.integers(1, 40)),)
    if k < 0.75:
        return (int(rng.integers(1, 8)), int(rng.integers(1, 12)))
    if k < 0.9:
        return tuple(int(x) for x in rng.integers(1, 5, 3))
    return tuple(int(x) for x in rng.integers(1, 4, 4))


class Case:
    __slots__ = ("ref", "dtype", "flags", "shape", "strides", "offset", "buf", "label")


def make_case(rng, dt, shape, view, scalar):
    """One array (or scalar): its numpy reference object and what the driver needs."""
    if view and len(shape) > 0 and all(s > 0 for s in shape):
        # a bigger base, then a non-contiguous view of it with the wanted shape
        kind = rng.integers(0, 5)
        if kind == 0 and len(shape) >= 2:  # transposed
            base_shape = shape[::-1]
            ref_b, raw_b = make_values(rng, int(np.prod(base_shape)), dt)
            ref_b, raw_b = ref_b.reshape(base_shape), raw_b.reshape(base_shape)
            ref, raw = ref_b.T, raw_b.T
        elif kind == 1:  # reversed along the last axis
            ref_b, raw_b = make_values(rng, int(np.prod(shape)), dt)
            ref_b, raw_b = ref_b.reshape(shape), raw_b.reshape(shape)
            ref, raw = ref_b[..., ::-1], raw_b[..., ::-1]
        elif kind == 2:  # reversed along every axis
            ref_b, raw_b = make_values(rng, int(np.prod(shape)), dt)
            ref_b, raw_b = ref_b.reshape(shape), raw_b.reshape(shape)
            sl = tuple(slice(None, None, -1) for _ in shape)
            ref, raw = ref_b[sl], raw_b[sl]
        elif kind == 3:  # broadcast: stride 0 along the first axis
            ref_b, raw_b = make_values(rng, int(np.prod(shape[1:])), dt)
            ref_b, raw_b = ref_b.reshape(shape[1:]), raw_b.reshape(shape[1:])
            ref, raw = np.broadcast_to(ref_b, shape), np.broadcast_to(raw_b, shape)
        else:  # every second item along each axis
            base_shape = tuple(2 * s for s in shape)
            ref_b, raw_b = make_values(rng, int(np.prod(base_shape)), dt)
            ref_b, raw_b = ref_b.reshape(base_shape), raw_b.reshape(base_shape)
            sl = tuple(slice(None, None, 2) for _ in shape)
            ref, raw = ref_b[sl], raw_b[sl]
        base = raw_b
    else:
        n = int(np.prod(shape)) if shape else 1
        ref, raw = make_values(rng, n, dt)
        ref, raw = ref.reshape(shape), raw.reshape(shape)
        base = raw
    c = Case()
    c.dtype = CODE[dt]
    c.flags = SCALAR if scalar else 0
    c.shape = raw.shape
    c.strides = raw.strides
    c.offset = raw.__array_interface__["data"][0] - base.__array_interface__["data"][0]
    c.buf = base.tobytes(order="A") if base.flags.c_contiguous else None
    assert c.buf is not None
    c.ref = ref[()] if scalar else ref
    c.label = "%s %s%s%s" % (dt, "scalar" if scalar else "shape=%s" % (raw.shape,),
                             " strides=%s" % (raw.strides,) if view else "", "")
    return c


def expected(c):
    """numpy's (repr, str) for a case."""
    ref = c.ref
    if DTYPES[c.dtype] != "bfloat16":
        return repr(ref), str(ref)
    # bfloat16: numpy's text for the float32 values, with dtype=bfloat16 in
    # place of dtype=float32 (which may move it to a new line: it is longer)
    if c.flags & SCALAR:
        return repr(ref), str(ref)
    if ref.size == 0:
        lst = "[]" if ref.shape == (0,) else "[], shape=%r" % (ref.shape,)
    else:
        lst = np.array2string(ref, separator=", ", prefix="array(", suffix=",")
    s = "array(" + lst + ","
    dts = "dtype=bfloat16)"
    last = len(s) - (s.rfind("\n") + 1)
    return s + ("\n" + " " * 6 if last + len(dts) + 1 > 75 else " ") + dts, str(ref)


def gen_cases(rng, n):
    cases = []
    # fixed cases: the brief's examples and the edges of each rule
    fixed = [
        ("float32", np.array([0.1], np.float32)), ("float64", np.array([1.0, 0.5])),
        ("float32", np.array([], np.float32)), ("float64", np.zeros((0, 3))), ("int32", np.zeros((0, 3), np.int32)),
        ("float64", np.array(1.5)), ("float32", np.array(1.5, np.float32)), ("int64", np.array(3)),
        ("bool", np.array(True)), ("bool", np.array([True, False])), ("uint8", np.arange(300).astype(np.uint8)),
        ("float64", np.array([1e-10, 1.5])), ("float32", np.array([0.1, 1e-5], np.float32)),
        ("float32", np.array([67108872.0], np.float32)), ("float64", np.array([np.nan, np.inf, -np.inf])),
        ("float64", np.array([np.nan])), ("float64", np.array(-np.inf)), ("float64", np.array([-0.0, 0.0])),
        ("float64", np.arange(2000.0)), ("int64", np.arange(3000).reshape(30, 100)),
        ("float64", np.linspace(0, 1, 100)), ("float16", np.array([0.1, 1000.5, 65504], np.float16)),
        ("float32", np.array([1e8, 1], np.float32)), ("float32", np.array([1e-4, 1], np.float32)),
        ("float64", np.array([1e-4, 1])), ("float64", np.array([0.001, 1.0])), ("float64", np.array([0.00099, 1.0])),
        ("float64", np.arange(24.0).reshape(2, 3, 4) / 7), ("int8", np.arange(-128, 128, dtype=np.int8)),
        ("uint64", np.array([2**64 - 1, 0], np.uint64)), ("int64", np.array([-2**63, 2**63 - 1])),
        ("float64", np.array([1e16, 1e-5])), ("float64", np.array([123456789.0])),
        # max/min is > 1000 exactly but not in the dtype's own division: positional
        ("float32", np.array([3.82662296295166, 3826.623046875], np.float32)),
        ("float16", np.array([1.591796875, 1592.0], np.float16)),
        ("float64", np.arange(720.0).reshape(2, 3, 4, 5, 6) / 3), ("int16", np.arange(64, dtype=np.int16)
                                                                   .reshape(2, 2, 2, 2, 2, 2)),
        ("float32", np.ones((1, 1, 1, 1), np.float32)), ("bool", np.arange(2000).reshape(2, 1000) % 3 == 0),
        ("int64", np.arange(4096).reshape(8, 8, 8, 8)), ("float64", np.full((2, 2000), np.nan)),
    ]
    for dt, arr in fixed:
        c = Case()
        c.dtype, c.flags, c.shape, c.strides, c.offset = CODE[dt], 0, arr.shape, arr.strides, 0
        c.buf, c.ref, c.label = arr.tobytes(), arr, "fixed %s %r" % (dt, arr.shape)
        cases.append(c)
    for v in [0.1, 1e16, 1e-5, 1.0, -0.0, np.nan, -np.inf, 67108872.0, 123456.789, 1e-4, 9.999e15, 0.30000001]:
        for dt in ("float16", "float32", "float64"):
            with np.errstate(over="ignore"):
                arr = np.array(v, dt)
            c = Case()
            c.dtype, c.flags, c.shape, c.strides, c.offset = CODE[dt], SCALAR, (), (), 0
            c.buf, c.ref, c.label = arr.tobytes(), arr[()], "fixed scalar %s %r" % (dt, v)
            cases.append(c)
    # scalars: every float16, and float32 / float64 bit patterns (random, and
    # powers of two and their neighbours, where the gap below is half the
    # gap above)
    def scalars(dt, values):
        for v in values:
            c = Case()
            c.dtype, c.flags, c.shape, c.strides, c.offset = CODE[dt], SCALAR, (), (), 0
            c.buf, c.ref, c.label = v.tobytes(), v, "scalar %s %r" % (dt, v)
            cases.append(c)
    scalars("float16", np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(np.float16))
    p2 = np.arange(1, 255, dtype=np.uint32) << 23
    scalars("float32", np.concatenate([p2, p2 - 1, p2 + 1, rng.integers(0, 1 << 32, n * 4, dtype=np.uint64)
                                       .astype(np.uint32)]).view(np.float32))
    p2 = np.arange(1, 2047, dtype=np.uint64) << np.uint64(52)
    scalars("float64", np.concatenate([p2, p2 - np.uint64(1), p2 + np.uint64(1),
                                       rng.integers(0, 1 << 63, n * 4, dtype=np.uint64)]).view(np.float64))
    # every float16 again, inside arrays (where the common format can add digits)
    f16 = rng.permutation(np.arange(1 << 16, dtype=np.uint32).astype(np.uint16)).view(np.float16)
    i = 0
    while i < len(f16):
        k = int(rng.integers(1, 12))
        arr = f16[i:i + k].copy()
        i += k
        c = Case()
        c.dtype, c.flags, c.shape, c.strides, c.offset = CODE["float16"], 0, arr.shape, arr.strides, 0
        c.buf, c.ref, c.label = arr.tobytes(), arr, "float16 items %r" % (arr.view(np.uint16).tolist(),)
        cases.append(c)
    for _ in range(n):
        dt = DTYPES[rng.integers(0, len(DTYPES))]
        if rng.random() < 0.45:  # floats are where the rules are
            dt = ["float16", "float32", "float64", "bfloat16"][rng.integers(0, 4)]
        scalar = rng.random() < 0.08
        shape = () if scalar else rand_shape(rng)
        view = not scalar and rng.random() < 0.25
        cases.append(make_case(rng, dt, shape, view, scalar))
    return cases


# ---------------------------------------------------------------- running

def build(cc):
    os.makedirs(os.path.join(ROOT, "build", "tests"), exist_ok=True)
    with open(os.path.join(ROOT, "build", "libkilnrt.lock"), "w") as lock:  # other tests may be making it too
        fcntl.flock(lock, fcntl.LOCK_EX)
        subprocess.run(["make", "-s", "build/libkilnrt.a"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    exe = os.path.join(ROOT, "build", "tests", "ndprint_driver")
    subprocess.run([cc, "-std=c11", "-D_GNU_SOURCE", "-Wall", "-Wextra", "-Wno-unused-parameter", "-g", "-O2",
                    "-I" + os.path.join(ROOT, "runtime"), "-o", exe, os.path.join(HERE, "ndprint_driver.c"),
                    os.path.join(ROOT, "build", "libkilnrt.a"), "-lpcre2-8", "-lutf8proc", "-lm"], check=True)
    return exe


def run(exe, cases):
    with tempfile.NamedTemporaryFile("wb", suffix=".cases", delete=False) as f:
        for c in cases:
            head = [c.dtype, c.flags, len(c.shape), c.offset, len(c.buf)] + list(c.shape) + list(c.strides)
            f.write((" ".join(str(int(x)) for x in head) + "\n").encode())
            f.write(c.buf)
        path = f.name
    try:
        p = subprocess.run([exe, path], capture_output=True)
    finally:
        os.unlink(path)
    out, pos, results = p.stdout, 0, []
    for _ in cases:
        if pos >= len(out):
            results.append(("<no output>", "<no output>", ""))
            continue
        nl = out.index(b"\n", pos)
        head = out[pos:nl].decode()
        pos = nl + 1
        if head == "NULL":
            results.append(("<NULL>", "<NULL>", ""))
        else:
            nr, ns = map(int, head.split())
            r = out[pos:pos + nr].decode()
            s = out[pos + nr:pos + nr + ns].decode()
            pos += nr + ns + 1
            results.append((r, s, ""))
        if out.startswith(b"LEAK\n", pos):
            pos += 5
            results[-1] = results[-1][:2] + ("leaked objects or blocks",)
        if out.startswith(b"OOM\n", pos):
            pos += 4
            results[-1] = results[-1][:2] + (results[-1][2] + " wrong result when out of memory",)
    return results, p.returncode, p.stderr.decode(errors="replace")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=1500, help="random cases (default 1500)")
    ap.add_argument("--seed", type=int, default=20261202)
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("-v", action="store_true", help="show every mismatch")
    args = ap.parse_args()
    if not np.__version__.startswith("1.24."):
        print("test_ndprint.py: note: the reference is numpy 1.24, this is %s" % np.__version__)
    np.set_printoptions()  # the defaults, whatever the environment says
    np.seterr(all="ignore")  # nan and inf are wanted

    t0 = time.time()
    exe = build(args.cc)
    rng = np.random.default_rng(args.seed)
    cases = gen_cases(rng, args.n)
    results, rc, err = run(exe, cases)
    passed = failed = shown = 0
    seen = dict.fromkeys(("scientific", "summarised", "wrapped", "dtype on its own line", "nan/inf"), 0)
    for c, (r, s, leak) in zip(cases, results):
        want_r, want_s = expected(c)
        seen["scientific"] += "e+" in want_s or "e-" in want_s
        seen["summarised"] += "..." in want_s
        seen["wrapped"] += "\n" in want_s and len(c.shape) == 1
        seen["dtype on its own line"] += "\n      dtype=" in want_r
        seen["nan/inf"] += "nan" in want_s or "inf" in want_s
        if r == want_r and s == want_s and not leak:
            passed += 1
            continue
        failed += 1
        if shown < (10000 if args.v else 8):
            shown += 1
            print("FAIL %s" % c.label)
            if leak:
                print("  " + leak.strip())
            for what, want, have in (("repr", want_r, r), ("str", want_s, s)):
                if want != have:
                    print("  %s want: %s" % (what, want if "\n" not in want else "\n" + want))
                    print("  %s have: %s" % (what, have if "\n" not in have else "\n" + have))
    if rc != 0:
        print("driver exited with status %d\n%s" % (rc, err[-2000:]))
        failed += 1
    print("(%d cases: %s; %.1fs)" % (len(cases), ", ".join("%d %s" % (v, k) for k, v in seen.items()),
                                     time.time() - t0))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
