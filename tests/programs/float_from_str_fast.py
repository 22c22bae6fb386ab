# float(s) on the common short decimals (runtime/ops.c float_fast: one exact
# multiplication or division) and on the forms it leaves to the full
# parser: every value's repr must be CPython's, every error its ValueError.


def parse_all(texts: list[str]) -> list[str]:
    out: list[str] = []
    for t in texts:
        try:
            out.append(repr(float(t)))
        except ValueError as e:
            out.append("ValueError: " + str(e))
    return out


texts = ["0", "-0", "-0.0", "+0.0", "1", "1.5", "-2.25", "+3.75", "12.34", "0.1", "0.3", "2.675",
         "123456789012345", "1234567890123456", "999999999999999.9", "0.000001", "1e5", "1E5",
         "1.e5", ".5", "-.5", "5.", "1e-5", "1.5e+10", "2.5E-22", "2.5e22", "2.5e23", "1e-23",
         "7e22", "9007199254740993", "9007199254740993.0", "0.1e1", "100.0000000000000001",
         "  42.5  ", "\t-7.125\n", "1_000.5", "1__0", "_1.0", "1.0_", "1e", "e5", ".", "-",
         "", " ", "1.2.3", "1e5.5", "--1", "+-1", "1 2", "inf", "-Infinity", "nan", "NaN",
         "0x10", "1e400", "-1e400", "1e-400", "4.9e-324", "1.7976931348623157e308",
         "00001.2500", "0.30000000000000004", "3.141592653589793", "2.718281828459045",
         "1e0022", "1e-0022", "1e+", "12345678901234.5", "1234567890123.45"]
for line in parse_all(texts):
    print(line)

# many values from a generator: digits, decimals and exponents in the fast
# range and just outside it
x = 12345
total = 0.0
bad = 0
for i in range(4000):
    x = (x * 1103515245 + 12345) % 2147483648
    whole = x % 100000
    frac = (x >> 7) % 1000000
    exp = (x >> 3) % 60 - 30
    for t in [f"{whole}.{frac}", f"-{frac}.{whole}e{exp}", f"{x}e{exp % 25}", f"0.{frac:06d}",
              f"{whole}{frac}.{x % 7}"]:
        v = float(t)
        total += v if abs(v) < 1e300 else 0.0
        if repr(v) != repr(float(repr(v))):
            bad += 1
print(repr(total), bad)
