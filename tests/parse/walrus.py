# Assignment expressions (PEP 572) in their allowed places.
import re

if (n := len("abc")) > 2:
    print(n)
while chunk := read():
    process(chunk)
matches = [m for s in lines if (m := re.match("x", s))]
total = [y := 0, y**2]
print(f"{(z := 10)}")
f(x := 1, y=(w := 2))
data = {"k": (v := 3)}
items[(i := 0)] = 1
lam = lambda: (q := 1)
assert (a := 1), (b := 2)
with (ctx := open("f")) as fh:
    pass
z = (t := 5) if (u := 6) else (t := 7)
s = {(s1 := 1), 2}
print(x[(y := 1) : (z := 2)])
print(x[y := 1])
