#!/usr/bin/env python3
# make-test-args: --oom 30
"""tests/runtime/test_format.py — libkilnrt's str.format and str.format_map against CPython.

Generates random format strings — literal text (ASCII, non-ASCII, astral,
lone surrogates) with '{{' and '}}', fields that number themselves or are
numbered automatically or name keywords, [index] / [key] / .attr parts,
!r !s !a conversions and bad ones, format specs with nested fields (one and
two levels deep), and mutated copies of all that (a brace dropped, added,
a string cut short) — with random positional and keyword values (ints,
floats with nan/inf/-0.0, bools, None, strs, bytes, ranges, lists of each
kind, tuples, dicts; unboxed and boxed), runs each through
tests/runtime/format_driver.c (linked with build/libkilnrt.a) and compares
the result, or the exception's type and message, with what this CPython
(3.11) computes. The driver also checks that every case leaves no object or
block alive.

    python3 tests/runtime/test_format.py                 the default count (-n 12000)
    python3 tests/runtime/test_format.py --quick         a fifth of that
    python3 tests/runtime/test_format.py -n 500 --seed 7 -v
    python3 tests/runtime/test_format.py --san           driver and runtime with ASan + UBSan
    python3 tests/runtime/test_format.py --san --oom 40 -n 1000
                   also fail each case's allocations in turn (at most 40 runs
                   a case): each run must give the normal result or
                   MemoryError, leak nothing and not crash

Attribute names are chosen among those kiln knows (real, imag, numerator,
denominator) and names no builtin has: kiln does not model methods and
dunders as attributes (see runtime/format.c).

The last line is 'N passed, N failed'; the exit status is 1 on any failure.
"""
import argparse
import fcntl
import math
import os
import random
import resource
import string
import struct
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- values
#
# A value is generated as (python value, driver token); the token keeps what
# Python cannot say: a list's item kind, a boxed number.


def hx(s):
    return s.encode("utf-8", "surrogatepass").hex()


def ftok(x):
    return "%016x" % struct.unpack("<Q", struct.pack("<d", x))[0]


TEXT = ("abcxyzABC ,;-_=/|~@#$%&*()<>?'\"\\\t\n\x00\x7f"  # ASCII, quotes and controls for repr/ascii
        "éßΣσς€中文한\u0301\u200b\xa0\u2028"               # non-ASCII
        "\U0001F600\U00010400"                                # astral
        "\ud800\udfff")                                      # lone surrogates
DIGITS = "0123456789٣३"


