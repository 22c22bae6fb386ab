# sys: argv (no arguments given: only the program), maxsize, platform,
# byteorder, from-imports, sys used inside functions, and an exit status
# from sys.exit() in a helper after output.
import sys
from sys import argv, maxsize
import sys as system


def usage() -> str:
    if len(sys.argv) > 1:
        return "args: " + " ".join(sys.argv[1:])
    return "no args"


def check(n: int) -> None:
    if n > 3:
        print("too big", file=sys.stderr)
        sys.exit(3)


print(len(sys.argv), len(argv), isinstance(sys.argv[0], str), usage())
print(sys.maxsize, maxsize == 9223372036854775807, system.maxsize + -1)
print(sys.platform, sys.byteorder)
print(sys.argv[1:], argv == sys.argv)
for i in range(10):
    print(i)
    check(i)
