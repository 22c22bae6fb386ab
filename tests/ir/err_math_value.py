# A function of math used as a value (not called) is refused.
# error: 4: error[K0103]: module 'math' has no attribute 'sqrt' kiln can use as a value yet (call it)
import math
f = math.sqrt
