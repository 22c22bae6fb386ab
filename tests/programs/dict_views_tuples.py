# dict views as values (printing, len, membership, iteration after change),
# tuples of one type and of mixed types, and tuple(...) of any length.
inventory = {"apples": 3, "pears": 0, "plums": 7}
ks = inventory.keys()
vs = inventory.values()
its = inventory.items()
print(ks, vs, its)
print(len(ks), "apples" in ks, "kiwis" in ks, ("plums", 7) in its, 3 in vs)
inventory["kiwis"] = 1
print(ks, len(vs))
print(sorted(vs), list(ks), list(its)[0])
print(sum(inventory.values()), max(inventory.values()), min(inventory))
stocked = [name for name, n in inventory.items() if n > 0]
print(stocked)
t = tuple(x * 2 for x in range(4))
print(t, len(t), t[0], t[-1], 6 in t, sum(t))
u = tuple([1.5, 2.5])
print(u, u[1])
w = tuple("abc")
print(w, "".join(w), sorted(w, reverse=True))
mixed = (1, "a", 2.5)
print(mixed[0] + 1, mixed[1] + "b", mixed[2] * 2, len(mixed))
for item in mixed:
    print(repr(item))
nums = (3, 1, 2)
print(sorted(nums), min(nums), max(nums), list(reversed(nums)))
print(tuple(), tuple({1: 2}), tuple(reversed("ab")))
print(list(reversed(range(4))), list(reversed(inventory)))
