#!/usr/bin/env python3
# make-test-args: -n 250 --oom-sample 100
"""Differential tests for libkilnrt's json module, with CPython as the oracle.

Generates thousands of JSON texts — valid ones written with random
whitespace, escapes and number forms, the same corrupted (characters
inserted, deleted, replaced, cut short), junk, number and string corner
cases, deep nesting — and runs json.loads on each in this interpreter (it
must be CPython 3.11) and through tests/runtime/json_driver.c (linked with
build/libkilnrt.a), comparing the values (kinds and float bits included)
or the errors: type, message, JSONDecodeError's repr, pos, lineno, colno
and whether it was raised from None. Then random values to json.dumps
(unboxed and boxed scalars, lists of every kind, tuples, dicts with every
key kind, sets, bytes; deep nesting; circular and shared structures) under
random options (indent, ensure_ascii, sort_keys, allow_nan, separators),
comparing the text or the error. The driver checks that each case leaves
no object or allocation alive, and that kr_json_dump appends the same text
(or leaves the builder as it was on an error).

kiln's ints are 64-bit: where CPython makes a bigger int, kiln raises
OverflowError at that number ("integer overflow: kiln ints are 64-bit"); the
reference gets that by parsing ints through a hook. Recursion limits are
CPython's for a call made at module level (the reference raises its
recursion limit by the depth this script calls from).

    python3 tests/runtime/test_json.py                 the default counts
    python3 tests/runtime/test_json.py --san           with ASan + UBSan
    python3 tests/runtime/test_json.py -n 3000 --seed 7 -v
    python3 tests/runtime/test_json.py --san --oom 200 -n 100
                                 every case failing each of its allocations
                                 in turn (at most 200 runs a case): the
                                 result or MemoryError, no crash, no leak
    --oom-sample K               (default 0) the same for K sampled cases,
                                 after the differential run

Exits 1 on any mismatch; the last line is 'N passed, N failed'.
"""
import argparse
import fcntl
import json
import math
import os
import random
import struct
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
INT64_MAX = 2**63 - 1
INT64_MIN = -2**63
OVERFLOW = "integer overflow: kiln ints are 64-bit"
MAX_DEPTH = 995  # KR_JSON_MAX_DEPTH

# ---------------------------------------------------------------- encoding


def hx(s):
    return s.encode("utf-8", "surrogatepass").hex()


def fbits(x):
    return "%016x" % struct.unpack("<Q", struct.pack("<d", x))[0]


def canon(v):
    """json.loads' result as the driver prints it."""
    if v is None:
        return "n"
    if v is True:
        return "b:1"
    if v is False:
        return "b:0"
    if isinstance(v, int):
        return "i:%d" % v
    if isinstance(v, float):
        return "f:" + fbits(v)
    if isinstance(v, str):
        return "s:" + hx(v)
    if isinstance(v, list):
        return " ".join(["["] + [canon(x) for x in v] + ["]"])
    if isinstance(v, dict):
        return " ".join(["{"] + [canon(x) for kv in v.items() for x in kv] + ["}"])
    raise TypeError(type(v))


class Val:
    """A value to dump: the Python object and its driver encoding."""

    def __init__(self, py, enc):
        self.py, self.enc = py, enc


def opts_token(o):
    indent, ascii_, sort, nan, isep, ksep = o
    # None is "-", an empty separator "E" (strtok skips empty fields)
    f = lambda s: "-" if s is None else ("E" if s == "" else hx(s))
    return "%d:%d:%d:%d:%s:%s" % (-1 if indent is None else indent, ascii_, sort, nan, f(isep), f(ksep))


# ---------------------------------------------------------------- the reference


def exc_line(e):
    if isinstance(e, json.JSONDecodeError):
        return "json.decoder.JSONDecodeError: %s | %r | %d %d %d | %s" % (
            e, e, e.pos, e.lineno, e.colno, "S" if e.__suppress_context__ else "-")
    return "%s: %s" % (type(e).__name__, e)


def module_level(fn, extra=0):
    """fn() with the recursion limit raised by how deep this call is, so that
    json's recursion checks trigger where they would for a call made from a
    module's top level."""
    depth = 0
    f = sys._getframe(1)
    while f:
        depth += 1
        f = f.f_back
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(old + depth + 1 + extra)
    try:
        return fn()
    finally:
        sys.setrecursionlimit(old)


def check_int(s):
    v = int(s)
    if not INT64_MIN <= v <= INT64_MAX:
        raise OverflowError(OVERFLOW)
    return v


def ref_loads(text):
    # First as json.loads itself (the recursion depth is exact), then with
    # ints through the 64-bit hook (which adds a frame at each number).
    try:
        module_level(lambda: json.loads(text))
    except RecursionError as e:
        return exc_line(e)
    except Exception:  # noqa: BLE001 - decided by the second run
        pass
    try:
        v = module_level(lambda: json.loads(text, parse_int=check_int), extra=50)
    except Exception as e:  # noqa: BLE001 - every error is an expected output
        return exc_line(e)
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(20000)
    try:
        return canon(v)
    finally:
        sys.setrecursionlimit(old)


