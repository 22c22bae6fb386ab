# f-string format specs: widths, alignment, fill, precision, signs, thousands, hex/bin/oct, percent.
pi = 3.14159265
n = 1234567
neg = -42
print(f"{pi:.2f}|{pi:10.3f}|{pi:<10.1f}|{pi:^10.2f}|{pi:+.0f}")
print(f"{n:,}|{n:_}|{n:>12,}|{n:012d}|{neg:05d}|{neg:+d}|{7:+d}")
print(f"{255:x}|{255:X}|{255:#x}|{5:b}|{5:08b}|{8:o}|{8:#o}")
print(f"{0.125:%}|{0.5:.1%}|{1e-5:e}|{123456.789:.3e}|{1.5:g}|{1e20:g}")
print(f"{'hi':>5}|{'hi':<5}|{'hi':^6}|{'hi':*^7}|{'x':-<3}")
w = 8
p = 3
print(f"{pi:{w}.{p}f}|{n!r}|{'q'!r}|{True}|{None}")
rows = [("apple", 3, 1.5), ("kiwi", 12, 0.25), ("banana", 7, 10.0)]
for r in rows:
    name, qty, price = r
    print(f"{name:<8}{qty:>4}{price:>8.2f}{qty * price:>9.3f}")
print(f"{{literal}} {n % 1000:03}")
