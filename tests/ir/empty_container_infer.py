# [] / {} / set() get their element types from later stores: appends, item
# assignments, adds, through globals and through calls (xs is filled by fill).
# expect: builtin list.new : list[float]
# expect: builtin dict.new : dict[str, int]
# expect: builtin set.new : set[tuple[int, int]]
# expect: func fill(list[float]) -> None
def fill(xs):
    xs.append(1.5)


xs = []
fill(xs)
d = {}
d["a"] = 1
s = set()
s.add((1, 2))
print(xs, d, s)
