# Adding to a dict while iterating over it raises CPython's RuntimeError.
d = {"a": 1, "b": 2}
seen = []
for k in d:
    seen.append(k)
    if len(seen) == 2:
        print(seen)
        d["c"] = 3
print("unreachable")
