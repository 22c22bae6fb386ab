# int and float merged at a phi make a variant (a boxed object), not a float.
# expect: = phi
# expect: : object
# expect: global x : object
import_free = 0
x = 1 if import_free else 2.5
print(x)
