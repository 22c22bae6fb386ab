# Chains of str + (the emitter concatenates a chain at once): empty parts,
# non-ASCII text, += with a chain, chains in loops and across calls, and
# the order in which operands are evaluated.


def tag(s: str) -> str:
    print("tag", s)
    return "<" + s + ">"


def build(parts: list[str], sep: str) -> str:
    out = ""
    for i in range(len(parts)):
        out += sep + parts[i] + "#" + str(i)
    return "[" + out + "]"


a, b, e = "caf\u00e9", "na\u00efve \u2014 ok", ""
print(a + b + a, len(a + b + a), (a + b + a)[3:7])
print("(" + e + ")", e + e + e == "", len(e + a + e), (e + a + e) is not None)
print(tag("x") + tag("y") + tag("z"))
print(build(["p", "q\u00e9", ""], ", "))
s = "start"
for k in range(3):
    s = s + "-" + str(k) + ("" if k % 2 else "!")
print(s, len(s))
t = a + (b + (a + e)) + "|" + (e + b)
print(t, len(t), t[-4:], t.count("\u00e9"))
words = ["alpha", "beta", "gamma"]
line = ""
for w in words:
    line += w[0].upper() + w[1:] + " "
print(line.strip() + ".")
sur = "\ud83d" + "" + "x"
print(len(sur), sur[1])
