# and/or return one of their operands; not gives a bool.
def pick(a, b):
    return a or b


print(pick(0, 5), pick(3, 5), pick("", "x"), not 0, not "a")
t = 1 < 2 < 3
u = 1 < 3 < 2
print(t, u, 0 and 1, 2 and 3)
v = 0 or 2.5
print(v)
