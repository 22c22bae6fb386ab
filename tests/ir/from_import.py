# from-imports are refused with their position (resolve once read them as plain
# imports and crashed: found by running `kiln ir` over the standard library).
# error: 5: error[K0101]: kiln cannot find the module 'xml.dom': no such file next to the program, and kiln does not provide it yet
import sys
from xml.dom import join, dirname as dn
print(join("a", "b"))
