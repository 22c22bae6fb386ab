# sys.stdin as a text file: readline(), then iteration by line, then read()
# of nothing left; a word count over the lines it gave.
# stdin: first line
# stdin: the quick brown fox
# stdin: jumps over the lazy dog
# stdin:
# stdin: last line, with ünïcode
import sys

head = sys.stdin.readline()
print(repr(head))
counts: dict[str, int] = {}
n = 0
for line in sys.stdin:
    n += 1
    for w in line.split():
        counts[w] = counts.get(w, 0) + 1
print(n, sorted(counts.items())[:5])
print(repr(sys.stdin.read()), repr(sys.stdin.readline()))
