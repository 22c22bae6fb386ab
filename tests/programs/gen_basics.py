def count_up(n: int):
    i = 0
    while i < n:
        yield i
        i += 1


def words(text: str):
    for w in text.split():
        if w:
            yield w.upper()
    yield "END"


def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b


def chain(a: list[int], b: list[int]):
    yield from a
    yield from b
    return


def pairs(xs: list[str]):
    for i, x in enumerate(xs):
        for j in range(i + 1, len(xs)):
            yield (x, xs[j])


print(list(count_up(5)), sum(count_up(101)))
for w in words("hello big  world"):
    print(w)
out = []
for f in fib():
    if f > 100:
        break
    out.append(f)
print(out)
print(list(chain([1, 2], [3])), max(chain([5], [9, 2])))
print(list(pairs(["a", "b", "c"])))
g = count_up(3)
print(next(g), next(g), next(g))
print(sorted(words("b a c")), ",".join(words("x y")))
