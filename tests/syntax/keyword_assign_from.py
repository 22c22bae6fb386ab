# error: 2: invalid syntax
from = 'alice'