def ref_dumps(py, o):
    indent, ascii_, sort, nan, isep, ksep = o
    if isep is None:
        isep = "," if indent is not None else ", "
    if ksep is None:
        ksep = ": "
    try:
        s = module_level(lambda: json.dumps(py, indent=indent, ensure_ascii=ascii_, sort_keys=sort, allow_nan=nan,
                                            separators=(isep, ksep)))
    except Exception as e:  # noqa: BLE001
        return exc_line(e)
    return hx(s)


# ---------------------------------------------------------------- loads: texts

WS = ["", "", "", "", " ", "\n", "\t", "\r", "\r\n  ", "   ", "\n\t"]

CHARS = (["a", "b", "z", "A", " ", "0", "~", "/", "'", "{", "]"] * 4 +
         ['"', "\\", "\x00", "\x01", "\x08", "\x0c", "\n", "\r", "\t", "\x1f", "\x7f", "\x80", "é", "ÿ", "Ā",
          "€", "中", "\u2028", "\ufeff", "\uffff", "😀", "𝄞", "\U0010ffff", "\ud800", "\udbff", "\udc00", "\udfff",
          "\ud83d\ude00", "\u0301"])


def rand_str(rng, m=None):
    m = rng.randint(0, 8) if m is None else m
    return "".join(rng.choice(CHARS) for _ in range(m))


SHORT = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def u_escape(rng, c):
    h = "%04x" % c
    r = rng.random()
    if r < 0.3:
        h = h.upper()
    elif r < 0.4:
        h = "".join(rng.choice([x.lower(), x.upper()]) for x in h)
    return "\\u" + h


def str_text(rng, s):
    """s as a JSON string literal, each character written one of the ways
    JSON allows."""
    out = ['"']
    for ch in s:
        c = ord(ch)
        r = rng.random()
        if ch in SHORT and (r < 0.6 or ch in '"\\'):
            if r < 0.3 or ch in '"\\':
                out.append(SHORT[ch])
            else:
                out.append(u_escape(rng, c))
        elif c < 0x20:
            out.append(u_escape(rng, c))
        elif ch == "/" and r < 0.5:
            out.append("\\/")
        elif c >= 0x10000 and r < 0.5:
            c -= 0x10000
            out.append(u_escape(rng, 0xD800 | (c >> 10)) + u_escape(rng, 0xDC00 | (c & 0x3FF)))
        elif r < 0.15:
            out.append(u_escape(rng, c))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def digits(rng, m):
    return "".join(rng.choice("0123456789") for _ in range(m))


def num_text(rng):
    """A random JSON number (valid), often big or long."""
    r = rng.random()
    sign = "-" if rng.random() < 0.3 else ""
    if r < 0.1:
        return sign + rng.choice(["0", "9223372036854775807", "9223372036854775808", "9223372036854775806",
                                  "18446744073709551616", "1" + "0" * rng.randint(15, 40)])
    ip = "0" if rng.random() < 0.2 else rng.choice("123456789") + digits(rng, rng.choice([0, 0, 1, 2, 5, 12, 17, 18,
                                                                                           19, 25]))
    frac = "" if rng.random() < 0.5 else "." + digits(rng, rng.choice([1, 1, 2, 5, 16, 17, 25, 60]))
    exp = ""
    if rng.random() < 0.4:
        exp = rng.choice("eE") + rng.choice(["", "+", "-"]) + rng.choice(
            [digits(rng, 1), digits(rng, 2), str(rng.randint(280, 330)), "0" * rng.randint(1, 4) + "1", "400",
             "99999999999999999999"])
    return sign + ip + frac + exp


def float_text(rng, x):
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    r = rng.random()
    if r < 0.5:
        return repr(x)
    if r < 0.7:
        return "%.17g" % x if "." in "%.17g" % x or "e" in "%.17g" % x else repr(x)
    return ("%." + str(rng.randint(0, 20)) + rng.choice("eE") + "") % x


def rand_float(rng):
    x = pick_float(rng)
    return float("nan") if x != x and x is math.nan else x  # each nan its own object, as the driver's boxes


def pick_float(rng):
    r = rng.random()
    if r < 0.3:
        return rng.choice([0.0, -0.0, 1.0, -1.5, 0.1, 1e16, 1e-7, 123456789.125, 5e-324, 2.2250738585072014e-308,
                           1.7976931348623157e308, math.nan, math.inf, -math.inf, 1e22, 9007199254740993.0,
                           0.30000000000000004, 100.0, 1e-5, 1e15])
    if r < 0.6:
        return rng.uniform(-1000, 1000)
    return struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]


