# str.find/rfind/index/rindex/count/startswith/endswith with start/end; partition.
s = "hello world, hello kiln"
print(s.find("hello", 1), s.find("hello", 1, 10), s.find("o", -5), s.find("o", -100, 100))
print(s.rfind("hello", 0, 10), s.rfind("o", 5), s.rfind("o", -5, -1), s.rfind("zz", 3))
print(s.find("", 30), s.find("", 23), s.find("", -3), s.rfind("", 5, 2), s.find("l", 10, 5))
print(s.index("l", 4), s.rindex("l", 0, -5))
print(s.count("l", 3), s.count("l", 3, 12), s.count("", 20), s.count("", 5, 2), s.count("o", -8))
print(s.startswith("world", 6), s.startswith("world", 6, 9), s.endswith("hello", 0, 18))
print(s.endswith("kiln", -4), s.startswith("", 23), s.startswith("", 24), s.endswith("", -100, 100))
print(s.startswith(("x", "he")), s.endswith(("ln", "zz")), s.startswith(("a", "b")))
print(s.startswith(("wor", "x"), 6), s.endswith(("hello",), 0, 18))
print(s.partition(", "), s.partition("zz"), s.rpartition("hello"), s.rpartition("zz"))
head, sep, tail = "key=value=x".partition("=")
print(head, sep, tail)
a, b, c = "a.b.c".rpartition(".")
print(a, b, c)
try:
    s.index("zz", 2)
except ValueError as e:
    print("ValueError:", e)
try:
    s.rindex("hello", 1, 10)
except ValueError as e:
    print("ValueError:", e)
try:
    s.partition("")
except ValueError as e:
    print("ValueError:", e)
print("ünïcödé".find("c", 2), "ünïcödé".rfind("ö", -4), "ünïcödé".count("ö", 1, 6))
print(s.startswith(("he", 1)))
try:
    print(s.startswith(("x", 1)))
except TypeError as e:
    print("TypeError:", e)
try:
    print(s.endswith(("x", 2.5), 3))
except TypeError as e:
    print("TypeError:", e)
prefixes = ("http://", "https://")
for url in ["https://a.b", "ftp://c", "http://d"]:
    print(url, url.startswith(prefixes), url.find("/", 6), url.rpartition("/")[2])
line = "  name = kiln  "
key, eq, value = line.partition("=")
print(repr(key.strip()), eq, repr(value.strip()), line.count(" ", 2, -2))
print(s.index("o", 5, -3), s.rindex("o", -12), s.find("", 0, 0), s.find("h", True))
print("abc".rindex("c", 0, 3))
print("abc".index("z", 1))
