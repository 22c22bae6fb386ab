# bin/oct/hex of ints (negative too), abs, and any/all over every kind of iterable.
for n in [0, 1, -1, 2, 7, -8, 255, -255, 4096, 1000000, -123456789, 9223372036854775807, -9223372036854775807]:
    print(n, bin(n), oct(n), hex(n), abs(n))
print(bin(True), hex(False), oct(True), abs(True), abs(False), abs(-0.0), abs(-2.5), abs(float("-inf")))
x = -42
print(bin(x), hex(x * 1000), oct(-x), bin(x).count("1"), len(hex(2 ** 40)), int(bin(x), 2), int(hex(x), 16), int(oct(x), 8))
print(abs(x) + abs(-x), abs(x - 100), abs(3 - 7.5))
print(any([0, 0, 1]), any([0, 0]), any([]), all([1, 2, 3]), all([1, 0]), all([]))
print(any([0.0, 0.5]), all([0.1, 2.0]), any(["", ""]), any(["", "x"]), all(["a", ""]), any([False, True]))
print(any((0, 0)), all((1, 1)), any(""), all(""), any("0"), all("abc"))
print(any({0: "a", 1: "b"}), all({0: "a", 1: "b"}), any({}), all({}), any({0}), all({1, 2}), any(set()))
print(any(range(0)), any(range(1)), any(range(2)), all(range(1, 5)), all(range(0, 5)), all(range(0)))
print(any([[], []]), any([[], [0]]), all([[1], [2]]), any({"a": 1}.values()), all({"a": 0}.values()), any({"": 1}.keys()))
nums = [3, 8, 15, 22]
print(any([n > 20 for n in nums]), all([n > 2 for n in nums]), any([n % 7 == 0 for n in nums]))
words = ["apple", "Banana", "cherry"]
print(any([w[0].isupper() for w in words]), all([len(w) > 4 for w in words]))
