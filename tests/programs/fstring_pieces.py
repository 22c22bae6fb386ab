# f-strings whose plain int, float and str fields kiln writes straight into
# the result (kr_str_build), beside fields with specs and conversions, and
# the one-field and constant cases, against CPython.
import math


def row(i: int, name: str, score: float) -> str:
    return f"k{i},{name},{score}"


ints = [0, 7, -7, 10, 255, -1000000, 9223372036854775807, -9223372036854775807 - 1]
floats = [0.0, -0.0, 1.5, -2.25, 1e16, 1e-5, 123456789.125, 1 / 3, math.inf, -math.inf, math.nan, 5e-324]
names = ["", "ada", "caf\u00e9", "\U0001f600!", "x" * 70]
for i in ints:
    print(f"[{i}]", f"{i}{i}", f"{i}:{-i if i > -9223372036854775807 else 0}")
for x in floats:
    print(f"<{x}>", f"{x}|{x:.3f}|{x!r}", f"{x:g}" if not math.isnan(x) else "nan")
for k, n in enumerate(names):
    print(row(k, n, k / 4), len(row(k, n, float(k))), f"{n}{k}{n}")
w = 8
for i in ints[:5]:
    print(f"{i:{w}d}|{i:<{w}}|{i!s}|{i!r}|{str(i)}|{i:x}")
s = "same"
print(f"{s}" is s, f"{s}" == s, f"{s:>6}", f"{s!r}", f"{'caf' + chr(233)!r}")
b = True
print(f"{b} {b:d} {b!r} {1 == 2}")
print(f"{'const'}", f"plain text", f"{{braces}} {1}{2.5}{'three'}")
total = 0
parts: list[str] = []
for i in range(200):
    p = f"{i}:{i * 0.5}:{i % 7}"
    total += len(p)
    parts.append(p)
print(total, parts[:3], parts[-1])
