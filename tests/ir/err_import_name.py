# A name the imported module does not define.
# error: 3: error[K0102]: cannot import name 'nothing_here' from 'irmods.helper' (tests/ir/irmods/helper.py)
from irmods.helper import nothing_here
