path = "/tmp/kiln_test_files_io.txt"
with open(path, "w") as f:
    n = f.write("alpha\nbeta\r\ngamma\rdelta\n")
    f.write("ünïcode ✓\n")
    print("wrote", n)
with open(path) as f:
    print(repr(f.readline()))
    print(repr(f.read(3)))
    print(repr(f.read()))
with open(path, encoding="utf-8") as f:
    for line in f:
        print(line.rstrip("\n"))
lines = open(path).readlines()
print(len(lines), lines[-1])
with open(path, "rb") as fb:
    data = fb.read()
    print(len(data), data[:5])
with open(path, "a") as f:
    f.write("more\n")
print(sum(1 for _ in open(path)))
try:
    open("/tmp/kiln-no-such-dir/does/not/exist.txt")
except FileNotFoundError as e:
    print("missing:", e)
try:
    open("/tmp")
except IsADirectoryError as e:
    print("dir:", e)
f = open(path)
f.close()
try:
    f.read()
except ValueError as e:
    print("closed:", e)
w = open(path, "w")
try:
    w.read()
except OSError as e:
    print("unsupported:", e)
w.close()
with open(path, "wb") as fb:
    fb.write(b"\xff\xfe")
try:
    open(path).read()
except UnicodeDecodeError as e:
    print("decode:", e)
open("/nonexistent_dir/x.txt")