class Gen:
    def __init__(self, rng, small):
        self.rng = rng
        self.small = small  # values may become nested specs: keep ints small and strs digit-free

    # ---- scalars

    def int_(self):
        r = self.rng
        if self.small:
            return r.randint(-3, 40)
        k = r.random()
        if k < 0.6:
            return r.randint(-20, 300)
        if k < 0.8:
            return r.choice([0, 1, -1, 2**63 - 1, -(2**63), 10**18, 255, 65, 0x10FFFF, 0x110000, 0xD800, 1234567])
        v = r.getrandbits(r.randint(1, 63))
        return -v if r.random() < 0.4 else v

    def float_(self):
        r = self.rng
        if self.small:  # no repr like '12345678901.5': a width of 12 GB as a nested spec
            return r.choice([0.0, -0.0, 1.5, -2.5, 10.0, 0.125, math.inf, -math.inf, math.nan, 1e300, 1e-300, 5e-324])
        k = r.random()
        if k < 0.3:
            return r.choice([0.0, -0.0, math.inf, -math.inf, math.nan, 1.5, 2.5, -2.5, 0.1, 1e16, 1e-5, 1e300,
                             -1e-300, 5e-324, 123.456, 1e22, 100.0, 0.125])
        if k < 0.6:
            return round(r.uniform(-1000, 1000), r.randint(0, 4))
        if k < 0.8:
            return r.uniform(-1, 1) * 10.0 ** r.randint(-20, 20)
        return struct.unpack("<d", struct.pack("<Q", r.getrandbits(64)))[0]

    def str_(self, maxlen=6):
        r = self.rng
        alphabet = TEXT if self.small else TEXT + DIGITS + "{}[]:!."
        return "".join(r.choice(alphabet) for _ in range(r.randint(0, maxlen)))

    # ---- values with their tokens

    def scalar(self):
        r = self.rng
        k = r.random()
        if k < 0.3:
            v = self.int_()
            return v, ("Oi:%d" if r.random() < 0.15 else "i:%d") % v
        if k < 0.5:
            v = self.float_()
            return v, ("Of:" if r.random() < 0.15 else "f:") + ftok(v)
        if k < 0.58:
            v = r.random() < 0.5
            return v, ("Ob:%d" if r.random() < 0.15 else "b:%d") % v
        if k < 0.63:
            return None, "n"
        if k < 0.95:
            v = self.str_()
            return v, "s:" + hx(v)
        v = bytes(r.randint(0, 255) for _ in range(r.randint(0, 4)))
        return v, "y:" + v.hex()

    def item(self, kind):
        if kind == "I":
            v = self.int_()
            return v, "i:%d" % v
        if kind == "F":
            v = self.float_()
            return v, "f:" + ftok(v)
        if kind == "B":
            v = self.rng.random() < 0.5
            return v, "b:%d" % v
        return self.value(depth=1)

    def value(self, depth=0):
        r = self.rng
        k = r.random()
        if depth > 0 or k < 0.6:
            return self.scalar()
        n = r.randint(0, 5)
        if k < 0.72:
            kind = r.choice("IFBO")
            items = [self.item(kind) for _ in range(n)]
            return [v for v, _ in items], " ".join(["[", kind] + [t for _, t in items] + ["]"])
        if k < 0.82:
            items = [self.value(1) for _ in range(n)]
            return tuple(v for v, _ in items), " ".join(["("] + [t for _, t in items] + [")"])
        if k < 0.97:
            return self.dict_()
        start, stop, step = r.randint(-5, 5), r.randint(-5, 20), r.choice([1, 2, 3, -1])
        if self.small:
            start, stop = abs(start), abs(stop)
        return range(start, stop, step), "R %d %d %d" % (start, stop, step)

    def dict_(self, names=()):
        """A dict (and its token); names: str keys it must have (its key kind is then O)."""
        r = self.rng
        kk = "O" if names else r.choice("OOI")
        vk = r.choice("IFBO")
        d, toks = {}, []
        for _ in range(r.randint(0, 5)):
            if kk == "I":
                key = r.choice([0, 1, 2, 3, 10, -1, self.int_()])
                ktok = "i:%d" % key
            else:
                key = r.choice(["a", "b", "key", "0", "x y", "é", "", "-1", " 1", r.choice(TEXT)] +
                               [self.str_(3)])
                ktok = "s:" + hx(key)
            if key in d:
                continue
            v, vtok = self.item(vk)
            d[key] = v
            toks += [ktok, vtok]
        for key in names:
            if key not in d:
                v, vtok = self.item(vk)
                d[key] = v
                toks += ["s:" + hx(key), vtok]
        return d, " ".join(["D{", kk, vk] + toks + ["}"])


# ---------------------------------------------------------------- format strings

ATTRS = ["real", "imag", "numerator", "denominator", "x", "foo", "a b", "é", "Real", "imag2", "0", "real "]
CONVERSIONS = ["!r", "!s", "!a"]
BAD_CONVERSIONS = ["!x", "!", "!R", "!rs", "!é", "!\U0001F600", "!}", "!{", "!\x00", "!r!s", "! ", "!:"]


