# str concatenation, repetition, comparison, membership, len.
a = "kiln"
b = "fire"
c = a + " " + b
print(c, len(c), a * 3, 2 * b, a < b, a == "kiln", "il" in a, "x" not in b)
s = ""
for i in range(5):
    s = s + str(i) + ","
print(s, len(s), str(2.5), str(True), repr(1.0))
print("é" + "ü", len("héllo"))
