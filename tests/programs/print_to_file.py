import sys
path = "/tmp/kiln_test_print_file.txt"
with open(path, "w") as f:
    print("hello", 3, 4.5, sep="-", file=f)
    print([1, 2], end="!\n", file=f)
    print(file=f)
print("to stderr", file=sys.stderr)
print("to stdout", file=sys.stdout)
with open(path) as f:
    print(repr(f.read()))
