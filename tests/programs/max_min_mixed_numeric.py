# max/min over a mix of int and float arguments return the winning argument unchanged.
print(max(1.5, 2), min(3, 2.5))
print(min(1, 2.5), max(0.5, 7))
