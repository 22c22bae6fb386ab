#!/usr/bin/env python3
# make-test-args: -n 100
"""Differential tests for libkilnrt's containers, with CPython as the oracle.

Generates thousands of random operation sequences on lists, tuples, dicts,
sets/frozensets, ranges and bytes, runs each in this interpreter (it must be
CPython 3.11) and through tests/runtime/containers_driver.c (linked with
build/libkilnrt.a), and compares every printed line: reprs, results, and
errors ("KeyError: 5", "IndexError: list index out of range"). The driver
also checks that kr_live_objects is back to its starting value after each
sequence (no leaked objects).

    python3 tests/runtime/test_containers.py            cc -O2, the default counts
    python3 tests/runtime/test_containers.py --san      with ASan + UBSan
    python3 tests/runtime/test_containers.py -n 200 --seed 7 -v
    python3 tests/runtime/test_containers.py --san --oom 300 -n 60
                                   fail each allocation in turn (up to 300
                                   runs a sequence): no crash, no leak

The language the two sides share: one operation a line, tokens separated by
spaces. Values: i:INT, f:HEXFLOAT, b:0/1, s:UTF8HEX, y:BYTESHEX, n (None),
( v ... ) tuples, [ K v ... ] lists of kind K (I F B O), { K v ... } sets,
F{ K v ... } frozensets, D{ KK VK k v ... } dicts (literals, so they are
built as CPython's BUILD_SET / BUILD_MAP build them). Each sequence starts
with `new` (the subject) and every operation prints one line.

Sets whose items are str print sorted: CPython's str hash is seeded per
process, so their order is not reproducible. Everything else prints in the
container's own order, which must match exactly.

Exits 1 on any mismatch; the last line is 'N passed, N failed'.
"""
import argparse
import math
import os
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
INT64_MAX = 2**63 - 1
INT64_MIN = -2**63
OVERFLOW = "OverflowError: integer overflow: kiln ints are 64-bit"

# ---------------------------------------------------------------- encoding


def enc(v):
    if v is None:
        return "n"
    if isinstance(v, bool):
        return "b:%d" % v
    if isinstance(v, int):
        return "i:%d" % v
    if isinstance(v, float):
        return "f:" + v.hex()
    if isinstance(v, str):
        return "s:" + v.encode("utf-8", "surrogatepass").hex()
    if isinstance(v, bytes):
        return "y:" + v.hex()
    if isinstance(v, tuple):
        return " ".join(["("] + [enc(x) for x in v] + [")"])
    if isinstance(v, (set, frozenset)):
        return enc_set("I" if all(type(x) is int for x in v) else "O", list(v), isinstance(v, frozenset))
    raise TypeError(v)


def enc_list(kind, items):
    return " ".join(["[", kind] + [enc(x) for x in items] + ["]"])


def enc_set(kind, items, frozen=False):
    return " ".join(["F{" if frozen else "{", kind] + [enc(x) for x in items] + ["}"])


def enc_dict(kk, vk, items):
    return " ".join(["D{", kk, vk] + [enc(x) for kv in items for x in kv] + ["}"])


class Lit:
    """A container literal as the ops see it: its Python value, built the
    way CPython builds the display (items kept in source order)."""

    def __init__(self, tag, kind, items, vkind=None):
        self.tag, self.kind, self.items, self.vkind = tag, kind, items, vkind


def parse(tokens, pos):
    """Decode one value from tokens[pos:]: (python value, next pos)."""
    t = tokens[pos]
    if t == "n":
        return None, pos + 1
    if t.startswith("i:"):
        return int(t[2:]), pos + 1
    if t.startswith("f:"):
        return float.fromhex(t[2:]), pos + 1
    if t.startswith("b:"):
        return t[2:] == "1", pos + 1
    if t.startswith("s:"):
        return bytes.fromhex(t[2:]).decode("utf-8", "surrogatepass"), pos + 1
    if t.startswith("y:"):
        return bytes.fromhex(t[2:]), pos + 1
    if t == "(":
        items, pos = [], pos + 1
        while tokens[pos] != ")":
            v, pos = parse(tokens, pos)
            items.append(v)
        return tuple(items), pos + 1
    if t in ("[", "{", "F{"):
        items, pos = [], pos + 2
        close = "]" if t == "[" else "}"
        while tokens[pos] != close:
            v, pos = parse(tokens, pos)
            items.append(v)
        if t == "[":
            return items, pos + 1
        names = {"a%d" % i: v for i, v in enumerate(items)}
        if not items:
            s = set()
        else:  # a set display: BUILD_SET
            s = eval("{" + ", ".join(names) + "}", {}, names)
        return (frozenset(s) if t == "F{" else s), pos + 1
    if t == "R":
        return range(int(tokens[pos + 1]), int(tokens[pos + 2]), int(tokens[pos + 3])), pos + 4
    if t == "D{":
        items, pos = [], pos + 3
        while tokens[pos] != "}":
            k, pos = parse(tokens, pos)
            v, pos = parse(tokens, pos)
            items.append((k, v))
        names = {}
        parts = []
        for i, (k, v) in enumerate(items):
            names["k%d" % i], names["v%d" % i] = k, v
            parts.append("k%d: v%d" % (i, i))
        return eval("{" + ", ".join(parts) + "}", {}, names), pos + 1  # BUILD_MAP n
    raise ValueError("bad token " + t)


# ---------------------------------------------------------------- the reference interpreter

KEYS = {
    "neg": lambda x: -x,
    "abs": abs,
    "mod7": lambda x: x % 7,
    "len": len,
    "first": lambda x: x[0],
    "second": lambda x: x[1],
    "str": str,
    "float": float,
    "const": lambda x: 0,
}


def exc_line(e):
    return "%s: %s" % (type(e).__name__, e)


def has_str(v):
    return isinstance(v, str) or (isinstance(v, tuple) and any(has_str(y) for y in v))


def skey(v):
    """A total order for printing sets whose order is not reproducible."""
    return (type(v).__name__, repr(v))


def ksum(x):
    """sum() as kiln computes it: CPython's, but ints stay 64-bit."""
    acc, isf = 0, False
    for v in x:
        acc = acc + v
        if isinstance(v, float):
            isf = True
        if not isf:
            check64(acc)
    return acc


def slice_of(a, b, c):
    conv = lambda x: None if x == "N" else int(x)
    return slice(conv(a), conv(b), conv(c))


def check64(v):
    if isinstance(v, int) and not isinstance(v, bool) and not (INT64_MIN <= v <= INT64_MAX):
        raise OverflowError("integer overflow: kiln ints are 64-bit")
    return v


