# Starred assignment targets are refused at the star.
# error: 3: kiln does not support starred assignment targets yet
first, *rest = [1, 2, 3]
print(first, rest)
