# set.remove of a missing item raises KeyError with the item.
s = {1, 2, 3}
s.remove(2)
print(s)
s.discard(5)
print(s)
s.remove(5)
print("unreachable")