class Ref:
    """Runs one sequence in CPython, one output line per op."""

    def __init__(self):
        self.x = None
        self.sortedsets = False  # print every set sorted: its history involved str hashes

    def run(self, lines):
        out = []
        for line in lines:
            toks = line.split()
            try:
                out.append(self.op(toks))
            except Exception as e:  # noqa: BLE001 - every error is an expected output
                out.append(exc_line(e))
        return out

    def vals(self, toks, pos=1):
        vs = []
        while pos < len(toks):
            v, pos = parse(toks, pos)
            vs.append(v)
        return vs

    def show(self, v):
        if isinstance(v, (set, frozenset)) and (self.sortedsets or any(has_str(y) for y in v)):
            return type(v).__name__ + repr(sorted(v, key=skey))
        return repr(v)

    def op(self, toks):
        name = toks[0]
        x = self.x
        if name == "new":
            self.x = self.vals(toks)[0]
            return self.show(self.x)
        if name == "newrange":
            self.x = range(int(toks[1]), int(toks[2]), int(toks[3]))
            return repr(self.x)
        if name == "show":
            return self.show(x)
        if name == "len":
            return repr(len(x))
        if name == "sortedsets":
            self.sortedsets = True
            return "ok"
        if name == "iter":
            if isinstance(x, (set, frozenset)) and (self.sortedsets or any(has_str(y) for y in x)):
                return repr(sorted(x, key=skey))
            return repr(list(x))
        if name == "reversed":
            return repr(list(reversed(x)))
        if name == "in":
            return repr(self.vals(toks)[0] in x)
        if name == "get":
            return repr(x[int(toks[1])])
        if name == "slice":
            return self.show(x[slice_of(*toks[1:4])])
        if name in ("eq", "ne", "lt", "le", "gt", "ge"):
            y = self.vals(toks)[0]
            op = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}[name]
            return repr(eval("x %s y" % op, {"x": x, "y": y}))
        if name == "hash":
            return repr(hash(x))
        if name == "copy":
            self.x = x.copy()
            return self.show(self.x)
        if name == "clear":
            x.clear()
            return self.show(x)
        if name == "count":
            return repr(x.count(self.vals(toks)[0]))
        if name == "index":
            return repr(x.index(*self.vals(toks)))
        if name == "add":
            return self.show(x + self.vals(toks)[0])
        if name == "mul":
            return self.show(x * int(toks[1]))
        if name == "sorted":
            return repr(sorted(x, key=KEYS.get(toks[1]), reverse=toks[2] == "1"))
        if name in ("min", "max"):
            f = min if name == "min" else max
            key = KEYS.get(toks[1])
            if len(toks) > 2:
                return repr(f(x, key=key, default=self.vals(toks, 2)[0]))
            return repr(f(x, key=key))
        if name == "sum":
            return repr(ksum(x))
        if name == "itermut":
            return self.itermut(toks)
        meth = getattr(self, "op_" + name)
        return meth(toks)

    # ---- lists

    def op_append(self, toks):
        self.x.append(self.vals(toks)[0])
        return repr(self.x)

    def op_insert(self, toks):
        self.x.insert(int(toks[1]), self.vals(toks, 2)[0])
        return repr(self.x)

    def op_extend(self, toks):
        y = self.vals(toks)[0]
        if isinstance(y, (set, frozenset)) and self.x and len(y) > 1:
            y = y  # order of a set: the driver's must be the same
        self.x.extend(y)
        return repr(self.x)

    def op_extendrange(self, toks):
        self.x.extend(range(int(toks[1]), int(toks[2]), int(toks[3])))
        return repr(self.x)

    def op_remove(self, toks):
        self.x.remove(self.vals(toks)[0])
        return self.show(self.x)

    def op_pop(self, toks):
        if len(toks) > 1:
            r = self.x.pop(int(toks[1]))
        else:
            r = self.x.pop()
        return repr(r) + " " + self.show(self.x)

    def op_reverse(self, toks):
        self.x.reverse()
        return repr(self.x)

    def op_sort(self, toks):
        x = self.x
        key = KEYS.get(toks[1])
        if toks[1] == "appendx":  # key functions that change the list being sorted
            key = lambda v: (x.append(0), 0)[1]  # noqa: E731
        elif toks[1] == "clearx":
            key = lambda v: (x.append(0), x.clear(), 0)[2]  # noqa: E731
        try:
            self.x.sort(key=key, reverse=toks[2] == "1")
        except Exception as e:  # the list's state after a failed sort is compared too
            return exc_line(e) + " " + repr(self.x)
        return repr(self.x)

    def op_set(self, toks):
        self.x[int(toks[1])] = self.vals(toks, 2)[0]
        return repr(self.x)

    def op_del(self, toks):
        if isinstance(self.x, dict):
            del self.x[self.vals(toks)[0]]
        else:
            del self.x[int(toks[1])]
        return repr(self.x)

    def op_setslice(self, toks):
        self.x[slice_of(*toks[1:4])] = self.vals(toks, 4)[0]
        return repr(self.x)

    def op_delslice(self, toks):
        del self.x[slice_of(*toks[1:4])]
        return repr(self.x)

    def op_iadd(self, toks):
        self.x += self.vals(toks)[0]
        return repr(self.x)

    def op_imul(self, toks):
        self.x *= int(toks[1])
        return repr(self.x)

    # ---- dicts

    def op_dset(self, toks):
        k, v = self.vals(toks)
        self.x[k] = v
        return repr(self.x)

    def op_dget(self, toks):
        return repr(self.x[self.vals(toks)[0]])

    def op_getd(self, toks):
        k, d = self.vals(toks)
        return repr(self.x.get(k, d))

    def op_get1(self, toks):
        return repr(self.x.get(self.vals(toks)[0]))

    def op_dpop(self, toks):
        r = self.x.pop(*self.vals(toks))
        return repr(r) + " " + repr(self.x)

    def op_popitem(self, toks):
        r = self.x.popitem()
        return repr(r) + " " + repr(self.x)

    def op_setdefault(self, toks):
        r = self.x.setdefault(*self.vals(toks))
        return repr(r) + " " + repr(self.x)

    def op_update(self, toks):
        self.x.update(self.vals(toks)[0])
        return self.show(self.x)

    def op_keys(self, toks):
        return repr(list(self.x.keys()))

    def op_values(self, toks):
        return repr(list(self.x.values()))

    def op_items(self, toks):
        return repr(list(self.x.items()))

    def op_vkeys(self, toks):
        return repr(self.x.keys()) + " " + repr(len(self.x.keys()))

    def op_vvalues(self, toks):
        return repr(self.x.values())

    def op_vitems(self, toks):
        return repr(self.x.items())

    def op_fromkeys(self, toks):
        it, v = self.vals(toks)
        self.x = dict.fromkeys(it, v)
        return repr(self.x)

    def op_dor(self, toks):
        return repr(self.x | self.vals(toks)[0])

    def op_dior(self, toks):
        self.x |= self.vals(toks)[0]
        return repr(self.x)

    def op_items2(self, toks):
        return repr([(k, v) for k, v in self.x.items()])

    # ---- sets

    def op_sadd(self, toks):
        self.x.add(self.vals(toks)[0])
        return self.show(self.x)

    def op_sremove(self, toks):
        self.x.remove(self.vals(toks)[0])
        return self.show(self.x)

    def op_discard(self, toks):
        self.x.discard(self.vals(toks)[0])
        return self.show(self.x)

    def op_spop(self, toks):
        r = self.x.pop()
        return repr(r) + " " + self.show(self.x)

    def op_supdate(self, toks):
        self.x.update(self.vals(toks)[0])
        return self.show(self.x)

    def op_setop(self, toks):
        y = self.vals(toks, 2)[0]
        m = toks[1]
        if m in ("union", "intersection", "difference", "symmetric_difference"):
            return self.show(getattr(self.x, m)(y))
        if m in ("issubset", "issuperset", "isdisjoint"):
            return repr(getattr(self.x, m)(y))
        if m in ("intersection_update", "difference_update", "symmetric_difference_update"):
            getattr(self.x, m)(y)
            return self.show(self.x)
        x = self.x
        if m in ("|", "&", "-", "^"):
            return self.show(eval("x %s y" % m, {"x": x, "y": y}))
        if m in ("|=", "&=", "-=", "^="):
            d = {"x": x, "y": y}
            exec("x %s y" % m, d)
            self.x = d["x"]
            return self.show(self.x)
        raise ValueError(m)

    def op_appendself(self, toks):
        self.x.append(self.x)
        return repr(self.x)

    def op_setself(self, toks):
        self.x[self.vals(toks)[0]] = self.x
        return repr(self.x)

    def op_totuple(self, toks):
        return repr(tuple(self.x))

    def op_toset(self, toks):
        return self.show(set(self.x))

    def op_tobytes(self, toks):
        return repr(bytes(self.x))

    def op_viewin(self, toks):
        view = {"k": self.x.keys, "v": self.x.values, "i": self.x.items}[toks[1]]()
        return repr(self.vals(toks, 2)[0] in view)

    def op_sortedkeys(self, toks):
        return repr(sorted(self.x))

    def op_fromset(self, toks):
        v = self.vals(toks)[0]
        return repr(dict.fromkeys(self.x, v))

    def op_setfrom(self, toks):
        y = self.vals(toks, 2)[0]
        self.x = (frozenset if toks[1] == "1" else set)(y)
        return self.show(self.x)

    # ---- tuples, ranges, bytes

    def op_index3(self, toks):
        v = self.vals(toks, 3)[0]
        return repr(self.x.index(v, int(toks[1]), int(toks[2])))

    def op_bsearch(self, toks):
        m = toks[1]
        sub, pos = parse(toks, 2)
        bounds = [None if t == "N" else int(t) for t in toks[pos:pos + 2]]
        return repr(getattr(self.x, m)(sub, *bounds))

    def op_bsplit(self, toks):
        m = toks[1]
        sep = self.vals(toks, 3)[0]
        return repr(getattr(self.x, m)(sep, int(toks[2])))

    def op_bstrip(self, toks):
        return repr(getattr(self.x, toks[1])(self.vals(toks, 2)[0]))

    def op_bcase(self, toks):
        return repr(getattr(self.x, toks[1])())

    def op_join(self, toks):
        return repr(self.x.join(self.vals(toks)[0]))

    def op_replace(self, toks):
        old, new = self.vals(toks, 2)
        return repr(self.x.replace(old, new, int(toks[1])))

    def op_decode(self, toks):
        return repr(self.x.decode(toks[1], toks[2]))

    def op_fromhex(self, toks):
        return repr(bytes.fromhex(self.vals(toks)[0]))

    def op_bcontains(self, toks):
        return repr(self.vals(toks)[0] in self.x)

    def op_rslice(self, toks):
        r = self.x[slice_of(*toks[1:4])]
        if any(not INT64_MIN <= v <= INT64_MAX for v in (r.start, r.stop, r.step)):
            raise OverflowError("Python int too large to convert to C ssize_t")  # kiln: int64 ranges
        return repr(r)

    def op_rindexof(self, toks):
        return repr(check64(self.x.index(self.vals(toks)[0])))

    def op_countof(self, toks):
        return repr(self.x.count(self.vals(toks)[0]))

    def op_sliceobj(self, toks):
        return repr(slice_of(*toks[1:4]).indices(int(toks[4])))

    # ---- mutation while iterating

    def itermut(self, toks):
        step, what, args = int(toks[1]), toks[2], self.vals(toks, 3)
        x = self.x
        seen = []
        try:
            for j, item in enumerate(x):
                seen.append(item)
                if j == step:
                    if what == "append":
                        x.append(args[0])
                    elif what == "insert0":
                        x.insert(0, args[0])
                    elif what == "pop":
                        x.pop()
                    elif what == "set":
                        x[args[0]] = args[1]
                    elif what == "del":
                        del x[args[0]]
                    elif what == "delcur":
                        del x[item]
                    elif what == "delcur_set":
                        del x[item]
                        x[args[0]] = args[1]
                    elif what == "popitem_set":
                        x.popitem()
                        x[args[0]] = args[1]
                    elif what == "add":
                        x.add(args[0])
                    elif what == "discard":
                        x.discard(args[0])
                    elif what == "discard_add":
                        x.discard(args[0])
                        x.add(args[1])
                if len(seen) > 60:
                    break
        except Exception as e:  # noqa: BLE001
            return self.show(seen) + " " + exc_line(e) + " " + self.show(x)
        return self.show(seen) + " " + self.show(x)


