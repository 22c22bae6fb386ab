# A negative exponent with a modulus needs an invertible base.
print(pow(3, -1, 7))
print(pow(6, -1, 9))
