# Star-expressions and unpacking: starred assignment targets, in calls, in
# list/tuple/set/dict displays, in return/yield, in for targets, in subscripts.
a, b = 1, 2
a, *b = range(5)
*a, b = range(5)
a, *b, c = range(5)
[a, b] = (a, b) = c = d = [1, 2]
(a, (b, c)), d = (1, (2, 3)), 4
for x, *rest in [(1, 2, 3)]:
    pass
for (i, j) in []:
    pass
first, = [1]
f(*args, **kwargs)
f(1, *a, 2, *b, k=3, **c, **d)
f(*a, k=1, *b)
lst = [*a, *b, 1]
tup = (*a, *b)
tup1 = *a, *b
st = {*a, *b}
dct = {**a, "k": 1, **b}
print(*[1, 2], sep="")
x[*idx] = 1
y = x[*idx, 0]
z = x[1:2, ..., None]


def gen():
    yield *a, *b
    return *a, b


del a, (b, c), [d]
del x[0], x.y
