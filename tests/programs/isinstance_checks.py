# isinstance() with builtin classes and tuples of them: static types decided at compile time, variants and Optionals at run time.
from typing import Optional
print(isinstance(1, int), isinstance(True, int), isinstance(True, bool), isinstance(1, bool), isinstance(1.0, int))
print(isinstance(2.5, float), isinstance(2, float), isinstance("s", str), isinstance("s", (int, str)), isinstance(None, type(None)))
print(isinstance([1], list), isinstance((1,), tuple), isinstance({1: 2}, dict), isinstance({1}, set), isinstance(frozenset([1]), frozenset))
print(isinstance({1}, frozenset), isinstance(b"x", bytes), isinstance(range(3), range), isinstance([1], (tuple, dict)), isinstance(3, (str, (list, int))))
x = 5
print(isinstance(x, int), isinstance(x * 1.5, float), isinstance(str(x), str), isinstance(x > 2, bool), isinstance(x > 2, int))


def describe(v: int) -> str:
    w = v if v > 0 else "neg"
    if isinstance(w, bool):
        return "bool"
    if isinstance(w, int):
        return "int"
    if isinstance(w, (float, str)):
        return "float or str"
    return "?"


print(describe(3), describe(-1))


def maybe(n: int) -> Optional[list[int]]:
    if n > 0:
        return [n]
    return None


for n in [1, 0]:
    o = maybe(n)
    print(isinstance(o, list), isinstance(o, type(None)), isinstance(o, (dict, type(None))), isinstance(o, tuple))

vals = [1, 2.5, "a", True, None, [1], (1, 2), {1: 2}, {3}, frozenset([4]), b"x", range(3)]
for v in vals:
    flags = [isinstance(v, int), isinstance(v, bool), isinstance(v, float), isinstance(v, str), isinstance(v, list),
             isinstance(v, dict), isinstance(v, tuple), isinstance(v, set), isinstance(v, frozenset),
             isinstance(v, bytes), isinstance(v, type(None)), isinstance(v, range)]
    print(repr(v), "".join(["1" if f else "." for f in flags]), isinstance(v, (int, float)), isinstance(v, (list, tuple, set)))

numbers = 0
texts = 0
for item in [3, "x", 4.5, "y", False, None]:
    if isinstance(item, (int, float)) and not isinstance(item, bool):
        numbers += 1
    elif isinstance(item, str):
        texts += 1
print(numbers, texts)
