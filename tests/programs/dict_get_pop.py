# dict.get without a default, pop with and without one, setdefault with one argument.
d = {"a": 1, "b": 2}
x = d.get("a")
y = d.get("z")
print(x, y, x is None, y is None)
if x is not None:
    print(x + 10)
print(d.pop("a"), d)
print(d.pop("q", 99), d)
print(d.pop("b", 0), d)
try:
    d.pop("nope")
except KeyError as e:
    print("KeyError:", e)
names = {1: "one"}
n = names.get(2)
print(n)
print(names.get(1))
reg: dict[str, list[int]] = {}
reg.setdefault("k", []).append(3)
reg.setdefault("k", []).append(4)
print(reg)
o = {"x": None}
print(o.setdefault("x"), o.setdefault("y"), o)
cfg = {"k": "v"}
v = cfg.get("k")
print(v if v else "none", None is v, cfg.get("q") is not None)
counts: dict[str, int] = {}
for w in ["a", "b", "a"]:
    c = counts.get(w)
    print(w, c, c is None)
    counts[w] = counts.get(w, 0) + 1
print(counts)
fl = {1.5: 2.5}
print(fl.get(1.5), fl.get(0.0), fl.pop(1.5), fl)
on = {"a": None}
print(on.get("a"), on.get("b"))
missing = cfg.pop("zz")
