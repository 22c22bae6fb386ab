# from math import of a name the module does not have.
# error: 3: error[K0102]: cannot import name 'fma' from 'math' (a module kiln provides)
from math import sqrt, fma
print(sqrt(2.0))
