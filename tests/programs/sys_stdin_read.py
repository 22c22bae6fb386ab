# sys.stdin.read(): all of it at once; numbers summed from it. Then the
# streams: sys.stdout.write interleaved with print, sys.stderr.write,
# flush, and print(file=...) to both.
# stdin: 3 4 5
# stdin: 10 20
# stdin: 1.5
import sys

data = sys.stdin.read()
nums = [float(t) for t in data.split()]
print(len(data), sum(nums))
sys.stdout.write("written ")
print("printed")
n = sys.stdout.write("a line\n")
print(n)
sys.stdout.flush()
print("to stdout", file=sys.stdout)
sys.stderr.write("warning: something\n")
print("error: last line", file=sys.stderr)
