# Displays, calls and closures with more than 16 items: the type of every
# item counts (an 18-item tuple's last item, a list of ints with a str at
# position 17, a closure over 17 cells, a method with 17 parameters).

wide = (1, "a", 2.5, True, None, (3, "b"), "", "u", 4, 5, 6, 7, 8, 9, 10, 11, 12, "z")
print(wide[-1], wide[17], wide[-2], wide[-13], len(wide))
print(wide)

xs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 2.5, "s"]
print(xs[-1], xs[-2], xs)
s = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, "x"}
print(len(s), "x" in s, 17 in s)
d = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: "ten"}
print(d[10], d[9])
print(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, "a", 2.5, sep="|")

a, b, c, d2, e, f2, g, h, i, j, k, l, m, n, o, p, q, r = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
                                                          14, 15, 16, 17, "r")
print(r, q, a)


def many(a: int, b: int, c: int, d: int, e: int, f: int, g: int, h: int, i: int, j: int,
         k: int, l: int, m: int, n: int, o: int, p: int, q: float, r: str) -> str:
    return f"{a + p} {q} {r}"


print(many(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17.5, "r"))


def outer() -> float:
    v1 = 1; v2 = 2; v3 = 3; v4 = 4; v5 = 5; v6 = 6; v7 = 7; v8 = 8; v9 = 9
    v10 = 10; v11 = 11; v12 = 12; v13 = 13; v14 = 14; v15 = 15; v16 = 16; v17 = 17.5

    def inner() -> float:
        return v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9 + v10 + v11 + v12 + v13 + v14 + v15 + v16 + v17

    print(inner())
    return inner() * 2


print(outer())


class C:
    def m(self, a: int, b: int, c: int, d: int, e: int, f: int, g: int, h: int, i: int, j: int,
          k: int, l: int, m: int, n: int, o: int, p: int, q: float) -> float:
        return a + p + q


print(C().m(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17.5))
