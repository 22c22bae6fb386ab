# Error path: consuming iterators by hand with next(): pairing tokens from a
# stream, next() with a default, a for loop resuming a half-used iterator,
# and finally a bare next() on an exhausted iterator (uncaught StopIteration).
tokens = ["name", "ada", "born", "1815", "field", "maths", "orphan"]
it = iter(tokens)
record: dict[str, str] = {}
while True:
    key = next(it, "")
    if key == "":
        break
    value = next(it, "<missing>")
    record[key] = value
    print(f"{key!r} -> {value!r}")
print(record)
numbers = iter([3, 1, 4, 1, 5, 9, 2, 6])
first = next(numbers)
second = next(numbers)
print("first two:", first, second)
rest_total = 0
for n in numbers:
    rest_total += n
    if n == 9:
        break
print("sum up to 9:", rest_total, "left:", list(numbers))
print("exhausted default:", next(numbers, -1))
try:
    next(numbers)
except StopIteration:
    print("StopIteration caught")
letters = iter("kiln")
print(next(letters), next(letters), "".join(letters))
keys = iter({"a": 1, "b": 2})
print(next(keys), next(keys), next(keys, "none"))
pairs = iter([(1, "x"), (2, "y"), (3, "z")])
print(next(pairs), list(pairs))
evens = iter([x for x in range(10) if x % 2 == 0])
print([next(evens) for _ in range(3)], next(evens, 99), next(evens, 99), next(evens, 99))


def take(source: list[int], n: int) -> list[int]:
    src = iter(source)
    out: list[int] = []
    for _ in range(n):
        out.append(next(src))
    return out


print(take([10, 20, 30, 40], 2), take([10, 20, 30, 40], 4))
print(take([1, 2, 3], 5))
