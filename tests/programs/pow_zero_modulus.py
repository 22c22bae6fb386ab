# pow() with a zero modulus: CPython's ValueError, uncaught.
base = 5
mod = 0
print(pow(base, 2, mod + 3))
print(pow(base, 2, mod))
