# error: 2: dict unpacking cannot be used in dict comprehension
d = {**x for x in y}
