# Variables assigned before and inside a try keep their values in the
# handler; an exception raised while handling another ends the program with
# the new one (CPython chains them).
def parse_all(items: list[str]) -> int:
    total = 0
    bad = 0
    for s in items:
        step = 1
        try:
            step = 2
            total += int(s)
            step = 3
        except ValueError:
            bad += step
    return total * 100 + bad


print(parse_all(["1", "2", "x", "40", "", "5"]))
stage = "start"
try:
    stage = "middle"
    print(1 // 0)
except ZeroDivisionError:
    print("stage:", stage)
try:
    print([1][5])
except IndexError:
    raise TypeError("while handling")
