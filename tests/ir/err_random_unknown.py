# random.choices is CPython's, but not kiln's yet: named at compile time.
# error: 4: error[K0103]: kiln does not provide random.choices() yet (it provides part of the module random)
import random
print(random.choices([1, 2, 3], k=2))
