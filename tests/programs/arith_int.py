# Integer arithmetic with CPython's floor division and modulo signs.
def show(a: int, b: int) -> None:
    print(a, b, a + b, a - b, a * b, a // b, a % b, a / b)


for a in range(-7, 8, 3):
    for b in range(-3, 4):
        if b != 0:
            show(a, b)
print(2 ** 10, 7 << 3, -7 >> 1, 6 & 3, 6 | 3, 6 ^ 3, ~5, -(-4), +3)
print(10 // 3, -10 // 3, 10 % -3, -10 % -3, 9223372036854775807 // -1)
