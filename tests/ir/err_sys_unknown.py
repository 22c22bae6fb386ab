# A function of sys that kiln does not provide is named at compile time.
# error: 4: error[K0103]: kiln does not provide sys.getsizeof() yet (it provides part of the module sys)
import sys
print(sys.getsizeof([1, 2]))
