# min() of an empty generator raises ValueError with CPython's message.
xs = [1, 2, 3]
print(min(x for x in xs if x > 1))
print(max(x for x in xs if x > 5))
