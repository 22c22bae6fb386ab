# error: 2: iterable unpacking cannot be used in comprehension
xs = [*x for x in y]
