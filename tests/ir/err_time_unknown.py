# from time import of a function kiln lacks: named where it is imported.
# error: 3: error[K0102]: cannot import name 'strftime' from 'time' (a module kiln provides)
from time import strftime
print(strftime("%Y"))
