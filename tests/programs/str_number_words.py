ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def words(n: int) -> str:
    if n < 0:
        return "minus " + words(-n)
    if n < 20:
        return ONES[n]
    if n < 100:
        t, o = divmod(n, 10)
        return TENS[t] + ("-" + ONES[o] if o else "")
    if n < 1000:
        h, r = divmod(n, 100)
        return ONES[h] + " hundred" + (" and " + words(r) if r else "")
    for value, name in ((1_000_000_000, "billion"), (1_000_000, "million"), (1000, "thousand")):
        if n >= value:
            q, r = divmod(n, value)
            return words(q) + " " + name + ((", " if r >= 100 else " and ") + words(r) if r else "")
    return "?"


def main() -> None:
    for n in [0, 7, 13, 20, 42, 99, 100, 101, 999, 1000, 1001, 12345, 1_000_000, 2_500_017, -8, 3_000_000_005]:
        print(f"{n:>13,}: {words(n)}")


main()