# ---------------------------------------------------------------- generators

def rand_int(rng, wide=True):
    r = rng.random()
    if r < 0.55:
        return rng.randint(-12, 40)
    if r < 0.7:
        return rng.choice([0, 1, -1, -2, 8, 16, 32, 64, 128, 256, 1024, 2**61 - 1, 2**61, -(2**61 - 1), 2**62, 2**63 - 1,
                           -(2**63 - 1), 2**32, 2**61 + 5, 3 * (2**61 - 1), 7])
    if r < 0.85 or not wide:
        return rng.randint(-10**6, 10**6)
    return rng.randint(-(2**63 - 1), 2**63 - 1)


def rand_float(rng, nan=True):
    r = rng.random()
    if r < 0.45:
        return rng.randint(-20, 40) / 2
    if r < 0.6:
        return float(rng.randint(-5, 30))
    if r < 0.7:
        return rng.choice([0.0, -0.0, 1e300, -1e-300, 5e-324, 1.5, 0.1, 2.0**61, 2.0**62, 1e16] +
                          ([math.inf, -math.inf, math.nan] if nan else []))
    return rng.uniform(-1000, 1000)


WORDS = ["", "a", "b", "ab", "abc", "zz", "hello", "Hi", "é", "日本", "a b", "x'y", 'q"t', "\\", "tab\t", "\x00",
         "\U0001f600", "ß", "Z", "aa", "ba"]


