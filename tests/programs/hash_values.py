# hash() of ints, floats, bools, None, strs, bytes, tuples, frozensets: CPython's values where they are deterministic.
print(hash(0), hash(1), hash(-1), hash(-2), hash(2**61 - 1), hash(2**61), hash(9223372036854775807), hash(-9223372036854775807))
print(hash(1.0), hash(-1.0), hash(0.5), hash(-0.0), hash(1e100), hash(1.5e-300), hash(float("inf")), hash(float("-inf")))
print(hash(True), hash(False), hash(1) == hash(1.0) == hash(True), hash(0) == hash(0.0) == hash(False))
print(hash(()), hash((1,)), hash((1, 2)), hash((1, 2, 3)), hash((-1, -2)), hash(((1, 2), (3, 4))), hash((1.5, 2)))
print(hash((True, 0, 0.0)), hash((None,)) == hash((None,)), hash(frozenset()), hash(frozenset([1, 2, 3])), hash(frozenset({5})))
s = "kiln"
t = "ki" + "ln"
print(hash(s) == hash(t), hash(""), hash(b""), hash(b"ab") == hash(b"ab"), hash(b"") == hash(""), hash(None) == hash(None))
print(hash(("a", 1)) == hash(("a", 1)), hash(frozenset(["x", "y"])) == hash(frozenset(["y", "x"])))
d = {1.0: "a"}
print(d[1], hash(2) == hash(2.0))
total = 0
for i in range(-500, 500, 7):
    total = (total * 31 + hash(i) % 1000003 + hash(i / 4) % 1000003 + hash((i, i + 1)) % 1000003) % 1000000007
print(total)
for x in [3.141592653589793, 2.718281828459045, 1e-5, 123456789.123, -0.1, 1 / 3]:
    print(x, hash(x), hash(-x), hash((x, 1)))
for bad in [[1], {1: 2}, {3}]:
    try:
        hash(bad)
    except TypeError as e:
        print("TypeError:", e)
