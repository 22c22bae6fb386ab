# Replacing a key while iterating keeps the size but CPython still notices:
# "dictionary keys changed during iteration".
d = {"a": 1, "b": 2, "c": 3}
for k in d:
    print(k)
    v = d.pop(k)
    d[k + "!"] = v
