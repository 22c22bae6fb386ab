# A module that is neither the program's nor provided by kiln is named.
# error: 3: kiln cannot find the module 'math': no math.py next to the program, and kiln does not provide it yet
import math
print(math.pi)
