# error: 2: expected ':'
with open(path) as f
    data = f.read()
