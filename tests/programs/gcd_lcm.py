# Euclid's gcd (iterative and recursive), lcm over a list, extended gcd tuples.
def gcd(a: int, b: int) -> int:
    while b != 0:
        a, b = b, a % b
    return a


def gcd_rec(a: int, b: int) -> int:
    if b == 0:
        return a
    return gcd_rec(b, a % b)


def lcm(a: int, b: int) -> int:
    return a // gcd(a, b) * b


def ext_gcd(a: int, b: int) -> tuple[int, int, int]:
    if b == 0:
        return a, 1, 0
    g, x, y = ext_gcd(b, a % b)
    return g, y, x - (a // b) * y


las = [12, 17, 100, 0, 270]
lbs = [18, 5, 75, 9, 192]
for i in range(len(las)):
    a = las[i]
    b = lbs[i]
    print(a, b, gcd(a, b), gcd_rec(a, b), lcm(a, b) if a and b else 0)
acc = 1
for k in range(1, 21):
    acc = lcm(acc, k)
print("lcm 1..20 =", acc)
g, x, y = ext_gcd(240, 46)
print(g, x, y, 240 * x + 46 * y)
print(gcd(-12, 18), gcd(12, -18), -7 % 3, 7 % -3, -7 // 2)
