# print to stderr, assert, and sys.exit with a status.
import sys


def check(n: int) -> int:
    assert n >= 0, "n must not be negative"
    return n * 2


print("to stdout")
print("to stderr", 42, file=sys.stderr)
print(check(4), file=sys.stdout)
try:
    check(-1)
except AssertionError as e:
    print("assertion:", e)
sys.exit(3)
print("not reached")