def rand_str(rng):
    if rng.random() < 0.7:
        return rng.choice(WORDS)
    return "".join(rng.choice("abcxyzé") for _ in range(rng.randint(0, 5)))


def rand_tuple(rng):
    r = rng.random()
    if r < 0.4:
        return (rng.randint(-3, 6), rand_str(rng))
    if r < 0.7:
        return (rng.randint(-3, 6), rng.randint(-3, 6))
    if r < 0.8:
        return ()
    if r < 0.9:
        return (rand_int(rng),)
    return (rng.randint(0, 3), (rng.randint(0, 3), rand_float(rng, nan=False)))


def rand_obj(rng, hashable_order=False, strs=True):
    if rng.random() < 0.04:  # a (frozen)set of small ints: hashable only when frozen
        items = [rng.randint(-3, 9) for _ in range(rng.randint(0, 4))]
        return frozenset(items) if hashable_order or rng.random() < 0.5 else set(items)
    r = rng.random()
    if r < 0.35:
        return rand_int(rng)
    if r < 0.5:
        return rand_float(rng, nan=not hashable_order)
    if r < 0.6:
        return rng.random() < 0.5
    if r < 0.8 and strs:
        return rand_str(rng)
    t = rand_tuple(rng)
    if not strs:
        t = tuple(x for x in t if not isinstance(x, str))
    return t


def value_for(rng, kind, sets=False, strs=True):
    if kind == "I":
        return rand_int(rng)
    if kind == "F":
        return rand_float(rng, nan=not sets)
    if kind == "B":
        return rng.random() < 0.5
    if kind == "S":
        return rand_str(rng)
    if kind == "T":
        t = rand_tuple(rng)
        return tuple(x for x in t if not isinstance(x, str)) if sets and not strs else t
    return rand_obj(rng, hashable_order=sets, strs=strs)


def kind_letter(kind):
    """The C driver's storage kind for a generator kind."""
    return {"I": "I", "F": "F", "B": "B"}.get(kind, "O")


def rand_sl(rng, n):
    def one():
        r = rng.random()
        if r < 0.3:
            return "N"
        if r < 0.9:
            return str(rng.randint(-n - 3, n + 3))
        return str(rng.choice([INT64_MAX, INT64_MIN, -INT64_MAX]))
    c = rng.random()
    step = "N" if c < 0.35 else str(rng.choice([1, 1, 2, 3, -1, -1, -2, -3, 0, 5, -7, INT64_MIN, INT64_MAX]))
    return [one(), one(), step]


def gen_list(rng):
    kind = rng.choice("IIFBSOOT")
    n = rng.choice([0, 1, 2, 3, 5, 8, 12, 20, 40]) if rng.random() < 0.9 else rng.randint(60, 700)
    if kind == "I" and rng.random() < 0.4:
        base = [rng.randint(-50, 50) for _ in range(n)]  # runs and duplicates for the sort
        if rng.random() < 0.5:
            base.sort()
            for _ in range(rng.randint(0, 5)):
                i = rng.randrange(n) if n else 0
                if n:
                    base[i] = rng.randint(-60, 60)
            if rng.random() < 0.3:
                base.reverse()
        items = base
    else:
        items = [value_for(rng, kind) for _ in range(n)]
    if kind == "O" and rng.random() < 0.6:  # mostly numbers: comparable
        items = [x if not isinstance(x, (str, tuple)) else rand_int(rng) for x in items]
    kl = kind_letter(kind)
    lines = ["new " + enc_list(kl, items)]
    length = len(items)
    keys = {"I": ["neg", "abs", "mod7", "const", "none"], "F": ["neg", "abs", "const", "none"],
            "B": ["neg", "const", "none"], "S": ["len", "const", "none"],
            "T": ["first", "second", "none", "const"], "O": ["str", "none", "const", "float"]}[kind]
    for _ in range(rng.randint(3, 25)):
        v = value_for(rng, kind)
        lit = lambda m: enc_list(kl, [value_for(rng, kind) for _ in range(m)])
        r = rng.random()
        op = rng.choice(["append", "insert", "extend", "remove", "pop", "popi", "index", "index3", "count", "clear",
                         "copy", "reverse", "sort", "sort", "sort", "get", "set", "del", "slice", "setslice",
                         "setslice", "delslice", "delslice", "add", "mul", "imul", "iadd", "in", "eq", "lt", "le",
                         "gt", "len", "sum", "min", "max", "minkey", "sorted", "reversed", "iter", "itermut",
                         "extendrange", "extendset", "show", "totuple", "toset", "tobytes"])
        if op in ("toset", "tobytes") and kind not in "IB":
            op = "totuple"
        if op in ("totuple", "toset", "tobytes"):
            lines.append(op)
        elif op == "append":
            lines.append("append " + enc(v))
            length += 1
        elif op == "insert":
            lines.append("insert %d %s" % (rng.randint(-length - 3, length + 3), enc(v)))
            length += 1
        elif op == "extend":
            m = rng.randint(0, 6)
            if rng.random() < 0.3 and kl != "O":
                lines.append("extend " + enc(tuple(value_for(rng, kind) for _ in range(m))))
            else:
                lines.append("extend " + lit(m))
            length += m
        elif op == "extendrange" and kind in "IO":
            lines.append("extendrange %d %d %d" % (rng.randint(-5, 5), rng.randint(-5, 10), rng.choice([1, 2, -1, 3])))
            length += 10
        elif op == "extendset" and kind in "IO":
            m = rng.randint(0, 6)
            lines.append("extend " + enc_set(kl, [value_for(rng, kind, sets=True, strs=False) for _ in range(m)]))
            length += m
        elif op == "remove":
            lines.append("remove " + enc(v))
        elif op == "pop":
            lines.append("pop")
        elif op == "popi":
            lines.append("pop %d" % rng.randint(-length - 2, length + 2))
        elif op == "index":
            lines.append("index " + enc(v))
        elif op == "index3":
            lines.append("index3 %d %d %s" % (rng.randint(-length - 2, length + 2), rng.randint(-length - 2, length + 2),
                                              enc(v)))
        elif op == "count":
            lines.append("count " + enc(v))
        elif op == "clear":
            lines.append("clear")
            length = 0
        elif op in ("copy", "reverse", "len", "reversed", "iter", "show"):
            lines.append(op)
        elif op == "sort":
            mutating = ["appendx", "clearx"] if kind == "I" and rng.random() < 0.1 else []
            lines.append("sort %s %d" % (rng.choice(keys + mutating), rng.random() < 0.4))
        elif op == "sorted":
            lines.append("sorted %s %d" % (rng.choice(keys), rng.random() < 0.4))
        elif op in ("min", "max"):
            if rng.random() < 0.3:
                lines.append("%s none %s" % (op, enc(v)))
            else:
                lines.append("%s none" % op)
        elif op == "minkey":
            lines.append("%s %s" % (rng.choice(["min", "max"]), rng.choice(keys)))
        elif op == "get":
            lines.append("get %d" % rng.randint(-length - 2, length + 2))
        elif op == "set":
            lines.append("set %d %s" % (rng.randint(-length - 2, length + 2), enc(v)))
        elif op == "del":
            lines.append("del %d" % rng.randint(-length - 2, length + 2))
        elif op == "slice":
            lines.append("slice " + " ".join(rand_sl(rng, length)))
        elif op == "setslice":
            m = rng.randint(0, 6)
            sl = rand_sl(rng, length)
            if rng.random() < 0.5:
                start = rng.randint(-length - 1, length + 1)
                sl = [str(start), str(start + m * rng.choice([1, 2, -1, -2])), rng.choice(["N", "2", "-1", "-2", "1"])]
            lines.append("setslice %s %s" % (" ".join(sl), lit(m)))
            length += m
        elif op == "delslice":
            lines.append("delslice " + " ".join(rand_sl(rng, length)))
        elif op == "add":
            lines.append("add " + lit(rng.randint(0, 5)))
        elif op == "iadd":
            m = rng.randint(0, 5)
            lines.append("iadd " + lit(m))
            length += m
        elif op == "mul":
            lines.append("mul %d" % rng.randint(-2, 3))
        elif op == "imul":
            k = rng.randint(-1, 3)
            if length * k < 3000:
                lines.append("imul %d" % k)
                length *= max(k, 0)
        elif op == "in":
            lines.append("in " + enc(v))
        elif op in ("eq", "lt", "le", "gt"):
            lines.append("%s %s" % (op, lit(rng.randint(0, 4)) if rng.random() < 0.6 else lines[0][4:]))
        elif op == "sum" and kind in "IFBO":
            lines.append("sum")
        elif op == "itermut":
            what = rng.choice(["append", "pop", "insert0"])
            lines.append("itermut %d %s %s" % (rng.randint(0, 6), what, enc(v)))
    if kl == "O" and rng.random() < 0.15:  # a list that contains itself: '[...]'
        lines += ["appendself", "show", "sort str 0", "mul 2", "clear"]
    return lines