def rand_spec(g, value, allow_nested, names, state):
    """A format spec for value: mostly valid for its type, sometimes not."""
    r = g.rng

    def nested():  # a field inside the spec, mostly one whose value is an int
        kw, args = state["kw"], state["args"]
        if names and (r.random() < 0.4 or state["map"]):
            ints = [k for k in names if type(kw[k]) is int]
            return "{%s}" % r.choice(ints if ints and r.random() < 0.8 else names)
        if state.get("mode", "auto") == "auto" and r.random() < 0.95:
            state["mode"] = "auto"
            state["next"] = state.get("next", 0) + 1
            return "{}"
        ints = [i for i, v in enumerate(args) if type(v) is int]
        return "{%d}" % (r.choice(ints) if ints and r.random() < 0.8 else r.randint(0, len(args)))

    parts = []
    if r.random() < 0.3:
        if r.random() < 0.6:
            parts.append(r.choice("*0 xé€-_\U0001F600"))
        parts.append(r.choice("<>=^"))
    if r.random() < 0.25:
        parts.append(r.choice("+- "))
    if r.random() < 0.05:
        parts.append("z")
    if r.random() < 0.15:
        parts.append("#")
    if r.random() < 0.15:
        parts.append("0")
    if r.random() < 0.4:
        if allow_nested and r.random() < 0.3:
            parts.append(nested())
        elif r.random() < 0.03:
            parts.append(r.choice(["9" * 20, "1" + "0" * 19, "99999999999999999999999"]))
        else:
            parts.append(str(r.randint(0, 25)))
    if r.random() < 0.15:
        parts.append(r.choice(",_"))
    if r.random() < 0.3:
        if allow_nested and r.random() < 0.3:
            parts.append("." + nested())
        else:
            parts.append("." + str(r.randint(0, 12)) if r.random() < 0.95 else ".")
    if r.random() < 0.6:
        if isinstance(value, bool) or isinstance(value, int):
            parts.append(r.choice("bcdoxXneEfFgG%s"))
        elif isinstance(value, float):
            parts.append(r.choice("eEfFgGn%ds"))
        elif isinstance(value, str):
            parts.append(r.choice("ssd"))
        else:
            parts.append(r.choice("sd"))
    spec = "".join(parts)
    k = r.random()
    if allow_nested and k < 0.05:
        spec = nested()  # the whole spec from a value
    elif allow_nested and k < 0.07:
        spec = "{:{}}" if r.random() < 0.5 else "{0:{1}}"  # two levels: Max string recursion exceeded
    elif k < 0.1:
        spec = r.choice(["{{}}", "x", "<<", "10.2.3", ">{", "}", "é", "\ud800>5", ".5s", "_,d", ",_d"])
    return spec


def accessor(g, value):
    """A [index], [key] or .attr part that fits value, or a random one."""
    r = g.rng
    if r.random() < 0.7:
        if isinstance(value, (list, tuple, str, bytes, range)):
            n = len(value)
            k = r.randint(0, n - 1) if n and r.random() < 0.85 else r.choice([0, n, n + 1])
            return "[%d]" % k
        if isinstance(value, dict) and value and r.random() < 0.8:
            key = r.choice(list(value))
            if isinstance(key, int) and key >= 0:
                return "[%d]" % key
            if isinstance(key, str) and "]" not in key and "{" not in key and "}" not in key:
                return "[%s]" % key
        if isinstance(value, (int, float)):
            return "." + r.choice(["real", "imag", "numerator", "denominator", "real", "x"])
    return r.choice(["[0]", "[1]", "[a]", "[é]", "[-1]", "[ 1]", "[٣]", "[00]", "[]", "[99999999999999999999]",
                     "[9223372036854775807]", "[a.b]", "[a[b]", ".", "..", ".[0]", "[0]x", "[a]é", "[0] "] + ["." + a for a in ATTRS])


def walk(value, parts):
    """value with the accessors applied, as far as they can go in Python (for choosing the next part)."""
    for p in parts:
        try:
            if p.startswith("["):
                k = p[1:-1]
                value = value[int(k)] if k.isdigit() else value[k]
            else:
                value = getattr(value, p[1:])
        except Exception:  # noqa: BLE001
            return None
    return value


def rand_field(g, args, kw, state, allow_nested=True, map_only=False):
    """One replacement field, '{...}'."""
    r = g.rng
    names = list(kw)
    k = r.random()
    # the first part: keep to one numbering scheme, mostly
    if map_only or (names and k < 0.35):
        pool = names + ["missing", "é", "a b", "-1", "0x"] if r.random() < 0.15 or not names else names
        first = r.choice(pool)
        value = kw.get(first)
    elif k < 0.03:
        first = r.choice(["99999999999999999999", "9223372036854775807", "٣", "00", " 0", "0 "])
        value = None
    else:
        mode = state.setdefault("mode", r.choice(["auto", "manual"]))
        if r.random() < 0.04:
            mode = "manual" if mode == "auto" else "auto"
        if mode == "auto":
            first = ""
            i = state.setdefault("next", 0)
            state["next"] = i + 1
        else:
            i = r.randint(0, len(args)) if r.random() < 0.9 else r.randint(0, len(args) + 3)
            first = str(i)
        value = args[i] if i < len(args) else None
    parts = []
    for _ in range(r.choice([0, 0, 0, 1, 1, 2])):
        parts.append(accessor(g, walk(value, parts)))
    value = walk(value, parts)
    conv = ""
    if r.random() < 0.2:
        conv = r.choice(CONVERSIONS) if r.random() < 0.85 else r.choice(BAD_CONVERSIONS)
    if conv:
        value = str(value)
    spec = ""
    if r.random() < 0.5:
        spec = ":" + rand_spec(g, value, allow_nested and g.small, names, state)
    if conv and not spec and r.random() < 0.1:
        spec = ":"
    return "{" + first + "".join(parts) + conv + spec + "}"


