# f-strings with conversions and format specs.
name = "kiln"
n = 42
x = 3.14159
print(f"{name} {n} {x}")
print(f"[{n:>6}] [{n:<6}] [{n:^6}] [{n:06d}] [{n:x}] [{n:#b}] [{n:,}]")
print(f"[{x:.2f}] [{x:10.3f}] [{x:e}] [{x:g}] [{-x:+.1f}] [{0.5:%}]")
print(f"[{name:>8}] [{name!r}] [{name:*^10}]")
print(f"{n=} {x = :.1f}")
