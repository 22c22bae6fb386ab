# A function of itertools that kiln does not provide yet is named at compile time.
# error: 4: error[K0103]: kiln does not provide itertools.takewhile() yet (it provides part of the module itertools)
import itertools
print(list(itertools.takewhile(lambda x: x < 3, [1, 2, 5])))
