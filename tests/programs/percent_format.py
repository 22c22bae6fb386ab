# printf-style formatting: str % value, str % tuple, str % dict.
print("%5.2f|%-4d|%x|%r|%%" % (3.14159, 42, 255, "hi"))
print("%s" % 5, "%s" % "x", "%s" % 2.5, "%s" % True, "%s" % None, "%s" % [1, 2], "%r" % "q", "%d" % 7)
print("%d items at %.1f%%" % (3, 99.5), "%s-%s" % ("a", "b"), "(%s)" % (1,), "%s" % ((1, 2),))
print("%(name)s is %(age)d" % {"name": "Ada", "age": 36}, "%(x)05.1f" % {"x": 2.25}, "%(a)s%(a)s" % {"a": "z"})
print("%i %u %o %X %#x %#o %e %E %g %G" % (5, 6, 8, 255, 255, 8, 12345.678, 0.00012, 1e-5, 1234567.0))
print("%+d % d %05d %-5d| %5s|%-5s|%.2s" % (5, 5, -42, 3, "ab", "cd", "xyz"))
print("%c%c %*d %-*d| %.*f" % ("k", 105, 6, 42, 4, 7, 3, 2.0 / 3))
print("%s and %r" % ("str", 1.0), "%a" % "é", "%5.1s|" % "hello", "%%d" % (), "no args" % ())
print("%d" % 3.99, "%x" % -255, "%o" % -8, "%.3e" % 0.0, "%g" % float("inf"), "%f" % float("nan"), "%s" % float("-inf"))
name = "kiln"
n = 3
ratio = 0.125
print("%s compiled %d files (%.1f%% cached)" % (name, n, ratio * 100))
rows = [("apple", 3, 1.5), ("kiwi", 12, 0.25)]
for r in rows:
    print("%-8s|%4d|%6.2f" % r)
d = {"k": 1, "v": [1, 2]}
print("%(k)s %(v)s" % d, "%s" % d, "%s" % {"a": 1})
for fmt in ["%d %d", "%d", "%(a)s", "%z", "%", "%(a"]:
    try:
        print(fmt % (1,))
    except TypeError as e:
        print("TypeError:", e)
    except ValueError as e:
        print("ValueError:", e)
try:
    print("%(missing)s" % {"other": 1})
except KeyError as e:
    print("KeyError:", e)
try:
    print("%d" % "x")
except TypeError as e:
    print("TypeError:", e)
try:
    print("%s %s" % ("one",))
except TypeError as e:
    print("TypeError:", e)
try:
    print("%(a)s" % [1])
except TypeError as e:
    print("TypeError:", e)