def rand_int(rng):
    r = rng.random()
    if r < 0.5:
        return rng.randint(-100, 1000)
    if r < 0.8:
        return rng.randint(INT64_MIN, INT64_MAX)
    return rng.choice([INT64_MAX, INT64_MIN, INT64_MAX - 1, INT64_MIN + 1, 0, -1])


def json_value(rng, depth=0):
    """A random value of JSON's types."""
    r = rng.random()
    if depth >= 4 or r < 0.45:
        t = rng.random()
        if t < 0.1:
            return None
        if t < 0.2:
            return rng.random() < 0.5
        if t < 0.45:
            return rand_int(rng)
        if t < 0.65:
            return rand_float(rng)
        return rand_str(rng)
    if r < 0.72:
        return [json_value(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    d = {}
    keys = [rand_str(rng, rng.randint(0, 4)) for _ in range(rng.randint(0, 5))]
    for k in keys:
        d[k] = json_value(rng, depth + 1)
    return d


def text_of(rng, v, ws=True):
    """v as JSON text, written with random whitespace, escapes and number
    forms; sometimes an object repeats a key or a number is written out
    long."""
    w = (lambda: rng.choice(WS)) if ws else (lambda: "")
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v) if rng.random() < 0.9 else num_text(rng)
    if isinstance(v, float):
        return float_text(rng, v)
    if isinstance(v, str):
        return str_text(rng, v)
    if isinstance(v, list):
        if not v:
            return "[" + w() + "]"
        return "[" + w() + (w() + "," + w()).join(text_of(rng, x, ws) for x in v) + w() + "]"
    items = list(v.items())
    if items and rng.random() < 0.2:  # a repeated key
        k = rng.choice(items)[0]
        items.insert(rng.randint(0, len(items)), (k, json_value(rng, 3)))
    if not items:
        return "{" + w() + "}"
    parts = [str_text(rng, k) + w() + ":" + w() + text_of(rng, x, ws) for k, x in items]
    return "{" + w() + (w() + "," + w()).join(parts) + w() + "}"


PIECES = ['"', "\\", "{", "}", "[", "]", ":", ",", "0", "1", "9", "-", "+", ".", "e", "E", "u", "x", " ", "\n",
          "\t", "\r", "\x00", "\x1f", "\x7f", "\x0b", "\x0c", "é", "€", "😀", "\ud800", "\udc00", "n", "t", "f", "N",
          "I", "null", "true", "false", "NaN", "Infinity", "-Infinity", "\\u", "\\ud800", "\\udc00", "\\u12",
          "\\ud83d\\ude00", "\\x", "\ufeff", "'", "/", "nul", "tru", "fals", "Infinit", "-Inf", "1e", "1.", "0.5e+",
          '"a"', '"a":', '{"', "[1,", "\u00a0", "\u2028", "99999999999999999999", "\\\\", '\\"']


BAD_BYTES = [b"\x80", b"\xbf", b"\xff", b"\xfe", b"\xc0\x80", b"\xc1\xbf", b"\xc3", b"\xe2\x82", b"\xe0\x80\x80",
             b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xf0\x80\x80\x80", b"\xf4\x90\x80\x80", b"\xf5\x80\x80\x80",
             b"\xf0\x9f\x98", b"\xc3\xa9", b"\xf0\x9f\x98\x80", b"\x00", b"\xe2\x82\xac", b"\xef\xbb\xbf"]


def corrupt(rng, text):
    for _ in range(rng.randint(1, 3)):
        pos = rng.randint(0, len(text))
        op = rng.random()
        if op < 0.3:
            text = text[:pos] + rng.choice(PIECES) + text[pos:]
        elif op < 0.5:
            text = text[:pos] + text[pos + rng.randint(1, 3):]
        elif op < 0.7:
            text = text[:pos] + rng.choice(PIECES) + text[pos + 1:]
        elif op < 0.85:
            text = text[:pos]
        else:
            a = rng.randint(0, len(text))
            text = text[:pos] + text[a:a + rng.randint(1, 6)] + text[pos:]
    return text


def junk(rng):
    return "".join(rng.choice(PIECES + WS) for _ in range(rng.randint(0, 8)))


def deep_text(rng):
    """Nesting near and past the depth limit, uniform (so that where the
    limit trips does not depend on the kind of the container there)."""
    n = rng.choice([1, 10, 100, 500, MAX_DEPTH - 2, MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, MAX_DEPTH + 2, 1200,
                    5000, 50000])
    shape = rng.choice(["[", '{"a":', '{"":', "[1,", "[[],"])
    close = {"[": "]", '{"a":': "}", '{"":': "}", "[1,": "]", "[[],": "]"}[shape]
    leaf = rng.choice(["1", "[]", "{}", '"x"', "null", "1.5", "[1, 2]", "", "x"])
    text = shape * n + leaf + close * n
    r = rng.random()
    if r < 0.15:
        text = text[:len(text) - rng.randint(1, 5)]
    elif r < 0.3:
        text = text + rng.choice(["]", "}", " x", ","])
    elif r < 0.4:
        text = "x" + text
    return text


# ---------------------------------------------------------------- dumps: values

KINDS = "IFBO"


def scalar_of_kind(rng, k):
    if k == "I":
        v = rand_int(rng)
        return Val(v, "i:%d" % v)
    if k == "F":
        v = rand_float(rng)
        return Val(v, "f:" + fbits(v))
    if k == "B":
        v = rng.random() < 0.5
        return Val(v, "b:%d" % v)
    return obj_value(rng, 3)


def obj_value(rng, depth, keyish=False):
    """A boxed value (kind O): anything json knows, and some it does not."""
    r = rng.random()
    if depth >= 3 or r < 0.5:
        t = rng.random()
        if t < 0.08:
            return Val(None, "n")
        if t < 0.16:
            v = rng.random() < 0.5
            return Val(v, "b:%d" % v)
        if t < 0.35:
            v = rand_int(rng)
            return Val(v, "i:%d" % v)
        if t < 0.55:
            v = rand_float(rng)
            return Val(v, "f:" + fbits(v))
        if t < 0.97 or keyish:
            v = rand_str(rng)
            return Val(v, "s:" + hx(v))
        u = rng.random()
        if u < 0.4:
            v = bytes(rng.randint(0, 255) for _ in range(rng.randint(0, 3)))
            return Val(v, "y:" + v.hex())
        if u < 0.7:
            items = [rng.randint(0, 5) for _ in range(rng.randint(0, 3))]
            return Val(set(items), " ".join(["{", "I"] + ["i:%d" % x for x in items] + ["}"]))
        if u < 0.85:
            items = [rng.randint(0, 5) for _ in range(rng.randint(0, 3))]
            return Val(frozenset(items), " ".join(["F{", "I"] + ["i:%d" % x for x in items] + ["}"]))
        a, b = rng.randint(-3, 3), rng.randint(-3, 10)
        return Val(range(a, b, 1), "R %d %d 1" % (a, b))
    if r < 0.7:
        k = rng.choice(KINDS)
        items = [scalar_of_kind(rng, k) if k != "O" else obj_value(rng, depth + 1) for _ in range(rng.randint(0, 5))]
        return Val([x.py for x in items], " ".join(["[", k] + [x.enc for x in items] + ["]"]))
    if r < 0.8:
        items = []
        for _ in range(rng.randint(0, 4)):
            k = rng.choice(KINDS)
            x = scalar_of_kind(rng, k) if k != "O" else obj_value(rng, depth + 1)
            items.append((k, x))
        return Val(tuple(x.py for _, x in items), " ".join(["("] + ["%s %s" % (k, x.enc) for k, x in items] + [")"]))
    return dict_value(rng, depth)


def key_value(rng, kk):
    if kk != "O":
        return scalar_of_kind(rng, kk)
    r = rng.random()
    if r < 0.6:
        v = rand_str(rng, rng.randint(0, 4))
        return Val(v, "s:" + hx(v))
    if r < 0.7:
        return Val(None, "n")
    if r < 0.8:
        v = rng.randint(-5, 5)
        return Val(v, "i:%d" % v)
    if r < 0.9:
        v = rng.choice([0.5, -0.0, 1.0, math.nan, math.inf, -math.inf, 1e100])
        v = float("nan") if v != v else v
        return Val(v, "f:" + fbits(v))
    if r < 0.95:
        v = rng.random() < 0.5
        return Val(v, "b:%d" % v)
    v = (1, rng.randint(0, 2))
    return Val(v, "( I i:1 I i:%d )" % v[1])


def dict_value(rng, depth):
    kk, vk = rng.choice(KINDS), rng.choice(KINDS)
    # mostly one type of key, so that sort_keys has something to sort
    homogeneous = rng.random() < 0.7
    d, enc = {}, ["D{", kk, vk]
    for _ in range(rng.randint(0, 5)):
        if kk == "O" and homogeneous:
            s = rand_str(rng, rng.randint(0, 3))
            k = Val(s, "s:" + hx(s))
        else:
            k = key_value(rng, kk)
        v = scalar_of_kind(rng, vk) if vk != "O" else obj_value(rng, depth + 1)
        d[k.py] = v.py
        enc += [k.enc, v.enc]
    enc.append("}")
    return Val(d, " ".join(enc))


SEPS = [None, None, None, ",", ", ", ":", ": ", "", " ", " , ", "\t", "é", ";\n"]


def rand_opts(rng):
    indent = None if rng.random() < 0.5 else rng.choice([0, 1, 2, 4, 7])
    seps = (None, None) if rng.random() < 0.6 else (rng.choice(SEPS), rng.choice(SEPS))
    return (indent, rng.random() < 0.6, rng.random() < 0.3, rng.random() < 0.8) + seps


# ---------------------------------------------------------------- cases


class Cases:
    def __init__(self):
        self.items = []  # (category, driver line, expected line)

    def loads(self, cat, text):
        self.items.append((cat, "L h:" + hx(text), ref_loads(text)))

    def loads_bytes(self, cat, b):
        """Bytes that may not be UTF-8 (as a host can pass through the C
        ABI): what is not WTF-8 is the strict UTF-8 decoder's error."""
        try:
            text = b.decode("utf-8", "surrogatepass")
        except UnicodeDecodeError:
            try:
                b.decode("utf-8")
            except UnicodeDecodeError as e:
                self.items.append((cat, "L h:" + b.hex(), exc_line(e)))
                return
        self.items.append((cat, "L h:" + b.hex(), ref_loads(text)))

    def dumps(self, cat, val, o, kind="O"):
        self.items.append((cat, "D %s %s %s" % (opts_token(o), kind, val.enc), ref_dumps(val.py, o)))


DEFAULT = (None, True, False, True, None, None)

FIXED_LOADS = [
    "", " ", "\n", "nul", "null", "nulll", "tru", "true ", "fals", "false", "NaN", "Na", "Infinity", "Infinit",
    "-Infinity", "-Infinit", "-", "--1", "-0", "-0.0", "-01", "01", "00", "1.", "1.e5", ".5", "1e", "1e+", "1e-",
    "1E5", "1e5x", "[1e]", "[1.5e+]", "[1.5E-3]", "1_000", "0x10", "+1", "1.5.5", "[-]", "[-x]",
    '"\\u12"', '"\\u123"', '"\\u1234', '"\\u1234"', '"\\ud834\\udd1e', '"\\ud834\\udd1e"', '"\\ud834\\udd1"',
    '"\\ud834\\uxyz1"', '"\\ud834"', '"\\udd1e\\ud834"', '"\\ud834\\ud834\\udd1e"', '"\\ud834\\u0041"',
    '"\\ud834\\n"', '"\\ud834\\', '"\\ud834\\u', '"\\ud834\\ud', '"\\ud834\\udd1e', '"\\uDD1E"', '"\\u00e9"',
    '"\\u0000"', '"\\/"', '"abc', '"\\', '"\\"', '"\t"', '"\x7f"', '"\\x"', '"\\U0001f600"', '"\\a"', '"é\\q"',
    "{", '{"a"', '{"a":', '{"a":1', '{"a":1,', '{"a":1,}', "{,}", '{"a" 1}', "{1:2}", "{'a':1}", '{"a":1 "b":2}',
    '{"a":1,"a":2,"b":3,"a":4}', '{"":0}', "[", "[1", "[1,", "[1,]", "[,1]", "[1 2]", "[]", "{}", "[] []", "1 2",
    "\ufeff1", "\ufeff", " \ufeff1", '"\ufeff"', "\u00a01", "1\u00a0", "\n\n  x", "x\ny", "\r\nx", '"é" x',
    "€€€ x", "😀😀 x", "\ud800 x", "[\n1,\n2\n,]", "\x0b1", "1\x0c", '["a\nb"]', '["é\x01"]',
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "1" * 400,
    "[1, 99999999999999999999, x]", "[x, 99999999999999999999]", '{"a": 1e999999999999999999999}',
    "1e400", "-1e400", "1e-400", "0.1", "2.2250738585072011e-308", "4.9e-324", "2.4703282292062328e-324",
    "2.4703282292062327e-324", "1.7976931348623158e308", "1.7976931348623159e308", "0." + "1" * 500,
    "123456789012345678901234567890.5e-10", "9007199254740993.0", "0.30000000000000004441", "1e-7", "-0e0",
    "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1), "[" * MAX_DEPTH + "]" * MAX_DEPTH,
    "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), '{"a":' * MAX_DEPTH + "1" + "}" * MAX_DEPTH,
    '{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1), "[" * (MAX_DEPTH - 1) + "{}" + "]" * (MAX_DEPTH - 1),
    "[" * (MAX_DEPTH - 1) + '{"a":[]}' + "]" * (MAX_DEPTH - 1), "[" * 100000,
]


