# Comprehension variables have their own scope (Python 3): they neither leak
# nor clobber the enclosing function's or module's variables, and the first
# iterable is evaluated in the enclosing scope.
x = "module x"
ys = [x for x in range(3)]
print(x, ys)


def f():
    x = 10
    i = 99
    squares = [x * x for x in range(4)]
    pairs = [(i, x) for i in range(2) for x in "ab"]
    print(x, i, squares, pairs)
    x = [1, 2, 3]
    doubled = [x * 2 for x in x]
    print(x, doubled)
    total = sum(i for i in x)
    print(i, total)
    return {x: x for x in "hi"}


print(f())
n = 3
print([n * k for k in range(n)])
data = [[1, 2], [3, 4]]
print([v for data in data for v in data], data)
