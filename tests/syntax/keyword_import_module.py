# error: 2: invalid syntax
import for