def fixed_dumps(cases):
    d = DEFAULT
    ind = (2, True, False, True, None, None)
    V = Val
    cases.dumps("fixed", V({(1, 2): 1}, "D{ O I ( I i:1 I i:2 ) i:1 }"), d)
    cases.dumps("fixed", V({(1, 2): 1}, "D{ O I ( I i:1 I i:2 ) i:1 }"), ind)
    cases.dumps("fixed", V({1, 2}, "{ I i:1 i:2 }"), d)
    cases.dumps("fixed", V(b"x", "y:78"), d)
    for o in (d, ind):
        cases.dumps("fixed", V(math.nan, "f:" + fbits(math.nan)), o[:3] + (False,) + o[4:], "F")
        cases.dumps("fixed", V([math.inf], "[ F f:" + fbits(math.inf) + " ]"), o[:3] + (False,) + o[4:])
        cases.dumps("fixed", V({-math.inf: 1}, "D{ F I f:" + fbits(-math.inf) + " i:1 }"), o[:3] + (False,) + o[4:])
        cases.dumps("fixed", V({math.nan: 1}, "D{ O I f:" + fbits(math.nan) + " i:1 }"), o)
        cases.dumps("fixed", V([[], {}, [[]], {"a": {}}], "[ O [ O ] D{ O O } [ O [ I ] ] D{ O O s:61 D{ I I } } ]"),
                    o)
        cases.dumps("fixed", V({"b": 1, "a": 2, 3: 4}, "D{ O I s:62 i:1 s:61 i:2 i:3 i:4 }"), o[:2] + (True,) + o[3:])
        cases.dumps("fixed", V({3: 1, 1: 2, 2.5: 0, True: 5}, "D{ O I i:3 i:1 i:1 i:2 f:" + fbits(2.5) +
                               " i:0 b:1 i:5 }"), o[:2] + (True,) + o[3:])
        cases.dumps("fixed", V({None: 1, False: 2, 1.5: 3, 7: 4, "s": 5},
                               "D{ O I n i:1 b:0 i:2 f:" + fbits(1.5) + " i:3 i:7 i:4 s:73 i:5 }"), o)
        cases.dumps("fixed", V("\x00\x1f\x7f\"\\/\b\f\n\r\té€😀\ud800\udc00\ud83d\ude00",
                               "s:" + hx("\x00\x1f\x7f\"\\/\b\f\n\r\té€😀\ud800\udc00\ud83d\ude00")), o)
        cases.dumps("fixed", V("é😀\ud800", "s:" + hx("é😀\ud800")), o[:1] + (False,) + o[2:])
    cases.dumps("fixed", V([1, [2, {"a": 3}]], "[ O i:1 [ O i:2 D{ O I s:61 i:3 } ] ]"), (0, True, False, True, None,
                                                                                       None))
    cases.dumps("fixed", V([1, 2], "[ I i:1 i:2 ]"), (None, True, False, True, "", ""))
    cases.dumps("fixed", V({"a": [1, 2]}, "D{ O O s:61 [ I i:1 i:2 ] }"), (3, True, False, True, " ; ", " = "))
    cases.dumps("fixed", V(5, "i:5"), d, "I")
    cases.dumps("fixed", V(True, "b:1"), d, "B")
    cases.dumps("fixed", V(-0.0, "f:" + fbits(-0.0)), d, "F")
    cases.dumps("fixed", V(1e16, "f:" + fbits(1e16)), d, "F")


