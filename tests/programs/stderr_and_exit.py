# Print with sep/end to stdout and stderr, then an uncaught RuntimeError ends the program.
import sys

print("a", "b", "c", sep="-")
print("no newline", end="|")
print("next", 1, 2.5, None, True, sep=", ", end="\n\n")
print("warning: something", file=sys.stderr)
print()
items = ["x", "y"]
for it in items:
    print(it, end=" ")
print()
raise RuntimeError("fatal: " + ",".join(items))
