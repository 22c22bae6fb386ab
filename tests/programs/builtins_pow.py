# pow() with two and three arguments: modular exponentiation, negative exponents through the modular inverse.
print(pow(2, 10), pow(3, 0), pow(-2, 3), pow(2, -1), pow(10, -3), pow(0, 0), pow(-1, 63))
print(pow(2.0, 0.5), pow(2, 0.5), pow(9.0, 2), pow(-8.0, 3), pow(2.5, -2), pow(0.0, 0.0))
print(pow(3, 4, 5), pow(2, 100, 1000000007), pow(7, 0, 13), pow(5, 3, 1), pow(5, 0, 1), pow(0, 5, 7))
print(pow(-3, 3, 7), pow(3, 3, -7), pow(-3, 3, -7), pow(-2, 5, 9), pow(2, 62, 9223372036854775807))
print(pow(38, -1, 97), pow(3, -2, 11), pow(-5, -1, 7), pow(4, -1, -9), pow(2, -3, 1), pow(0, -1, 1))
print(pow(123456789, 987654321, 1000000007), pow(9223372036854775806, 9223372036854775806, 9223372036854775807))
print(pow(3037000500, 2, 9223372036854775807 - 1), pow(-9223372036854775807, 3, 1000003))
x = 7
print(pow(x, 2) + 1, pow(x, 3) // 2, x ** 2 - pow(x, 2), pow(x, x, x + 1))
f = 1.5
print(pow(f, 2), f ** 2, pow(f, 3) / 2, f ** 0.5)
acc = 0
for b in range(1, 40):
    for ex in range(0, 12):
        acc = (acc * 31 + pow(b, ex, 1009)) % 1000000007
print(acc)
inv_ok = 0
for a in range(1, 50):
    for m in [7, 11, 49, 50, 97]:
        try:
            i = pow(a, -1, m)
            if (a * i) % m == 1 % m:
                inv_ok += 1
        except ValueError as e:
            print(a, m, e)
print(inv_ok)
try:
    print(pow(2, 3, 0))
except ValueError as e:
    print("ValueError:", e)
try:
    print(pow(0, -1))
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
