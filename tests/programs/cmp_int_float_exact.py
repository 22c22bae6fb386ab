# An int and a float compare exactly, as CPython compares them: the int is not rounded to a
# double first (2**53 + 1 > 2.0**53), nan is unordered, and the limits of int64 hold.
def table(ints: list[int], floats: list[float]) -> None:
    for n in ints:
        row: list[str] = []
        for x in floats:
            bits = [n == x, n != x, n < x, n <= x, n > x, n >= x,
                    x == n, x != n, x < n, x <= n, x > n, x >= n]
            row.append("".join("1" if b else "0" for b in bits))
        print(n, " ".join(row))


big = 2 ** 53
ints = [0, 1, -1, 3, big - 1, big, big + 1, -big - 1, 2 ** 62, -(2 ** 62) * 2, 2 ** 62 + (2 ** 62 - 1)]
floats = [0.0, -0.0, 1.0, 2.5, -2.5, 3.0, float(big), float(big) * 2, 9.2e18, -9.3e18, 9.3e18,
          float("inf"), float("-inf"), float("nan"), 0.5, -0.5]
table(ints, floats)

flag = True
print(flag == 1.0, flag < 1.5, 2.0 > flag, 0.0 == (not flag))
count = 0
for k in range(-20, 20):
    y = k / 4
    if y == int(y) and abs(y) < 1e15:
        count += 1
print(count)
