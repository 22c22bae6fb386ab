# Expressions: every binary, unary, comparison and boolean operator, chained
# comparisons, precedence, conditional expressions, comprehensions of every
# kind (nested, with conditions), generator arguments, slices, attributes,
# calls, subscripts, ellipsis, yield and yield from, parenthesized forms.
r = a + b - c * d / e // f % g ** h @ i
r = a << b >> c & d | e ^ f
r = -a, +a, ~a, not a, - - a, not not a, -a ** -b, (-a) ** b
r = a < b <= c > d >= e == f != g is h is not i in j not in k
r = a and b or c and not d
r = a or b or c
r = a and b and c
r = (a or b) and c
r = a if b else c if d else e
r = (a if b else c) if d else e
r = lambda: a if b else c
r = [x for x in y]
r = [x for x in y if x if not x]
r = [(x, y) for x in a for y in b if x != y]
r = [[y for y in x] for x in z]
r = {x for x in y}
r = {k: v for k, v in items}
r = (x for x in y)
r = sum(x for x in y)
r = f(x for x in y)
r = f(a, b, *c, d=1, **e)
r = f()()()
r = f(a)(b)[c].d
r = a.b.c.d
r = a[0]
r = a[1:2]
r = a[:]
r = a[::]
r = a[1:]
r = a[:2]
r = a[::3]
r = a[1:2:3]
r = a[1:2, 3]
r = a[1:2, ::3]
r = a[...]
r = a[..., 1]
r = a[()]
r = a[(1, 2)]
r = a[1, 2]
r = a[-1]
r = ...
r = Ellipsis
r = None, True, False
r = (), [], {}, (1,), [1], {1}, {1: 2}, (1, 2), [1, 2,], {1, 2,}, {1: 2, 3: 4,}
r = (a)
r = ((a))
r = (yield)
r = (yield a)
r = (yield from a)
r = x if (yield) else y
r = a.b(c)[d:e]
r = 1 if True else 2
r = not a == b
r = -a.b
r = a ** b ** c
r = (a ** b) ** c
r = a - b - c
r = a - (b - c)
r = a * (b + c)
r = a @ b @ c
r = a.__class__.__name__
r = "str".join(x)
r = b"bytes".decode()
r = [*a]
r = a if b else lambda: c
r = print


def generator():
    yield
    yield 1
    yield 1, 2
    x = yield
    y = yield from range(3)
    await_ = 1
    return (yield)
