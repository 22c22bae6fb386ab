# A comprehension is a loop filling an empty list; its variable lives in a
# slot of its own (x at module level stays the global), and sum() of a
# generator expression accumulates in a loop without a list.
# expect: builtin list.new : list[int]
# expect: builtin .append v
# expect: binop + v
# expect: global x : str
x = "global"
squares = [x * x for x in range(4)]
total = sum(x for x in squares if x > 1)
print(x, squares, total)