def deep_dumps(rng, cases, n):
    for _ in range(n):
        depth = rng.choice([1, 50, MAX_DEPTH - 2, MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, MAX_DEPTH + 2, 1500])
        shape = rng.choice("ltd")
        o = rand_opts(rng)
        leaf = rng.choice([Val(None, "n"), Val(1, "i:1"), Val("é", "s:" + hx("é")), Val([], "[ O ]"),
                           Val({}, "D{ O O }"), Val((), "( )"), Val([1], "[ I i:1 ]")])
        # Right at the limit CPython's answer also depends on the leaf: one
        # that needs a Python-level helper (JSONEncoder.default for a set,
        # floatstr with an indent) trips the limit a level earlier. kiln's
        # limit counts containers only, so such leaves go deep only far from it.
        near = abs(depth - MAX_DEPTH) <= 2
        if rng.random() < 0.2 and (not near or o[0] is None):
            leaf = Val(1.5, "f:" + fbits(1.5))
        elif rng.random() < 0.1 and not near:
            leaf = Val({1, 2}, "{ I i:1 i:2 }")
        x = leaf.py
        for _ in range(depth):
            x = [x] if shape == "l" else (x,) if shape == "t" else {"a": x}
        cases.items.append(("dumps-deep", "DEEP %s %s %d %s" % (opts_token(o), shape, depth, leaf.enc),
                            ref_dumps(x, o)))


