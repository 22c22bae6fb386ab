# round() with banker's rounding and CPython's correctly rounded float round(x, n); divmod of ints and floats.
print(round(0.5), round(1.5), round(2.5), round(-0.5), round(-1.5), round(-2.5), round(3.5), round(-3.5))
print(round(0.49999999999999994), round(4503599627370497.0), round(-7.49999999), round(7), round(True))
print(round(2.675, 2), round(1.005, 2), round(0.125, 2), round(0.375, 2), round(2.5, 0), round(3.5, 0))
print(round(1e300, 2), round(1.7976931348623157e308, 0), round(5e-324, 323), round(5e-324, 400), round(1e-10, 5))
print(round(-0.4, 0), round(0.4, 0), round(-0.0, 3), round(123.456, -1), round(123.456, -2), round(123.456, -3))
print(round(1234.5, -1), round(1250.0, -2), round(1350.0, -2), round(-1250.0, -2), round(9.99, -1), round(5.0, -1))
print(round(1e22, -21), round(4.35, 1), round(4.45, 1), round(0.285, 2), round(99999.5, 0), round(12.3456, 3))
print(round(float('inf'), 2), round(float('-inf'), -5), round(float('nan'), 1), round(3.14159, 400), round(3.14159, -400))
print(round(123456, -2), round(150, -2), round(250, -2), round(-250, -2), round(-251, -2), round(49, -2), round(50, -2))
print(round(15, -1), round(25, -1), round(35, -1), round(-15, -1), round(7, 3), round(0, -5), round(987654321, -30))
print(round(9223372036854775807, -19 - 2), round(-9223372036854775807, 0), round(5, 0))
x = 2.5
n = 1
print(round(x * 3, n), round(x, n + 1), round(x / 7, n + 3), round(-x, n - 1))

print(divmod(7, 2), divmod(-7, 2), divmod(7, -2), divmod(-7, -2), divmod(0, 5), divmod(6, 3))
print(divmod(7.5, 2), divmod(-7.5, 2.0), divmod(7.5, -2.0), divmod(1, 0.3), divmod(-0.0, 1.0), divmod(0.0, -1.0))
print(divmod(9223372036854775807, 2), divmod(-9223372036854775807, 10), divmod(1e300, 7.0), divmod(5, 1e300))
q, r = divmod(100, 7)
print(q, r, q * 7 + r)
fq, fr = divmod(10.5, 3)
print(fq, fr)
total = 0
for a in range(-20, 21, 3):
    for b in [-7, -3, -1, 1, 2, 5]:
        d, m = divmod(a, b)
        total += d * 31 + m
        if d * b + m != a:
            print("bad", a, b)
print(total)
for a2 in [-2.5, -1.0, 0.0, 0.1, 3.75, 1e10]:
    print(a2, divmod(a2, 0.7), divmod(a2, -1.25))
try:
    divmod(1, 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    divmod(1.5, 0.0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    divmod(3, 0.0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(round(float('inf')))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(round(float('nan')))
except ValueError as e:
    print("ValueError:", e)
try:
    print(round(1.7976931348623157e308, -308))
except OverflowError as e:
    print("OverflowError:", e)
