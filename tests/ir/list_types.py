# List displays take the join of their items; [] alone holds boxed objects.
# expect: builtin list.new v
# expect: : list[int]
# expect: : list[object]
# expect: : list[list[int]]
a = [1, 2]
b = []
c = [a, [3]]
print(a, b, c)
