# error: 2: invalid syntax
import a.b as c.d
