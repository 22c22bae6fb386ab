# A function the module math does not have (sumprod came in 3.12) is named at compile time.
# error: 4: error[K0103]: module 'math' has no attribute 'sumprod' (kiln provides CPython 3.11's math module)
import math
print(math.sumprod([1.0, 2.0], [3.0, 4.0]))
