# hash() of a list: TypeError, uncaught.
xs = [1, 2]
print(hash(tuple(xs)))
print(hash(xs))
