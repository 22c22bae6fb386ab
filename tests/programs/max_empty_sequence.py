# max() of an empty list without a default: an uncaught ValueError.
xs: list[float] = []
print(max(xs, default=0.5))
print(max(xs))
