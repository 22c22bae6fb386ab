# error: 2: invalid syntax
import = 1
