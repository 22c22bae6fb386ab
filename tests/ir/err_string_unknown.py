# An attribute of string that kiln does not provide (a class, here).
# error: 4: error[K0103]: kiln does not provide string.Template yet (it provides part of the module string)
import string
t = string.Template