def cyc_dumps(rng, cases, n):
    def build(shape):
        if shape == "l":
            a = [1]
            a.append(a)
        elif shape == "d":
            a = {}
            a["a"] = [a]
        elif shape == "t":
            a = []
            a.append((a,))
        elif shape == "deep":
            a = []
            a.append([[{"k": a}]])
        elif shape == "dval":
            a = {"x": 1}
            a["y"] = a
        else:
            x = [1]
            a = [x, x, {"k": x}, (x,)]
        return a
    for i in range(n):
        shape = ["l", "d", "t", "deep", "dval", "shared"][i % 6]
        o = rand_opts(rng)
        cases.items.append(("dumps-cycle", "CYC %s %s" % (opts_token(o), shape), ref_dumps(build(shape), o)))


def gen_cases(args):
    rng = random.Random(args.seed)
    cases = Cases()
    n = args.n
    for t in FIXED_LOADS:
        cases.loads("fixed", t)
    fixed_dumps(cases)
    for _ in range(n):
        cases.loads("loads-valid", text_of(rng, json_value(rng), ws=rng.random() < 0.7))
    for _ in range(2 * n):
        cases.loads("loads-corrupt", corrupt(rng, text_of(rng, json_value(rng), ws=rng.random() < 0.5)))
    for _ in range(n):
        cases.loads("loads-junk", junk(rng))
    for _ in range(n):
        t = num_text(rng)
        r = rng.random()
        if r < 0.3:
            t = corrupt(rng, t)
        elif r < 0.5:
            t = "[" + t + rng.choice(["]", ",1]", " ]", "x]", "e]", ".]"])
        cases.loads("loads-number", t)
    for _ in range(n):
        t = str_text(rng, rand_str(rng, rng.randint(0, 12)))
        if rng.random() < 0.4:
            t = corrupt(rng, t)
        cases.loads("loads-string", t)
    for _ in range(max(n // 10, 20)):
        cases.loads("loads-deep", deep_text(rng))
    for _ in range(n // 2):
        b = bytearray(text_of(rng, json_value(rng)).encode("utf-8", "surrogatepass"))
        for _ in range(rng.randint(0, 2)):
            pos = rng.randint(0, len(b))
            b[pos:pos + rng.randint(0, 2)] = rng.choice(BAD_BYTES)
        cases.loads_bytes("loads-bytes", bytes(b))
    for _ in range(2 * n):
        cases.dumps("dumps", obj_value(rng, 0), rand_opts(rng))
    for _ in range(n // 2):
        k = rng.choice("IFB")
        cases.dumps("dumps-scalar", scalar_of_kind(rng, k), rand_opts(rng), k)
    deep_dumps(rng, cases, max(n // 10, 20))
    cyc_dumps(rng, cases, max(n // 10, 12))
    return cases


def calibrate():
    """The reference's recursion emulation must agree with a module-level
    call, whose limits are known (measured with CPython 3.11 in a script)."""
    ok = lambda t: not ref_loads(t).startswith("RecursionError")
    assert ok("[" * MAX_DEPTH + "]" * MAX_DEPTH), "calibration: loads at the limit"
    assert not ok("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)), "calibration: loads past the limit"
    x = []
    for _ in range(MAX_DEPTH - 1):
        x = [x]
    assert not ref_dumps(x, DEFAULT).startswith("RecursionError"), "calibration: dumps at the limit"
    assert ref_dumps([x], DEFAULT).startswith("RecursionError"), "calibration: dumps past the limit"


# ---------------------------------------------------------------- building and running


def build(args):
    exe_dir = os.path.join(ROOT, "build", "tests")
    os.makedirs(exe_dir, exist_ok=True)
    drv = os.path.join(HERE, "json_driver.c")
    flags = ["-std=c11", "-D_GNU_SOURCE", "-g", "-Wall", "-Wextra", "-Wno-unused-parameter", "-ffp-contract=off",
             "-fno-fast-math", "-I" + os.path.join(ROOT, "runtime")]
    if args.san:
        # the runtime as a sanitized archive of its own, so that the link
        # takes only the objects the driver needs (as with libkilnrt.a)
        san = ["-O1", "-fno-omit-frame-pointer", "-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
        objdir = os.path.join(exe_dir, "json_san")
        os.makedirs(objdir, exist_ok=True)
        srcs = sorted(os.path.join(ROOT, "runtime", f) for f in os.listdir(os.path.join(ROOT, "runtime"))
                      if f.endswith(".c"))
        for f in os.listdir(objdir):
            os.remove(os.path.join(objdir, f))
        subprocess.run([args.cc] + flags + san + ["-c"] + srcs, cwd=objdir, check=True)
        lib = os.path.join(objdir, "libkilnrt_san.a")
        subprocess.run(["ar", "rcs", lib] + sorted(os.path.join(objdir, f) for f in os.listdir(objdir)), check=True)
        exe = os.path.join(exe_dir, "json_driver_san")
        cmd = [args.cc] + flags + san + ["-o", exe, drv, lib, "-lpcre2-8", "-lutf8proc", "-lm"]
    else:
        # other test scripts may be making the library at the same time: take turns
        with open(os.path.join(ROOT, "build", "libkilnrt.lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            subprocess.run(["make", "-s", "-C", ROOT, "build/libkilnrt.a"], check=True, stdout=subprocess.DEVNULL)
        exe = os.path.join(exe_dir, "json_driver")
        cmd = [args.cc] + flags + ["-O2", "-o", exe, drv, os.path.join(ROOT, "build", "libkilnrt.a"), "-lpcre2-8", "-lutf8proc",
                                   "-lm"]
    subprocess.run(cmd, check=True)
    return exe


def run_driver(exe, lines, san, oom=0):
    text = "".join("T %d\n%s\nE\n" % (i, line) for i, line in enumerate(lines))
    env = dict(os.environ)
    env.pop("KR_OOM", None)
    if oom:
        env["KR_OOM"] = str(oom)
    env["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0:exitcode=86"
    env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1:exitcode=86"
    p = subprocess.run([exe], input=text.encode("utf-8"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    results, cur = [], []
    for line in p.stdout.decode("utf-8", "surrogateescape").split("\n"):
        if line == "=":
            results.append(cur)
            cur = []
        else:
            cur.append(line)
    if p.returncode != 0:
        sys.stderr.write(p.stderr.decode("utf-8", "replace")[-4000:])
    return results, p.returncode


def readable(line):
    """A driver line with its hex parts decoded, for failure reports."""
    out = []
    for t in line.split(" "):
        try:
            if len(t) >= 2 and len(t) % 2 == 0 and all(c in "0123456789abcdef" for c in t):
                out.append(repr(bytes.fromhex(t).decode("utf-8", "surrogatepass")))
                continue
            if t.startswith("s:"):
                out.append("s:" + repr(bytes.fromhex(t[2:]).decode("utf-8", "surrogatepass")))
                continue
        except ValueError:
            pass
        out.append(t)
    return " ".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=1000, help="random cases per category (default 1000)")
    ap.add_argument("--quick", action="store_true", help="-n 300")
    ap.add_argument("--seed", type=int, default=20240612)
    ap.add_argument("--san", action="store_true", help="build with -fsanitize=address,undefined")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--bin", help="use this driver instead of building one")
    ap.add_argument("--oom", type=int, default=0, metavar="RUNS",
                    help="run every case failing its allocations in turn (at most RUNS runs a case) instead")
    ap.add_argument("--oom-sample", type=int, default=0, metavar="K",
                    help="after the differential run, K sampled cases with failing allocations (200 runs each)")
    ap.add_argument("-v", action="store_true", help="show every mismatch")
    args = ap.parse_args()
    if args.quick:
        args.n = 300
    if sys.version_info[:2] != (3, 11):
        sys.exit("test_json.py: the oracle must be CPython 3.11, this is %s" % sys.version.split()[0])

    t0 = time.time()
    calibrate()
    exe = args.bin or build(args)
    cases = gen_cases(args)
    passed = failed = shown = 0
    per = {}

    def fail(cat, line, want, have):
        nonlocal failed, shown
        failed += 1
        per.setdefault(cat, [0, 0])[1] += 1
        if shown < (1000 if args.v else 10):
            shown += 1
            print("FAIL %s: %s" % (cat, readable(line)[:300]))
            print("  want: %s" % readable(want)[:500])
            print("  have: %s" % readable(" | ".join(have))[:500])

    if args.oom:
        got, rc = run_driver(exe, [c[1] for c in cases.items], args.san, args.oom)
        for i, (cat, line, want) in enumerate(cases.items):
            have = got[i] if i < len(got) else ["<driver output missing>"]
            if have:
                fail(cat, line, "(nothing)", have)
            else:
                passed += 1
                per.setdefault(cat, [0, 0])[0] += 1
    else:
        got, rc = run_driver(exe, [c[1] for c in cases.items], args.san)
        for i, (cat, line, want) in enumerate(cases.items):
            have = got[i] if i < len(got) else ["<driver output missing>"]
            if have == [want]:
                passed += 1
                per.setdefault(cat, [0, 0])[0] += 1
            else:
                fail(cat, line, want, have)
        if args.oom_sample and rc == 0:
            srng = random.Random(args.seed + 1)
            sample = srng.sample(cases.items, min(args.oom_sample, len(cases.items)))
            sample = [c for c in sample if len(c[1]) < 20000]  # the deepest texts take long to sweep
            got2, rc2 = run_driver(exe, [c[1] for c in sample], args.san, 200)
            for i, (cat, line, want) in enumerate(sample):
                have = got2[i] if i < len(got2) else ["<driver output missing>"]
                if have:
                    fail("oom", line, "(nothing)", have)
                else:
                    passed += 1
                    per.setdefault("oom", [0, 0])[0] += 1
            if rc2 != 0:
                print("oom driver exited with status %d" % rc2)
                failed += 1
    for cat, (p, f) in sorted(per.items()):
        print("  %-14s %6d passed %5d failed" % (cat, p, f))
    if rc != 0:
        print("driver exited with status %d" % rc)
        failed += 1
    print("(%.1fs)" % (time.time() - t0))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
