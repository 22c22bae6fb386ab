# str.format with positional and keyword arguments, nested specs, and str.format_map.
print("{} {}".format(1, "a"), "{0}{1}{0}".format("ab", "cd"), "{:>{w}}".format("x", w=5), "{a}{b}".format(a=1, b=2.5))
print("{:.2f}|{:08.3f}|{:+d}|{:x}|{:#b}|{:,}|{:_}".format(3.14159, -2.5, 7, 255, 5, 1234567, 987654321))
print("{:<6}|{:^6}|{:>6}|{:*^7}|{:=+6}".format("l", "c", "r", "s", 42))
print("{!r} {!s} {!a}".format("q", 1.5, "é"), "{0!r:>6}".format("z"), "{{literal}} {}".format(0))
print("{name} is {age} years".format(name="Ada", age=36), "{0} and {x}".format("pos", x="kw"))
print("{:{fill}{align}{width}}".format("mid", fill="-", align="^", width=9), "{:.{p}e}".format(12345.6789, p=2))
print("{0[1]} {1[a]} {2[0][1]}".format([10, 20], {"a": "A"}, [(1, 2)]), "{:%}".format(0.25), "{:g}".format(1e20))
print("{} {} {}".format(True, None, [1, 2]), "{:d}".format(True), "{:>5}".format(True), "{:.3}".format("abcdef"))
n = 3
total = 12.5
label = "kiln"
print("{} built {} files, {:.1f} s".format(label, n, total), "{lbl:>8}:{num:03d}".format(lbl=label, num=n))
rows = [("apple", 3, 1.5), ("kiwi", 12, 0.25)]
for item, qty, price in rows:
    print("{:<8}{:>4}{:>8.2f}".format(item, qty, price))
print("{:>{}}|{:<{}}|".format("a", 4, "b", 3))
print("{0.real} {0.imag} {1.numerator}".format(2.5, 7))
template = "{greeting}, {who}!"
print(template.format(greeting="Hello", who="world"), template.format(who="kiln", greeting="Hi"))
print("{a}-{b}".format_map({"a": 1, "b": "two"}), "{x:>4}".format_map({"x": 3.5}), "{}".format())
people = {"name": "Grace", "lang": "COBOL"}
print("{name} wrote {lang}".format_map(people))
for spec in ["{", "}", "{0", "{:d}", "{1}", "{x}", "{0!z}", "{:=s}"]:
    try:
        print(spec.format("s"))
    except ValueError as e:
        print("ValueError:", e)
    except IndexError as e:
        print("IndexError:", e)
    except KeyError as e:
        print("KeyError:", e)
try:
    print("{missing}".format_map({"other": 1}))
except KeyError as e:
    print("KeyError:", e)
try:
    print("{:d}".format(2.5))
except ValueError as e:
    print("ValueError:", e)