def gen_dict(rng):
    kk = rng.choice("ISSOT")
    vk = rng.choice("IFSO")
    n = rng.choice([0, 1, 2, 4, 5, 6, 7, 10, 15])
    keys = [value_for(rng, kk, sets=True) for _ in range(n)]
    if kk == "O":
        keys = [k if not (isinstance(k, float) and math.isnan(k)) else 0.5 for k in keys]
    items = [(k, value_for(rng, vk)) for k in keys]
    kl, vl = kind_letter(kk), kind_letter(vk)
    lines = ["new " + enc_dict(kl, vl, items)]
    known = keys[:] or [value_for(rng, kk, sets=True)]

    def key(hashable=False):
        return rng.choice(known) if rng.random() < 0.6 else value_for(rng, kk, sets=hashable)

    def lit(m):
        ks = [key(True) for _ in range(m)]
        return enc_dict(kl, vl, [(k, value_for(rng, vk)) for k in ks])

    for _ in range(rng.randint(3, 30)):
        k, v = key(), value_for(rng, vk)
        op = rng.choice(["dset", "dset", "dset", "dget", "getd", "get1", "del", "in", "dpop", "dpopd", "popitem",
                         "setdefault", "update", "updpairs", "keys", "values", "items", "vkeys", "vvalues", "vitems",
                         "copy", "clear", "fromkeys", "fromkeysd", "fromkeyss", "len", "eq", "dor", "dior",
                         "reversed", "itermut", "itermut", "show", "items2", "many", "viewin", "viewin",
                         "sortedkeys", "totuple"])
        if op == "viewin":
            w = rng.choice("kvi")
            if w == "k":
                lines.append("viewin k " + enc(k))
            elif w == "v":
                lines.append("viewin v " + enc(v))
            else:
                lines.append("viewin i " + enc(rng.choice([(k, v), (k,), k, (k, v, v)])))
        elif op in ("sortedkeys", "totuple"):
            lines.append(op)
        elif op == "dset":
            lines.append("dset %s %s" % (enc(k), enc(v)))
            if not isinstance(k, set):
                known.append(k)
        elif op == "many":  # grow past a few resizes
            for _ in range(rng.randint(5, 30)):
                k = value_for(rng, kk, sets=True) if kk != "O" else rand_int(rng)
                lines.append("dset %s %s" % (enc(k), enc(value_for(rng, vk))))
                known.append(k)
            for _ in range(rng.randint(0, 20)):
                lines.append("del " + enc(key()))
        elif op in ("dget", "get1", "del", "in"):
            lines.append("%s %s" % (op, enc(k)))
        elif op == "getd":
            lines.append("getd %s %s" % (enc(k), enc(v)))
        elif op == "dpop":
            lines.append("dpop " + enc(k))
        elif op == "dpopd":
            lines.append("dpop %s %s" % (enc(k), enc(v)))
        elif op == "setdefault":
            lines.append("setdefault %s %s" % (enc(k), enc(v)))
            if not isinstance(k, set):
                known.append(k)
        elif op in ("update", "dor", "dior", "eq"):
            lines.append("%s %s" % (op, lit(rng.randint(0, 8)) if rng.random() < 0.8 else lines[0][4:]))
        elif op == "updpairs":
            pairs = [(key(True), value_for(rng, vk)) for _ in range(rng.randint(0, 5))]
            lines.append("update " + enc_list("O", pairs))
        elif op == "fromkeys":
            lines.append("fromkeys %s %s" % (enc_list(kl, [key(True) for _ in range(rng.randint(0, 8))]), enc(v)))
        elif op == "fromkeysd":
            lines.append("fromkeys %s %s" % (lit(rng.randint(0, 8)), enc(v)))
        elif op == "fromkeyss" and kk in "IT":
            ks = [value_for(rng, kk, sets=True, strs=False) for _ in range(rng.randint(0, 8))]
            lines.append("fromkeys %s %s" % (enc_set(kl, ks), enc(v)))
        elif op == "itermut":
            what = rng.choice(["set", "set", "del", "delcur", "delcur_set", "popitem_set"])
            step = rng.randint(0, 4)
            if what in ("set", "delcur_set", "popitem_set"):
                lines.append("itermut %d %s %s %s" % (step, what, enc(key()), enc(v)))
            elif what == "del":
                lines.append("itermut %d del %s" % (step, enc(key())))
            else:
                lines.append("itermut %d %s" % (step, what))
        elif op in ("popitem", "keys", "values", "items", "vkeys", "vvalues", "vitems", "copy", "clear", "len",
                    "reversed", "show", "items2"):
            lines.append(op)
    if vl == "O" and rng.random() < 0.15:  # a dict that contains itself: '{...}'
        lines += ["setself " + enc(key(True)), "show", "vvalues", "vitems", "clear"]
    return lines


