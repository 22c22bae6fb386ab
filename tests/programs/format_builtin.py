# format(x, spec) for ints, floats, bools, strs, None and containers.
print(format(42), format(42, "d"), format(42, "08b"), format(42, "x"), format(-42, "#o"), format(42, ">6"), format(1234567, ","))
print(format(3.14159, ".2f"), format(3.14159, "e"), format(0.5, "%"), format(1e-7, "g"), format(2.0, ""), format(-0.0, "+.1f"))
print(format(True, ""), format(True, "d"), format(False, ">6"), format(True, "x"), format(True, "^7"))
print(format("kiln", ""), format("kiln", ">8"), format("kiln", "*^10"), format("kiln", ".2"), format("é", "<3") + "|")
print(format(None, ""), format([1, 2], ""), format((1, "a"), ""), format({"k": 1}, ""), format({2}, ""))
print(format(float("inf"), "f"), format(float("nan"), ">6"), format(1e100, ".3g"), format(123.456, "010.2f"))
width = 7
for v in [1, 22, 333]:
    print(format(v, ">" + str(width)) + "|" + format(v * 1.5, "<" + str(width) + ".1f") + "|")
for spec in ["q", "=5s", ",s"]:
    try:
        print(format("s", spec))
    except ValueError as e:
        print("ValueError:", e)
try:
    print(format(None, "x"))
except TypeError as e:
    print("TypeError:", e)
try:
    print(format([1], ">5"))
except TypeError as e:
    print("TypeError:", e)
try:
    print(format(2.5, "d"))
except ValueError as e:
    print("ValueError:", e)
