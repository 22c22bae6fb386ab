# Files are not supported yet: open() has no row.
# error: 3: kiln does not support open(str) yet (no op-library row)
print(open("notes.txt").read())
