# int(s, base): every base, prefixes with base 0, underscores, whitespace and Unicode digits, CPython's messages.
print(int("ff", 16), int("FF", 16), int("0xff", 16), int("0XFF", 0), int("777", 8), int("0o777", 0), int("0o17", 8))
print(int("101", 2), int("0b101", 0), int("0B11", 2), int("z", 36), int("ZZ", 36), int("123", 4), int("11", 3))
print(int("1_000"), int("1_000_000", 10), int("0x_1f", 0), int("0x1_f", 16), int("0b_1_0", 0), int("00", 0), int("0_0", 0))
print(int("  42  "), int("\t-7\n"), int("+5"), int("-0x10", 16), int(" -0b101 ", 0), int("٣٤"), int("\u3000 12 \u3000"))
print(int("9223372036854775807"), int("-9223372036854775808"), int("0x7fffffffffffffff", 0), int("-0x8000000000000000", 16))
print(int("1010", base=2), int("0x10", base=0), int("ab", base=16), int("10", 10))
digits = "0123456789abcdefghijklmnopqrstuvwxyz"
for b in range(2, 37):
    s = digits[b - 1] + "0" + digits[b // 2]
    print(b, s, int(s, b), int(s.upper(), b), int("-" + s, b))
bad = ["", " ", "_1", "1_", "1__0", "0x", "0b", "0o", "010", "0_x1", "0b__1", "12abc", "1e5", "1.0", "--5", "+-5", "- 5",
       "abc", "0x1g", "7\x00", "\x1c5", "ß", "12\u00e9", "0b2", "08", "0o8"]
for s in bad:
    for b in [0, 2, 8, 10, 16, 36]:
        try:
            print(repr(s), b, int(s, b))
        except ValueError as e:
            print(repr(s), b, "ValueError:", e)
for b in [-1, 1, 37, 100]:
    try:
        print(int("1", b))
    except ValueError as e:
        print(b, "ValueError:", e)
try:
    int("q" * 300)
except ValueError as e:
    print(len(str(e)), str(e)[-20:])
try:
    int("é" * 250, 16)
except ValueError as e:
    print(len(str(e)), str(e)[:60])
