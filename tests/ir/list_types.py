# List displays take the join of their items; an empty one takes its item
# type from what is later put in it, and one nothing is put in stays empty.
# expect: builtin list.new v
# expect: : list[int]
# expect: : list[NoReturn]
# expect: : list[list[int]]
# expect: : list[str]
a = [1, 2]
b = []
c = [a, [3]]
d = []
d.append("x")
print(a, b, c, d)
