# next() on an exhausted iterator: an uncaught StopIteration.
it = iter([1])
print(next(it))
print(next(it))