def literal(g):
    r = g.rng
    k = r.random()
    if k < 0.15:
        return r.choice(["{{", "}}", "{{}}", "}}{{"])
    return "".join(r.choice(TEXT + "0123456789:!.[]") for _ in range(r.randint(1, 6)))


def mutate(g, s):
    r = g.rng
    for _ in range(r.randint(1, 2)):
        k = r.random()
        i = r.randint(0, len(s))
        if k < 0.3 and s:
            s = s[:i] + s[i + 1:]
        elif k < 0.7:
            s = s[:i] + r.choice("{}[]!:.0a") + s[i:]
        elif k < 0.85:
            s = s[:i]
        else:
            j = r.randint(0, len(s))
            s = s[:i] + s[min(i, j):max(i, j)] + s[i:]
    return s


def risky(fmt):
    """Could a value reach a nested spec of fmt (and ask for a huge width)?
    string.Formatter.parse is CPython's own parser: it yields the fields that
    str.format would reach before a syntax error stops it."""
    try:
        for _, name, spec, _ in string.Formatter().parse(fmt):
            if spec and "{" in spec:
                return True
    except ValueError:
        pass
    return False


def gen_nested(rng):
    """A format string whose specs are built from values, (fmt, args, kw): width,
    precision, fill and align as nested fields, numbered either way or named."""
    r = rng
    g = Gen(rng, True)
    v = r.choice([g.float_(), r.uniform(-1e6, 1e6), r.randint(-10**6, 10**6), g.str_(), r.random() < 0.5])
    w, p = r.randint(0, 30), r.randint(0, 10)
    fill, align = r.choice("*0 é€x-😀"), r.choice("<>^=")
    t = "" if isinstance(v, str) else r.choice(["f", "e", "g", "%", "", "E"])
    if isinstance(v, int) and not isinstance(v, bool) and r.random() < 0.5:
        t = r.choice("dxXob,")
        p = None
    prec = "" if p is None else ".{}"
    forms = [
        ("{:{}%s%s}" % (prec, t), [v, w] + ([] if p is None else [p]), {}),
        ("{0:{1}%s%s}" % (prec.replace("{}", "{2}"), t), [v, w] + ([] if p is None else [p]), {}),
        ("{2:{0}%s%s}" % (prec.replace("{}", "{1}"), t), [w, p if p is not None else 0, v], {}),
        ("{x:{w}%s%s}" % (prec.replace("{}", "{p}"), t), [], {"x": v, "w": w, "p": p}),
        ("{x:{}%s%s}" % (prec, t), [w] + ([] if p is None else [p]), {"x": v}),
        ("{:{}{}{}}", [v, fill, align, w], {}),
        ("{x:{f}{a}{w}}", [], {"x": v, "f": fill, "a": align, "w": w}),
        ("{:{}}", [v, "%s%s%d" % (fill, align, w)], {}),
        ("{!r:{}{}}", [v, align, w], {}),
        ("{0[0]:{1}}{0[1]:{2}}", [[v, w], w, p or 0], {}),
        ("{:{:{}}}", [v, w, p], {}),
        ("{:{}}{:{}}", [v, w, v, p or 0], {}),
    ]
    fmt, args, kw = r.choice(forms)
    kw = {k: x for k, x in kw.items() if x is not None}
    if r.random() < 0.5:
        fmt = g.str_(3) + fmt + g.str_(3)
    return fmt, args, kw


