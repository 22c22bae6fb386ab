# s += t and s = s + t + u in loops: kiln grows the str in place when
# nothing else holds it (kr_str_append_n), as CPython does. Every other
# holder of the old value (another name, a list, a dict key, a set, a
# parameter, a value read after) must still see the old text.


def build(n: int) -> str:
    s = ""
    for i in range(n):
        s += chr(97 + i % 26)
    return s


def build_chain(n: int) -> str:
    s = "["
    for i in range(n):
        s = s + str(i) + ","
    return s + "]"


def grow_param(s: str, n: int) -> str:
    for _ in range(n):
        s += "."
    return s


def keep_history(n: int) -> list[str]:
    s = "x"
    seen: list[str] = []
    for i in range(n):
        seen.append(s)
        s += str(i)
    seen.append(s)
    return seen


big = build(50000)
print(len(big), big[:30], big[-5:], big.count("z"))
print(build_chain(12))
base = "base"
print(grow_param(base, 5), base)
print(keep_history(6))

# another name for the same str
s = "ab"
t = s
for c in "cde":
    s += c
print(s, t)

# a dict key and a set item keep their text (and their hash)
s = "key"
d: dict[str, int] = {}
seen: set[str] = set()
for i in range(4):
    d[s] = i
    seen.add(s)
    s += "!"
print(d, sorted(seen), "key!!" in d, "key!!" in seen, s in d)
probe = "key"
probe += "!!"
print(probe in d, probe in seen, hash(probe) == hash("key!!"), probe == "key!!")

# read after the append: the old value stays alive
s = "old"
for i in range(3):
    before = s
    s += "+"
    print(before, s, before is s)

# non-ASCII text, past the length where a str carries an index
u = ""
for i in range(40):
    u += "\u00e9" if i % 3 == 0 else "a"
print(len(u), u[0], u[31], u[32], u[-1], u.find("\u00e9aa\u00e9", 5))
w = "\u4e2d"
for i in range(5):
    w = w + "x" + "\u6587"
print(w, len(w), w[3])
mixed = "ascii start "
for word in ["caf\u00e9", "na\u00efve", "plain", "\U0001f600"]:
    mixed += word + " "
print(mixed, len(mixed), mixed.upper())

# in a try, and an exception in the middle of building
out = ""
for x in [1, 2, 0, 4]:
    try:
        out += str(10 // x) + ";"
    except ZeroDivisionError:
        out += "div0;"
print(out)
acc = "start"
try:
    for i in range(5):
        acc += str(i)
        if i == 3:
            raise ValueError(acc)
except ValueError as e:
    print("ValueError", e, acc)
lines = ""
for i in range(3):
    lines += f"line {i}\n"
print(lines, end="")
