# ValueError from int() and float() on bad text, parsed values from good text.
def parse_int(s: str) -> str:
    try:
        return str(int(s))
    except ValueError as e:
        return "error: " + str(e)


def parse_float(s: str) -> str:
    try:
        return str(float(s))
    except ValueError as e:
        return "error: " + str(e)


for s in ["42", "-17", "  8  ", "+5", "1_000", "x", "", "3.5", "0x10", "007"]:
    print(repr(s), parse_int(s))
for s in ["3.25", "-0.5", "1e3", "inf", "abc", "", " 2.5 ", "1.2.3", "7"]:
    print(repr(s), parse_float(s))