def gen_case(rng):
    """(driver line, CPython's result)."""
    if rng.random() < 0.08:
        fmt, args, kw = gen_nested(rng)
        line = "F s:%s %d %s %d %s" % (hx(fmt), len(args), " ".join(tok_of(a) for a in args), len(kw),
                                       " ".join("s:%s %s" % (hx(k), tok_of(x)) for k, x in kw.items()))
        return line, expect(lambda: fmt.format(*args, **kw))
    while True:
        small = rng.random() < 0.5
        g = Gen(rng, small)
        use_map = rng.random() < 0.1
        if use_map:
            if rng.random() < 0.85:
                mapping, mtok = g.dict_(["a", "b", "key"] if rng.random() < 0.5 else ())
            else:
                mapping, mtok = g.value()
                if mtok.startswith(("i:", "f:", "b:")):  # format_map takes an object
                    continue
            args, kw = [], {k: v for k, v in mapping.items() if isinstance(k, str)} if isinstance(mapping, dict) else {}
        else:
            args, argtoks = [], []
            for _ in range(rng.choice([0, 1, 2, 3, 4, 4, 5, 6, 8])):
                v, t = g.value()
                if small and rng.random() < 0.3:  # values for nested specs
                    v = rng.randint(0, 30)
                    t = "i:%d" % v
                args.append(v)
                argtoks.append(t)
            kw, kwtoks = {}, []
            for _ in range(rng.choice([0, 0, 1, 2, 3])):
                name = rng.choice(["a", "b", "name", "x1", "é", "key", "a b", "_", "0x", "width", "prec"])
                if name in kw:
                    continue
                v, t = g.value()
                kw[name] = v
                kwtoks.append("s:%s %s" % (hx(name), t))
        state = {"args": args, "kw": kw, "map": use_map}
        pieces = []
        for _ in range(rng.choice([0, 1, 1, 2, 3, 4, 6])):
            if rng.random() < 0.45:
                pieces.append(literal(g))
            else:
                pieces.append(rand_field(g, args, kw, state, map_only=use_map and rng.random() < 0.9))
        fmt = "".join(pieces)
        if rng.random() < 0.2:
            fmt = mutate(g, fmt)
        if not small and risky(fmt):
            continue
        if use_map:
            line = "M s:%s %s" % (hx(fmt), mtok)
            want = expect(lambda: fmt.format_map(mapping))
        else:
            line = "F s:%s %d %s %d %s" % (hx(fmt), len(args), " ".join(argtoks), len(kw), " ".join(kwtoks))
            want = expect(lambda: fmt.format(*args, **kw))
        # a safety net for the generator: no case may ask for gigabytes (main() limits this
        # process's memory, so CPython says MemoryError rather than taking them)
        if not want.startswith("E:MemoryError") and len(want) < 2_000_000:
            return line, want


# Fixed cases: the brief's examples and every error message.
FIXED_FORMATS = [
    "", "abc", "{{", "}}", "{{}}", "a{{b}}c", "{}", "{0}", "{1}", "{a}", "{0}{1}{0}", "{}{}", "{!r}", "{!s}", "{!a}",
    "{0!r:>20}", "{:{}}", "{:{}.{}f}", "{0:{1}.{2}f}", "{:{width}.{prec}f}", "{:{:{}}}", "{0:{1:{2}}}",
    "}", "a}b", "{", "a{", "{0", "{a", "{!", "{!r", "{!}", "{!}}", "{0!r:", "{0:{", "{0[}", "{0[a}]}", "{0]}",
    "{0[a]b}", "{0.}", "{0[]}", "{0..a}", "{0!rr}", "{0!é}", "{0!€}", "{0!\x01}", "{0!}", "{0{}", "{0:x{}}",
    "{0}}", "{}{0}", "{0}{}", "{a}{}", "{}{a}", "{٣}", "{0[٣]}", "{0.real.imag}", "{0.x[}", "{0[0]x}", "{0}{1}{",
    "{:{}{}}", "{0:{a}}", "{0[99999999999999999999]}", "{99999999999999999999}", "{9223372036854775807}",
    "{9223372036854775808}", "{0[9223372036854775807]}", "{0!r:}x", "{0!r!s}", "{0:!r}", "{!r:{}}", "{0:{{}}}",
    "{0.a b}", "{0!a:{1}}", "{0[a.b]}", "{0[a[b]}", "{0[a]]}", "{ 0}", "{0 }", "{-1}", "{+1}", "{0x}", "{00}",
    "{0[00]}", "{0[ 1]}", "{0!\x00}", "{0.real}", "{0.imag}", "{0.numerator}", "{0.denominator}", "{3}",
    "{0:99999999999999999999}", "{0:.99999999999999999999}", "é{0}€\U0001F600{1}\ud800", "{0:\U0001F600^9}",
    "{0[0][0]}", "{0[a][0]}", "{0[1].real}", "{2[0]}",
]
FIXED_ARGS = [
    ("héllo", 5, 2),
    ([1, 2, 3],),
    (),
    (3.14159, 12, 3),
    (True, None, {"a": [1, 2], 0: "zero"}),
    ({"a": [1.5]}, (7, "x"), [[1], ["ab"]]),
]