def gen_set(rng):
    kind = rng.choice("IIFOOTS")
    strs = kind == "S" or (kind == "O" and rng.random() < 0.3)
    frozen = rng.random() < 0.25
    n = rng.choice([0, 1, 2, 3, 4, 5, 6, 8, 10, 20, 40, 100])
    items = [value_for(rng, kind, sets=True, strs=strs) for _ in range(n)]
    kl = kind_letter(kind)
    how = rng.random()
    lines = ["sortedsets"] if strs else []
    if how < 0.7:
        lines.append("new " + enc_set(kl, items, frozen))
    else:
        lines += ["new " + enc_set(kl, [], False), "setfrom %d %s" % (frozen, enc_list(kl, items))]
    first = "new " + enc_set(kl, items, frozen)
    pool = items[:] or [value_for(rng, kind, sets=True, strs=strs)]

    def val(lookup=False):
        if lookup and kind == "O" and rng.random() < 0.1:  # a set finds its frozenset twin
            return set(rng.randint(-3, 9) for _ in range(rng.randint(0, 3)))
        return rng.choice(pool) if rng.random() < 0.5 else value_for(rng, kind, sets=True, strs=strs)

    def lit(frozen_ok=True):
        m = rng.choice([0, 1, 2, 3, 5, 8, 12, 30])
        return enc_set(kl, [val() for _ in range(m)], frozen_ok and rng.random() < 0.3)

    def iterable():
        r = rng.random()
        m = rng.randint(0, 10)
        if r < 0.5:
            return lit()
        if r < 0.75:
            return enc_list(kl, [val() for _ in range(m)])
        if r < 0.85:
            return enc(tuple(val() for _ in range(m))) if kl != "O" else enc_list(kl, [val() for _ in range(m)])
        vk = rng.choice("IO")
        return enc_dict(kl, vk, [(val(), value_for(rng, vk)) for _ in range(m)])

    mutating = ["sadd", "sadd", "sremove", "discard", "spop", "clear", "supdate", "intersection_update",
                "difference_update", "symmetric_difference_update", "|=", "&=", "-=", "^=", "itermut", "many"]
    for _ in range(rng.randint(3, 25)):
        ops = ["copy", "union", "intersection", "difference", "symmetric_difference", "issubset", "issuperset",
               "isdisjoint", "|", "&", "-", "^", "eq", "lt", "le", "gt", "ge", "in", "len", "iter", "show",
               "fromset", "sorted"]
        if frozen:
            ops += ["hash"] if not strs else []
        else:
            ops += mutating
        op = rng.choice(ops)
        v = val()
        if op in ("sremove", "discard", "in"):
            v = val(lookup=True)
            lines.append("%s %s" % (op, enc(v)))
        elif op == "sadd":
            lines.append("sadd " + enc(v))
            pool.append(v)
        elif op == "many":
            for _ in range(rng.randint(5, 40)):
                lines.append("sadd " + enc(value_for(rng, kind, sets=True, strs=strs)))
            for _ in range(rng.randint(0, 30)):
                lines.append("discard " + enc(val()))
        elif op in ("spop", "fromset", "itermut") and strs:
            pass
        elif op == "spop":
            lines.append("spop")
        elif op in ("clear", "copy", "len", "iter", "show", "hash"):
            lines.append(op)
        elif op == "sorted" and kind in "IFS":
            lines.append("sorted none %d" % (rng.random() < 0.5))
        elif op == "supdate":
            lines.append("supdate " + iterable())
        elif op in ("union", "intersection", "difference", "symmetric_difference", "issubset", "issuperset",
                    "isdisjoint", "intersection_update", "difference_update", "symmetric_difference_update"):
            lines.append("setop %s %s" % (op, iterable() if rng.random() < 0.6 else first[4:]))
        elif op in ("|", "&", "-", "^", "|=", "&=", "-=", "^="):
            lines.append("setop %s %s" % (op, lit()))
        elif op in ("eq", "lt", "le", "gt", "ge"):
            lines.append("%s %s" % (op, lit() if rng.random() < 0.7 else first[4:]))
        elif op == "fromset":
            lines.append("fromset " + enc(rand_int(rng)))
        elif op == "itermut":
            what = rng.choice(["add", "discard", "discard_add"])
            if what == "discard_add":
                lines.append("itermut %d discard_add %s %s" % (rng.randint(0, 4), enc(val()), enc(val())))
            else:
                lines.append("itermut %d %s %s" % (rng.randint(0, 4), what, enc(val())))
    return lines


def gen_tuple(rng):
    n = rng.choice([0, 1, 2, 3, 5, 8])
    items = [rand_obj(rng) for _ in range(n)]
    if rng.random() < 0.5:
        items = [x if not isinstance(x, str) else rand_int(rng) for x in items]
    lines = ["new " + enc(tuple(items))]
    hashable = not any(isinstance(x, str) or (isinstance(x, tuple) and any(isinstance(y, str) for y in x))
                       for x in items) and not any(isinstance(x, float) and math.isnan(x) for x in items)
    for _ in range(rng.randint(3, 15)):
        v = rng.choice(items) if items and rng.random() < 0.5 else rand_obj(rng)
        op = rng.choice(["get", "slice", "add", "mul", "count", "index", "index3", "hash", "eq", "lt", "le", "in",
                         "len", "iter", "reversed", "show", "min", "sorted"])
        if op == "get":
            lines.append("get %d" % rng.randint(-n - 2, n + 2))
        elif op == "slice":
            lines.append("slice " + " ".join(rand_sl(rng, n)))
        elif op == "add":
            lines.append("add " + enc(tuple(rand_obj(rng) for _ in range(rng.randint(0, 3)))))
        elif op == "mul":
            lines.append("mul %d" % rng.randint(-1, 3))
        elif op in ("count", "index", "in"):
            lines.append("%s %s" % (op, enc(v)))
        elif op == "index3":
            lines.append("index3 %d %d %s" % (rng.randint(-n - 2, n + 2), rng.randint(-n - 2, n + 2), enc(v)))
        elif op == "hash" and hashable:
            lines.append("hash")
        elif op in ("eq", "lt", "le"):
            other = list(items)
            if other and rng.random() < 0.5:
                other[rng.randrange(len(other))] = v
            elif rng.random() < 0.3:
                other = other[:-1]
            lines.append("%s %s" % (op, enc(tuple(other))))
        elif op in ("min", "sorted"):
            lines.append("sorted none 0" if op == "sorted" else "min none")
        elif op in ("len", "iter", "reversed", "show"):
            lines.append(op)
    return lines


