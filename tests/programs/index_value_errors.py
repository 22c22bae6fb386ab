# ValueError from list.index and str.index, and -1 from str.find for the same lookups.
xs = [4, 8, 15, 16, 23, 42]
for v in [15, 42, 7]:
    try:
        print(v, xs.index(v))
    except ValueError as e:
        print(v, "ValueError:", e)
words = ["red", "green", "blue"]
try:
    print(words.index("green"), words.index("pink"))
except ValueError as e:
    print("ValueError:", e)
s = "hello world"
for sub in ["o", "world", "z", ""]:
    print(repr(sub), s.find(sub))
    try:
        print(s.index(sub))
    except ValueError as e:
        print("index failed:", e)