def fixed_cases():
    out = []
    for f in FIXED_FORMATS:
        for args in FIXED_ARGS:
            toks, kw = [], {"a": 7, "width": 10, "prec": 3}
            for a in args:
                toks.append(tok_of(a))
            kwtoks = ["s:%s %s" % (hx(k), tok_of(v)) for k, v in kw.items()]
            line = "F s:%s %d %s %d %s" % (hx(f), len(args), " ".join(toks), len(kw), " ".join(kwtoks))
            out.append((line, expect(lambda: f.format(*args, **kw))))
        for m in [{"a": 1, "b": "x"}, {}, [1, 2], "abc", None]:
            out.append(("M s:%s %s" % (hx(f), tok_of(m)), expect(lambda: f.format_map(m))))
    return out


def tok_of(v):
    """A token for a fixed value (lists of ints are I lists, other lists O)."""
    if v is None:
        return "n"
    if isinstance(v, bool):
        return "b:%d" % v
    if isinstance(v, int):
        return "i:%d" % v
    if isinstance(v, float):
        return "f:" + ftok(v)
    if isinstance(v, str):
        return "s:" + hx(v)
    if isinstance(v, tuple):
        return " ".join(["("] + [tok_of(x) for x in v] + [")"])
    if isinstance(v, list):
        kind = "I" if all(type(x) is int for x in v) else "O"
        items = [tok_of(x) if kind == "I" or not isinstance(x, (int, float)) else "O" + tok_of(x) for x in v]
        return " ".join(["[", kind] + items + ["]"])
    if isinstance(v, dict):
        toks = []
        for k, x in v.items():
            toks += ["O" + tok_of(k) if isinstance(k, int) else tok_of(k),
                     "O" + tok_of(x) if isinstance(x, (int, float)) else tok_of(x)]
        return " ".join(["D{", "O", "O"] + toks + ["}"])
    raise TypeError(v)


# ---------------------------------------------------------------- the reference


def expect(thunk):
    try:
        r = thunk()
    except Exception as e:  # noqa: BLE001 - every exception is a result
        return "E:%s:%s" % (type(e).__name__, hx(str(e)))
    return "s:" + hx(r)


def readable(res):
    if res.startswith("s:"):
        head, _, rest = res[2:].partition(" ")
        try:
            return repr(bytes.fromhex(head).decode("utf-8", "surrogatepass")) + (" " + rest if rest else "")
        except ValueError:
            return res
    if res.startswith("E:"):
        _, name, rest = res.split(":", 2)
        head, _, tail = rest.partition(" ")
        try:
            return "%s: %s%s" % (name, bytes.fromhex(head).decode("utf-8", "surrogatepass"), " " + tail if tail else "")
        except ValueError:
            return res
    return res


def describe(line):
    """A case line with its strs decoded."""
    out = []
    for t in line.split(" "):
        if t.startswith("s:"):
            out.append(repr(bytes.fromhex(t[2:]).decode("utf-8", "surrogatepass")))
        elif t.startswith("f:") or t.startswith("Of:"):
            out.append(repr(struct.unpack("<d", struct.pack("<Q", int(t.split(":")[1], 16)))[0]))
        else:
            out.append(t)
    return " ".join(out)


# ---------------------------------------------------------------- building and running


def san_library(cc, flags):
    """The runtime built with the sanitizers, as an archive (build/tests/san/libkilnrt.a), so that
    the driver links only the files it needs. Files are recompiled when they or a header change."""
    rtdir = os.path.join(ROOT, "runtime")
    outdir = os.path.join(ROOT, "build", "tests", "san")
    os.makedirs(outdir, exist_ok=True)
    headers = max(os.path.getmtime(os.path.join(rtdir, f)) for f in os.listdir(rtdir) if f.endswith((".h", ".def")))
    jobs = []
    objs = []
    for f in sorted(os.listdir(rtdir)):
        if not f.endswith(".c"):
            continue
        src, obj = os.path.join(rtdir, f), os.path.join(outdir, f[:-2] + ".o")
        objs.append(obj)
        if not os.path.exists(obj) or os.path.getmtime(obj) < max(os.path.getmtime(src), headers):
            jobs.append([cc] + flags + ["-ffunction-sections", "-fdata-sections", "-c", "-o", obj, src])
    procs = [subprocess.Popen(j) for j in jobs]
    if any(p.wait() != 0 for p in procs):
        sys.exit("test_format.py: building the runtime with the sanitizers failed")
    lib = os.path.join(outdir, "libkilnrt.a")
    if jobs or not os.path.exists(lib):
        if os.path.exists(lib):
            os.remove(lib)
        subprocess.run(["ar", "rcs", lib] + objs, check=True)
    return lib