def rlen(start, stop, step):
    if step > 0:
        return max(0, (stop - start + step - 1) // step)
    return max(0, (start - stop - step - 1) // -step)


def gen_range(rng):
    def b():
        r = rng.random()
        if r < 0.7:
            return rng.randint(-20, 30)
        return rng.choice([INT64_MAX, INT64_MIN, INT64_MAX - 3, INT64_MIN + 5, 10**12, -10**12])
    step = rng.choice([1, 1, 2, 3, -1, -2, 5, -7, 0, INT64_MAX, INT64_MIN, 10**12])
    start, stop = b(), b()
    lines = ["newrange %d %d %d" % (start, stop, step)]
    if step == 0:
        return lines
    n = rlen(start, stop, step)
    small = n <= 60
    big = n > INT64_MAX
    for _ in range(rng.randint(3, 12)):
        v = rng.choice([rng.randint(-25, 35), b(), True] +
                       ([float(rng.randint(-5, 20)), rng.randint(-5, 20) + 0.5, "a", (1,)] if small else []))
        op = rng.choice(["len", "get", "slice", "in", "rindexof", "countof", "iter", "reversed", "eq", "show",
                         "hash", "sliceobj", "min", "max", "sum"])
        if op in ("iter", "reversed", "min", "max", "sum") and not small:
            continue
        if op == "slice" and big:
            continue
        if op == "hash" and (big or n < 2):
            continue
        if op == "get":
            lines.append("get %d" % rng.choice([rng.randint(-30, 30), INT64_MAX, INT64_MIN, -INT64_MAX]))
        elif op == "slice":
            lines.append("rslice " + " ".join(rand_sl(rng, 20)))
        elif op in ("in", "rindexof", "countof"):
            lines.append("%s %s" % (op, enc(v)))
        elif op == "eq":
            lines.append("eq R %d %d %d" % (rng.choice([start, b()]), rng.choice([stop, b()]), rng.choice([step, 1, 2])))
        elif op == "sliceobj":
            sl = rand_sl(rng, 10)
            lines.append("sliceobj %s %d" % (" ".join(sl), rng.randint(-1, 12)))
        elif op in ("min", "max"):
            lines.append(op + " none")
        else:
            lines.append(op)
    return lines


def gen_bytes(rng):
    alphabet = [b"a", b"b", b" ", b"\t", b"ab", b"\x00", b"\xff", b"'", b'"', b"\\", b"\n", b"A", b"\xc3\xa9",
                b"\xe2\x82\xac", b"\xf0\x9f\x98\x80", b"\xed\xa0\x80", b"\xe2\x82", b"\xc3", b"\x80", b"\xf4\x90",
                b"\xe0\x9f", b"\xf0\x90\x28", b"\x7f", b"\r"]

    def rb(m=None):
        m = rng.randint(0, 8) if m is None else m
        return b"".join(rng.choice(alphabet) for _ in range(m))
    data = rb(rng.randint(0, 12))
    lines = ["new " + enc(data)]
    n = len(data)
    for _ in range(rng.randint(3, 15)):
        op = rng.choice(["get", "slice", "bsearch", "bsplit", "bstrip", "bcase", "join", "replace", "decode", "add",
                         "mul", "eq", "lt", "bcontains", "len", "iter", "show", "hex", "fromhex", "reversed"])
        if op == "get":
            lines.append("get %d" % rng.randint(-n - 2, n + 2))
        elif op == "slice":
            lines.append("slice " + " ".join(rand_sl(rng, n)))
        elif op == "bsearch":
            m = rng.choice(["find", "rfind", "index", "rindex", "count", "startswith", "endswith"])
            sub = rb(rng.randint(0, 2)) if rng.random() < 0.8 else data[rng.randint(0, n):][:3]
            bounds = [rng.choice(["N", str(rng.randint(-n - 2, n + 2))]) for _ in range(2)]
            if m in ("startswith", "endswith") and rng.random() < 0.3:
                lines.append("bsearch %s %s %s" % (m, enc((sub, rb(1))), " ".join(bounds)))
            else:
                lines.append("bsearch %s %s %s" % (m, enc(sub), " ".join(bounds)))
        elif op == "bsplit":
            m = rng.choice(["split", "rsplit"])
            sep = None if rng.random() < 0.4 else rng.choice([b" ", b"a", b"ab", b"", b"\xff"])
            lines.append("bsplit %s %d %s" % (m, rng.choice([-1, -1, 0, 1, 2]), enc(sep)))
        elif op == "bstrip":
            chars = None if rng.random() < 0.5 else rb(rng.randint(0, 3))
            lines.append("bstrip %s %s" % (rng.choice(["strip", "lstrip", "rstrip"]), enc(chars)))
        elif op == "bcase":
            lines.append("bcase %s" % rng.choice(["upper", "lower", "hex"]))
        elif op == "join":
            items = [rb(rng.randint(0, 2)) for _ in range(rng.randint(0, 4))]
            if rng.random() < 0.1:
                items.append("s")
            lines.append("join " + enc_list("O", items))
        elif op == "replace":
            lines.append("replace %d %s %s" % (rng.choice([-1, -1, 0, 1, 2]), enc(rb(rng.randint(0, 2))), enc(rb())))
        elif op == "decode":
            lines.append("decode %s %s" % (rng.choice(["utf-8", "utf-8", "utf8", "UTF-8", "ascii", "latin-1", "cp999"]),
                                           rng.choice(["strict", "strict", "replace", "ignore", "surrogateescape",
                                                       "backslashreplace", "bogus"])))
        elif op == "add":
            lines.append("add " + enc(rb()))
        elif op == "mul":
            lines.append("mul %d" % rng.randint(-1, 3))
        elif op in ("eq", "lt"):
            lines.append("%s %s" % (op, enc(rb() if rng.random() < 0.7 else data)))
        elif op == "bcontains":
            v = rng.choice([rng.randint(-2, 260), rb(rng.randint(0, 2)), 97, 255, 0])
            lines.append("bcontains " + enc(v))
        elif op == "fromhex":
            s = rng.choice(["", "00", "ff 10", " 1a2B ", "abc", "zz", "0g", "12 3", "é1", "0a\t0b\n"])
            lines.append("fromhex " + enc(s))
        elif op in ("len", "iter", "show", "reversed"):
            lines.append(op)
        elif op == "hex":
            lines.append("bcase hex")
    return lines


GENERATORS = {"list": gen_list, "dict": gen_dict, "set": gen_set, "tuple": gen_tuple, "range": gen_range,
              "bytes": gen_bytes}

# A few fixed sequences: the examples the brief names, and edge cases.
FIXED = [
    ["new " + enc_set("I", [5, 3, 100, 8])],
    ["new " + enc_set("O", [1, 1.0, True]), "sadd " + enc(1.0), "show"],
    ["new " + enc_set("O", [1.0, 1])],
    ["new " + enc_set("I", [1]), "setop & " + enc_set("F", [1.0])],
    ["new " + enc_list("O", [1, 2.5, "a"]), "show"],
    ["new " + enc_list("I", []), "pop", "remove i:1", "index i:5"],
    ["new " + enc_dict("O", "I", [("a", 1)]), "dget s:" + b"b".hex(), "dget " + enc((1, 2))],
    ["new " + enc_dict("O", "O", [(1, "a")]), "dset " + enc(1.0) + " " + enc("b"), "dset b:1 " + enc("c")],
    ["new " + enc((1,)), "show"],
    ["new " + enc(()), "hash"],
    ["new " + enc((1, 2)), "hash"],
    ["new " + enc_set("I", [1, 2, 3], True), "hash"],
    ["new " + enc_set("O", [], False), "show"],
    ["new " + enc_set("O", [], True), "show"],
    ["new " + enc_set("I", [1], True), "show"],
    ["newrange 0 5 1", "show", "reversed"],
    ["new " + enc(b"\x00abc"), "show"],
    ["new " + enc(b"it's"), "show"],
    ["new " + enc(b"'\""), "show"],
    ["new " + enc_list("I", list(range(10))), "setslice 0 N 2 " + enc_list("I", [1, 2]),
     "setslice N N -1 " + enc_list("I", list(range(10)))],
    ["new " + enc_list("F", [3.0, math.nan, 1.0, 2.0, math.nan, 0.0]), "sort none 0", "sort none 1"],
    ["new " + enc_list("O", [3, "a", 1, 2]), "sort none 0"],
    ["new " + enc_dict("I", "I", [(i, i) for i in range(3)]), "itermut 0 set i:10 i:1"],
    ["new " + enc_dict("I", "I", [(i, i) for i in range(3)]), "itermut 0 delcur_set i:10 i:1"],
    ["new " + enc_set("I", [1, 2, 3]), "itermut 0 add i:10"],
    ["new " + enc_list("I", [1, 2, 3]), "sum", "append i:%d" % INT64_MAX, "sum"],
]

# ---------------------------------------------------------------- building and running


def build(args):
    exe_dir = os.path.join(ROOT, "build", "tests")
    os.makedirs(exe_dir, exist_ok=True)
    drv = os.path.join(HERE, "containers_driver.c")
    if args.san:
        exe = os.path.join(exe_dir, "containers_driver_san")
        srcs = sorted(os.path.join(ROOT, "runtime", f) for f in os.listdir(os.path.join(ROOT, "runtime"))
                      if f.endswith(".c"))
        cmd = [args.cc, "-std=c11", "-D_GNU_SOURCE", "-O1", "-g", "-fno-omit-frame-pointer",
               "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-ffp-contract=off", "-fno-fast-math",
               "-I" + os.path.join(ROOT, "runtime"), "-o", exe, drv] + srcs + ["-lpcre2-8", "-lutf8proc", "-lm"]
    else:
        subprocess.run(["make", "-s", "-C", ROOT, "build/libkilnrt.a"], check=True)
        exe = os.path.join(exe_dir, "containers_driver")
        cmd = [args.cc, "-std=c11", "-D_GNU_SOURCE", "-O2", "-g", "-Wall", "-Wextra", "-Wno-unused-parameter",
               "-ffp-contract=off", "-I" + os.path.join(ROOT, "runtime"), "-o", exe, drv,
               os.path.join(ROOT, "build", "libkilnrt.a"), "-lpcre2-8", "-lutf8proc", "-lm"]
    subprocess.run(cmd, check=True)
    return exe


def run_driver(exe, cases, san, oom=0):
    text = "".join("T %d\n%sE\n" % (i, "".join(l + "\n" for l in c)) for i, c in enumerate(cases))
    env = dict(os.environ)
    if oom:
        env["KR_OOM"] = str(oom)
    if san:
        env["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0:exitcode=86"
        env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1:exitcode=86"
    p = subprocess.run([exe], input=text.encode("utf-8"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out = p.stdout.decode("utf-8", "surrogateescape").split("\n")
    results, cur = [], []
    for line in out:
        if line == "=":
            results.append(cur)
            cur = []
        else:
            cur.append(line)
    if p.returncode != 0:
        sys.stderr.write(p.stderr.decode("utf-8", "replace")[-4000:])
    return results, p.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=700, help="random sequences per container type (default 700)")
    ap.add_argument("--seed", type=int, default=20240611)
    ap.add_argument("--san", action="store_true", help="build with -fsanitize=address,undefined")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--bin", help="use this driver instead of building one")
    ap.add_argument("--oom", type=int, default=0, metavar="RUNS",
                    help="fail every allocation of each sequence in turn (at most RUNS runs a sequence); "
                         "checks for crashes and leaks only")
    ap.add_argument("-v", action="store_true", help="show every mismatch in full")
    args = ap.parse_args()
    if sys.version_info[:2] != (3, 11):
        sys.exit("test_containers.py: the oracle must be CPython 3.11, this is %s" % sys.version.split()[0])

    t0 = time.time()
    exe = args.bin or build(args)
    rng = random.Random(args.seed)
    cases, names = [], []
    for i, c in enumerate(FIXED):
        cases.append(c)
        names.append("fixed%d" % i)
    for kind, gen in GENERATORS.items():
        for i in range(args.n):
            cases.append(gen(rng))
            names.append("%s%d" % (kind, i))
    got, rc = run_driver(exe, cases, args.san, args.oom)
    passed = failed = 0
    if args.oom:
        for i, have in enumerate(got):
            if have:
                failed += 1
                if failed <= 10:
                    print("FAIL %s: %s" % (names[i], "; ".join(have)[:400]))
            else:
                passed += 1
        if len(got) != len(cases) or rc != 0:
            print("driver exited with status %d after %d of %d sequences" % (rc, len(got), len(cases)))
            failed += 1
        print("(%.1fs)" % (time.time() - t0))
        print("%d passed, %d failed" % (passed, failed))
        sys.exit(1 if failed else 0)
    shown = 0
    per = {}
    for i, case in enumerate(cases):
        want = Ref().run(case)
        have = got[i] if i < len(got) else ["<driver output missing>"]
        kind = names[i].rstrip("0123456789")
        if want == have:
            passed += 1
            per.setdefault(kind, [0, 0])[0] += 1
            continue
        failed += 1
        per.setdefault(kind, [0, 0])[1] += 1
        if shown < (1000 if args.v else 8):
            shown += 1
            print("FAIL %s" % names[i])
            for j, line in enumerate(case):
                w = want[j] if j < len(want) else "<none>"
                h = have[j] if j < len(have) else "<none>"
                mark = "  " if w == h else "!!"
                print("  %s %s" % (mark, line[:200]))
                if w != h:
                    print("       want: %s" % w[:400])
                    print("       have: %s" % h[:400])
            for extra in have[len(case):]:
                print("     extra: %s" % extra[:400])
    for kind, (p, f) in per.items():
        print("%-6s %5d passed, %d failed" % (kind, p, f))
    if rc != 0:
        print("driver exited with status %d" % rc)
        failed += 1
    print("(%.1fs)" % (time.time() - t0))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
