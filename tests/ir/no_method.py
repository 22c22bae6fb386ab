# A method kiln lacks names the receiver type.
# error: 4: error[K0401]: kiln has no method frobnicate for int
n = 3
print(n.frobnicate())