def build(args):
    os.makedirs(os.path.join(ROOT, "build", "tests"), exist_ok=True)
    drv = os.path.join(HERE, "format_driver.c")
    flags = ["-std=c11", "-D_GNU_SOURCE", "-Wall", "-Wextra", "-Wno-unused-parameter", "-g", "-ffp-contract=off",
             "-fno-fast-math", "-I" + os.path.join(ROOT, "runtime")]
    if args.san:
        san = ["-O1", "-fno-omit-frame-pointer", "-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
        exe = os.path.join(ROOT, "build", "tests", "format_driver_san")
        cmd = [args.cc] + flags + san + ["-o", exe, drv, san_library(args.cc, flags + san), "-lpcre2-8", "-lutf8proc", "-lm"]
    else:
        # other test scripts may be making the library at the same time: take turns
        with open(os.path.join(ROOT, "build", "libkilnrt.lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            subprocess.run(["make", "-s", "build/libkilnrt.a"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        exe = os.path.join(ROOT, "build", "tests", "format_driver")
        cmd = [args.cc] + flags + ["-O2", "-o", exe, drv, os.path.join(ROOT, "build", "libkilnrt.a"),
                                   "-lpcre2-8", "-lutf8proc", "-lm"]
    subprocess.run(cmd, check=True)
    return exe


def run_driver(exe, lines, oom):
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:exitcode=86",
               UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=86")
    if oom:
        env["KR_OOM"] = str(oom)
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    p = subprocess.run([exe], input="\n".join(lines) + "\n", capture_output=True, text=True,
                       errors="surrogateescape", env=env,
                       preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (hard, hard)))
    if p.returncode != 0:
        sys.stderr.write(p.stderr[-4000:])
    return p.stdout.split("\n"), p.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=12000, help="random cases (default 12000)")
    ap.add_argument("--quick", action="store_true", help="a fifth of the random cases")
    ap.add_argument("--seed", type=int, default=20240611)
    ap.add_argument("--san", action="store_true", help="build with -fsanitize=address,undefined")
    ap.add_argument("--oom", type=int, default=0, metavar="RUNS",
                    help="fail each case's allocations in turn (at most RUNS runs a case)")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--bin", help="use this driver instead of building one")
    ap.add_argument("-v", action="store_true", help="show every mismatch")
    args = ap.parse_args()
    if sys.version_info[:2] != (3, 11):
        sys.exit("test_format.py: the oracle must be CPython 3.11, this is %s" % sys.version.split()[0])

    t0 = time.time()
    exe = args.bin or build(args)
    # CPython must fail fast (MemoryError) on a case that asks for gigabytes; the driver
    # (ASan reserves terabytes of address space) gets the old limit back
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = 8 << 30
    if hard == resource.RLIM_INFINITY or hard > limit:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    rng = random.Random(args.seed)
    n = args.n // 5 if args.quick else args.n
    cases = fixed_cases() + [gen_case(rng) for _ in range(n)]
    lines = [c[0] for c in cases]
    got, rc = run_driver(exe, lines, args.oom)
    passed = failed = shown = 0
    kinds = {"ok": 0, "error": 0}
    for i, (line, want) in enumerate(cases):
        have = got[i] if i < len(got) else "<no output>"
        if want == have:
            passed += 1
            kinds["ok" if want.startswith("s:") else "error"] += 1
            continue
        failed += 1
        if shown < (1000 if args.v else 10):
            shown += 1
            print("FAIL %s" % describe(line)[:600])
            print("  want: %s" % readable(want)[:400])
            print("  have: %s" % readable(have)[:400])
    if rc != 0:
        print("driver exited with status %d" % rc)
        failed += 1
    print("(%d cases: %d formatted, %d errors; %.1fs)" % (len(cases), kinds["ok"], kinds["error"], time.time() - t0))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
