# from sys import ... is refused with the way that works.
# error: 3: kiln does not support from sys import ... (use import sys, then sys.exit()) yet
from sys import exit
exit(1)
