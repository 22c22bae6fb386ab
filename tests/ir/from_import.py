# from-imports are refused with their position (resolve once read them as plain
# imports and crashed: found by running `kiln ir` over the standard library).
# error: 5: kiln does not support from ... import yet
import sys
from os.path import join, dirname as dn
print(join("a", "b"))
