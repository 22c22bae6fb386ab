# Integer floor division and modulo signs, powers, abs, divmod-like pairs and comparisons chains.
vals = [17, -17, 5, -5, 1, 0]
divs = [5, -5, 3, -3, 7]
for a in vals:
    line: list[str] = []
    for b in divs:
        line.append(f"{a // b},{a % b}")
    print(a, " ".join(line))
print(2 ** 0, 2 ** 62, 3 ** 20, (-2) ** 3, abs(-9), abs(9))
print(1 < 2 < 3, 1 < 3 < 2, 5 > 4 >= 4, 1 == 1 != 2)
x = 10
x += 5
x -= 3
x *= 4
x //= 5
x %= 7
x = x * x * x
print(x)
print(0xff, 0o17, 0b1011, 1_000_000, 7 & 3, 7 | 8, 6 ^ 3, 1 << 10, 1024 >> 3, ~5)
print(max(3, 9), min(3, 9), max([4, 1, 8]), min([4, 1, 8]))
big = 1
for i in range(1, 21):
    big *= i
print(big, big // 1000000007, big % 1000000007)
