# iter() and next() over lists, strs, tuples, dicts, sets and ranges; next() with a default; StopIteration.
it = iter([10, 20, 30])
print(next(it), next(it), next(it), next(it, -1), next(it, -2))
s = iter("héllo")
print(next(s), next(s), list(s), next(s, "end"))
t = iter((1, "two", 3.0))
print(next(t), next(t), next(t), next(t, None))
d = {"a": 1, "b": 2, "c": 3}
k = iter(d)
print(next(k), next(k), list(k))
vi = iter(d.values())
print(next(vi), sum(vi))
ii = iter(d.items())
print(next(ii), next(ii))
r = iter(range(3, 20, 5))
print(next(r), next(r), next(r), next(r), next(r, 0))
e = iter([1.5])
print(next(e, None), next(e, None))
st = iter({7})
print(next(st), next(st, "none"))
again = iter(it)
print(next(again, "exhausted"))
nums = [1, 2, 3, 4, 5, 6]
pairs = iter(nums)
for a in pairs:
    b = next(pairs)
    print("pair", a, b)
lines = iter(["header", "1", "2", "3"])
head = next(lines)
print(head, sum([int(x) for x in lines]))
empty = iter([])
print(next(empty, "default"), next(iter(""), "no chars"), next(iter(range(0)), 99))
try:
    next(iter([]))
except StopIteration:
    print("StopIteration caught")
g = iter([1, 2])
try:
    while True:
        print("got", next(g))
except StopIteration as ex:
    print("done", repr(ex))
try:
    next([1, 2])
except TypeError as ex:
    print("TypeError:", ex)
firsts = [next(iter(w)) for w in ["apple", "banana", "cherry"]]
print(firsts)
