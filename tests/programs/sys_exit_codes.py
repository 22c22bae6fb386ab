# sys.exit with a computed status after writing to stdout and stderr.
import sys


def validate(xs: list[int]) -> int:
    bad = 0
    for x in xs:
        if x < 0:
            print(f"negative value {x}", file=sys.stderr)
            bad += 1
    return bad


n = validate([3, -1, 4, -5, 9])
print("bad count:", n)
if n > 0:
    print("exiting with", n + 1)
    sys.exit(n + 1)
print("unreachable")
