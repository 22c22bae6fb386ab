# izip left itertools with Python 2: named at compile time.
# error: 4: module 'itertools' has no attribute 'izip' (kiln provides CPython 3.11's itertools module, in part)
import itertools
print(list(itertools.izip([1], [2])))
