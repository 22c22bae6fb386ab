# error: 2: invalid syntax
from os import ()
